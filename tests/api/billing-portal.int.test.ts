import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, POSITION_HEADER, SUBSCRIPTION_MESSAGES, subscriptionStreamId } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { loadConfig } from '@hireloop/platform/config';
import { signWebhook } from '@hireloop/platform/payments';
import { startStripeTestServer } from '@hireloop/platform/payments/stripe-test-server';
import { buildApp } from '../../cli/src/app';
import { createRuntime } from '../../cli/src/runtime';
import { createTestDatabase } from '../support/postgres';

/*
 * Plans a company can leave (ADR 063): POST /api/subscription/portal as every kind of caller, the
 * simulated adapter's billing portal (change plan, cancel at the period's end, take it back, the
 * period ending), and the same with the Stripe SDK pointed at a local stand-in for Stripe. Every
 * change reaches the company's stream and the read model only through POST /api/stripe/webhook.
 */
const WEBHOOK_SECRET = 'whsec_billing_portal_test';
const PUBLIC_URL = 'http://hireloop.test';
/** Where the browser is: not PUBLIC_URL (a LAN address); the app is reached there too. */
const LAN = { host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' };

type Headers = Record<string, string>;
const bearer = (token: string | null): Headers => (token ? { authorization: `Bearer ${token}` } : {});
const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function startApp(config: Record<string, string>) {
  const db = await createTestDatabase();
  const runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL, ...config }));
  const app = await buildApp(runtime, { spaDir: false, readYourWritesTimeoutMs: 15_000, publicUrl: PUBLIC_URL });
  await app.ready();
  let position = '';
  const remember = <R extends { headers: Record<string, unknown> }>(response: R): R => {
    const written = response.headers[POSITION_HEADER];
    if (typeof written === 'string' && written > position) position = written;
    return response;
  };
  const post = async (url: string, token: string | null, payload?: object, headers: Headers = {}) => remember(await app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), ...headers } }));
  const get = (url: string, token: string | null) => app.inject({ method: 'GET', url, headers: { [MIN_POSITION_HEADER]: position, ...bearer(token) } });
  const signUp = async (kind: 'candidate' | 'company', email: string) => {
    const payload =
      kind === 'candidate'
        ? { name: 'Ada Lovelace', email, password: 'candidate-password' }
        : { companyName: `Company ${email}`, contactName: 'Maya Okafor', email, password: 'company-password', website: 'https://northwind.example', location: 'Austin, TX', industry: 'Data' };
    const response = await post(`/api/auth/${kind}/signup`, null, payload);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { token: string; user: { companyId?: string | null } };
    return { token: body.token, companyId: body.user.companyId ?? null, email };
  };
  const grant = (email: string, role: 'admin' | 'super_admin') => grantRoleAsSystem({ ...runtime, sessionTtlMs: 0, publicUrl: '', linkedin: null }, email, role, 'test');
  const stream = async (companyId: string) => (await runtime.eventStore.readStream(subscriptionStreamId(companyId))).events;
  return {
    app,
    runtime,
    post,
    get,
    remember,
    signUp,
    grant,
    stream,
    close: async () => {
      await app.close();
      await runtime.close();
      await db.drop();
    },
  };
}

