import type { CurrentSubscription } from '@hireloop/contracts';
import { findPlan } from '@hireloop/contracts';
import { CreditCardIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { hasBillingAccount, planOutlookText } from '../lib/billing-outlook';
import { subscriptionStatusText } from '../lib/pricing';
import { ManageBillingButton } from './manage-billing-button';

/**
 * The Current Plan banner (part 2 §2, Pricing): plan name and subscription status, the change
 * chosen in the billing portal for the period's end (ADR 063), and Manage billing for a company
 * that has a billing account.
 */
export function CurrentPlanBanner({ subscription, usage, redirect }: { subscription: CurrentSubscription; usage?: string | null; redirect?: (url: string) => void }) {
  const planName = subscription.planDetails?.name ?? (subscription.planId ? findPlan(subscription.planId)?.name : null) ?? 'No plan yet';
  const note = planOutlookText(subscription);
  const cancelling = subscription.scheduledPlanId === 'free' && subscription.status !== 'canceled';
  return (
    <section aria-label="Current Plan" className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-4">
      <CreditCardIcon className="size-5 text-primary" aria-hidden="true" />
      <p className="font-medium">
        Current Plan: <span className="font-semibold">{planName}</span>
      </p>
      <Badge variant={subscription.status === 'past_due' || subscription.status === 'canceled' ? 'destructive' : 'secondary'}>
        {cancelling ? 'Cancelling' : subscriptionStatusText(subscription.status)}
      </Badge>
      {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      {usage ? <p className="text-sm text-muted-foreground sm:ml-auto">{usage}</p> : null}
      {hasBillingAccount(subscription) ? <ManageBillingButton redirect={redirect} /> : null}
    </section>
  );
}
