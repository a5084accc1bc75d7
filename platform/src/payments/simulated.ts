import { randomBytes } from 'node:crypto';
import { planById, priceInCents } from '@hireloop/contracts';
import type { Clock } from '../runtime';
import type { BillingPeriod, PaidPlanId } from '@hireloop/contracts';
import type { PaymentsPort, RecordedSubscription, SimulatedPortalAction, SimulatedPortalView, SimulatedSession } from './types';
import { signWebhook, verifyWebhook } from './webhooks';

export interface SimulatedPaymentsOptions {
  /** Where people reach the app: the test checkout page is served there. */
  publicUrl: string;
  /** Signs the events it produces; unset: a new secret per process (nobody else needs it). */
  webhookSecret?: string;
  clock: Clock;
}

/** The test checkout page of the simulated adapter (served by the command service). */
export const SIMULATED_CHECKOUT_PATH = '/api/payments/simulated/checkout';
/** The billing portal page of the simulated adapter (served by the command service; ADR 063). */
export const SIMULATED_PORTAL_PATH = '/api/payments/simulated/portal';
/** How long a portal link works (Stripe's portal sessions are short-lived too). */
const PORTAL_SESSION_MS = 60 * 60 * 1000;

const randomId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const DAY = 24 * 3600;
const periodDays = (period: BillingPeriod) => (period === 'annual' ? 365 : 30);
const toSeconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);

/** A catalogue price as Stripe's portal switches to: its lookup key names plan and period (ADR 030). */
const cataloguePrice = (planId: PaidPlanId, period: BillingPeriod) => ({
  id: `price_sim_${planId}_${period}`,
  object: 'price',
  currency: 'usd',
  unit_amount: priceInCents(planById(planId), period),
  lookup_key: `hireloop_${planId}_${period}`,
  metadata: { planId },
  recurring: { interval: period === 'annual' ? 'year' : 'month' },
});

/** A subscription the simulated provider holds: Stripe's object, and the plan change scheduled for the next period. */
interface HeldSubscription {
  object: {
    id: string;
    customer: string;
    status: string;
    created: number;
    trial_end: number | null;
    cancel_at_period_end: boolean;
    canceled_at: number | null;
    ended_at: number | null;
    metadata: { companyId: string; planId: PaidPlanId; billingPeriod: BillingPeriod };
    schedule: string | null;
    items: { object: 'list'; data: Array<{ id: string; object: 'subscription_item'; current_period_start: number; current_period_end: number; price: object; quantity: 1 }> };
    [key: string]: unknown;
  };
  planId: PaidPlanId;
  billingPeriod: BillingPeriod;
  next: { planId: PaidPlanId; billingPeriod: BillingPeriod } | null;
}

/**
 * The `simulated` adapter (ADR 030), for the embedded profile without Stripe keys. Customers,
 * sessions and subscriptions live in this process's memory. Its checkout page completes a
 * session as paying would, and the events Stripe would send then (`checkout.session.completed`,
 * `customer.subscription.created` in its trial) are built in Stripe's shape, signed with the
 * SDK, and posted by the command service to `POST /api/stripe/webhook` — the same route, checks
 * and deciders as real Stripe events.
 */
