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

  it('after a restart its portal starts from the subscription Hireloop recorded, and cancelling sends Stripe’s customer.subscription.updated (ADR 063)', async () => {
    const payments = createSimulatedPayments({ publicUrl: 'http://localhost:3000', webhookSecret: 'whsec_configured', clock });
    const recorded = {
      subscriptionId: 'sub_sim_recorded',
      companyId: 'company-1',
      planId: 'vc_startup' as const,
      billingPeriod: 'monthly' as const,
      status: 'trialing' as const,
      createdAt: '2026-11-20T12:00:00.000Z',
      currentPeriodStart: '2026-11-20T12:00:00.000Z',
      currentPeriodEnd: '2026-12-04T12:00:00.000Z',
      trialEnd: '2026-12-04T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      scheduledChange: null,
    };
    // The portal is served on the origin the browser comes back to, not PUBLIC_URL.
    const { url } = await payments.createPortalSession({ customerId: 'cus_sim_9', returnUrl: 'http://192.168.1.20:3000/pricing', idempotencyKey: 'portal-1', recorded });
    expect(url).toMatch(/^http:\/\/192\.168\.1\.20:3000\/api\/payments\/simulated\/portal\/bps_sim_[0-9a-f]+$/);
    const sessionId = url.split('/').pop()!;
    expect(payments.simulatedPortal!.find(sessionId)).toMatchObject({ returnUrl: 'http://192.168.1.20:3000/pricing', subscription: { planId: 'vc_startup', status: 'trialing', currentPeriodEnd: '2026-12-04T12:00:00.000Z', cancelAtPeriodEnd: false } });
    const { deliveries } = payments.simulatedPortal!.act(sessionId, { kind: 'cancel' })!;
    const [event] = deliveries.map((delivery) => payments.verifyWebhook(delivery.payload, delivery.signature, clock.now()));
    expect(event).toMatchObject({ type: 'customer.subscription.updated', data: { object: { id: 'sub_sim_recorded', cancel_at_period_end: true, metadata: { companyId: 'company-1', planId: 'vc_startup' } } } });
    // Cancelling again changes nothing and sends nothing.
    expect(payments.simulatedPortal!.act(sessionId, { kind: 'cancel' })).toEqual({ deliveries: [] });
    expect(payments.simulatedPortal!.find('bps_sim_unknown')).toBeNull();
  });

  it('a plan chosen for the next period is a schedule Stripe-shaped enough for the webhook to read', async () => {
    const payments = createSimulatedPayments({ publicUrl: 'http://hireloop.test', webhookSecret: 'whsec_configured', clock });
    const { sessionId } = await payments.createCheckoutSession(checkout);
    payments.simulatedCheckout!.complete(sessionId);
    const { url } = await payments.createPortalSession({ customerId: 'cus_sim_1', returnUrl: 'http://hireloop.test/pricing', idempotencyKey: 'portal-2' });
    const { deliveries } = payments.simulatedPortal!.act(url.split('/').pop()!, { kind: 'change', planId: 'enterprise', billingPeriod: 'annual' })!;
    const event = payments.verifyWebhook(deliveries[0]!.payload, deliveries[0]!.signature, clock.now());
    const schedule = (await payments.retrieveSubscriptionSchedule((event.data.object as { schedule: string }).schedule)) as { phases: Array<{ start_date: number; items: Array<{ price: { lookup_key: string } }> }> };
    expect(schedule.phases.map((phase) => phase.items[0]!.price.lookup_key)).toEqual(['hireloop_small_business_monthly', 'hireloop_enterprise_annual']);
    expect(schedule.phases[1]!.start_date).toBe(Date.parse('2026-12-09T12:00:00.000Z') / 1000);
  });
});
