import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_MESSAGES, POSITION_HEADER } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { loadConfig } from '@hireloop/platform/config';
import type { RecordedEvent } from '@hireloop/platform/event-store';
import { startAssistantStandIn } from '@hireloop/platform/assistant/stand-in-server';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { readAllUntil } from '../support/events';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * The AI-assistant connection (issue 15, ADR 043) on the real app: the built-in provider (the
 * default) authenticates a Hireloop session with the deployment's key, searches the board and
 * applies through the board's own application flow; the `http` adapter speaks to a stand-in of
 * the external provider. Secrets never reach the log or the event log.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
const logLines: string[] = [];
const API_KEY = 'assistant-deployment-key-0123456789';

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, ASSISTANT_API_KEY: API_KEY }));
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp(runtime, { spaDir: false, readYourWritesTimeoutMs: 15_000, logger: { level: 'trace', stream } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

type Headers = Record<string, string>;
const bearer = (token: string | null): Headers => (token ? { authorization: `Bearer ${token}` } : {});
const post = (url: string, token: string | null, payload?: object) => app.inject({ method: 'POST', url, payload, headers: bearer(token) });

interface Caller {
  token: string;
  userId: string;
  email: string;
}
const signUp = async (kind: 'candidate' | 'company', email: string): Promise<Caller> => {
  const payload = kind === 'candidate' ? { name: `Applicant ${email}`, email, password: 'candidate-password' } : { companyName: `Company ${email}`, contactName: 'Maya Okafor', email, password: 'company-password' };
  const response = await post(`/api/auth/${kind}/signup`, null, payload);
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id, email };
};
const grant = (email: string, role: 'admin' | 'super_admin') => grantRoleAsSystem({ ...runtime, sessionTtlMs: 0, publicUrl: '', linkedin: null }, email, role, 'test');

let candidate: Caller;
let otherCandidate: Caller;
let company: Caller;
let admin: Caller;
let superAdmin: Caller;
let jobId: string;

beforeAll(async () => {
  candidate = await signUp('candidate', 'ada@assistant.example');
  otherCandidate = await signUp('candidate', 'bo@assistant.example');
  company = await signUp('company', 'hr@assistant.example');
  admin = await signUp('candidate', 'admin@assistant.example');
  superAdmin = await signUp('candidate', 'root@assistant.example');
  await grant(admin.email, 'admin');
  await grant(superAdmin.email, 'super_admin');
  const posted = await post('/api/jobs', company.token, { title: 'Quantum Gardener', location: 'Remote', description: 'Tend the qubits.', skills: 'Rust, Go' });
  expect(posted.statusCode, posted.body).toBe(201);
  jobId = (posted.json() as { job: { id: string } }).job.id;
  expect(jobId).toBeTruthy();
});

describe('the built-in assistant provider', () => {
  it('tells the browser where the panel lives', async () => {
    const providers = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toMatchObject({ assistant: { path: 'mysalt', signInUrl: '/api/mysalt/frame/sign-in', signUpUrl: '/api/mysalt/frame/sign-up', origin: '' } });
    const frame = await app.inject({ method: 'GET', url: '/api/mysalt/frame/sign-in' });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(frame.body).toContain('Sign in to MySALT AI');
    expect((await app.inject({ method: 'GET', url: '/api/mysalt/frame/other' })).statusCode).toBe(400);
  });

  it('connects a Hireloop session with the deployment key, and refuses anything else with the spec text', async () => {
    const good = await post('/api/mysalt/auth', null, { user_token: candidate.token, api_key: API_KEY });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ success: true, user: { id: candidate.userId, email: candidate.email, name: `Applicant ${candidate.email}`, type: 'candidate' } });

    for (const payload of [
      { user_token: candidate.token, api_key: 'wrong-key' },
      { user_token: 'not-a-session', api_key: API_KEY },
      { user_token: candidate.token, api_key: `${API_KEY}x` },
    ]) {
      const refused = await post('/api/mysalt/auth', null, payload);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, error: ASSISTANT_MESSAGES.authFailed });
    }
    for (const payload of [{ user_token: '', api_key: API_KEY }, { user_token: candidate.token, api_key: '   ' }, {}, { user_token: 42, api_key: [] }]) {
      const bad = await post('/api/mysalt/auth', null, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error).toContain(ASSISTANT_MESSAGES.missingCredentials);
    }
  });

  it('a signed-out session no longer connects', async () => {
    const someone = await signUp('candidate', 'gone@assistant.example');
    expect((await post('/api/auth/logout', someone.token)).statusCode).toBeLessThan(300);
    const refused = await post('/api/mysalt/auth', null, { user_token: someone.token, api_key: API_KEY });
    expect(refused.statusCode).toBe(401);
  });

  it("searches Hireloop's own board, for visitors and signed-in users alike", async () => {
    await vi.waitFor(
      async () => {
        const found = await post('/api/mysalt/job-search', null, { query: 'quantum', preferences: { remote: true } });
        expect(found.statusCode, found.body).toBe(200);
        expect(found.json().jobs.map((job: { id: string }) => job.id)).toEqual([jobId]);
      },
      { timeout: 15_000, interval: 100 },
    );
    for (const caller of [candidate, company, admin, superAdmin]) {
      expect((await post('/api/mysalt/job-search', caller.token, { query: 'quantum' })).json().total, caller.email).toBe(1);
    }
    const none = await post('/api/mysalt/job-search', candidate.token, { query: 'quantum', preferences: { location: 'Berlin' } });
    expect(none.json()).toEqual({ success: true, jobs: [], total: 0 });
    const bad = await post('/api/mysalt/job-search', null, { query: 'x'.repeat(300) });
    expect(bad.statusCode).toBe(400);
  });

  it("applies through the board's application flow: the same answer as the board's own apply for every kind of caller", async () => {
    expect((await post('/api/mysalt/apply-job', null, { job_id: jobId })).statusCode).toBe(401);

    const applied = await post('/api/mysalt/apply-job', candidate.token, { job_id: jobId, cover_letter_customization: 'Keen on qubits.' });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json()).toMatchObject({ success: true, applicationId: expect.any(String), appliedAt: expect.any(String) });
    expect(applied.headers[POSITION_HEADER]).toBeTruthy();
    const again = await post('/api/mysalt/apply-job', candidate.token, { job_id: jobId });
    expect(again.statusCode).toBe(409);

    // The other kinds: whatever the board's own route answers, the assistant answers too.
    for (const caller of [otherCandidate, company, admin, superAdmin]) {
      const viaAssistant = await post('/api/mysalt/apply-job', caller.token, { job_id: jobId });
      const direct = await post(`/api/jobs/${jobId}/apply`, caller.token);
      expect(viaAssistant.statusCode).toBeLessThan(500);
      if (viaAssistant.statusCode === 201) expect(direct.statusCode, caller.email).toBe(409);
      else expect(direct.statusCode, caller.email).toBe(viaAssistant.statusCode);
    }
    expect((await post('/api/mysalt/apply-job', candidate.token, { job_id: 'no-such-job' })).statusCode).toBe(404);
    expect((await post('/api/mysalt/apply-job', candidate.token, {})).statusCode).toBe(400);

    const isTheirs = (event: RecordedEvent) => event.type === 'ApplicationSubmitted' && (event.data as { candidateUserId?: string }).candidateUserId === candidate.userId;
    const submitted = (await readAllUntil(runtime.eventStore, (events) => events.some(isTheirs))).filter(isTheirs);
    expect(submitted).toHaveLength(1);
  });

  it('auto-auth confirms only the signed-in account the embedded page reported', async () => {
    const ok = await post('/api/mysalt/auto-auth', candidate.token, { mysalt_user_id: candidate.userId, email: 'ADA@assistant.example' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    // Each account confirms only itself, whatever its kind.
    for (const caller of [company, superAdmin]) {
      expect((await post('/api/mysalt/auto-auth', caller.token, { mysalt_user_id: caller.userId, email: caller.email })).statusCode, caller.email).toBe(200);
    }
    for (const [token, payload] of [
      [null, { mysalt_user_id: candidate.userId, email: candidate.email }],
      [otherCandidate.token, { mysalt_user_id: candidate.userId, email: candidate.email }],
      [candidate.token, { mysalt_user_id: candidate.userId, email: otherCandidate.email }],
      [company.token, { mysalt_user_id: candidate.userId, email: candidate.email }],
      [admin.token, { mysalt_user_id: candidate.userId, email: candidate.email }],
      [superAdmin.token, { mysalt_user_id: candidate.userId, email: candidate.email }],
    ] as const) {
      const refused = await post('/api/mysalt/auto-auth', token, payload);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toBe(ASSISTANT_MESSAGES.autoAuthFailed);
    }
    expect((await post('/api/mysalt/auto-auth', candidate.token, { email: 'nope' })).statusCode).toBe(400);
  });

  it('generates invite codes for the sign-up page', async () => {
    const invite = await post('/api/public/generate-invite', null, { email: 'new@assistant.example', name: 'New Person' });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(invite.json()).toEqual({ success: true, invite_code: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) });
    expect((await post('/api/public/generate-invite', null, { email: 'not an email', name: 'X' })).statusCode).toBe(400);
  });

  it('keeps the user token and the key out of the log and the event log', async () => {
    await app.inject({ method: 'GET', url: `/mysalt-callback?user_token=${candidate.token}&api_key=${API_KEY}` });
    const log = logLines.join('\n');
    expect(log).toContain('/api/mysalt/auth');
    expect(log).not.toContain(candidate.token);
    expect(log).not.toContain(API_KEY);
    // Every stored event, once the log's visibility horizon shows them all (ADR 001): a scan that
    // missed the newest would pass whatever they hold.
    const { rows } = await runtime.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM events');
    const events = await readAllUntil(runtime.eventStore, (all) => all.length >= rows[0]!.count);
    expect(events.length).toBe(rows[0]!.count);
    const stored = JSON.stringify(events);
    expect(stored).not.toContain(candidate.token);
    expect(stored).not.toContain(API_KEY);
  });
});

