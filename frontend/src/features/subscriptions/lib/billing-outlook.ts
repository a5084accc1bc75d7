import { findPlan, isPaidPlan, type CurrentSubscription } from '@hireloop/contracts';

// What the Current Plan banner and the Billing & Plan tab say about the plan's future (ADR 063).

export const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** When the paid period (or the trial) ends: what a change chosen in the billing portal waits for. */
export function periodEnd(subscription: Pick<CurrentSubscription, 'currentPeriodEnd' | 'trialEnd'>): string | null {
  return subscription.currentPeriodEnd ?? subscription.trialEnd;
}

/**
 * The plan's outlook: a cancellation ('Your plan ends on …'), a plan chosen for the next period
 * ('Your plan changes to … on …'), the trial's end, or a checkout not completed. null: nothing to say.
 */
export function planOutlookText(subscription: CurrentSubscription): string | null {
  const end = periodEnd(subscription);
  if (subscription.scheduledPlanId && end && subscription.status !== 'canceled') {
    if (subscription.scheduledPlanId === 'free') return `Your plan ends on ${dateText(end)}. Your company then moves to the Free plan.`;
    return `Your plan changes to ${findPlan(subscription.scheduledPlanId)?.name ?? subscription.scheduledPlanId} on ${dateText(end)}.`;
  }
  if (subscription.status === 'trialing' && subscription.trialEnd) return `Free trial until ${dateText(subscription.trialEnd)}.`;
  if (subscription.pendingPlanId) return `Checkout for ${findPlan(subscription.pendingPlanId)?.name ?? subscription.pendingPlanId} not completed yet.`;
  return null;
}

/** Whether the company has a billing account to manage: it took a paid plan once (even one since canceled). */
export const hasBillingAccount = (subscription: Pick<CurrentSubscription, 'planId'> | null | undefined): boolean => isPaidPlan(subscription?.planId);

/** Whether a paid subscription is live: another plan is chosen in the billing portal, not at checkout (ADR 063). */
export const hasLivePaidSubscription = (subscription: Pick<CurrentSubscription, 'planId' | 'status'> | null | undefined): boolean =>
  isPaidPlan(subscription?.planId) && (subscription?.status === 'trialing' || subscription?.status === 'active' || subscription?.status === 'past_due');

export const MANAGE_BILLING_TEXTS = {
  label: 'Manage billing',
  opening: 'Opening billing portal...',
  failedTitle: 'Billing portal unavailable',
  failedText: 'The billing portal could not be opened. Please try again.',
} as const;
