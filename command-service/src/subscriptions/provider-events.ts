import { z } from 'zod';
import { BillingPeriod, PaidPlanId, ProviderSubscriptionStatus, type ProviderSubscriptionSnapshot, type ScheduledPlanChange } from '@hireloop/contracts';
import type { WebhookEvent } from '@hireloop/platform/payments';

/** Stripe's event types whose object is the subscription itself, whole: the only ones a plan is decided from. */
export const SUBSCRIPTION_EVENT_TYPES: ReadonlySet<string> = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
]);

/** Stripe's event types about a subscription schedule: the subscription they belong to is read again. */
export const SCHEDULE_EVENT_TYPES: ReadonlySet<string> = new Set([
  'subscription_schedule.created',
  'subscription_schedule.updated',
  'subscription_schedule.released',
  'subscription_schedule.canceled',
  'subscription_schedule.completed',
  'subscription_schedule.aborted',
]);

const seconds = z.number().int().nonnegative();
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);
const Reference = z.union([z.string().min(1), z.object({ id: z.string().min(1) }).loose()]);

/** A catalogue price as the subscription's items and a schedule's phases carry it (expanded). */
const StripePrice = z.object({
  recurring: z.object({ interval: z.string() }).nullable().optional(),
  lookup_key: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});
type StripePrice = z.infer<typeof StripePrice>;
const iso = (value: number) => new Date(value * 1000).toISOString();

/** The parts of a Stripe subscription object the plan depends on (API version 2025+: periods on the items). */
const StripeSubscription = z.object({
  id: z.string().min(1),
  object: z.literal('subscription'),
  customer: z.union([z.string(), z.object({ id: z.string() })]),
  status: ProviderSubscriptionStatus,
  created: seconds,
  cancel_at_period_end: z.boolean().default(false),
  trial_end: seconds.nullable().optional(),
  metadata: z.record(z.string(), z.string()).default({}),
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_start: seconds.optional(),
          current_period_end: seconds.optional(),
          price: StripePrice.optional(),
        }),
      ),
    })
    .optional(),
  /** The schedule of plan changes attached to it (its id in webhook events). */
  schedule: Reference.nullable().optional(),
});

/** The parts of a Stripe subscription schedule a later plan depends on (prices expanded). */
const StripeSchedule = z.object({
  id: z.string().min(1),
  object: z.literal('subscription_schedule'),
  status: z.string(),
  current_phase: z.object({ start_date: seconds, end_date: seconds }).nullable().optional(),
  phases: z.array(
    z.object({
      start_date: seconds,
      end_date: seconds.nullable().optional(),
      items: z.array(z.object({ price: z.union([z.string(), StripePrice]) })),
    }),
  ),
});

export type ProviderEventReading =
  /** `scheduleId`: a schedule is attached, whose next phase is read with {@link readScheduledChange}. */
  | { kind: 'snapshot'; snapshot: ProviderSubscriptionSnapshot; scheduleId: string | null }
  /** An event about the subscription's schedule: the subscription is read again from the provider. */
  | { kind: 'subscription-changed'; subscriptionId: string }
  /** Verified, but nothing a plan depends on (another event type, or a subscription that is not Hireloop's). */
  | { kind: 'ignored'; reason: string }
  | { kind: 'malformed'; reason: string };

/** A catalogue price's lookup key names its plan and period: `hireloop_<planId>_<monthly|annual>` (ADR 030). */
const LOOKUP_KEY = /^hireloop_([a-z_]+)_(monthly|annual)$/;

/**
 * A verified Stripe event as the subscription decider reads it. The company comes from the
 * metadata the checkout put on the subscription. The plan comes from the subscription's price when
 * the price names one — a catalogue price switched to in the billing portal, by its lookup key
 * `hireloop_<planId>_<period>` or its metadata `planId` — else from the checkout's metadata; the
 * billing period from the price's interval, else the metadata.
 */
