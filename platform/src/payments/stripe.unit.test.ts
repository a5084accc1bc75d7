import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripePayments } from './stripe';
import { startStripeTestServer, type StripeTestRequest } from './stripe-test-server';
import { PaymentsUnavailableError, WebhookSignatureError } from './types';
import { signWebhook } from './webhooks';

/*
 * The `stripe` adapter on its production code path: the real SDK, pointed at a local server that
 * answers the calls the adapter makes in Stripe's shape (form-encoded requests, JSON objects).
 */
let server: Awaited<ReturnType<typeof startStripeTestServer>>;
let apiBase = '';
let received: StripeTestRequest[] = [];

beforeAll(async () => {
  server = await startStripeTestServer();
  apiBase = server.url;
  received = server.received;
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
});

const secretKey = 'sk_test_local_51abcdef';
const webhookSecret = 'whsec_local_test_secret';
const payments = () => createStripePayments({ secretKey, webhookSecret, apiBase, timeoutMs: 5_000 });

describe('stripe adapter through the SDK', () => {
  it('creates a customer per company with the idempotency key given, authenticated with the secret key', async () => {
    const { customerId } = await payments().createCustomer({ companyId: 'company-1', companyName: 'Northwind', idempotencyKey: 'customer-company-1' });
    expect(customerId).toMatch(/^cus_test_\d+$/);
    expect(received).toEqual([
      { path: '/v1/customers', idempotencyKey: 'customer-company-1', authorization: `Bearer ${secretKey}`, body: { name: 'Northwind', 'metadata[companyId]': 'company-1' } },
    ]);
  });

  it('opens Checkout in subscription mode with the 14-day trial, the plan’s price and the company in the metadata', async () => {
    const session = await payments().createCheckoutSession({
      companyId: 'company-1',
      customerId: 'cus_123',
      planId: 'vc_startup',
      billingPeriod: 'annual',
      trialDays: 14,
      successUrl: 'http://hireloop.test/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://hireloop.test/pricing',
      idempotencyKey: 'checkout-company-1-3-vc_startup-annual',
    });
    expect(session.sessionId).toMatch(/^cs_test_\d+$/);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.sessionId}`);
    const [call] = received;
    expect(call!.idempotencyKey).toBe('checkout-company-1-3-vc_startup-annual');
    expect(call!.body).toMatchObject({
      mode: 'subscription',
      customer: 'cus_123',
      client_reference_id: 'company-1',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '99000',
      'line_items[0][price_data][recurring][interval]': 'year',
      'subscription_data[trial_period_days]': '14',
      'subscription_data[trial_settings][end_behavior][missing_payment_method]': 'cancel',
      'subscription_data[metadata][companyId]': 'company-1',
      'subscription_data[metadata][planId]': 'vc_startup',
      'subscription_data[metadata][billingPeriod]': 'annual',
      payment_method_collection: 'if_required',
      success_url: 'http://hireloop.test/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('a monthly plan is charged monthly', async () => {
    await payments().createCheckoutSession({ companyId: 'c', customerId: 'cus_1', planId: 'small_business', billingPeriod: 'monthly', trialDays: 14, successUrl: 'http://x.test/s', cancelUrl: 'http://x.test/c', idempotencyKey: 'k-monthly' });
    expect(received[0]!.body).toMatchObject({ 'line_items[0][price_data][unit_amount]': '2500', 'line_items[0][price_data][recurring][interval]': 'month' });
  });

  it('a failed call is retried by the SDK with the same idempotency key', async () => {
    server.failNext(1);
    const { url } = await payments().createPortalSession({ customerId: 'cus_123', returnUrl: 'http://hireloop.test/pricing', idempotencyKey: 'portal-company-1-req-9' });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/\d+$/);
    expect(received.map((call) => [call.path, call.idempotencyKey])).toEqual([
      ['/v1/billing_portal/sessions', 'portal-company-1-req-9'],
      ['/v1/billing_portal/sessions', 'portal-company-1-req-9'],
    ]);
    expect(received[1]!.body).toEqual({ customer: 'cus_123', return_url: 'http://hireloop.test/pricing' });
  });

  it('a refusal is a PaymentsUnavailableError that names Stripe’s error, never the key', async () => {
    server.refuseNext('No such customer: cus_gone');
    const error = await payments()
      .createPortalSession({ customerId: 'cus_gone', returnUrl: 'http://hireloop.test/pricing', idempotencyKey: 'k' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentsUnavailableError);
    expect((error as Error).message).toContain('No such customer');
    expect((error as Error).message).not.toContain(secretKey);
  });

  it('verifies webhook signatures with the SDK: good, tampered, other secret, stale', () => {
    const now = 1_800_000_000;
    const at = (seconds: number) => new Date(seconds * 1000);
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.subscription.updated', created: now, data: { object: { id: 'sub_1' } } });
    const signed = signWebhook(webhookSecret, payload, now);
    expect(payments().verifyWebhook(Buffer.from(signed.payload), signed.signature, at(now + 10))).toMatchObject({ id: 'evt_1', type: 'customer.subscription.updated' });

    const reason = (run: () => unknown) => {
      try {
        run();
        return 'accepted';
      } catch (error) {
        return error instanceof WebhookSignatureError ? error.reason : 'other error';
      }
    };
    expect(reason(() => payments().verifyWebhook(payload.replace('sub_1', 'sub_2'), signed.signature, at(now)))).toBe('invalid');
    expect(reason(() => payments().verifyWebhook(payload, signWebhook('whsec_other', payload, now).signature, at(now)))).toBe('invalid');
    expect(reason(() => payments().verifyWebhook(payload, signed.signature, at(now + 301)))).toBe('stale');
    expect(reason(() => payments().verifyWebhook(payload, signed.signature, at(now + 300)))).toBe('accepted');
  });
});
