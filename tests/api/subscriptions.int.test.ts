import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, NO_SUBSCRIPTION, POSITION_HEADER, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_PLANS, subscriptionStreamId } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { loadConfig } from '@hireloop/platform/config';
import { signWebhook } from '@hireloop/platform/payments';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * Subscriptions on the real app over PostgreSQL (ADR 030), with the embedded default's simulated
 * checkout: plans for anyone, the current subscription and plan choice for company users only,
 * every kind of caller tried, and a paid plan taken through the test checkout page, whose signed
 * events reach the read model through POST /api/stripe/webhook.
 */
const WEBHOOK_SECRET = 'whsec_subscriptions_api_test';
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let position = '';

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://hireloop.test' }));
  app = await buildApp(runtime, { spaDir: false, readYourWritesTimeoutMs: 15_000, publicUrl: 'http://hireloop.test' });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

type Headers = Record<string, string>;
const remember = <R extends { headers: Record<string, unknown> }>(response: R): R => {
  const written = response.headers[POSITION_HEADER];
  if (typeof written === 'string' && written > position) position = written;
  return response;
};
const bearer = (token: string | null): Headers => (token ? { authorization: `Bearer ${token}` } : {});
const post = async (url: string, token: string | null, payload?: object) => remember(await app.inject({ method: 'POST', url, payload, headers: bearer(token) }));
const get = (url: string, token: string | null) => app.inject({ method: 'GET', url, headers: { [MIN_POSITION_HEADER]: position, ...bearer(token) } });

interface Caller {
  token: string;
  companyId: string | null;
  email: string;
}
const signUp = async (kind: 'candidate' | 'company', email: string): Promise<Caller> => {
  const payload =
    kind === 'candidate'
      ? { name: 'Ada Lovelace', email, password: 'candidate-password' }
      : { companyName: `Company ${email}`, contactName: 'Maya Okafor', email, password: 'company-password', website: 'https://northwind.example', location: 'Austin, TX', industry: 'Data' };
  const response = await post(`/api/auth/${kind}/signup`, null, payload);
  expect(response.statusCode).toBe(201);
  const body = response.json() as { token: string; user: { companyId?: string | null } };
  return { token: body.token, companyId: body.user.companyId ?? null, email };
};
const grant = (email: string, role: 'admin' | 'super_admin') => grantRoleAsSystem({ ...runtime, sessionTtlMs: 0, publicUrl: '', linkedin: null }, email, role, 'test');

let owner: Caller;
let other: Caller;
let candidate: Caller;
let admin: Caller;
let superAdmin: Caller;

beforeAll(async () => {
  owner = await signUp('company', 'maya@northwind.example');
  other = await signUp('company', 'jo@contoso.example');
  candidate = await signUp('candidate', 'ada@example.com');
  admin = await signUp('candidate', 'grace@example.com');
  await grant(admin.email, 'admin');
  superAdmin = await signUp('company', 'root@initech.example');
  await grant(superAdmin.email, 'super_admin');
});

describe('GET /api/subscription/plans', () => {
  it('answers the four plans to anyone, signed in or not', async () => {
    for (const caller of [null, owner, candidate, admin, superAdmin]) {
      const response = await get('/api/subscription/plans', caller?.token ?? null);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(SUBSCRIPTION_PLANS);
    }
  });
});