export function readProviderEvent(event: WebhookEvent): ProviderEventReading {
  if (SCHEDULE_EVENT_TYPES.has(event.type)) {
    const schedule = z.object({ object: z.literal('subscription_schedule'), subscription: Reference.nullable().optional() }).safeParse(event.data?.object);
    if (!schedule.success) return { kind: 'malformed', reason: schedule.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') };
    const subscription = schedule.data.subscription;
    return subscription ? { kind: 'subscription-changed', subscriptionId: idOf(subscription) } : { kind: 'ignored', reason: 'a schedule without a subscription' };
  }
  if (!SUBSCRIPTION_EVENT_TYPES.has(event.type)) return { kind: 'ignored', reason: `event type ${event.type}` };
  return readSubscriptionObject(event, event.data?.object);
}

/** The plan a price names (ADR 030): its metadata `planId`, else its lookup key `hireloop_<planId>_<period>`. */
function planOfPrice(price: StripePrice | undefined) {
  const lookup = LOOKUP_KEY.exec(price?.lookup_key ?? '');
  const plan = PaidPlanId.safeParse(price?.metadata?.planId ?? lookup?.[1]);
  return plan.success ? plan.data : null;
}

/** A subscription object (an event's, or one read again from the provider) as of `event`. */
export function readSubscriptionObject(event: Pick<WebhookEvent, 'id' | 'created'>, object: unknown): ProviderEventReading {
  const parsed = StripeSubscription.safeParse(object);
  if (!parsed.success) return { kind: 'malformed', reason: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') };
  const subscription = parsed.data;
  const companyId = subscription.metadata.companyId;
  const item = subscription.items?.data[0];
  const pricePlan = planOfPrice(item?.price);
  const planId = pricePlan ? { success: true as const, data: pricePlan } : PaidPlanId.safeParse(subscription.metadata.planId);
  if (!companyId || !planId.success) return { kind: 'ignored', reason: 'a subscription without Hireloop’s company and plan' };
  const interval = item?.price?.recurring?.interval;
  const period = BillingPeriod.safeParse(interval === 'year' ? 'annual' : interval === 'month' ? 'monthly' : subscription.metadata.billingPeriod);
  return {
    kind: 'snapshot',
    snapshot: {
      companyId,
      providerEventId: event.id,
      eventCreatedAt: iso(event.created),
      subscriptionId: subscription.id,
      customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      planId: planId.data,
      billingPeriod: period.success ? period.data : 'monthly',
      providerStatus: subscription.status,
      subscriptionCreatedAt: iso(subscription.created),
      currentPeriodStart: item?.current_period_start !== undefined ? iso(item.current_period_start) : null,
      currentPeriodEnd: item?.current_period_end !== undefined ? iso(item.current_period_end) : null,
      trialEnd: subscription.trial_end ? iso(subscription.trial_end) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      scheduledChange: null,
    },
    scheduleId: subscription.schedule ? idOf(subscription.schedule) : null,
  };
}

/** Schedules whose phases are still to come (Stripe's other statuses: released, canceled, completed). */
const LIVE_SCHEDULE = new Set(['not_started', 'active']);

/**
 * The plan a subscription moves to, from its schedule (as `retrieveSubscriptionSchedule` answers
 * it): the first phase after the current one, if its price names another Hireloop plan or period.
 * null: no schedule, a schedule that is over, or one that keeps the plan.
 */
export function readScheduledChange(schedule: unknown, snapshot: ProviderSubscriptionSnapshot): ScheduledPlanChange | null {
  const parsed = StripeSchedule.safeParse(schedule);
  if (!parsed.success || !LIVE_SCHEDULE.has(parsed.data.status)) return null;
  const { current_phase: current, phases } = parsed.data;
  const from = current?.end_date ?? Math.floor(Date.parse(snapshot.currentPeriodEnd ?? snapshot.eventCreatedAt) / 1000);
  const next = phases.filter((phase) => phase.start_date >= from).sort((a, b) => a.start_date - b.start_date)[0];
  const price = next?.items[0]?.price;
  if (!next || !price || typeof price === 'string') return null;
  const planId = planOfPrice(price);
  const interval = price.recurring?.interval;
  const billingPeriod = interval === 'year' ? 'annual' : interval === 'month' ? 'monthly' : snapshot.billingPeriod;
  if (!planId || (planId === snapshot.planId && billingPeriod === snapshot.billingPeriod)) return null;
  return { planId, billingPeriod, effectiveAt: iso(next.start_date) };
}
