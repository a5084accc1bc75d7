import { z } from 'zod';
import type { EventSchemas } from '../common/events';
import { BillingPeriod, PaidPlanId, PlanId } from './plans';

/**
 * Stream `subscription-<companyId>`: a company's plan (ADR 030). Nothing here is a person's data
 * (ADR 019): ids of the company, of the user who acted, and the payment provider's own ids
 * (customer, subscription, checkout session, event), which name no person.
 */
export const subscriptionStreamId = (companyId: string) => `subscription-${companyId}`;

/** A company user chose a paid plan; the provider's checkout was opened for it. */
export const SubscriptionCheckoutStarted = z.object({
  companyId: z.string(),
  planId: PaidPlanId,
  billingPeriod: BillingPeriod,
  checkoutSessionId: z.string(),
  customerId: z.string(),
  startedBy: z.string(),
  startedAt: z.string(),
});
export type SubscriptionCheckoutStarted = z.infer<typeof SubscriptionCheckoutStarted>;

/** A company user chose the free plan: it applies at once. */
export const FreePlanActivated = z.object({
  companyId: z.string(),
  activatedBy: z.string(),
  activatedAt: z.string(),
});
export type FreePlanActivated = z.infer<typeof FreePlanActivated>;

/** The provider's subscription statuses (Stripe's list). */
export const PROVIDER_SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
export const ProviderSubscriptionStatus = z.enum(PROVIDER_SUBSCRIPTION_STATUSES);
export type ProviderSubscriptionStatus = z.infer<typeof ProviderSubscriptionStatus>;

/** A paid plan that takes over at `effectiveAt` (ISO 8601), as the provider scheduled it. */
export const ScheduledPlanChange = z.object({
  planId: PaidPlanId,
  billingPeriod: BillingPeriod,
  effectiveAt: z.string(),
});
export type ScheduledPlanChange = z.infer<typeof ScheduledPlanChange>;

/**
 * The provider's subscription as one webhook event showed it: every event below carries the whole
 * of it, so the read model and the decider take the last event as it is. `eventCreatedAt` and the
 * period start are what orders two snapshots of one subscription (ADR 030), never arrival order.
 */
