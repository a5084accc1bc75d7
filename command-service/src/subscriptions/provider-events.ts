import { z } from 'zod';
import { BillingPeriod, PaidPlanId, ProviderSubscriptionStatus, type ProviderSubscriptionSnapshot } from '@hireloop/contracts';
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

const seconds = z.number().int().nonnegative();
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
          price: z
            .object({
              recurring: z.object({ interval: z.string() }).nullable().optional(),
              lookup_key: z.string().nullable().optional(),
              metadata: z.record(z.string(), z.string()).nullable().optional(),
            })
            .optional(),
        }),
      ),
    })
    .optional(),
});

export type ProviderEventReading =
  | { kind: 'snapshot'; snapshot: ProviderSubscriptionSnapshot }
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
  if (!SUBSCRIPTION_EVENT_TYPES.has(event.type)) return { kind: 'ignored', reason: `event type ${event.type}` };
  const parsed = StripeSubscription.safeParse(event.data?.object);
  if (!parsed.success) return { kind: 'malformed', reason: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') };
  const subscription = parsed.data;
  const companyId = subscription.metadata.companyId;
  const item = subscription.items?.data[0];
  const lookup = LOOKUP_KEY.exec(item?.price?.lookup_key ?? '');
  const pricePlan = PaidPlanId.safeParse(item?.price?.metadata?.planId ?? lookup?.[1]);
  const planId = pricePlan.success ? pricePlan : PaidPlanId.safeParse(subscription.metadata.planId);
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
    },
  };
}
