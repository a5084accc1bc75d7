import { z } from 'zod';
import { BillingPeriod, PlanId, SubscriptionPlan } from './plans';

// Plain values (texts, limits) without schemas, for the client's first pages (ADR 014).
export * from './constants';

/**
 * Where the provider's checkout sends the browser back (part 2 §4 "Checkout return": the page
 * refreshes the subscription on `checkout=success` or `session_id`). The provider fills in the id.
 */
export const CHECKOUT_SUCCESS_PATH = '/pricing?checkout=success&session_id={CHECKOUT_SESSION_ID}';
export const CHECKOUT_CANCEL_PATH = '/pricing?checkout=canceled';
/** Where the billing portal sends the browser back. */
/**
 * Where the billing portal sends the company back: the pricing page, which reads the plan again
 * for a while, as the provider's webhooks may arrive after the browser does (ADR 063).
 */
export const BILLING_PORTAL_RETURN_PATH = '/pricing?billing=portal';

/** `GET /api/subscription/plans`: the list of plans (anyone). */
export const SubscriptionPlansResponse = z.array(SubscriptionPlan);
export type SubscriptionPlansResponse = z.infer<typeof SubscriptionPlansResponse>;

/**
 * A company's subscription status as the pricing page shows it. `none`: never chose a plan (the
 * pricing modal opens); `pending`: a checkout was started and not completed yet.
 */
export const SUBSCRIPTION_STATUSES = ['none', 'pending', 'trialing', 'active', 'past_due', 'canceled'] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** `GET /api/subscription/current` (company users): planId, status, planDetails (part 2 §3, §7). */
export const CurrentSubscription = z.object({
  planId: PlanId.nullable(),
  status: SubscriptionStatus,
  planDetails: SubscriptionPlan.nullable(),
  billingPeriod: BillingPeriod.nullable(),
  /** The paid period (or the trial) runs until then. */
  currentPeriodEnd: z.string().nullable(),
  trialEnd: z.string().nullable(),
  /** The plan the company moves to at `currentPeriodEnd` (a cancellation moves it to free). */
  scheduledPlanId: PlanId.nullable(),
  /** A checkout started and not completed: its plan. */
  pendingPlanId: PlanId.nullable(),
  /** Full candidate profiles the company opened this calendar month (UTC), against `planDetails.maxCandidateViews`. */
  candidateViewsUsed: z.number().int().nonnegative(),
});
export type CurrentSubscription = z.infer<typeof CurrentSubscription>;

export const NO_SUBSCRIPTION: CurrentSubscription = {
  planId: null,
  status: 'none',
  planDetails: null,
  billingPeriod: null,
  currentPeriodEnd: null,
  trialEnd: null,
  scheduledPlanId: null,
  pendingPlanId: null,
  candidateViewsUsed: 0,
};

/** `POST /api/subscription/create`: the plan chosen; the billing period of the page's toggle (default monthly). */
export const CreateSubscriptionBody = z.object({
  planId: PlanId,
  billingPeriod: BillingPeriod.default('monthly'),
});
export type CreateSubscriptionBody = z.input<typeof CreateSubscriptionBody>;

/** The free plan applies at once; a paid plan answers the provider's checkout page to go to. */
export const CreateSubscriptionResponse = z.union([
  z.object({ success: z.literal(true), planId: z.literal('free'), status: z.literal('active') }),
  z.object({ success: z.literal(true), planId: PlanId, checkoutUrl: z.string(), sessionId: z.string() }),
]);
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponse>;

/** `POST /api/subscription/portal`: the provider's billing portal, for card changes and cancelling. */
export const BillingPortalResponse = z.object({ success: z.literal(true), url: z.string() });
export type BillingPortalResponse = z.infer<typeof BillingPortalResponse>;

/** `POST /api/stripe/webhook`: what was done with a verified event. */
export const WebhookResponse = z.object({ received: z.literal(true), applied: z.boolean() });
export type WebhookResponse = z.infer<typeof WebhookResponse>;

/**
 * `POST /api/profiles/{id}/views` (company users): open a candidate's full profile, counting it
 * against the plan's candidate views this month. `counted`: it took one of them now (false when
 * it was already counted this month, or the profile has nothing more to open). `used` and `limit`
 * (0: unlimited) are the month's usage after it.
 */
export const CandidateViewResponse = z.object({
  success: z.literal(true),
  counted: z.boolean(),
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
});
export type CandidateViewResponse = z.infer<typeof CandidateViewResponse>;
