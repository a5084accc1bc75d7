/**
 * Subscription values without schemas (ADR 014: a contract module that builds schemas is kept
 * whole once any of its exports is used, so the client's first pages import these from here).
 */

/** Paid plans start with a free trial of this many days (no card needed, §9 and the FAQ). */
export const TRIAL_DAYS = 14;
/** A limit of 0 means unlimited (the cards show 'Unlimited'). */
export const UNLIMITED = 0;

export const SUBSCRIPTION_MESSAGES = {
  companiesOnly: 'Only company accounts have a subscription.',
  noCompany: 'Your account belongs to no company.',
  alreadyOnPlan: 'Your company is already on this plan.',
  changePaidPlanInPortal: 'Your company has a paid plan: change or cancel it from the billing portal (changes take effect at the next billing cycle).',
  noBillingAccount: 'Your company has no billing account yet: choose a paid plan first.',
  checkoutUnavailable: 'Unable to create checkout session. Please try again.',
  missingSignature: 'Missing Stripe-Signature header.',
  badSignature: 'Invalid Stripe signature: the payload was changed or not signed with this endpoint’s secret.',
  staleSignature: 'Stale Stripe signature: the event was signed more than 300 seconds ago.',
  badEvent: 'The webhook body is not a Stripe event.',
  checkoutNotFound: 'This test checkout does not exist or has expired. Start again from the pricing page.',
  // Toasts of the spec (part 2 §8), for the pricing page ("the product" is Hireloop).
  freePlanTitle: 'Welcome to Hireloop!',
  freePlanText: 'Free plan activated. You can now browse candidates but need to upgrade to contact them.',
  redirecting: 'Redirecting to payment...',
  activatedTitle: 'Subscription Activated!',
  failedTitle: 'Subscription failed',
  failedText: 'Failed to create subscription. Please try again.',
  noCheckoutUrl: 'Error: Unable to create checkout session. Please try again.',
} as const;

/**
 * A job post over the plan's limit (plan limits, ADR 030). The spec's error catalogue has no text
 * for it; this one says what the limit is and the two ways on.
 */
export const jobPostLimitReached = (planName: string, limit: number): string =>
  `Your ${planName} plan allows ${limit} open job ${limit === 1 ? 'posting' : 'postings'}. Upgrade your plan or close a job to post another.`;

/** The calendar month (UTC, `YYYY-MM`) a moment counts in: candidate views are counted per month. */
export const usageMonth = (at: string | Date): string => (typeof at === 'string' ? new Date(at) : at).toISOString().slice(0, 7);

export const CANDIDATE_VIEW_MESSAGES = {
  limitTitle: 'Candidate View Limit Reached',
  companiesOnly: 'Only company accounts count candidate profile views.',
} as const;

/**
 * Opening one more full profile than the plan's candidate views this month (plan limits, ADR 030).
 * The spec has no text for it; this one says what the limit is, what still works, and the way on.
 */
export const candidateViewLimitReached = (planName: string, limit: number): string =>
  `Your ${planName} plan includes ${limit} candidate profile ${limit === 1 ? 'view' : 'views'} a month, and your company has used them all this month. Profiles you already opened this month stay open. Upgrade your plan to view more.`;

/**
 * Job invite requests (Request to Apply, bulk invitations) a company on the free plan may send a
 * month (the companies page: "5 job invite requests"). Paid plans have no such limit. ADR 031.
 */
export const FREE_PLAN_INVITE_REQUESTS = 5;

/** Sending more job invite requests than the free plan's month allows. */
export const inviteRequestLimitReached = (limit: number): string =>
  `Your Free plan includes ${limit} job invite requests a month, and your company has used them all this month. Upgrade your plan to invite more candidates.`;