export const ProviderSubscriptionSnapshot = z.object({
  companyId: z.string(),
  /** The provider's event this was learnt from (`evt_…`): deliveries of it are applied once. */
  providerEventId: z.string(),
  eventCreatedAt: z.string(),
  subscriptionId: z.string(),
  customerId: z.string(),
  planId: PaidPlanId,
  billingPeriod: BillingPeriod,
  providerStatus: ProviderSubscriptionStatus,
  /** When the provider created the subscription: a newer subscription of a company replaces an older one. */
  subscriptionCreatedAt: z.string(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  trialEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /**
   * Another paid plan the subscription moves to later (a downgrade or upgrade chosen in the billing
   * portal for the period's end: a Stripe subscription schedule's next phase). Absent in events
   * recorded before it was read.
   */
  scheduledChange: ScheduledPlanChange.nullable().optional(),
});
export type ProviderSubscriptionSnapshot = z.infer<typeof ProviderSubscriptionSnapshot>;

/** The plan a snapshot says the company moves to later: free when cancelled at the period's end, else a scheduled paid plan; null once ended. */
export const scheduledPlanOf = (snapshot: ProviderSubscriptionSnapshot, ended: boolean): PlanId | null =>
  ended ? null : snapshot.cancelAtPeriodEnd ? 'free' : (snapshot.scheduledChange?.planId ?? null);


export const SubscriptionTrialing = ProviderSubscriptionSnapshot;
export const SubscriptionActivated = ProviderSubscriptionSnapshot;
/** Payment failed (`past_due`, `unpaid`) or collection paused: the plan is kept, not paid for. */
export const SubscriptionPastDue = ProviderSubscriptionSnapshot;
export const SubscriptionCanceled = ProviderSubscriptionSnapshot;
/**
 * The plan changes at a later date, chosen in the billing portal: cancelled at the period's end
 * (`toPlanId` free) or switched to another paid plan from the next period (a subscription
 * schedule). The current plan is kept until `effectiveAt`, then the company is on `toPlanId`.
 */
export const SubscriptionPlanChangeScheduled = ProviderSubscriptionSnapshot.extend({
  toPlanId: PlanId,
  effectiveAt: z.string().nullable(),
});
export type SubscriptionPlanChangeScheduled = z.infer<typeof SubscriptionPlanChangeScheduled>;

/**
 * A company user posted (or reopened) a job: it takes one of the plan's job postings (plan limits,
 * ADR 030). Recorded on the company's subscription stream, in the same append as the job's own
 * event, so two posts at once cannot both take the last posting.
 */
export const JobPostingCounted = z.object({
  companyId: z.string(),
  jobId: z.string(),
  /** The plan in force when it was counted. */
  planId: PlanId,
  countedAt: z.string(),
});
export type JobPostingCounted = z.infer<typeof JobPostingCounted>;

/**
 * Stream `candidate-views-<companyId>-<YYYY-MM>`: the full candidate profiles a company opened in
 * one calendar month (UTC), counted against its plan's candidate views (ADR 030). A stream per
 * month keeps each one as short as the plan's limit, and the subscription stream free of them.
 */
export const candidateViewsStreamId = (companyId: string, month: string) => `candidate-views-${companyId}-${month}`;

/**
 * A company user opened the full profile of a candidate: counted once per company, candidate and
 * month; the candidate's ledger lists it (ADR 037). Ids only: a user id names nobody (ADR 019).
 */
export const CandidateViewCounted = z.object({
  companyId: z.string(),
  profileId: z.string(),
  candidateUserId: z.string(),
  /** The calendar month (UTC) it counts in, `YYYY-MM`. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  planId: PlanId,
  viewedBy: z.string(),
  countedAt: z.string(),
});
export type CandidateViewCounted = z.infer<typeof CandidateViewCounted>;

export type CandidateViewEvent = { type: 'CandidateViewCounted'; data: CandidateViewCounted };
export const CandidateViewEventSchemas = { CandidateViewCounted } satisfies EventSchemas<CandidateViewEvent>;

export type SubscriptionEvent =
  | { type: 'SubscriptionCheckoutStarted'; data: SubscriptionCheckoutStarted }
  | { type: 'FreePlanActivated'; data: FreePlanActivated }
  | { type: 'SubscriptionTrialing'; data: ProviderSubscriptionSnapshot }
  | { type: 'SubscriptionActivated'; data: ProviderSubscriptionSnapshot }
  | { type: 'SubscriptionPastDue'; data: ProviderSubscriptionSnapshot }
  | { type: 'SubscriptionCanceled'; data: ProviderSubscriptionSnapshot }
  | { type: 'SubscriptionPlanChangeScheduled'; data: SubscriptionPlanChangeScheduled }
  | { type: 'JobPostingCounted'; data: JobPostingCounted };

export const SubscriptionEventSchemas = {
  SubscriptionCheckoutStarted,
  FreePlanActivated,
  SubscriptionTrialing,
  SubscriptionActivated,
  SubscriptionPastDue,
  SubscriptionCanceled,
  SubscriptionPlanChangeScheduled,
  JobPostingCounted,
} satisfies EventSchemas<SubscriptionEvent>;

/** The event types that carry a provider snapshot. */
export const PROVIDER_SNAPSHOT_EVENT_TYPES = ['SubscriptionTrialing', 'SubscriptionActivated', 'SubscriptionPastDue', 'SubscriptionCanceled', 'SubscriptionPlanChangeScheduled'] as const;

/**
 * Stream `invite-requests-<companyId>-<YYYY-MM>`: the job invite requests a company on the free
 * plan sent in one calendar month (UTC), counted against `FREE_PLAN_INVITE_REQUESTS` (ADR 031).
 * Appended with the invitations themselves, so two sends at once cannot both take the last one.
 */
export const inviteRequestsStreamId = (companyId: string, month: string) => `invite-requests-${companyId}-${month}`;

export const InviteRequestCounted = z.object({
  companyId: z.string(),
  invitationId: z.string(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  countedAt: z.string(),
});
export type InviteRequestCounted = z.infer<typeof InviteRequestCounted>;

export type InviteRequestEvent = { type: 'InviteRequestCounted'; data: InviteRequestCounted };
export const InviteRequestEventSchemas = { InviteRequestCounted } satisfies EventSchemas<InviteRequestEvent>;
