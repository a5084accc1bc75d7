import type { CurrentSubscription } from '@hireloop/contracts';
import { findPlan } from '@hireloop/contracts';
import { CreditCardIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { subscriptionStatusText } from '../lib/pricing';

const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The Current Plan banner (part 2 §2, Pricing): plan name and subscription status. */
export function CurrentPlanBanner({ subscription, usage }: { subscription: CurrentSubscription; usage?: string | null }) {
  const planName = subscription.planDetails?.name ?? (subscription.planId ? findPlan(subscription.planId)?.name : null) ?? 'No plan yet';
  const pendingName = subscription.pendingPlanId ? findPlan(subscription.pendingPlanId)?.name : null;
  // A change chosen in the billing portal (cancelled, or another plan) takes effect when the period (or the trial) ends.
  const scheduledName = subscription.scheduledPlanId ? findPlan(subscription.scheduledPlanId)?.name : null;
  let note: string | null = null;
  if (scheduledName && subscription.currentPeriodEnd) note = `Moves to the ${scheduledName} plan on ${dateText(subscription.currentPeriodEnd)}.`;
  else if (subscription.status === 'trialing' && subscription.trialEnd) note = `Free trial until ${dateText(subscription.trialEnd)}.`;
  else if (pendingName) note = `Checkout for ${pendingName} not completed yet.`;
  return (
    <section aria-label="Current Plan" className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-4">
      <CreditCardIcon className="size-5 text-primary" aria-hidden="true" />
      <p className="font-medium">
        Current Plan: <span className="font-semibold">{planName}</span>
      </p>
      <Badge variant={subscription.status === 'past_due' || subscription.status === 'canceled' ? 'destructive' : 'secondary'}>
        {subscriptionStatusText(subscription.status)}
      </Badge>
      {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      {usage ? <p className="text-sm text-muted-foreground sm:ml-auto">{usage}</p> : null}
    </section>
  );
}
