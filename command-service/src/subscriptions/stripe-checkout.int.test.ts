import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscriptionStreamId } from '@hireloop/contracts';
import { loadState } from '../shared/stream';
import { subscriptionDecider } from './decider';
import { createStripePayments, signWebhook } from '@hireloop/platform/payments';
import { startStripeTestServer } from '@hireloop/platform/payments/stripe-test-server';
import { buildTestCommandApp, company } from '../shared/test-app';

/*
 * Choosing a paid plan with the `stripe` adapter: the route, the real SDK, and a local server in
 * Stripe's shape. What is checked is what Stripe would see: one customer per company, checkout
 * sessions in subscription mode, and idempotency keys that make a retried request safe.
 */
let stripe: Awaited<ReturnType<typeof startStripeTestServer>>;
let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;
beforeAll(async () => {
  stripe = await startStripeTestServer();
});
afterAll(async () => {
  await stripe.close();
});
const SECRET_KEY = 'sk_test_route_6fQ2kLm9';
const WEBHOOK_SECRET = 'whsec_route_Zk81mQ2pL0';
const logLines: string[] = [];
beforeEach(async () => {
  stripe.reset();
  logLines.length = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  ctx = await buildTestCommandApp(
    { payments: createStripePayments({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url, timeoutMs: 5_000 }) },
    { logger: { level: 'debug', stream } },
  );
});
afterEach(async () => {
  await ctx.app.close();
});

const signUpCompany = async () => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: company });
  expect(response.statusCode).toBe(201);
  const { token, user } = response.json();
  return { token: token as string, companyId: user.companyId as string };
};
const choose = (token: string, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/subscription/create', payload, headers: { authorization: `Bearer ${token}` } });
const calls = (path: string) => stripe.received.filter((call) => call.path === path);

describe('POST /api/subscription/create with the stripe adapter', () => {
  it('creates the company’s customer, then a subscription checkout with the trial, each with its idempotency key', async () => {
    const owner = await signUpCompany();
    const response = await choose(owner.token, { planId: 'vc_startup', billingPeriod: 'monthly' });
    expect(response.statusCode, response.body).toBe(200);
    const { checkoutUrl, sessionId } = response.json();
    expect(checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);

    const [customer] = calls('/v1/customers');
    expect(customer).toMatchObject({ idempotencyKey: `customer-${owner.companyId}`, authorization: `Bearer ${SECRET_KEY}`, body: { name: company.companyName, 'metadata[companyId]': owner.companyId } });
    const [checkout] = calls('/v1/checkout/sessions');
    expect(checkout!.idempotencyKey).toBe(`checkout-${owner.companyId}-v-1-vc_startup-monthly`);
    expect(checkout!.body).toMatchObject({
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_test_/),
      'subscription_data[trial_period_days]': '14',
      'line_items[0][price_data][unit_amount]': '9900',
      success_url: 'http://hireloop.test/pricing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://hireloop.test/pricing?checkout=canceled',
    });
    const { events } = await ctx.deps.eventStore.readStream(subscriptionStreamId(owner.companyId));
    expect(events.map((event) => [event.type, (event.data as { checkoutSessionId: string }).checkoutSessionId])).toEqual([['SubscriptionCheckoutStarted', sessionId]]);
  });

  it('Stripe unreachable → 502 and nothing recorded; the retried request gets the same customer and the same checkout key', async () => {
    const owner = await signUpCompany();
    stripe.failNext(3, '/v1/checkout/sessions'); // the SDK's three tries of the checkout all fail
    const failed = await choose(owner.token, { planId: 'small_business' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ success: false, error: 'The payment provider could not be reached. Please try again.' });
    expect((await ctx.deps.eventStore.readStream(subscriptionStreamId(owner.companyId))).events).toEqual([]);

    const retried = await choose(owner.token, { planId: 'small_business' });
    expect(retried.statusCode, retried.body).toBe(200);
    const customerKeys = new Set(calls('/v1/customers').map((call) => call.idempotencyKey));
    const checkoutKeys = new Set(calls('/v1/checkout/sessions').map((call) => call.idempotencyKey));
    expect([...customerKeys]).toEqual([`customer-${owner.companyId}`]);
    expect([...checkoutKeys]).toEqual([`checkout-${owner.companyId}-v-1-small_business-monthly`]);
    expect(calls('/v1/checkout/sessions')).toHaveLength(4);
    expect(calls('/v1/customers')).toHaveLength(2);
    // Stripe answered the second customer call with the first customer (same key): one customer.
    expect(new Set(calls('/v1/checkout/sessions').map((call) => call.body.customer)).size).toBe(1);
    expect(retried.json().sessionId).toMatch(/^cs_test_/);
  });

  it('a later checkout reuses the recorded customer; the billing portal opens for it', async () => {
    const owner = await signUpCompany();
    expect((await choose(owner.token, { planId: 'small_business' })).statusCode).toBe(200);
    expect((await choose(owner.token, { planId: 'enterprise', billingPeriod: 'annual' })).statusCode).toBe(200);
    expect(calls('/v1/customers')).toHaveLength(1);
    const checkouts = calls('/v1/checkout/sessions');
    expect(checkouts.map((call) => call.idempotencyKey)).toEqual([`checkout-${owner.companyId}-v-1-small_business-monthly`, `checkout-${owner.companyId}-v0-enterprise-annual`]);
    expect(checkouts[1]!.body.customer).toBe(checkouts[0]!.body.customer);

    const portal = await ctx.app.inject({ method: 'POST', url: '/api/subscription/portal', headers: { authorization: `Bearer ${owner.token}` } });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/\d+$/);
    expect(calls('/v1/billing_portal/sessions')[0]).toMatchObject({ idempotencyKey: expect.stringMatching(new RegExp(`^portal-${owner.companyId}-`)), body: { customer: checkouts[0]!.body.customer, return_url: 'http://hireloop.test/pricing?billing=portal' } });
  });

  it('neither Stripe secret reaches the log: a failed call, a refused webhook and a checkout are logged without them', async () => {
    const owner = await signUpCompany();
    stripe.failNext(3, '/v1/checkout/sessions');
    expect((await choose(owner.token, { planId: 'small_business' })).statusCode).toBe(502);
    expect((await choose(owner.token, { planId: 'small_business' })).statusCode).toBe(200);
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', created: Math.floor(Date.now() / 1000), data: { object: {} } });
    const { signature } = signWebhook(WEBHOOK_SECRET, payload, Math.floor(Date.now() / 1000));
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: `${payload} `, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    expect(refused.statusCode).toBe(400);
    expect(logLines.some((line) => line.includes('payment provider call failed'))).toBe(true);
    const log = logLines.join('\n');
    for (const secret of [SECRET_KEY, WEBHOOK_SECRET, signature.split('v1=')[1]!]) expect(log).not.toContain(secret);
  });
});