export function createSimulatedPayments(options: SimulatedPaymentsOptions): PaymentsPort {
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const base = options.publicUrl.replace(/\/$/, '');
  const customers = new Map<string, string>(); // idempotency key → customer id
  const sessions = new Map<string, SimulatedSession & { payloads: string[] | null }>();
  const sessionsByKey = new Map<string, string>();
  const subscriptions = new Map<string, HeldSubscription>(); // customer id → its subscription
  const portalSessions = new Map<string, { customerId: string; returnUrl: string; expiresAt: number }>();
  // Each event is created at least a second after the one before, as the snapshots are ordered by it (ADR 030).
  let lastCreated = 0;
  const created = () => (lastCreated = Math.max(seconds(options.clock.now()), lastCreated + 1));
  /** Where the browser reaches this app: the origin of the URL it is sent back to (ADR 063). */
  const originOf = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      return base;
    }
  };
  const subscriptionObject = (input: { id: string; customerId: string; companyId: string; planId: PaidPlanId; billingPeriod: BillingPeriod; status: string; created: number; periodStart: number; periodEnd: number; trialEnd: number | null; cancelAtPeriodEnd: boolean }): HeldSubscription => ({
    planId: input.planId,
    billingPeriod: input.billingPeriod,
    next: null,
    object: {
      id: input.id,
      object: 'subscription',
      customer: input.customerId,
      status: input.status,
      created: input.created,
      start_date: input.created,
      trial_start: input.trialEnd ? input.periodStart : null,
      trial_end: input.trialEnd,
      cancel_at_period_end: input.cancelAtPeriodEnd,
      canceled_at: null,
      ended_at: null,
      livemode: false,
      metadata: { companyId: input.companyId, planId: input.planId, billingPeriod: input.billingPeriod },
      schedule: null,
      items: {
        object: 'list',
        data: [{ id: randomId('si'), object: 'subscription_item', current_period_start: input.periodStart, current_period_end: input.periodEnd, price: cataloguePrice(input.planId, input.billingPeriod), quantity: 1 }],
      },
    },
  });
  /** The recorded subscription, held again after a restart (this adapter keeps nothing on disk). */
  const fromRecord = (customerId: string, recorded: RecordedSubscription): HeldSubscription => {
    const start = toSeconds(recorded.currentPeriodStart) ?? toSeconds(recorded.createdAt) ?? seconds(options.clock.now());
    const held = subscriptionObject({
      id: recorded.subscriptionId,
      customerId,
      companyId: recorded.companyId,
      planId: recorded.planId,
      billingPeriod: recorded.billingPeriod,
      status: recorded.status,
      created: toSeconds(recorded.createdAt) ?? start,
      periodStart: start,
      periodEnd: toSeconds(recorded.currentPeriodEnd) ?? toSeconds(recorded.trialEnd) ?? start + periodDays(recorded.billingPeriod) * DAY,
      trialEnd: toSeconds(recorded.trialEnd),
      cancelAtPeriodEnd: recorded.cancelAtPeriodEnd,
    });
    if (recorded.scheduledChange && !recorded.cancelAtPeriodEnd) {
      held.next = recorded.scheduledChange;
      held.object.schedule = randomId('sub_sched');
    }
    return held;
  };
  const itemOf = (held: HeldSubscription) => held.object.items.data[0]!;
  const viewOf = (held: HeldSubscription): NonNullable<SimulatedPortalView['subscription']> => ({
    planId: held.planId,
    billingPeriod: held.billingPeriod,
    status: held.object.status,
    currentPeriodEnd: new Date(itemOf(held).current_period_end * 1000).toISOString(),
    cancelAtPeriodEnd: held.object.cancel_at_period_end,
    scheduledChange: held.next,
  });
  /** Stripe's subscription schedule for a held subscription's next plan (what `retrieveSubscriptionSchedule` answers). */
  const scheduleOf = (held: HeldSubscription) => {
    const item = itemOf(held);
    return {
      id: held.object.schedule,
      object: 'subscription_schedule',
      status: 'active',
      subscription: held.object.id,
      current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
      phases: [
        { start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price }] },
        { start_date: item.current_period_end, end_date: null, items: [{ price: cataloguePrice(held.next!.planId, held.next!.billingPeriod) }] },
      ],
    };
  };
  /** The portal's actions on a held subscription, as Stripe's portal does them; false: nothing changed. */
  const apply = (held: HeldSubscription, action: SimulatedPortalAction): 'updated' | 'deleted' | false => {
    const subscription = held.object;
    if (subscription.status === 'canceled') return false;
    switch (action.kind) {
      case 'change': {
        const keep = action.planId === held.planId && action.billingPeriod === held.billingPeriod;
        if (keep ? !held.next && !subscription.cancel_at_period_end : held.next?.planId === action.planId && held.next.billingPeriod === action.billingPeriod && !subscription.cancel_at_period_end) return false;
        // Plan changes take effect at the next billing cycle (the FAQ): a schedule's next phase.
        held.next = keep ? null : { planId: action.planId, billingPeriod: action.billingPeriod };
        subscription.schedule = held.next ? (subscription.schedule ?? randomId('sub_sched')) : null;
        subscription.cancel_at_period_end = false;
        return 'updated';
      }
      case 'cancel':
        if (subscription.cancel_at_period_end) return false;
        // Access until the period ends; a plan chosen for later is dropped with the renewal.
        subscription.cancel_at_period_end = true;
        subscription.canceled_at = seconds(options.clock.now());
        held.next = null;
        subscription.schedule = null;
        return 'updated';
      case 'renew':
        if (!subscription.cancel_at_period_end) return false;
        subscription.cancel_at_period_end = false;
        subscription.canceled_at = null;
        return 'updated';
      case 'end-period': {
        const item = itemOf(held);
        if (subscription.cancel_at_period_end) {
          subscription.status = 'canceled';
          subscription.ended_at = item.current_period_end;
          return 'deleted';
        }
        if (held.next) {
          held.planId = held.next.planId;
          held.billingPeriod = held.next.billingPeriod;
          subscription.metadata = { ...subscription.metadata, planId: held.planId, billingPeriod: held.billingPeriod };
          held.next = null;
          subscription.schedule = null;
        }
        item.price = cataloguePrice(held.planId, held.billingPeriod);
        item.current_period_start = item.current_period_end;
        item.current_period_end = item.current_period_start + periodDays(held.billingPeriod) * DAY;
        subscription.status = 'active';
        return 'updated';
      }
      default:
        return action satisfies never;
    }
  };

  const eventPayload = (type: string, created: number, object: object) =>
    JSON.stringify({ id: randomId('evt'), object: 'event', type, created, livemode: false, pending_webhooks: 1, data: { object } }, null, 2);

  return {
    kind: 'simulated',
    async createCustomer({ idempotencyKey }) {
      let customerId = customers.get(idempotencyKey);
      if (!customerId) customers.set(idempotencyKey, (customerId = randomId('cus')));
      return { customerId };
    },
    async createCheckoutSession(input) {
      const known = sessionsByKey.get(input.idempotencyKey);
      const sessionId = known ?? randomId('cs');
      if (!known) {
        const { idempotencyKey: _key, ...rest } = input;
        sessions.set(sessionId, { ...rest, sessionId, status: 'open', payloads: null });
        sessionsByKey.set(input.idempotencyKey, sessionId);
      }
      return { sessionId, url: `${originOf(input.successUrl)}${SIMULATED_CHECKOUT_PATH}/${sessionId}` };
    },
    async createPortalSession({ customerId, returnUrl, recorded }) {
      const held = subscriptions.get(customerId);
      // Unknown here (a restart), or older than what Hireloop recorded since: start from the record.
      if (recorded && (!held || held.object.id !== recorded.subscriptionId)) subscriptions.set(customerId, fromRecord(customerId, recorded));
      const sessionId = randomId('bps');
      portalSessions.set(sessionId, { customerId, returnUrl, expiresAt: options.clock.now().getTime() + PORTAL_SESSION_MS });
      return { url: `${originOf(returnUrl)}${SIMULATED_PORTAL_PATH}/${sessionId}` };
    },
    verifyWebhook: (rawBody, signatureHeader, receivedAt) => verifyWebhook(webhookSecret, rawBody, signatureHeader, receivedAt),
    async retrieveSubscription(subscriptionId) {
      return [...subscriptions.values()].find((held) => held.object.id === subscriptionId)?.object ?? null;
    },
    async retrieveSubscriptionSchedule(scheduleId) {
      const held = [...subscriptions.values()].find((candidate) => candidate.object.schedule === scheduleId && candidate.next);
      return held ? scheduleOf(held) : null;
    },
    simulatedCheckout: {
      find(sessionId) {
        const session = sessions.get(sessionId);
        if (!session) return null;
        const { payloads: _payloads, ...shown } = session;
        return shown;
      },
      complete(sessionId) {
        const session = sessions.get(sessionId);
        if (!session) return null;
        const now = seconds(options.clock.now());
        if (!session.payloads) {
          const metadata = { companyId: session.companyId, planId: session.planId, billingPeriod: session.billingPeriod };
          const subscriptionId = randomId('sub');
          const trialEnd = now + session.trialDays * DAY;
          const held = subscriptionObject({
            id: subscriptionId,
            customerId: session.customerId,
            companyId: session.companyId,
            planId: session.planId,
            billingPeriod: session.billingPeriod,
            status: session.trialDays > 0 ? 'trialing' : 'active',
            created: now,
            periodStart: now,
            periodEnd: session.trialDays > 0 ? trialEnd : now + periodDays(session.billingPeriod) * DAY,
            trialEnd: session.trialDays > 0 ? trialEnd : null,
            cancelAtPeriodEnd: false,
          });
          subscriptions.set(session.customerId, held);
          const checkout = {
            id: session.sessionId,
            object: 'checkout.session',
            mode: 'subscription',
            status: 'complete',
            client_reference_id: session.companyId,
            customer: session.customerId,
            subscription: subscriptionId,
            metadata,
          };
          lastCreated = Math.max(lastCreated, now);
          session.payloads = [eventPayload('checkout.session.completed', now, checkout), eventPayload('customer.subscription.created', now, structuredClone(held.object))];
          session.status = 'complete';
        }
        return {
          // Signed now: a confirmation sent again later carries the same events, freshly signed, as Stripe's retries do.
          deliveries: session.payloads.map((payload) => signWebhook(webhookSecret, payload, now)),
          redirectTo: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.sessionId),
        };
      },
    },
    simulatedPortal: {
      find(sessionId) {
        const session = portalSessions.get(sessionId);
        if (!session || session.expiresAt <= options.clock.now().getTime()) return null;
        const held = subscriptions.get(session.customerId);
        return { sessionId, returnUrl: session.returnUrl, subscription: held && held.object.status !== 'canceled' ? viewOf(held) : null };
      },
      act(sessionId, action) {
        const session = portalSessions.get(sessionId);
        if (!session || session.expiresAt <= options.clock.now().getTime()) return null;
        const held = subscriptions.get(session.customerId);
        const outcome = held ? apply(held, action) : false;
        if (!held || !outcome) return { deliveries: [] };
        const at = created();
        const payload = eventPayload(`customer.subscription.${outcome}`, at, structuredClone(held.object));
        return { deliveries: [signWebhook(webhookSecret, payload, seconds(options.clock.now()))] };
      },
    },
  };
}
