import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, ERASED, MIN_POSITION_HEADER, candidateContactStreamId, type Role } from '@hireloop/contracts';
import { erasePerson } from '@hireloop/command-service/erase-person/erasure';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { CONTACTS_PER_ACCOUNT } from '@hireloop/command-service/contacts/throttle';
import { contactThreadIdFor } from '@hireloop/command-service/contacts/decider';
import { recipientsInbox } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition } from '@hireloop/platform/event-store';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import { signWebhook } from '@hireloop/platform/payments';
import { findInboxOfCandidate } from '@hireloop/projections/inbox/queries';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { tablesHolding as holdingText } from '../support/table-scan';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * Contacting candidates on the real app over PostgreSQL (issue 12, ADR 032). Each company's plan
 * is set the way production sets it: the free plan by its route, paid states by signed
 * subscription events through POST /api/stripe/webhook. The gate is tried once per state; the
 * message reaches the candidate by mail (through the bus) and in their inbox, and erasing the
 * candidate leaves no table holding it.
 */
const PUBLIC_URL = 'http://hireloop.test';
const WEBHOOK_SECRET = 'whsec_contacts_api_test';
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let mail: ReturnType<typeof recipientsInbox>;
let position = '';

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL }));
  mail = recipientsInbox(runtime.mailer);
  app = await buildApp({ ...runtime, mailer: mail }, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

let addresses = 0;
const post = async (url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) => {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    // Every caller from an address of its own: the sign-up throttle is not what this test is about.
    remoteAddress: `10.12.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
  });
  if (response.headers['x-position']) position = maxPosition(position, String(response.headers['x-position']));
  return response;
};
const get = (url: string, token: string | null) => app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), [MIN_POSITION_HEADER]: position } });
const grant = async (email: string, role: Role) => {
  const result = await grantRoleAsSystem({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, email, role, 'test');
  position = maxPosition(position, result.position);
};

interface Caller {
  token: string;
  email: string;
  companyId: string | null;
  userId: string;
}
const signUpCompany = async (key: string, companyName: string): Promise<Caller> => {
  const email = `${key}@${key}.example`;
  const response = await post('/api/auth/company/signup', null, { companyName, contactName: `${key} hiring`, email, password: 'company-password-1', website: `https://${key}.example`, location: 'Austin, TX', industry: 'Data' });
  expect(response.statusCode).toBe(201);
  return { token: response.json().token, email, companyId: response.json().user.companyId, userId: response.json().user.id };
};
const signUpCandidate = async (name: string, email: string): Promise<Caller> => {
  const response = await post('/api/auth/candidate/signup', null, { name, email, password: 'candidate-password-1' });
  expect(response.statusCode).toBe(201);
  return { token: response.json().token, email, companyId: null, userId: response.json().user.id };
};
const createProfile = async (caller: Caller, title: string, isPublic: boolean) => {
  const response = await post('/api/profile', caller.token, { jobTitle: title, skills: ['Kafka', 'SQL'], experience: '7 years', location: 'Lisbon, Portugal', isActivelyLooking: true, isPublic });
  expect(response.statusCode).toBe(201);
  return response.json().profile.id as string;
};

/** A signed `customer.subscription.updated` in Stripe's shape, as the provider sends it. */
let eventNumber = 0;
async function deliver(companyId: string, status: 'trialing' | 'active' | 'past_due' | 'canceled', createdSecondsAgo: number) {
  const now = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_contacts_${++eventNumber}`,
    object: 'event',
    type: status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
    created: now - createdSecondsAgo,
    data: {
      object: {
        id: `sub_${companyId}`,
        object: 'subscription',
        customer: `cus_${companyId}`,
        status,
        created: now - 3600,
        cancel_at_period_end: false,
        trial_end: status === 'trialing' ? now + 14 * 86_400 : null,
        metadata: { companyId, planId: 'small_business', billingPeriod: 'monthly' },
        items: { data: [{ current_period_start: now - 3600, current_period_end: now + 30 * 86_400 }] },
      },
    },
  });
  const { signature } = signWebhook(WEBHOOK_SECRET, payload, now);
  const response = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  expect(response.json(), response.body).toEqual({ received: true, applied: true });
}

/** Puts a company in a state of the gate the way production does. */
async function putOnPlan(company: Caller, state: GateState) {
  const companyId = company.companyId!;
  if (state === 'no plan') return;
  if (state === 'free') {
    expect((await post('/api/subscription/create', company.token, { planId: 'free' })).statusCode).toBe(200);
    return;
  }
  if (state === 'trialing') return deliver(companyId, 'trialing', 10);
  await deliver(companyId, 'active', 20);
  if (state === 'past_due' || state === 'canceled') await deliver(companyId, state, 10);
}

/** Mail leaves through the bus's work queue: wait for the `count`-th mail to `to`. */
async function mailsTo(to: string, count = 1): Promise<MailMessage[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = mail.receivedBy(to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const GATE = [
  ['no plan', false, CONTACT_MESSAGES.noPlan],
  ['free', false, CONTACT_MESSAGES.freePlan],
  ['trialing', true, null],
  ['active', true, null],
  ['past_due', true, null],
  ['canceled', false, CONTACT_MESSAGES.subscriptionEnded],
] as const;
type GateState = (typeof GATE)[number][0];

const companies = new Map<GateState, Caller>();
let ada: Caller;
let bo: Caller;
let cy: Caller;
let dee: Caller;
let adaProfile: string;
let boProfile: string;
let cyProfile: string;
let admin: Caller;
let superAdmin: Caller;

beforeAll(async () => {
  for (const [state] of GATE) {
    const key = `gate-${state.replace(/[ _]/g, '-')}`;
    const company = await signUpCompany(key, `Gate ${state} Inc`);
    await putOnPlan(company, state);
    companies.set(state, company);
  }
  ada = await signUpCandidate('Ada Lovelace', 'ada@candidates.example');
  bo = await signUpCandidate('Bo Brightwater', 'bo@candidates.example');
  cy = await signUpCandidate('Cy Private', 'cy@candidates.example');
  dee = await signUpCandidate('Dee Noprofile', 'dee@candidates.example');
  adaProfile = await createProfile(ada, 'Data Engineer', true);
  boProfile = await createProfile(bo, 'Frontend Engineer', true);
  cyProfile = await createProfile(cy, 'Platform Engineer', false);
  admin = await signUpCandidate('Grace Admin', 'grace@admins.example');
  await grant(admin.email, 'admin');
  superAdmin = await signUpCompany('root', 'Initech');
  await grant(superAdmin.email, 'super_admin');
}, 60_000);

const company = (state: GateState) => companies.get(state)!;

describe('POST /api/candidates/contact: the plan gate, one company per state', () => {
  it.each(GATE)('%s → allowed: %s', async (state, allowed, refusal) => {
    const response = await post('/api/candidates/contact', company(state).token, { candidateId: adaProfile, message: `  Hello from the ${state} company.  `, contactType: 'inquiry' });
    if (allowed) {
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ success: true, message: 'Contact Sent!', contactId: expect.any(String) });
      const { events } = await runtime.eventStore.readStream(candidateContactStreamId(contactThreadIdFor(company(state).companyId!, ada.userId)));
      expect(events.map((event) => [event.type, (event.data as { message: string }).message])).toEqual([['CandidateContacted', `Hello from the ${state} company.`]]);
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, error: refusal, requiresUpgrade: true });
      const { events } = await runtime.eventStore.readStream(candidateContactStreamId(contactThreadIdFor(company(state).companyId!, ada.userId)));
      expect(events).toEqual([]);
    }
  });
});

describe('POST /api/candidates/contact: who may call it', () => {
  it('a visitor is asked to sign in', async () => {
    const response = await post('/api/candidates/contact', null, { candidateId: adaProfile, message: 'Hi' });
    expect(response.statusCode).toBe(401);
  });

  it('a candidate and an admin without a company are refused, without requiresUpgrade', async () => {
    for (const caller of [bo, admin]) {
      const response = await post('/api/candidates/contact', caller.token, { candidateId: adaProfile, message: 'Hi' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, error: CONTACT_MESSAGES.companiesOnly });
    }
  });

  it('a super admin of a company is held to their company’s plan: none yet, so requiresUpgrade', async () => {
    const response = await post('/api/candidates/contact', superAdmin.token, { candidateId: adaProfile, message: 'Hi' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, error: CONTACT_MESSAGES.noPlan, requiresUpgrade: true });
  });

  it('a private profile, a candidate without one and an unknown id are one answer: 404', async () => {
    for (const candidateId of [cyProfile, 'no-such-profile', dee.userId]) {
      const response = await post('/api/candidates/contact', company('active').token, { candidateId, message: 'Hi' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(CONTACT_MESSAGES.candidateNotFound);
    }
  });

  it('an empty or whitespace-only message is a 400 with a clear text; a missing candidateId too', async () => {
    for (const message of ['', '   \n\t ']) {
      const response = await post('/api/candidates/contact', company('active').token, { candidateId: boProfile, message });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(CONTACT_MESSAGES.emptyMessage);
    }
    expect((await post('/api/candidates/contact', company('active').token, { message: 'Hi' })).statusCode).toBe(400);
    expect((await post('/api/candidates/contact', company('active').token, { candidateId: boProfile, message: 'Hi', contactType: 'spam' })).statusCode).toBe(400);
  });
});

describe('the message reaches the candidate', () => {
  it('by mail, through the bus, with the company’s name and the inbox link', async () => {
    const mails = await mailsTo(ada.email, 3);
    const fromActive = mails.find((one) => one.text.includes('Hello from the active company.'))!;
    expect(fromActive.subject).toBe('Gate active Inc would like to get in touch');
    expect(fromActive.text).toContain('Hi Ada Lovelace,');
    expect(fromActive.text).toContain(`${PUBLIC_URL}/inbox`);
    // Nothing went out for the refused states.
    expect(mails.filter((one) => /no plan|free|canceled/.test(one.text))).toEqual([]);
  });

  it('in their inbox: their own messages only, newest first, with the company’s name', async () => {
    const response = await get('/api/inbox', ada.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { messages } = response.json() as { messages: Array<{ companyName: string; message: string; sentAt: string; contactType: string }> };
    expect(messages.map((one) => [one.companyName, one.message])).toEqual(
      expect.arrayContaining([
        ['Gate trialing Inc', 'Hello from the trialing company.'],
        ['Gate active Inc', 'Hello from the active company.'],
        ['Gate past_due Inc', 'Hello from the past_due company.'],
      ]),
    );
    expect(messages).toHaveLength(3);
    expect(messages.map((one) => one.sentAt)).toEqual([...messages.map((one) => one.sentAt)].sort().reverse());

    // Another candidate sees only theirs: none yet, then the one sent to them.
    expect((await get('/api/inbox', bo.token)).json()).toEqual({ success: true, messages: [], unreadCount: 0 });
    expect((await post('/api/candidates/contact', company('trialing').token, { candidateId: boProfile, message: 'Bo, are you open to a chat?' })).statusCode).toBe(201);
    const boInbox = (await get('/api/inbox', bo.token)).json();
    expect(boInbox.messages).toEqual([
      { contactId: expect.any(String), companyId: company('trialing').companyId, companyName: 'Gate trialing Inc', contactType: 'inquiry', message: 'Bo, are you open to a chat?', sentAt: expect.any(String), unread: true },
    ]);
    expect(boInbox.unreadCount).toBe(1);
    expect((await get('/api/inbox', ada.token)).json().messages).toHaveLength(3);
  });

  it('GET /api/inbox: a visitor is asked to sign in; companies and a company super admin are refused; a candidate admin has their own (empty) inbox', async () => {
    expect((await get('/api/inbox', null)).statusCode).toBe(401);
    for (const caller of [company('active'), company('free'), superAdmin]) {
      const response = await get('/api/inbox', caller.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(CONTACT_MESSAGES.inboxCandidatesOnly);
    }
    expect((await get('/api/inbox', admin.token)).json()).toEqual({ success: true, messages: [], unreadCount: 0 });
  });

  it('POST /api/inbox/read: what was sent up to the mark is read, later messages are new; a mark never moves back; only the candidate’s own', async () => {
    const before = (await get('/api/inbox', ada.token)).json() as { messages: Array<{ sentAt: string; unread: boolean }>; unreadCount: number };
    expect(before.unreadCount).toBe(3);
    expect(before.messages.every((one) => one.unread)).toBe(true);
    // Up to the second newest: the newest stays new.
    const secondNewest = before.messages[1]!.sentAt;
    const marked = await post('/api/inbox/read', ada.token, { upTo: secondNewest });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ success: true, readUpTo: secondNewest });
    let after = (await get('/api/inbox', ada.token)).json() as typeof before;
    expect(after.messages.map((one) => one.unread)).toEqual([true, false, false]);
    expect(after.unreadCount).toBe(1);
    // An older mark is no step back, and records nothing.
    const older = await post('/api/inbox/read', ada.token, { upTo: '2020-01-01T00:00:00.000Z' });
    expect(older.json()).toEqual({ success: true, readUpTo: secondNewest });
    expect(older.headers['x-position']).toBeUndefined();
    // A mark in the future counts as now.
    const future = await post('/api/inbox/read', ada.token, { upTo: '2999-01-01T00:00:00.000Z' });
    expect(Date.parse(future.json().readUpTo)).toBeLessThanOrEqual(Date.now());
    after = (await get('/api/inbox', ada.token)).json() as typeof before;
    expect(after.unreadCount).toBe(0);
    // Bo's inbox is untouched by Ada's marks.
    expect((await get('/api/inbox', bo.token)).json().unreadCount).toBe(1);

    expect((await post('/api/inbox/read', null, { upTo: secondNewest })).statusCode).toBe(401);
    for (const caller of [company('active'), superAdmin]) {
      const refused = await post('/api/inbox/read', caller.token, { upTo: secondNewest });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(CONTACT_MESSAGES.inboxCandidatesOnly);
    }
    // An admin who is a candidate marks their own (empty) inbox.
    expect((await post('/api/inbox/read', admin.token, { upTo: secondNewest })).statusCode).toBe(200);
    const bad = await post('/api/inbox/read', ada.token, { upTo: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('upTo must be the time of a message (ISO 8601)');
  });
});

describe('the company’s sent messages (GET /api/contacts/sent)', () => {
  it('lists what its company sent, newest first, with the candidate’s card id and title; nothing of other companies', async () => {
    const response = await get('/api/contacts/sent', company('trialing').token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { messages } = response.json() as { messages: Array<{ candidateId: string; candidateTitle: string; message: string; sentAt: string }> };
    expect(messages.map((one) => [one.candidateId, one.candidateTitle, one.message])).toEqual([
      [boProfile, 'Frontend Engineer', 'Bo, are you open to a chat?'],
      [adaProfile, 'Data Engineer', 'Hello from the trialing company.'],
    ]);
    expect(messages.map((one) => one.sentAt)).toEqual([...messages.map((one) => one.sentAt)].sort().reverse());
    // A company that sent nothing has an empty list; the refused states sent nothing.
    expect((await get('/api/contacts/sent', company('free').token)).json()).toEqual({ success: true, messages: [] });
  });

  it('a visitor is asked to sign in; candidates, and an admin who is a candidate, are refused; a super admin of a company sees their company’s (none)', async () => {
    expect((await get('/api/contacts/sent', null)).statusCode).toBe(401);
    for (const caller of [ada, admin]) {
      const refused = await get('/api/contacts/sent', caller.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(CONTACT_MESSAGES.sentCompaniesOnly);
    }
    expect((await get('/api/contacts/sent', superAdmin.token)).json()).toEqual({ success: true, messages: [] });
  });
});

describe('limits and erasure', () => {
  it(`a company account sends at most ${CONTACTS_PER_ACCOUNT.limit} contacts an hour: then 429 with Retry-After, nothing recorded`, async () => {
    const sender = company('past_due');
    // The gate test already counted one.
    for (let n = 2; n <= CONTACTS_PER_ACCOUNT.limit; n++) {
      expect((await post('/api/candidates/contact', sender.token, { candidateId: boProfile, message: `Follow-up ${n}` })).statusCode).toBe(201);
    }
    const limited = await post('/api/candidates/contact', sender.token, { candidateId: boProfile, message: 'One too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^You have contacted many candidates in a short time\. Please try again in \d+ minutes?\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
    const { events } = await runtime.eventStore.readStream(candidateContactStreamId(contactThreadIdFor(sender.companyId!, bo.userId)));
    expect(events).toHaveLength(CONTACTS_PER_ACCOUNT.limit - 1);
  });

  it('erasing the candidate leaves no table holding the message; the inbox reads [erased]; they cannot be contacted again; erasing the sender keeps the candidate’s mail', async () => {
    const pool = new pg.Pool({ connectionString: db.url });
    const tablesHolding = (text: string) => holdingText(pool, text, position);
    try {
      const adaMessage = 'Hello from the active company.';
      // Before: the scan finds it in the read model and the outbox (so it can fail); the log keeps it sealed.
      const before = await tablesHolding(adaMessage);
      expect(before).toEqual(expect.arrayContaining(['rm_messages_v2', 'mail_outbox']));
      // The log never held it in the clear: the event store sealed it under Ada's key.
      expect(before).not.toContain('events');
      const report = await erasePerson({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, ada.userId, 'test-erase-ada');
      position = maxPosition(position, report.position);
      // Once the read models have caught up with the erasure (a query with its position waits for them):
      expect((await get('/api/inbox', bo.token)).statusCode).toBe(200);
      expect((await findInboxOfCandidate(runtime.readStore, ada.userId)).map((doc) => doc.message)).toEqual([ERASED, ERASED, ERASED]);
      for (const text of [adaMessage, 'Hello from the trialing company.', 'Hello from the past_due company.']) expect(await tablesHolding(text), text).toEqual([]);
      // Bo's messages are untouched: the scan still finds one.
      expect(await tablesHolding('Bo, are you open to a chat?')).not.toEqual([]);
      // The log keeps the event, its message unreadable.
      const { events } = await runtime.eventStore.readStream(candidateContactStreamId(contactThreadIdFor(company('active').companyId!, ada.userId)));
      expect(events.map((event) => (event.data as { message: string }).message)).toEqual([ERASED]);
      const again = await post('/api/candidates/contact', company('active').token, { candidateId: adaProfile, message: 'Still there?' });
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe(CONTACT_MESSAGES.candidateNotFound);

      // The sender's side: erasing the company user who wrote to Bo leaves Bo's message in Bo's
      // inbox (it is Bo's mail, from the company), and no table holds who the sender was.
      const sender = company('trialing');
      expect(await tablesHolding(sender.email)).not.toEqual([]);
      const senderReport = await erasePerson({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, sender.userId, 'test-erase-sender');
      position = maxPosition(position, senderReport.position);
      const boInbox = (await get('/api/inbox', bo.token)).json();
      expect(boInbox.messages.find((one: { companyName: string }) => one.companyName === 'Gate trialing Inc')).toMatchObject({ message: 'Bo, are you open to a chat?' });
      for (const text of [sender.email, 'gate-trialing hiring']) expect(await tablesHolding(text), text).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
