import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES, subscriptionStreamId } from '@hireloop/contracts';
import { createSimulatedPayments, signWebhook } from '@hireloop/platform/payments';
import { systemClock } from '@hireloop/platform/runtime';
import { buildTestCommandApp } from '../shared/test-app';
import { loadState } from '../shared/stream';
import { subscriptionDecider } from './decider';

/*
 * `POST /api/stripe/webhook` with real signatures (the Stripe SDK's generateTestHeaderString):
 * duplicates, tampering, stale signatures and deliveries in any order.
 */
const WEBHOOK_SECRET = 'whsec_webhook_test_secret';
let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;
beforeEach(async () => {
  ctx = await buildTestCommandApp({ payments: createSimulatedPayments({ publicUrl: 'http://hireloop.test', webhookSecret: WEBHOOK_SECRET, clock: systemClock }) });
});
afterEach(async () => {
  await ctx.app.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 3600;
const T0 = 1_790_000_000; // when the subscriptions below were created (the events' own times)

interface SubscriptionFields {
  status: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  subscriptionId?: string;
  planId?: string;
  created?: number;
}
const stripeEvent = (id: string, type: string, created: number, companyId: string, fields: SubscriptionFields) =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    created,
    livemode: false,
    data: {
      object: {
        id: fields.subscriptionId ?? 'sub_1',
        object: 'subscription',
        customer: 'cus_1',
        status: fields.status,
        created: fields.created ?? T0,
        cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
        trial_end: T0 + 14 * DAY,
        metadata: { companyId, planId: fields.planId ?? 'small_business', billingPeriod: 'monthly' },
        items: { object: 'list', data: [{ id: 'si_1', current_period_start: fields.periodStart, current_period_end: fields.periodEnd, price: { recurring: { interval: 'month' } } }] },
      },
    },
  });

const deliver = (payload: string, options: { secret?: string; signedAt?: number; signature?: string | null } = {}) => {
  const signature = options.signature === undefined ? signWebhook(options.secret ?? WEBHOOK_SECRET, payload, options.signedAt ?? nowSeconds()).signature : options.signature;
  return ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) } });
};
const streamOf = async (companyId: string) => (await ctx.deps.eventStore.readStream(subscriptionStreamId(companyId))).events;
const stateOf = async (companyId: string) => (await loadState(ctx.deps.eventStore, subscriptionStreamId(companyId), subscriptionDecider)).state;

const trialStarted = (companyId: string) => stripeEvent('evt_created', 'customer.subscription.created', T0, companyId, { status: 'trialing', periodStart: T0, periodEnd: T0 + 14 * DAY });

describe('POST /api/stripe/webhook', () => {
  it('a signed subscription event becomes a subscription event on the company’s stream', async () => {
    const response = await deliver(trialStarted('company-a'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, applied: true });
    const events = await streamOf('company-a');
    expect(events.map((event) => [event.type, event.metadata.actor, event.metadata.causationId])).toEqual([['SubscriptionTrialing', 'system', 'evt_created']]);
    expect(events[0]!.data).toMatchObject({ companyId: 'company-a', subscriptionId: 'sub_1', customerId: 'cus_1', planId: 'small_business', providerStatus: 'trialing', trialEnd: new Date((T0 + 14 * DAY) * 1000).toISOString() });
  });

  it('the same event delivered 50 times, at once and again later, has one effect', async () => {
    const payload = trialStarted('company-b');
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(payload)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((answer) => answer.json().applied)).toHaveLength(1);
    const again = await deliver(payload);
    expect(again.json()).toEqual({ received: true, applied: false });
    expect((await streamOf('company-b')).map((event) => event.type)).toEqual(['SubscriptionTrialing']);
  });

  it.each([
    ['a changed body', (payload: string) => deliver(payload.replace('"trialing"', '"active"'), { signature: signWebhook(WEBHOOK_SECRET, payload, nowSeconds()).signature }), SUBSCRIPTION_MESSAGES.badSignature],
    ['another secret', (payload: string) => deliver(payload, { secret: 'whsec_someone_else' }), SUBSCRIPTION_MESSAGES.badSignature],
    ['a signature older than 300 s', (payload: string) => deliver(payload, { signedAt: nowSeconds() - 301 }), SUBSCRIPTION_MESSAGES.staleSignature],
    ['a garbled header', (payload: string) => deliver(payload, { signature: 't=abc,v1=00' }), SUBSCRIPTION_MESSAGES.badSignature],
    ['no signature header', (payload: string) => deliver(payload, { signature: null }), SUBSCRIPTION_MESSAGES.missingSignature],
  ])('%s → 400 with a clear message and no effect', async (_name, send, message) => {
    const response = await send(trialStarted('company-c'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: message });
    expect(await streamOf('company-c')).toEqual([]);
  });

  it('a signature a few seconds old is accepted (the tolerance is 300 s)', async () => {
    expect((await deliver(trialStarted('company-d'), { signedAt: nowSeconds() - 290 })).statusCode).toBe(200);
  });

  it('events that are not about a Hireloop subscription are acknowledged and change nothing', async () => {
    const invoice = JSON.stringify({ id: 'evt_inv', object: 'event', type: 'invoice.paid', created: T0, data: { object: { id: 'in_1', object: 'invoice' } } });
    expect((await deliver(invoice)).json()).toEqual({ received: true, applied: false });
    const foreign = JSON.parse(trialStarted('company-e')) as { data: { object: { metadata: object } } };
    foreign.data.object.metadata = {};
    expect((await deliver(JSON.stringify(foreign))).json()).toEqual({ received: true, applied: false });
    expect(await streamOf('company-e')).toEqual([]);
  });

  it('a signed event whose subscription is not in Stripe’s shape is a 400 that says what is wrong', async () => {
    const payload = JSON.stringify({ id: 'evt_bad', object: 'event', type: 'customer.subscription.updated', created: T0, data: { object: { id: 'sub_1', object: 'subscription', status: 'dreaming' } } });
    const response = await deliver(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(SUBSCRIPTION_MESSAGES.badEvent);
    expect(response.json().error).toContain('status');
  });
});