describe('the simulated billing portal', () => {
  let t: Awaited<ReturnType<typeof startApp>>;
  let owner: Awaited<ReturnType<typeof t.signUp>>;
  let other: Awaited<ReturnType<typeof t.signUp>>;
  let candidate: Awaited<ReturnType<typeof t.signUp>>;
  let admin: Awaited<ReturnType<typeof t.signUp>>;
  let superAdmin: Awaited<ReturnType<typeof t.signUp>>;
  let portalPath = '';

  beforeAll(async () => {
    t = await startApp({});
    owner = await t.signUp('company', 'maya@northwind.example');
    other = await t.signUp('company', 'jo@contoso.example');
    candidate = await t.signUp('candidate', 'ada@example.com');
    admin = await t.signUp('candidate', 'grace@example.com');
    await t.grant(admin.email, 'admin');
    superAdmin = await t.signUp('company', 'root@initech.example');
    await t.grant(superAdmin.email, 'super_admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const subscribe = async (token: string, planId: string, headers: Headers = {}) => {
    const created = await t.post('/api/subscription/create', token, { planId, billingPeriod: 'monthly' }, headers);
    expect(created.statusCode, created.body).toBe(200);
    const { checkoutUrl } = created.json() as { checkoutUrl: string };
    const confirmed = t.remember(await t.app.inject({ method: 'POST', url: `${new URL(checkoutUrl).pathname}/confirm`, payload: '', headers: form }));
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    return { checkoutUrl, returnedTo: confirmed.headers.location as string };
  };
  const act = async (body: string) => {
    const answer = t.remember(await t.app.inject({ method: 'POST', url: portalPath, payload: body, headers: form }));
    expect(answer.statusCode, answer.body).toBe(303);
    expect(answer.headers.location).toBe(portalPath);
  };
  const current = async (token: string) => (await t.get('/api/subscription/current', token)).json();

  it('the checkout started from a LAN address is served there and comes back there; a foreign Origin gets PUBLIC_URL', async () => {
    const { checkoutUrl, returnedTo } = await subscribe(owner.token, 'small_business', LAN);
    expect(checkoutUrl.startsWith(`${LAN.origin}/api/payments/simulated/checkout/cs_sim_`)).toBe(true);
    expect(returnedTo.startsWith(`${LAN.origin}/pricing?checkout=success&session_id=cs_sim_`)).toBe(true);
    const foreign = await t.post('/api/subscription/create', other.token, { planId: 'vc_startup' }, { origin: 'https://evil.example', host: 'evil.example' });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().checkoutUrl.startsWith(`${PUBLIC_URL}/api/payments/simulated/checkout/`)).toBe(true);
    // Origin naming another host than the one the request reached is not trusted either.
    const mismatched = await t.post('/api/subscription/create', other.token, { planId: 'vc_startup' }, { origin: 'http://192.168.1.99:3000', host: LAN.host });
    expect(mismatched.json().checkoutUrl.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  });

  it('a visitor is asked to sign in; a candidate and an admin are refused; a company with no paid plan has no billing account', async () => {
    expect((await t.post('/api/subscription/portal', null)).statusCode).toBe(401);
    for (const caller of [candidate, admin]) {
      const refused = await t.post('/api/subscription/portal', caller.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(SUBSCRIPTION_MESSAGES.companiesOnly);
    }
    for (const caller of [superAdmin]) {
      const none = await t.post('/api/subscription/portal', caller.token);
      expect(none.statusCode).toBe(409);
      expect(none.json().error).toBe(SUBSCRIPTION_MESSAGES.noBillingAccount);
    }
  });

  it('the owner’s portal opens on the origin the browser is on, in TEST MODE, showing its plan', async () => {
    const portal = await t.post('/api/subscription/portal', owner.token, undefined, LAN);
    expect(portal.statusCode, portal.body).toBe(200);
    const url = new URL(portal.json().url as string);
    expect(url.origin).toBe(LAN.origin);
    portalPath = url.pathname;
    const page = await t.get(portalPath, null);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Current plan: <strong>Small Business</strong>');
    expect(page.body).toContain(`href="${LAN.origin}/pricing?billing=portal"`);
  });

  it('another company’s portal is its own: it shows its plan, never the owner’s, and acting there leaves the owner untouched', async () => {
    const { checkoutUrl } = { checkoutUrl: (await t.post('/api/subscription/create', other.token, { planId: 'vc_startup' })).json().checkoutUrl as string };
    t.remember(await t.app.inject({ method: 'POST', url: `${new URL(checkoutUrl).pathname}/confirm`, payload: '', headers: form }));
    const portal = await t.post('/api/subscription/portal', other.token);
    const otherPath = new URL(portal.json().url as string).pathname;
    expect(otherPath).not.toBe(portalPath);
    const page = await t.get(otherPath, null);
    expect(page.body).toContain('Current plan: <strong>VC Startup</strong>');
    const before = (await t.stream(owner.companyId!)).length;
    const cancelled = t.remember(await t.app.inject({ method: 'POST', url: otherPath, payload: 'action=cancel', headers: form }));
    expect(cancelled.statusCode).toBe(303);
    expect((await t.stream(owner.companyId!)).length).toBe(before);
    expect((await t.stream(other.companyId!)).at(-1)).toMatchObject({ type: 'SubscriptionPlanChangeScheduled', data: { toPlanId: 'free' } });
  });

  it('a plan chosen in the portal is scheduled for the period’s end: the event, the read model and the page say so', async () => {
    await act('action=change&plan=vc_startup%3Aannual');
    const last = (await t.stream(owner.companyId!)).at(-1)!;
    expect(last).toMatchObject({ type: 'SubscriptionPlanChangeScheduled', data: { planId: 'small_business', toPlanId: 'vc_startup', cancelAtPeriodEnd: false }, metadata: { actor: 'system' } });
    const now = await current(owner.token);
    expect(now).toMatchObject({ planId: 'small_business', status: 'trialing', scheduledPlanId: 'vc_startup' });
    expect((await t.get(portalPath, null)).body).toContain('Your plan changes to VC Startup ($990/year)');
    // Choosing the current plan again drops the change.
    await act('action=change&plan=small_business%3Amonthly');
    expect(await current(owner.token)).toMatchObject({ planId: 'small_business', scheduledPlanId: null });
  });

  it('cancelling keeps the plan until the period ends; taking it back renews; the period ending ends the plan', async () => {
    await act('action=cancel');
    const cancelled = await current(owner.token);
    expect(cancelled).toMatchObject({ planId: 'small_business', status: 'trialing', scheduledPlanId: 'free' });
    expect(cancelled.currentPeriodEnd).toEqual(expect.any(String));
    expect((await t.stream(owner.companyId!)).at(-1)).toMatchObject({ type: 'SubscriptionPlanChangeScheduled', data: { toPlanId: 'free', cancelAtPeriodEnd: true } });
    expect((await t.get(portalPath, null)).body).toContain('Your plan ends on');
    // Cancelling twice changes nothing.
    const events = (await t.stream(owner.companyId!)).length;
    await act('action=cancel');
    expect((await t.stream(owner.companyId!)).length).toBe(events);

    await act('action=renew');
    expect(await current(owner.token)).toMatchObject({ planId: 'small_business', status: 'trialing', scheduledPlanId: null });

    await act('action=cancel');
    await act('action=end-period');
    expect((await t.stream(owner.companyId!)).at(-1)).toMatchObject({ type: 'SubscriptionCanceled' });
    expect(await current(owner.token)).toMatchObject({ status: 'canceled', scheduledPlanId: null });
    // The company may choose a plan again: the pricing page's buttons work once more.
    expect((await t.post('/api/subscription/create', owner.token, { planId: 'free' })).statusCode).toBe(200);
  });

  it('a bad form is a 400 page, an unknown portal session a 404, and neither records anything', async () => {
    const events = (await t.stream(owner.companyId!)).length;
    const bad = await t.app.inject({ method: 'POST', url: portalPath, payload: 'action=change&plan=platinum%3Aweekly', headers: form });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/payments/simulated/portal/bps_sim_000000', payload: 'action=cancel', headers: form });
    expect(unknown.statusCode).toBe(404);
    expect((await t.get('/api/payments/simulated/portal/bps_sim_000000', null)).statusCode).toBe(404);
    expect((await t.stream(owner.companyId!)).length).toBe(events);
  });
});

describe('the Stripe billing portal (the SDK against a local stand-in for Stripe)', () => {
  let stripe: Awaited<ReturnType<typeof startStripeTestServer>>;
  let t: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    stripe = await startStripeTestServer();
    t = await startApp({ STRIPE_SECRET_KEY: 'sk_test_portal_1', STRIPE_API_BASE: stripe.url });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const deliver = async (type: string, object: object, created: number) => {
    const payload = JSON.stringify({ id: `evt_${type}_${created}`, object: 'event', type, created, data: { object } });
    const { signature } = signWebhook(WEBHOOK_SECRET, payload, Math.floor(Date.now() / 1000));
    const answer = t.remember(await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } }));
    expect(answer.statusCode, answer.body).toBe(200);
  };

  it('opens billingPortal.sessions for the company’s customer, returning to the browser’s origin; its cancel and deletion arrive by webhook', async () => {
    const owner = await t.signUp('company', 'maya@northwind.example');
    const created = await t.post('/api/subscription/create', owner.token, { planId: 'small_business' }, LAN);
    expect(created.statusCode, created.body).toBe(200);
    const checkout = stripe.received.find((call) => call.path === '/v1/checkout/sessions')!;
    expect(checkout.body.success_url).toBe(`${LAN.origin}/pricing?checkout=success&session_id={CHECKOUT_SESSION_ID}`);
    const customer = checkout.body.customer!;
    const now = Math.floor(Date.now() / 1000);
    const subscription = {
      id: 'sub_portal_1',
      object: 'subscription',
      customer,
      status: 'active',
      created: now - 60,
      cancel_at_period_end: false,
      metadata: { companyId: owner.companyId, planId: 'small_business', billingPeriod: 'monthly' },
      items: { data: [{ current_period_start: now - 60, current_period_end: now + 30 * 86400, price: { recurring: { interval: 'month' } } }] },
    };
    await deliver('customer.subscription.created', subscription, now - 60);

    const portal = await t.post('/api/subscription/portal', owner.token, undefined, LAN);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const call = stripe.received.find((request) => request.path === '/v1/billing_portal/sessions')!;
    expect(call.body).toEqual({ customer, return_url: `${LAN.origin}/pricing?billing=portal` });

    // The company cancels in Stripe's portal: Stripe says so with customer.subscription.updated.
    await deliver('customer.subscription.updated', { ...subscription, cancel_at_period_end: true }, now - 30);
    expect((await t.get('/api/subscription/current', owner.token)).json()).toMatchObject({ planId: 'small_business', status: 'active', scheduledPlanId: 'free' });
    // The period ends: customer.subscription.deleted.
    await deliver('customer.subscription.deleted', { ...subscription, cancel_at_period_end: true, status: 'canceled' }, now);
    expect((await t.get('/api/subscription/current', owner.token)).json()).toMatchObject({ status: 'canceled', scheduledPlanId: null });
    expect((await t.stream(owner.companyId!)).map((event) => event.type)).toEqual(['SubscriptionCheckoutStarted', 'SubscriptionActivated', 'SubscriptionPlanChangeScheduled', 'SubscriptionCanceled']);
  });
});
