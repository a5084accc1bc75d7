import { UNLIMITED, type CurrentSubscription, type PlanId, type SubscriptionPlan } from '@hireloop/contracts';

// What the dashboard and the candidate pages need to know about a plan. Only plain values of the
// contracts here (ADR 014): these pages are first pages.

/** The plan a company is on for its limits: no choice yet, or a canceled paid plan, is the free plan. */
export function effectivePlanId(subscription: Pick<CurrentSubscription, 'planId' | 'status'> | null | undefined): PlanId {
  if (!subscription || subscription.planId === null || subscription.status === 'canceled') return 'free';
  return subscription.planId;
}

/** Whether the company holds a paid plan in use (contacting candidates, no upgrade prompts). */
export function hasPaidPlan(subscription: Pick<CurrentSubscription, 'planId' | 'status'> | null | undefined): boolean {
  return effectivePlanId(subscription) !== 'free';
}

/** A limit as the cards show it: 0 is 'Unlimited'. */
export const limitText = (limit: number): string => (limit === UNLIMITED ? 'Unlimited' : String(limit));

/** The usage line of job posts: 'Job Posts N of M' ('… of Unlimited' on an unlimited plan). */
export function jobPostsUsageText(used: number, plan: Pick<SubscriptionPlan, 'maxJobPostings' | 'planId'>): string {
  const limit = limitText(plan.maxJobPostings);
  return `Job Posts ${used} of ${limit}${plan.planId === 'free' ? ' free' : ''}`;
}

/** The usage line of candidate views: 'Candidate Views N of M this month' (full profiles opened, ADR 030). */
export function candidateViewsUsageText(used: number, plan: Pick<SubscriptionPlan, 'maxCandidateViews'>): string {
  return `Candidate Views ${used} of ${limitText(plan.maxCandidateViews)} this month`;
}

// ---------------------------------------------------------------------------------------------
// Checkout return (part 2 §4): the provider sends the browser back with `checkout=success` and
// `session_id`; either marks a return.

export const CHECKOUT_RETURN_PARAMS = ['checkout', 'session_id'] as const;

export function isCheckoutReturn(searchStr: string): boolean {
  const params = new URLSearchParams(searchStr);
  return params.get('checkout') === 'success' || params.has('session_id');
}

/** The billing portal's return (`BILLING_PORTAL_RETURN_PATH`). */
export function isBillingPortalReturn(searchStr: string): boolean {
  return new URLSearchParams(searchStr).get('billing') === 'portal';
}

/** The provider's return after the company left its checkout without paying (`CHECKOUT_CANCEL_PATH`). */
export function isCheckoutCanceled(searchStr: string): boolean {
  return new URLSearchParams(searchStr).get('checkout') === 'canceled';
}

/** The search without the checkout return's parameters (the URL is cleaned). */
export function withoutCheckoutParams<Search extends Record<string, unknown>>(search: Search): Search {
  const rest: Record<string, unknown> = { ...search };
  for (const name of CHECKOUT_RETURN_PARAMS) delete rest[name];
  return rest as Search;
}

/** Delays of part 2 §9. */
export const CHECKOUT_REDIRECT_DELAY_MS = 1000;
export const CHECKOUT_SUCCESS_TOAST_DELAY_MS = 1500;

// ---------------------------------------------------------------------------------------------
// The pricing modal opens once per company user (part 2 §2, §9: "the pricing-modal-seen flag is
// stored per user id").

export const pricingModalSeenKey = (userId: string) => `pricing-modal-seen-${userId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function hasSeenPricingModal(userId: string): boolean {
  return storage()?.getItem(pricingModalSeenKey(userId)) === 'true';
}

export function markPricingModalSeen(userId: string): void {
  try {
    storage()?.setItem(pricingModalSeenKey(userId), 'true');
  } catch {
    // Storage full or refused: the modal may show again next time, nothing worse.
  }
}
