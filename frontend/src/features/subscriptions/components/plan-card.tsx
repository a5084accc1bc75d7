import type { BillingPeriod, PlanId, SubscriptionPlan } from '@hireloop/contracts';
import { BuildingIcon, CheckIcon, CrownIcon, RocketIcon, SparklesIcon, type LucideIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';
import { limitText } from '../lib/plan-access';
import { annualSavingText, planPrice, subscribeButtonText } from '../lib/pricing';

const PLAN_ICONS: Record<PlanId, LucideIcon> = {
  free: SparklesIcon,
  small_business: BuildingIcon,
  vc_startup: RocketIcon,
  enterprise: CrownIcon,
};

interface PlanCardProps {
  plan: SubscriptionPlan;
  billingPeriod: BillingPeriod;
  isCurrent: boolean;
  isProcessing: boolean;
  /** Another plan is being processed: this one waits. */
  disabled: boolean;
  onChoose: (planId: PlanId) => void;
  /** The modal's smaller cards: the features list is left out. */
  compact?: boolean;
}

/** One plan (part 2 §2, Pricing): icon, name, description, price, Save $X, features, limits, the subscribe button. */
export function PlanCard({ plan, billingPeriod, isCurrent, isProcessing, disabled, onChoose, compact = false }: PlanCardProps) {
  const Icon = PLAN_ICONS[plan.planId];
  const { amount, per } = planPrice(plan, billingPeriod);
  const saving = billingPeriod === 'annual' ? annualSavingText(plan) : null;
  const headingId = `plan-${plan.planId}${compact ? '-compact' : ''}`;
  return (
    <Card aria-labelledby={headingId} role="group" className={cn('relative flex flex-col', plan.mostPopular && 'border-primary shadow-md')}>
      {plan.mostPopular ? <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge> : null}
      <CardHeader className={cn(compact && 'p-4 pb-2')}>
        <div className="flex items-center gap-2">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          <CardTitle id={headingId} className="text-lg">
            {plan.name}
          </CardTitle>
        </div>
        <CardDescription>{plan.description}</CardDescription>
        <p className="flex flex-wrap items-baseline gap-x-1 pt-2">
          <span className="text-3xl font-bold tracking-tight">{amount}</span>
          <span className="text-sm text-muted-foreground">{per}</span>
          {saving ? (
            <Badge variant="success" className="ml-2">
              {saving}
            </Badge>
          ) : null}
        </p>
      </CardHeader>
      <CardContent className={cn('grid flex-1 content-start gap-3', compact && 'p-4 pt-0')}>
        {compact ? null : (
          <ul aria-label={`${plan.name} features`} className="grid gap-1.5 text-sm">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        )}
        <dl className="grid grid-cols-[1fr_auto] gap-x-2 gap-y-1 rounded-md bg-muted/50 p-2 text-sm">
          <dt className="text-muted-foreground">Job Postings</dt>
          <dd className="font-medium">{limitText(plan.maxJobPostings)}</dd>
          <dt className="text-muted-foreground">Candidate Views</dt>
          <dd className="font-medium">{limitText(plan.maxCandidateViews)}</dd>
        </dl>
      </CardContent>
      <CardFooter className={cn(compact && 'p-4 pt-0')}>
        <Button
          className="w-full"
          variant={plan.mostPopular ? 'default' : 'outline'}
          disabled={isCurrent || isProcessing || disabled}
          onClick={() => onChoose(plan.planId)}
        >
          {subscribeButtonText(plan, billingPeriod, { isCurrent, isProcessing })}
        </Button>
      </CardFooter>
    </Card>
  );
}
