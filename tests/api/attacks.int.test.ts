import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, MESSAGES, MIN_POSITION_HEADER, POSITION_HEADER } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { recipientsInbox, subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import type { PostgresEventStore } from '@hireloop/platform/event-store';
import { REDACTED } from '@hireloop/platform/mailer/types';
import { fixedClock } from '@hireloop/platform/runtime';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * The attacks that succeeded when the product was attacked from outside, replayed against the
 * real adapters (PostgreSQL event store, secrets, rate limits and outbox). Each test failed
 * before its fix.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
/** What recipients get; everything also goes on to the real PostgreSQL outbox. */
let inbox: ReturnType<typeof recipientsInbox>;

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  inbox = recipientsInbox(runtime.mailer);
  // Rate limits count in fixed windows: a clock that stands still keeps every burst in one.
  app = await buildApp({ ...runtime, mailer: inbox, clock: fixedClock('2026-11-23T10:01:00.000Z') }, { spaDir: false, publicUrl: 'http://hireloop.test' });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

/** This runtime stores events in PostgreSQL (no KURRENTDB_URL in its configuration). */
const postgres = (): PostgresEventStore => runtime.storedLog as PostgresEventStore;

type Headers = Record<string, string>;
let addresses = 0;
/** Each visitor of these tests comes from an address of its own unless a test says otherwise. */
const freshAddress = () => `127.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;
const post = (url: string, payload: unknown, headers: Headers = {}, remoteAddress = freshAddress()) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let people = 0;

async function signUpCandidate(password = 'candidate-password') {
  const email = `person${++people}@attack.example`;
  const response = await post('/api/auth/candidate/signup', { name: `Person ${people}`, email, password });
  expect(response.statusCode).toBe(201);
  return { email, password, ...(response.json() as { token: string; user: { id: string } }) };
}

async function signUpCompany() {
  const email = `hiring${++people}@attack.example`;
  const response = await post('/api/auth/company/signup', { companyName: `Company ${people}`, contactName: 'Hiring Team', email, password: 'company-password' });
  expect(response.statusCode).toBe(201);
  const signedUp = response.json() as { token: string; user: { id: string } };
  // The abuse limits are counted past any plan's job posts: a plan without a limit (ADR 030).
  await subscribeToPlan(app, signedUp.token, 'enterprise');
  return { email, ...signedUp };
}

const eventsOfType = async (type: string, userId: string) => {
  const { events } = await runtime.eventStore.readStream(`user-${userId}`);
  return events.filter((event) => event.type === type);
};

describe('account takeover through the outbox', () => {
  it('an admin who asks for a reset of the super admin finds no usable link in the outbox', async () => {
    const boss = await signUpCandidate();
    await grantRoleAsSystem({ ...runtime, sessionTtlMs: 0, publicUrl: '', linkedin: null }, boss.email, 'super_admin', 'test');
    const admin = await signUpCandidate();
    await grantRoleAsSystem({ ...runtime, sessionTtlMs: 0, publicUrl: '', linkedin: null }, admin.email, 'admin', 'test');

    expect((await post('/api/auth/forgot-password', { email: boss.email })).statusCode).toBe(200);
    let mails: Array<{ text: string; subject: string }> = [];
    for (let i = 0; i < 200 && mails.length === 0; i++) {
      const outbox = await get(`/api/admin/outbox?to=${encodeURIComponent(boss.email)}`, bearer(admin.token));
      expect(outbox.statusCode).toBe(200);
      mails = outbox.json().mails;
      if (mails.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your Hireloop password');
    expect(mails[0]!.text).toContain(REDACTED);
    expect(mails[0]!.text).not.toMatch(/reset-password\/\S/);

    // Nothing in the table behind the outbox (what `hireloop mail` prints) holds a link either.
    const { rows } = await postgres().pool.query<{ mail: unknown }>('SELECT mail FROM mail_outbox');
    expect(JSON.stringify(rows)).not.toMatch(/reset-password\/[A-Za-z0-9_-]/);
    // The boss still signs in with the old password: nobody reset it.
    expect((await post('/api/auth/login', { email: boss.email, password: boss.password })).statusCode).toBe(200);
  });
});

describe('the per-account sign-in lockout', () => {
  it('61 simultaneous wrong passwords from 61 addresses: at most 10 are checked, the others get 429', async () => {
    const victim = await signUpCandidate();
    const answers = await Promise.all(
      Array.from({ length: 61 }, (_, i) => post('/api/auth/login', { email: victim.email, password: `guess-number-${i}` })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(51);
    expect(await eventsOfType('SignInFailed', victim.user.id)).toHaveLength(10);
    const locked = answers.find((answer) => answer.statusCode === 429)!;
    expect(locked.json().error).toBe(AUTH_MESSAGES.accountLocked(14));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a stranger cannot lock the owner out for good: a password reset opens the account at once', async () => {
    const owner = await signUpCandidate();
    for (let i = 0; i < 11; i++) await post('/api/auth/login', { email: owner.email, password: `stranger-guess-${i}` });
    expect((await post('/api/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(429);

    // The reset path stays open: the owner asks for a link and follows it from their mailbox.
    expect((await post('/api/auth/forgot-password', { email: owner.email })).statusCode).toBe(200);
    for (let i = 0; i < 200 && inbox.receivedBy(owner.email).length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(inbox.receivedBy(owner.email)[0]!.text)![1]!;

    expect((await post('/api/auth/reset-password', { token, newPassword: 'the owner is back' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: owner.email, password: 'the owner is back' })).statusCode).toBe(200);
  });

  it('a right password does not count towards the lock', async () => {
    const person = await signUpCandidate();
    for (let i = 0; i < 15; i++) expect((await post('/api/auth/login', { email: person.email, password: person.password })).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await post('/api/auth/login', { email: person.email, password: 'not-my-password' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: person.email, password: person.password })).statusCode).toBe(200);
  });
});

describe('simultaneous requests that do not conflict', () => {
  it('two simultaneous correct sign-ins to one account both succeed, ten times over', async () => {
    const person = await signUpCandidate();
    for (let pair = 0; pair < 10; pair++) {
      const answers = await Promise.all([1, 2].map(() => post('/api/auth/login', { email: person.email, password: person.password })));
      expect(answers.map((answer) => [answer.statusCode, answer.json().error])).toEqual([
        [200, undefined],
        [200, undefined],
      ]);
    }
    expect(await eventsOfType('UserSignedIn', person.user.id)).toHaveLength(21);
  });

  it('a burst of wrong passwords gets 401s, never a concurrency error', async () => {
    const person = await signUpCandidate();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/auth/login', { email: person.email, password: 'wrong-password' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(401));
    expect(answers.map((answer) => answer.json().error)).toEqual(Array(8).fill(MESSAGES.invalidLogin));
  });

  it('three simultaneous closes of one job all answer with the closed job, and it is closed once', async () => {
    const company = await signUpCompany();
    const posted = await post('/api/jobs', { title: 'Platform Engineer', location: 'Remote', description: 'Keep the platform running.' }, bearer(company.token));
    expect(posted.statusCode).toBe(201);
    const jobId = posted.json().job.id as string;
    const answers = await Promise.all([1, 2, 3].map(() => post(`/api/jobs/${jobId}/close`, undefined, bearer(company.token))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const { events } = await runtime.eventStore.readStream(`job-${jobId}`);
    expect(events.filter((event) => event.type === 'JobClosed')).toHaveLength(1);
  });
});

describe('sign-in answers with the current role', () => {
  it('after grant-role, login and GET /api/auth/user agree', async () => {
    const person = await signUpCandidate();
    await grantRoleAsSystem({ ...runtime, sessionTtlMs: 0, publicUrl: '', linkedin: null }, person.email, 'admin', 'test');
    const login = await post('/api/auth/login', { email: person.email, password: person.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ role: 'admin', isAdmin: true });
    const current = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { ...bearer(login.json().token as string), [MIN_POSITION_HEADER]: String(login.headers[POSITION_HEADER]) },
    });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ role: 'admin', isAdmin: true });
  });
});

describe('sign-up is all or nothing', () => {
  it('a sign-up that fails half way leaves no reservation: a clean retry succeeds at once', async () => {
    const email = 'half-way@attack.example';
    const original = runtime.eventStore.appendToStreams;
    runtime.eventStore.appendToStreams = async (appends) => {
      // Fail inside the transaction after the reservation and before the user (as bad text did).
      const client = await postgres().pool.connect();
      try {
        await client.query('BEGIN');
        await postgres().appendInTransaction(client, appends[0]!.streamId, appends[0]!.events, { expectedVersion: appends[0]!.expectedVersion });
        throw new Error('the database refused the user event');
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    };
    try {
      expect((await post('/api/auth/candidate/signup', { name: 'Half Way', email, password: 'half-way-password' })).statusCode).toBe(500);
    } finally {
      runtime.eventStore.appendToStreams = original;
    }
    const retry = await post('/api/auth/candidate/signup', { name: 'Half Way', email, password: 'half-way-password' });
    expect(retry.statusCode).toBe(201);
    expect((await post('/api/auth/login', { email, password: 'half-way-password' })).statusCode).toBe(200);
  });
});

describe('abuse limits', () => {
  it('one address may create 10 accounts an hour; the 11th gets 429 and another address is not affected', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await post('/api/auth/candidate/signup', { name: 'Bot', email: `bot${i}-${address}@attack.example`, password: 'bot-password' }, {}, address)).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect((await post('/api/auth/candidate/signup', { name: 'Bot', email: `bot10-${address}@attack.example`, password: 'bot-password' }, {}, address)).json().error).toBe(
      AUTH_MESSAGES.tooManySignUps(59),
    );
    // A taken email asked from a throttled address gets the 429 too, not the 409 that reveals the account.
    const known = await signUpCandidate();
    expect((await post('/api/auth/candidate/signup', { name: 'Bot', email: known.email, password: 'bot-password' }, {}, address)).statusCode).toBe(429);
    expect((await post('/api/auth/candidate/signup', { name: 'Person', email: `someone-else-${address}@attack.example`, password: 'a-password' })).statusCode).toBe(201);
  });

  it('an account may post 30 jobs an hour; the 31st gets 429', async () => {
    const company = await signUpCompany();
    const job = { title: 'Data Engineer', location: 'Austin, TX', description: 'Pipelines.' };
    for (let i = 0; i < 30; i++) expect((await post('/api/jobs', job, bearer(company.token))).statusCode).toBe(201);
    const limited = await post('/api/jobs', job, bearer(company.token));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(AUTH_MESSAGES.tooManyJobPosts(59));
  });

  it('accounts behind one address share 60 job posts an hour', async () => {
    const address = freshAddress();
    const job = { title: 'Site Reliability Engineer', location: 'Remote', description: 'Uptime.' };
    const companies = [await signUpCompany(), await signUpCompany(), await signUpCompany()];
    const statuses: number[] = [];
    for (const company of companies) for (let i = 0; i < 21; i++) statuses.push((await post('/api/jobs', job, bearer(company.token), address)).statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });
});
