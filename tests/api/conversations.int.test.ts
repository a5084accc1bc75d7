import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, CONTACT_MESSAGE_MAX_LENGTH, ERASED, MIN_POSITION_HEADER, candidateContactStreamId, type Role } from '@hireloop/contracts';
import { erasePerson } from '@hireloop/command-service/erase-person/erasure';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { contactThreadIdFor } from '@hireloop/command-service/contacts/decider';
import { REPLIES_PER_ACCOUNT } from '@hireloop/command-service/contacts/throttle';
import { recipientsInbox } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition } from '@hireloop/platform/event-store';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import { signWebhook } from '@hireloop/platform/payments';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { tablesHolding as holdingText } from '../support/table-scan';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * Two-way messages on the real app over PostgreSQL (issue 24, ADR 069): a company contacts a
 * candidate, the candidate replies, the company reads and answers; each side's unread count; every
 * new route as visitor, the thread's candidate, another candidate, the thread's company, another
 * company, an admin and a super admin; a company whose plan ended still reads but cannot write;
 * erasing the candidate leaves no table holding the reply.
 */
const PUBLIC_URL = 'http://hireloop.test';
const WEBHOOK_SECRET = 'whsec_conversations_api_test';
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
const post = async (url: string, token: string | null, payload?: unknown) => {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.24.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
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
const createProfile = async (caller: Caller, title: string) => {
  const response = await post('/api/profile', caller.token, { jobTitle: title, skills: ['Kafka', 'SQL'], experience: '7 years', location: 'Lisbon, Portugal', isActivelyLooking: true, isPublic: true });
  expect(response.statusCode).toBe(201);
  return response.json().profile.id as string;
};

let eventNumber = 0;
/** A signed subscription event in Stripe's shape, through the webhook as production gets it. */
async function deliver(companyId: string, status: 'trialing' | 'canceled', createdSecondsAgo: number) {
  const now = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_conversations_${++eventNumber}`,
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

/** Mail leaves through the bus's work queue: wait for the `count`-th mail to `to`. */
async function mailTo(to: string, holding: string): Promise<MailMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = mail.receivedBy(to).find((one) => one.text.includes(holding));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} holding ${holding}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface ConversationAnswer {
  threadId: string;
  companyName: string;
  candidate: { profileId: string; title: string; displayName: string; known: boolean };
  messages: Array<{ from: string; message: string; unread: boolean }>;
  unreadCount: number;
}
const conversationsOf = async (caller: Caller) => {
  const response = await get('/api/conversations', caller.token);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json() as { conversations: ConversationAnswer[]; unreadCount: number };
};

let acme: Caller;
let globex: Caller;
let ada: Caller;
let bo: Caller;
let admin: Caller;
let superAdmin: Caller;
let adaProfile: string;
let boProfile: string;
let thread: string;
const REPLY = 'Happy to talk — Tuesday works for me.';

beforeAll(async () => {
  acme = await signUpCompany('acme', 'Acme Analytics');
  await deliver(acme.companyId!, 'trialing', 30);
  globex = await signUpCompany('globex', 'Globex Data');
  await deliver(globex.companyId!, 'trialing', 30);
  ada = await signUpCandidate('Ada Lovelace', 'ada@candidates.example');
  bo = await signUpCandidate('Bo Brightwater', 'bo@candidates.example');
  adaProfile = await createProfile(ada, 'Data Engineer');
  boProfile = await createProfile(bo, 'Frontend Engineer');
  admin = await signUpCandidate('Grace Admin', 'grace@admins.example');
  await grant(admin.email, 'admin');
  superAdmin = await signUpCompany('root', 'Initech');
  await grant(superAdmin.email, 'super_admin');
  const contacted = await post('/api/candidates/contact', acme.token, { candidateId: adaProfile, message: 'Would you like to talk about our data team?' });
  expect(contacted.statusCode, contacted.body).toBe(201);
  thread = contactThreadIdFor(acme.companyId!, ada.userId);
}, 60_000);

describe('a conversation, end to end (ADR 069)', () => {
  it('the candidate sees the company’s message unread; the company sees the candidate anonymously, nothing unread', async () => {
    const candidateView = await conversationsOf(ada);
    expect(candidateView.unreadCount).toBe(1);
    expect(candidateView.conversations).toEqual([
      expect.objectContaining({ threadId: thread, companyName: 'Acme Analytics', messages: [expect.objectContaining({ from: 'company', message: 'Would you like to talk about our data team?', unread: true })], unreadCount: 1 }),
    ]);
    const companyView = await conversationsOf(acme);
    expect(companyView.unreadCount).toBe(0);
    expect(companyView.conversations).toEqual([
      expect.objectContaining({ threadId: thread, candidate: { profileId: adaProfile, title: 'Data Engineer', displayName: CONTACT_MESSAGES.anonymousCandidate, known: false }, unreadCount: 0 }),
    ]);
    // The company's view names no one: Ada's name and address are nowhere in it.
    expect(JSON.stringify(companyView)).not.toMatch(/Ada|Lovelace|ada@/);
  });

  it('the candidate replies; the company sees one unread, marks it read; it answers and the candidate is mailed and sees it unread', async () => {
    const replied = await post(`/api/conversations/${thread}/messages`, ada.token, { message: `  ${REPLY}  ` });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json()).toEqual({ success: true, messageId: expect.any(String), sentAt: expect.any(String) });
    const { events } = await runtime.eventStore.readStream(candidateContactStreamId(thread));
    expect(events.map((event) => event.type)).toEqual(['CandidateContacted', 'CandidateReplied']);
    expect((events[1]!.data as { message: string }).message).toBe(REPLY);

    // The company user who wrote is told by mail, without the reply's words (it stays in the app).
    const replyMail = await mailTo(acme.email, 'A candidate you contacted');
    expect(replyMail.subject).toBe('A candidate replied to Acme Analytics on Hireloop');
    expect(replyMail.text).toContain("A candidate you contacted on Hireloop replied to Acme Analytics's message.");
    expect(replyMail.text).not.toContain(REPLY);
    expect(replyMail.text).not.toContain(ada.email);

    let companyView = await conversationsOf(acme);
    expect(companyView.unreadCount).toBe(1);
    expect(companyView.conversations[0]!.messages.map((one) => [one.from, one.message, one.unread])).toEqual([
      ['company', 'Would you like to talk about our data team?', false],
      ['candidate', REPLY, true],
    ]);
    const read = await post(`/api/conversations/${thread}/read`, acme.token, { upTo: replied.json().sentAt });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ success: true, readUpTo: replied.json().sentAt });
    companyView = await conversationsOf(acme);
    expect(companyView.unreadCount).toBe(0);

    const answered = await post(`/api/conversations/${thread}/messages`, acme.token, { message: 'Tuesday at 10 then!' });
    expect(answered.statusCode, answered.body).toBe(201);
    const answerMail = await mailTo(ada.email, 'Tuesday at 10 then!');
    expect(answerMail.subject).toBe('Acme Analytics answered you on Hireloop');
    expect(answerMail.text).toContain('Acme Analytics answered in your conversation on Hireloop:');
    const candidateView = await conversationsOf(ada);
    expect(candidateView.unreadCount).toBe(2);
    expect(candidateView.conversations[0]!.messages.map((one) => [one.from, one.unread])).toEqual([
      ['company', true],
      ['candidate', false],
      ['company', true],
    ]);
    // The candidate's inbox mark reads their threads too.
    expect((await post('/api/inbox/read', ada.token, { upTo: answered.json().sentAt })).statusCode).toBe(200);
    expect((await conversationsOf(ada)).unreadCount).toBe(0);
  });
});

describe('who the company sees (ADR 066)', () => {
  it('a company the candidate applied to sees her name in its conversation; the one she did not apply to still sees Anonymous Candidate', async () => {
    const job = await post('/api/jobs', globex.token, { title: 'Staff Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.' });
    expect(job.statusCode, job.body).toBe(201);
    expect((await post(`/api/jobs/${job.json().job.id}/apply`, ada.token, {})).statusCode).toBe(201);
    expect((await post('/api/candidates/contact', globex.token, { candidateId: adaProfile, message: 'Thanks for applying! A question about your Kafka work.' })).statusCode).toBe(201);
    const globexView = await conversationsOf(globex);
    expect(globexView.conversations.map((one) => one.candidate)).toEqual([{ profileId: adaProfile, title: 'Data Engineer', displayName: 'Ada Lovelace', known: true }]);
    expect((await conversationsOf(acme)).conversations.map((one) => one.candidate.displayName)).toEqual([CONTACT_MESSAGES.anonymousCandidate]);
    // Ada now has two threads, the latest first; Globex's is not Acme's.
    expect((await conversationsOf(ada)).conversations.map((one) => one.companyName)).toEqual(['Globex Data', 'Acme Analytics']);
  });
});

describe('who may use the new routes', () => {
  it('GET /api/conversations: a visitor is asked to sign in; everyone else sees only their own (none for the others)', async () => {
    expect((await get('/api/conversations', null)).statusCode).toBe(401);
    for (const caller of [bo, admin, superAdmin]) expect((await conversationsOf(caller)).conversations).toEqual([]);
    // Another company sees its own thread with the same candidate, never Acme's.
    expect((await conversationsOf(globex)).conversations.map((one) => one.threadId)).toEqual([contactThreadIdFor(globex.companyId!, ada.userId)]);
    expect((await conversationsOf(ada)).conversations.map((one) => one.threadId)).toContain(thread);
    expect((await conversationsOf(acme)).conversations.map((one) => one.threadId)).toEqual([thread]);
  });

  it('POST …/messages: visitor 401; another candidate, another company, an admin and a super admin get the 404 of no thread, and nothing is written', async () => {
    const before = (await runtime.eventStore.readStream(candidateContactStreamId(thread))).events.length;
    expect((await post(`/api/conversations/${thread}/messages`, null, { message: 'Hi' })).statusCode).toBe(401);
    for (const caller of [bo, globex, admin, superAdmin]) {
      const refused = await post(`/api/conversations/${thread}/messages`, caller.token, { message: 'Hi' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe(CONTACT_MESSAGES.conversationNotFound);
    }
    // A thread that does not exist answers the same.
    expect((await post(`/api/conversations/${'f'.repeat(32)}/messages`, ada.token, { message: 'Hi' })).statusCode).toBe(404);
    expect((await runtime.eventStore.readStream(candidateContactStreamId(thread))).events).toHaveLength(before);
  });

  it('POST …/read: visitor 401; the thread’s candidate 403 (they mark their inbox); everyone else 404', async () => {
    const upTo = new Date().toISOString();
    expect((await post(`/api/conversations/${thread}/read`, null, { upTo })).statusCode).toBe(401);
    const candidate = await post(`/api/conversations/${thread}/read`, ada.token, { upTo });
    expect(candidate.statusCode).toBe(403);
    expect(candidate.json().error).toBe(CONTACT_MESSAGES.companyReadsOnly);
    for (const caller of [bo, globex, admin, superAdmin]) expect((await post(`/api/conversations/${thread}/read`, caller.token, { upTo })).statusCode).toBe(404);
  });

  it('bad input: an empty or too long reply, a bad thread id, a bad mark are 400 with a clear message', async () => {
    const empty = await post(`/api/conversations/${thread}/messages`, ada.token, { message: ' \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(CONTACT_MESSAGES.emptyReply);
    const missing = await post(`/api/conversations/${thread}/messages`, ada.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(CONTACT_MESSAGES.emptyReply);
    const long = await post(`/api/conversations/${thread}/messages`, ada.token, { message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(CONTACT_MESSAGES.messageTooLong(CONTACT_MESSAGE_MAX_LENGTH));
    const badId = await post('/api/conversations/not-a-thread/messages', ada.token, { message: 'Hi' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBe('threadId must be a conversation id');
    const badMark = await post(`/api/conversations/${thread}/read`, acme.token, { upTo: 'yesterday' });
    expect(badMark.statusCode).toBe(400);
  });
});

describe('limits', () => {
  it(`a candidate sends at most ${REPLIES_PER_ACCOUNT.limit} replies an hour: then 429 with Retry-After, nothing recorded`, async () => {
    expect((await post('/api/candidates/contact', globex.token, { candidateId: boProfile, message: 'Hi Bo!' })).statusCode).toBe(201);
    const boThread = contactThreadIdFor(globex.companyId!, bo.userId);
    // Every reply that reached the route counts, as contacts do: Bo's one to Acme's thread (404) already did; bad input is refused before.
    for (let n = 2; n <= REPLIES_PER_ACCOUNT.limit; n++) expect((await post(`/api/conversations/${boThread}/messages`, bo.token, { message: `Reply ${n}` })).statusCode).toBe(201);
    const limited = await post(`/api/conversations/${boThread}/messages`, bo.token, { message: 'One too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^You have sent many replies in a short time\. Please try again in \d+ minutes?\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await runtime.eventStore.readStream(candidateContactStreamId(boThread))).events).toHaveLength(REPLIES_PER_ACCOUNT.limit);
  });
});

describe('a plan that ended, and erasure', () => {
  it('a company whose plan ended still reads its conversations but cannot write: 403 with requiresUpgrade', async () => {
    await deliver(acme.companyId!, 'canceled', 10);
    const refused = await post(`/api/conversations/${thread}/messages`, acme.token, { message: 'Still there?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: CONTACT_MESSAGES.subscriptionEnded, requiresUpgrade: true });
    expect((await conversationsOf(acme)).conversations[0]!.messages).toHaveLength(3);
    // The candidate can still answer them.
    expect((await post(`/api/conversations/${thread}/messages`, ada.token, { message: 'One more question about the role.' })).statusCode).toBe(201);
  });

  it('erasing the candidate leaves no table holding their reply; the company’s thread reads [erased]; no one writes to it again', async () => {
    const pool = new pg.Pool({ connectionString: db.url });
    try {
      const before = await holdingText(pool, REPLY, position);
      expect(before).toContain('rm_conversations_v1');
      // The log never held it in the clear: sealed under Ada's key.
      expect(before).not.toContain('events');
      const report = await erasePerson({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, ada.userId, 'test-erase-ada');
      position = maxPosition(position, report.position);
      const companyView = await conversationsOf(acme);
      expect(companyView.conversations[0]!.messages.map((one) => one.message)).toEqual([ERASED, ERASED, ERASED, ERASED]);
      for (const text of [REPLY, 'Tuesday at 10 then!', 'One more question about the role.']) expect(await holdingText(pool, text, position), text).toEqual([]);
      const { events } = await runtime.eventStore.readStream(candidateContactStreamId(thread));
      const messages = events.filter((event) => event.type !== 'ConversationReadByCompany').map((event) => (event.data as { message: string }).message);
      expect(messages).toEqual([ERASED, ERASED, ERASED, ERASED]);
      // Not the plan's 403: the thread itself takes no more messages (the erasure is checked first).
      const again = await post(`/api/conversations/${thread}/messages`, acme.token, { message: 'Hello?' });
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe(CONTACT_MESSAGES.conversationNotFound);
    } finally {
      await pool.end();
    }
  });
});
