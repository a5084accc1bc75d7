import { randomBytes } from 'node:crypto';
import { planById, priceInCents } from '@hireloop/contracts';
import type { Clock } from '../runtime';
import type { PaymentsPort, SimulatedSession } from './types';
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

const randomId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const DAY = 24 * 3600;

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
      return { sessionId, url: `${base}${SIMULATED_CHECKOUT_PATH}/${sessionId}` };
    },
    async createPortalSession() {
      // There is no portal offline: the pricing page is where plans are chosen.
      return { url: `${base}/pricing` };
    },
    verifyWebhook: (rawBody, signatureHeader, receivedAt) => verifyWebhook(webhookSecret, rawBody, signatureHeader, receivedAt),
    // Offline there is no portal, so no schedule, and every event carries its whole subscription.
    retrieveSubscription: async () => null,
    retrieveSubscriptionSchedule: async () => null,
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
          const plan = planById(session.planId);
          const metadata = { companyId: session.companyId, planId: session.planId, billingPeriod: session.billingPeriod };
          const subscriptionId = randomId('sub');
          const trialEnd = now + session.trialDays * DAY;
          const subscription = {
            id: subscriptionId,
            object: 'subscription',
            customer: session.customerId,
            status: session.trialDays > 0 ? 'trialing' : 'active',
            created: now,
            start_date: now,
            trial_start: session.trialDays > 0 ? now : null,
            trial_end: session.trialDays > 0 ? trialEnd : null,
            cancel_at_period_end: false,
            canceled_at: null,
            ended_at: null,
            livemode: false,
            metadata,
            items: {
              object: 'list',
              data: [
                {
                  id: randomId('si'),
                  object: 'subscription_item',
                  current_period_start: now,
                  current_period_end: session.trialDays > 0 ? trialEnd : now + (session.billingPeriod === 'annual' ? 365 : 30) * DAY,
                  price: { id: randomId('price'), object: 'price', currency: 'usd', unit_amount: priceInCents(plan, session.billingPeriod), recurring: { interval: session.billingPeriod === 'annual' ? 'year' : 'month' } },
                  quantity: 1,
                },
              ],
            },
          };
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
          session.payloads = [eventPayload('checkout.session.completed', now, checkout), eventPayload('customer.subscription.created', now, subscription)];
          session.status = 'complete';
        }
        return {
          // Signed now: a confirmation sent again later carries the same events, freshly signed, as Stripe's retries do.
          deliveries: session.payloads.map((payload) => signWebhook(webhookSecret, payload, now)),
          redirectTo: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.sessionId),
        };
      },
    },
  };
}
