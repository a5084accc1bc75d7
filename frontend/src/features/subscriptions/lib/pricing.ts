import { annualSaving, type BillingPeriod, type CurrentSubscription, type PlanId, type SubscriptionPlan, type SubscriptionStatus } from '@hireloop/contracts';

// The pricing page's and modal's texts. They load lazily: this module may use the contracts'
// schema modules (plan-access.ts holds what the dashboard needs).

/** The price for the period, as the card shows it: `$25` and `/month`, or `$250` and `/year`. */
export function planPrice(plan: Pick<SubscriptionPlan, 'price' | 'annualPrice'>, period: BillingPeriod): { amount: string; per: '/month' | '/year' } {
  return period === 'annual' ? { amount: `$${plan.annualPrice}`, per: '/year' } : { amount: `$${plan.price}`, per: '/month' };
}

/** 'Save $X' in annual mode (part 2 §5: monthly × 12 − annual, rounded); null when nothing is saved. */
export function annualSavingText(plan: Pick<SubscriptionPlan, 'price' | 'annualPrice'>): string | null {
  const saving = annualSaving(plan);
  return saving > 0 ? `Save $${saving}` : null;
}

/** The subscribe button's text (part 2 §2, Pricing). */
export function subscribeButtonText(plan: Pick<SubscriptionPlan, 'planId' | 'price' | 'annualPrice'>, period: BillingPeriod, { isCurrent, isProcessing }: { isCurrent: boolean; isProcessing: boolean }): string {
  if (isProcessing) return 'Processing...';
  if (isCurrent) return 'Current Plan';
  if (plan.planId === 'free') return 'Get Started Free';
  const { amount, per } = planPrice(plan, period);
  return `Subscribe for ${amount}${per}`;
}

const STATUS_TEXT: Record<SubscriptionStatus, string> = {
  none: 'No plan chosen',
  pending: 'Checkout in progress',
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment past due',
  canceled: 'Canceled',
};

export const subscriptionStatusText = (status: SubscriptionStatus): string => STATUS_TEXT[status];

/** Whether `plan` is the one the company is on now (its button reads 'Current Plan', disabled). */
export function isCurrentPlan(subscription: CurrentSubscription | null | undefined, planId: PlanId): boolean {
  if (!subscription || subscription.planId !== planId) return false;
  return subscription.status === 'active' || subscription.status === 'trialing' || subscription.status === 'past_due';
}