/** A seeded shuffle, so a failing order can be replayed. */
const shuffled = <T>(items: readonly T[], seed: number): T[] => {
  const copy = [...items];
  let state = seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

describe('deliveries out of order converge', () => {
  // One subscription's life: trial, paid, a failed payment, paid again, cancelled at the period's
  // end, then ended — and an older subscription of the company that ended before it.
  const life = (companyId: string, withEnd: boolean) => {
    const P1 = T0 + 14 * DAY;
    const P2 = P1 + 30 * DAY;
    const events = [
      stripeEvent('evt_old_deleted', 'customer.subscription.deleted', T0 - DAY, companyId, { subscriptionId: 'sub_0', created: T0 - 60 * DAY, status: 'canceled', periodStart: T0 - 30 * DAY, periodEnd: T0, planId: 'vc_startup' }),
      stripeEvent('evt_1', 'customer.subscription.created', T0, companyId, { status: 'trialing', periodStart: T0, periodEnd: P1 }),
      stripeEvent('evt_2', 'customer.subscription.updated', P1, companyId, { status: 'active', periodStart: P1, periodEnd: P2 }),
      stripeEvent('evt_3', 'customer.subscription.updated', P1 + 3600, companyId, { status: 'past_due', periodStart: P1, periodEnd: P2 }),
      stripeEvent('evt_4', 'customer.subscription.updated', P1 + 2 * DAY, companyId, { status: 'active', periodStart: P1, periodEnd: P2 }),
      stripeEvent('evt_5', 'customer.subscription.updated', P1 + 10 * DAY, companyId, { status: 'active', periodStart: P1, periodEnd: P2, cancelAtPeriodEnd: true }),
    ];
    if (withEnd) events.push(stripeEvent('evt_6', 'customer.subscription.deleted', P2, companyId, { status: 'canceled', periodStart: P1, periodEnd: P2, cancelAtPeriodEnd: true }));
    return events;
  };
  const summary = async (companyId: string) => {
    const { planId, status, billingPeriod, currentPeriodEnd, scheduledPlanId, provider } = await stateOf(companyId);
    return { planId, status, billingPeriod, currentPeriodEnd, scheduledPlanId, subscriptionId: provider?.subscriptionId };
  };

  it.each([
    [true, { planId: 'small_business', status: 'canceled', scheduledPlanId: null }],
    [false, { planId: 'small_business', status: 'active', scheduledPlanId: 'free' }],
  ] as const)('with the end delivered: %s → the same final state as in order, for 12 shuffled orders with duplicates', async (withEnd, expected) => {
    const inOrder = `in-order-${withEnd}`;
    for (const payload of life(inOrder, withEnd)) expect((await deliver(payload)).statusCode).toBe(200);
    const reference = await summary(inOrder);
    expect(reference).toMatchObject({ ...expected, subscriptionId: 'sub_1', currentPeriodEnd: new Date((T0 + 44 * DAY) * 1000).toISOString() });

    for (let seed = 1; seed <= 12; seed++) {
      const companyId = `shuffled-${withEnd}-${seed}`;
      const events = life(companyId, withEnd);
      // Some deliveries twice, as Stripe retries do, all in a shuffled order.
      for (const payload of shuffled([...events, ...events.slice(0, seed % events.length)], seed)) expect((await deliver(payload)).statusCode).toBe(200);
      expect(await summary(companyId), `order of seed ${seed}`).toEqual(reference);
    }
  });
});
