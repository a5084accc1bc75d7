import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscriptionStreamId } from '@hireloop/contracts';
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
    expect(calls('/v1/billing_portal/sessions')[0]).toMatchObject({ idempotencyKey: expect.stringMatching(new RegExp(`^portal-${owner.companyId}-`)), body: { customer: checkouts[0]!.body.customer, return_url: 'http://hireloop.test/pricing' } });
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
