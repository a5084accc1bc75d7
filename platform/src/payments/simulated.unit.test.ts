import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { fixedClock } from '../runtime';
import { createPayments } from './index';
import { createSimulatedPayments, SIMULATED_CHECKOUT_PATH } from './simulated';

const clock = fixedClock('2026-11-25T12:00:00.000Z');
const checkout = {
  companyId: 'company-1',
  customerId: 'cus_sim_1',
  planId: 'small_business' as const,
  billingPeriod: 'monthly' as const,
  trialDays: 14,
  successUrl: 'http://hireloop.test/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://hireloop.test/pricing',
  idempotencyKey: 'checkout-company-1-0',
};

describe('simulated payments', () => {
  it('is what the configuration gives without a Stripe key; Stripe with one (and its webhook secret)', () => {
    expect(createPayments(loadConfig({}), clock).kind).toBe('simulated');
    expect(createPayments(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }), clock).kind).toBe('stripe');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET');
  });

  it('answers a local test checkout page; the same idempotency key answers the same session', async () => {
    const payments = createSimulatedPayments({ publicUrl: 'http://hireloop.test/', clock });
    const first = await payments.createCheckoutSession(checkout);
    expect(first.url).toBe(`http://hireloop.test${SIMULATED_CHECKOUT_PATH}/${first.sessionId}`);
    expect(await payments.createCheckoutSession(checkout)).toEqual(first);
    expect((await payments.createCheckoutSession({ ...checkout, idempotencyKey: 'other' })).sessionId).not.toBe(first.sessionId);
    expect(payments.simulatedCheckout!.find(first.sessionId)).toMatchObject({ companyId: 'company-1', planId: 'small_business', status: 'open' });
    expect((await payments.createCustomer({ companyId: 'c', companyName: 'N', idempotencyKey: 'k' })).customerId).toBe((await payments.createCustomer({ companyId: 'c', companyName: 'N', idempotencyKey: 'k' })).customerId);
  });

  it('completing it produces Stripe-shaped events signed with its secret, the same events each time', async () => {
    const payments = createSimulatedPayments({ publicUrl: 'http://hireloop.test', webhookSecret: 'whsec_configured', clock });
    const { sessionId } = await payments.createCheckoutSession(checkout);
    const done = payments.simulatedCheckout!.complete(sessionId)!;
    expect(done.redirectTo).toBe(`http://hireloop.test/dashboard?checkout=success&session_id=${sessionId}`);
    const events = done.deliveries.map((delivery) => payments.verifyWebhook(delivery.payload, delivery.signature, clock.now()));
    expect(events.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created']);
    expect(events[1]!.data.object).toMatchObject({
      object: 'subscription',
      status: 'trialing',
      customer: 'cus_sim_1',
      trial_end: Date.parse('2026-12-09T12:00:00.000Z') / 1000,
      metadata: { companyId: 'company-1', planId: 'small_business', billingPeriod: 'monthly' },
    });
    const again = payments.simulatedCheckout!.complete(sessionId)!;
    expect(again.deliveries.map((delivery) => JSON.parse(delivery.payload).id)).toEqual(events.map((event) => event.id));
    expect(payments.simulatedCheckout!.complete('cs_unknown')).toBeNull();
  });
});