describe('a plan changed in the billing portal for the period’s end (a Stripe subscription schedule)', () => {
  const DAY = 24 * 3600;
  const T0 = Math.floor(Date.now() / 1000) - 20 * DAY;
  const PERIOD_END = T0 + 30 * DAY;
  const price = (planId: string) => ({ id: `price_${planId}`, object: 'price', lookup_key: `hireloop_${planId}_monthly`, recurring: { interval: 'month' }, metadata: {} });
  const subscription = (companyId: string, schedule: string | null) => ({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    created: T0,
    cancel_at_period_end: false,
    trial_end: null,
    schedule,
    metadata: { companyId, planId: 'vc_startup', billingPeriod: 'monthly' },
    items: { object: 'list', data: [{ id: 'si_1', current_period_start: T0, current_period_end: PERIOD_END, price: price('vc_startup') }] },
  });
  const schedule = (status = 'active') => ({
    id: 'sub_sched_1',
    object: 'subscription_schedule',
    status,
    subscription: 'sub_1',
    current_phase: { start_date: T0, end_date: PERIOD_END },
    phases: [
      { start_date: T0, end_date: PERIOD_END, items: [{ price: price('vc_startup'), quantity: 1 }] },
      { start_date: PERIOD_END, end_date: PERIOD_END + 30 * DAY, items: [{ price: price('small_business'), quantity: 1 }] },
    ],
  });
  const deliver = (id: string, type: string, created: number, object: object) => {
    const payload = JSON.stringify({ id, object: 'event', type, created, livemode: false, data: { object } });
    const { signature } = signWebhook(WEBHOOK_SECRET, payload, Math.floor(Date.now() / 1000));
    return ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  };
  const stateOf = async (companyId: string) => (await loadState(ctx.deps.eventStore, subscriptionStreamId(companyId), subscriptionDecider)).state;
  const types = async (companyId: string) => (await ctx.deps.eventStore.readStream(subscriptionStreamId(companyId))).events.map((event) => event.type);

  it('the subscription names its schedule; the schedule is read through the SDK with its prices, and the change is recorded once', async () => {
    const companyId = 'company-scheduled';
    expect((await deliver('evt_a', 'customer.subscription.created', T0, subscription(companyId, null))).statusCode).toBe(200);
    stripe.store('/v1/subscription_schedules/sub_sched_1', schedule());
    stripe.store('/v1/subscriptions/sub_1', subscription(companyId, 'sub_sched_1'));

    const updated = await deliver('evt_b', 'customer.subscription.updated', T0 + 5 * DAY, subscription(companyId, 'sub_sched_1'));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ received: true, applied: true });
    expect(calls('/v1/subscription_schedules/sub_sched_1')[0]!.body).toEqual({ 'expand[0]': 'phases.items.price' });
    // The schedule's own event, in the same second, reads the subscription again: nothing new.
    const created = await deliver('evt_c', 'subscription_schedule.created', T0 + 5 * DAY, schedule());
    expect(created.json()).toEqual({ received: true, applied: false });
    expect(calls('/v1/subscriptions/sub_1')).toHaveLength(1);

    expect(await types(companyId)).toEqual(['SubscriptionActivated', 'SubscriptionPlanChangeScheduled']);
    const events = (await ctx.deps.eventStore.readStream(subscriptionStreamId(companyId))).events;
    expect(events[1]!.data).toMatchObject({ planId: 'vc_startup', toPlanId: 'small_business', effectiveAt: new Date(PERIOD_END * 1000).toISOString() });
    expect(await stateOf(companyId)).toMatchObject({ planId: 'vc_startup', status: 'active', scheduledPlanId: 'small_business' });
  });

  it('the schedule released in the portal: its event reads the subscription, now without it, and the change is gone', async () => {
    const companyId = 'company-released';
    stripe.store('/v1/subscription_schedules/sub_sched_1', schedule());
    expect((await deliver('evt_d', 'customer.subscription.updated', T0 + 5 * DAY, subscription(companyId, 'sub_sched_1'))).json().applied).toBe(true);
    stripe.store('/v1/subscriptions/sub_1', subscription(companyId, null));
    const released = await deliver('evt_e', 'subscription_schedule.released', T0 + 6 * DAY, { ...schedule('released'), subscription: null, released_subscription: 'sub_1' });
    // A released schedule no longer names its subscription: the subscription's own update says it.
    expect(released.json()).toEqual({ received: true, applied: false });
    expect((await deliver('evt_f', 'customer.subscription.updated', T0 + 6 * DAY, subscription(companyId, null))).json().applied).toBe(true);
    expect(await types(companyId)).toEqual(['SubscriptionPlanChangeScheduled', 'SubscriptionActivated']);
    expect(await stateOf(companyId)).toMatchObject({ planId: 'vc_startup', scheduledPlanId: null });
  });

  it('Stripe unreachable while reading the schedule → 502, nothing recorded, and the redelivered event applies', async () => {
    const companyId = 'company-unreachable';
    stripe.store('/v1/subscription_schedules/sub_sched_1', schedule());
    stripe.failNext(3, '/v1/subscription_schedules/sub_sched_1');
    const failed = await deliver('evt_g', 'customer.subscription.updated', T0 + 5 * DAY, subscription(companyId, 'sub_sched_1'));
    expect(failed.statusCode).toBe(502);
    expect(await types(companyId)).toEqual([]);
    const again = await deliver('evt_g', 'customer.subscription.updated', T0 + 5 * DAY, subscription(companyId, 'sub_sched_1'));
    expect(again.json()).toEqual({ received: true, applied: true });
    expect(await stateOf(companyId)).toMatchObject({ scheduledPlanId: 'small_business' });
  });

  it('a schedule Stripe does not know (deleted) is no change; the subscription still applies', async () => {
    const companyId = 'company-missing';
    const response = await deliver('evt_h', 'customer.subscription.updated', T0 + 5 * DAY, subscription(companyId, 'sub_sched_gone'));
    expect(response.json()).toEqual({ received: true, applied: true });
    expect(await types(companyId)).toEqual(['SubscriptionActivated']);
    expect(await stateOf(companyId)).toMatchObject({ planId: 'vc_startup', scheduledPlanId: null });
  });
});