describe('the http adapter against a stand-in of the external provider', () => {
  let standIn: Awaited<ReturnType<typeof startAssistantStandIn>>;
  let external: Awaited<ReturnType<typeof buildApp>>;
  let externalRuntime: Runtime;

  beforeAll(async () => {
    standIn = await startAssistantStandIn({ userToken: 'ut-123', apiKey: 'ak-456', deploymentKey: 'deploy-789', user: { id: 'ms-1', email: 'ext@assistant.example', name: 'Ext User' } });
    const config = loadConfig({
      DATABASE_URL: db.url,
      ASSISTANT_API_URL: standIn.url,
      ASSISTANT_API_KEY: 'deploy-789',
      ASSISTANT_PATH: 'helper',
      ASSISTANT_SIGNIN_URL: 'https://assistant.example/signin',
      ASSISTANT_SIGNUP_URL: 'https://assistant.example/signup',
    });
    externalRuntime = await createRuntime(config);
    external = await buildApp(externalRuntime, { spaDir: false, projections: false });
    await external.ready();
  });
  afterAll(async () => {
    await external?.close();
    await externalRuntime?.close();
    await standIn?.close();
  });
  const call = (url: string, payload: object, token: string | null = null) => external.inject({ method: 'POST', url, payload, headers: bearer(token) });

  it('serves the configured path, tells the origin to trust and lets the SPA frame it', async () => {
    const providers = await external.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json().assistant).toMatchObject({ path: 'helper', origin: 'https://assistant.example', signInUrl: 'https://assistant.example/signin' });
    expect(String(providers.headers['content-security-policy'])).toContain("frame-src 'self' https://assistant.example");
    expect((await call('/api/mysalt/auth', { user_token: 'ut-123', api_key: 'ak-456' })).statusCode).toBe(404);
    expect((await external.inject({ method: 'GET', url: '/api/helper/frame/sign-in' })).statusCode).toBe(404);
  });

  it('authenticates through the provider: good credentials give its user, bad ones the spec text', async () => {
    const good = await call('/api/helper/auth', { user_token: 'ut-123', api_key: 'ak-456' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ success: true, user: { id: 'ms-1', email: 'ext@assistant.example', name: 'Ext User' } });
    const bad = await call('/api/helper/auth', { user_token: 'ut-123', api_key: 'nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe(ASSISTANT_MESSAGES.authFailed);
    // The user's credentials went in the body only, without the deployment key.
    const sent = standIn.received.filter((request) => request.path === '/auth');
    expect(sent[0]).toMatchObject({ body: { user_token: 'ut-123', api_key: 'ak-456' }, authorization: undefined });
  });

  it('forwards search, apply, invite and auto-auth with the deployment key', async () => {
    const found = await call('/api/helper/job-search', { query: 'Rustacean' });
    expect(found.json()).toEqual({ success: true, jobs: [{ id: 'ext-1', title: 'Senior Rustacean', company: 'Stand-in Corp', location: 'Remote' }], total: 1 });
    expect(standIn.received.at(-1)?.authorization).toBe('Bearer deploy-789');

    const someone = await external.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { name: 'Ext Candidate', email: 'extc@assistant.example', password: 'candidate-password' } });
    const token = someone.json().token as string;
    expect((await call('/api/helper/apply-job', { job_id: 'j-9' }, token)).json()).toMatchObject({ success: true, applicationId: 'app-j-9' });
    const closed = await call('/api/helper/apply-job', { job_id: 'closed' }, token);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe('This job is closed');

    expect((await call('/api/public/generate-invite', { email: 'a@b.example', name: 'A' })).json()).toEqual({ success: true, invite_code: 'INV1' });
    const noCode = await call('/api/public/generate-invite', { email: 'a@nocode.example', name: 'A' });
    expect(noCode.statusCode).toBe(502);
    expect(noCode.json().error).toBe(ASSISTANT_MESSAGES.inviteLacksCode);

    expect((await call('/api/helper/auto-auth', { mysalt_user_id: 'ms-1', email: 'ext@assistant.example' })).statusCode).toBe(200);
    const refused = await call('/api/helper/auto-auth', { mysalt_user_id: 'ms-2', email: 'ext@assistant.example' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(ASSISTANT_MESSAGES.autoAuthFailed);
  });

  it('a provider that fails is a 502 with the spec text, never a 500', async () => {
    standIn.failNext(1);
    const invite = await call('/api/public/generate-invite', { email: 'c@d.example', name: 'C' });
    expect(invite.statusCode).toBe(502);
    expect(invite.json().error).toBe(ASSISTANT_MESSAGES.inviteFailed);
    standIn.failNext(1);
    const search = await call('/api/helper/job-search', { query: 'x' });
    expect(search.statusCode).toBe(502);
    expect(search.json().error).toBe(ASSISTANT_MESSAGES.jobSearchFailed);
    await standIn.close();
    const auth = await call('/api/helper/auth', { user_token: 'ut-123', api_key: 'ak-456' });
    expect(auth.statusCode).toBe(502);
  });
});
