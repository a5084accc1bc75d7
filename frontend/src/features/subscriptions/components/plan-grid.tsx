import type { BillingPeriod, CurrentSubscription, SubscriptionPlan } from '@hireloop/contracts';
import { cn } from '../../../lib/utils';
import type { ChoosePlan } from '../hooks/use-choose-plan';
import { isCurrentPlan } from '../lib/pricing';
import { PlanCard } from './plan-card';

/** The four plan cards, shared by the pricing page and the pricing modal. */
export function PlanGrid({
  plans,
  billingPeriod,
  subscription,
  choosePlan,
  compact = false,
}: {
  plans: readonly SubscriptionPlan[];
  billingPeriod: BillingPeriod;
  subscription: CurrentSubscription | null | undefined;
  choosePlan: ChoosePlan;
  compact?: boolean;
}) {
  return (
    <div className={cn('grid gap-6 pt-3 sm:grid-cols-2', compact ? 'gap-4' : 'xl:grid-cols-4')}>
      {plans.map((plan) => (
        <PlanCard
          key={plan.planId}
          plan={plan}
          billingPeriod={billingPeriod}
          isCurrent={isCurrentPlan(subscription, plan.planId)}
          isProcessing={choosePlan.processingPlanId === plan.planId}
          disabled={choosePlan.processingPlanId !== null}
          onChoose={(planId) => choosePlan.choose(planId, billingPeriod)}
          compact={compact}
        />
      ))}
    </div>
  );
}