describe('GET /api/subscription/current', () => {
  it('a visitor is asked to sign in; a candidate and a candidate admin are refused', async () => {
    expect((await get('/api/subscription/current', null)).statusCode).toBe(401);
    for (const caller of [candidate, admin]) {
      const refused = await get('/api/subscription/current', caller.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(SUBSCRIPTION_MESSAGES.companiesOnly);
    }
  });

  it('a company that chose nothing yet has status none (the pricing modal opens)', async () => {
    const response = await get('/api/subscription/current', owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual(NO_SUBSCRIPTION);
  });
});

describe('POST /api/subscription/create', () => {
  it('a visitor is asked to sign in; a candidate and a candidate admin are refused, with nothing recorded', async () => {
    expect((await post('/api/subscription/create', null, { planId: 'free' })).statusCode).toBe(401);
    for (const caller of [candidate, admin]) {
      const refused = await post('/api/subscription/create', caller.token, { planId: 'small_business' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(SUBSCRIPTION_MESSAGES.companiesOnly);
    }
  });

  it('an unknown plan or billing period is a 400 that names the choices', async () => {
    const response = await post('/api/subscription/create', owner.token, { planId: 'gold' });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Plan must be one of free, small_business, vc_startup, enterprise');
    expect(JSON.stringify((await post('/api/subscription/create', owner.token, { planId: 'vc_startup', billingPeriod: 'weekly' })).json())).toContain('Billing period must be monthly or annual');
  });

  it('the free plan applies at once; choosing it again is a 409', async () => {
    const response = await post('/api/subscription/create', owner.token, { planId: 'free' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, planId: 'free', status: 'active' });
    const current = await get('/api/subscription/current', owner.token);
    expect(current.json()).toMatchObject({ planId: 'free', status: 'active', planDetails: { name: 'Free', maxJobPostings: 1 } });
    const again = await post('/api/subscription/create', owner.token, { planId: 'free' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(SUBSCRIPTION_MESSAGES.alreadyOnPlan);
  });

  it('a paid plan goes through the test checkout; its signed events reach the read model through the webhook', async () => {
    const created = await post('/api/subscription/create', owner.token, { planId: 'small_business', billingPeriod: 'annual' });
    expect(created.statusCode, created.body).toBe(200);
    const { checkoutUrl, sessionId } = created.json() as { checkoutUrl: string; sessionId: string };
    expect(checkoutUrl).toBe(`http://hireloop.test/api/payments/simulated/checkout/${sessionId}`);
    expect((await get('/api/subscription/current', owner.token)).json()).toMatchObject({ planId: 'free', status: 'active', pendingPlanId: 'small_business' });

    const page = await get(new URL(checkoutUrl).pathname, null);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('$250/year (save $50)');

    const confirmed = await app.inject({ method: 'POST', url: `${new URL(checkoutUrl).pathname}/confirm`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    expect(confirmed.headers.location).toBe(`http://hireloop.test/pricing?checkout=success&session_id=${sessionId}`);
    // Confirming again (a double click, a reload) delivers the same events: no second effect.
    expect((await app.inject({ method: 'POST', url: `${new URL(checkoutUrl).pathname}/confirm`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(303);

    const { events } = await runtime.eventStore.readStream(subscriptionStreamId(owner.companyId!));
    expect(events.map((event) => event.type)).toEqual(['FreePlanActivated', 'SubscriptionCheckoutStarted', 'SubscriptionTrialing']);
    expect(events[2]!.metadata).toMatchObject({ actor: 'system', causationId: expect.stringMatching(/^evt_sim_/) });
    position = events[2]!.position > position ? events[2]!.position : position;

    const current = (await get('/api/subscription/current', owner.token)).json();
    expect(current).toMatchObject({ planId: 'small_business', status: 'trialing', billingPeriod: 'annual', pendingPlanId: null, scheduledPlanId: null, planDetails: { name: 'Small Business', mostPopular: true } });
    const trialDays = (Date.parse(current.trialEnd) - Date.now()) / (24 * 3600 * 1000);
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
  });

  it('with a live paid plan: the same plan is a 409, another paid plan or free goes through the billing portal', async () => {
    const same = await post('/api/subscription/create', owner.token, { planId: 'small_business' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe(SUBSCRIPTION_MESSAGES.alreadyOnPlan);
    for (const planId of ['vc_startup', 'free']) {
      const refused = await post('/api/subscription/create', owner.token, { planId });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(SUBSCRIPTION_MESSAGES.changePaidPlanInPortal);
    }
    const portal = await post('/api/subscription/portal', owner.token);
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toEqual({ success: true, url: expect.stringMatching(/^http:\/\/hireloop\.test\/api\/payments\/simulated\/portal\/bps_sim_[0-9a-f]+$/) });
  });

  it('another company is untouched and has no billing account yet', async () => {
    expect((await get('/api/subscription/current', other.token)).json()).toEqual(NO_SUBSCRIPTION);
    const portal = await post('/api/subscription/portal', other.token);
    expect(portal.statusCode).toBe(409);
    expect(portal.json().error).toBe(SUBSCRIPTION_MESSAGES.noBillingAccount);
  });

  it('a super admin of a company chooses their own company’s plan', async () => {
    expect((await post('/api/subscription/create', superAdmin.token, { planId: 'free' })).statusCode).toBe(200);
    expect((await get('/api/subscription/current', superAdmin.token)).json()).toMatchObject({ planId: 'free', status: 'active' });
  });

  it('the webhook on the composed app verifies the raw body: a tampered delivery is a 400 with no effect', async () => {
    const payload = JSON.stringify({
      id: 'evt_tampered',
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'sub_x', object: 'subscription', customer: 'cus_x', status: 'active', created: 1, cancel_at_period_end: false, metadata: { companyId: other.companyId, planId: 'enterprise' } } },
    });
    const { signature } = signWebhook(WEBHOOK_SECRET, payload, Math.floor(Date.now() / 1000));
    // The same JSON re-serialised (a space added) no longer matches the signed bytes.
    const reformatted = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: payload.replace('"object":"event"', '"object": "event"'), headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    expect(reformatted.statusCode).toBe(400);
    expect(reformatted.json().error).toBe(SUBSCRIPTION_MESSAGES.badSignature);
    expect((await runtime.eventStore.readStream(subscriptionStreamId(other.companyId!))).events).toEqual([]);
    const genuine = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    expect(genuine.json()).toEqual({ received: true, applied: true });
  });
});
