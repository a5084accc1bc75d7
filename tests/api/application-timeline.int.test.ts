import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES, MIN_POSITION_HEADER, POSITION_HEADER, type CandidateApplication, type JobApplicant } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { startNoResponseSweeper } from '@hireloop/command-service/applications/no-response';
import { recipientsInbox } from '@hireloop/command-service/shared/test-app';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import { loadConfig } from '@hireloop/platform/config';
import { fixedClock } from '@hireloop/platform/runtime';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { outboxDelivered } from '../support/outbox';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * Applications' timelines on the real app over PostgreSQL (issue 13): the company that posted the
 * job moves an application (viewed, interview, declined), the candidate withdraws, one left 30
 * days without an answer is marked no_response; both sides see each step. Every kind of caller
 * is tried on the company's routes.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let inbox: ReturnType<typeof recipientsInbox>;
let position = '';
const PUBLIC_URL = 'http://hireloop.test';

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  inbox = recipientsInbox(runtime.mailer);
  app = await buildApp({ ...runtime, mailer: inbox }, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000 });
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
  userId: string;
  email: string;
}
const signUp = async (kind: 'candidate' | 'company', email: string): Promise<Caller> => {
  const payload = kind === 'candidate' ? { name: `Applicant ${email}`, email, password: 'candidate-password' } : { companyName: `Company ${email}`, contactName: 'Maya Okafor', email, password: 'company-password' };
  const response = await post(`/api/auth/${kind}/signup`, null, payload);
  expect(response.statusCode).toBe(201);
  const body = response.json() as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id, email };
};
const grant = async (email: string, role: 'admin' | 'super_admin') => {
  const result = await grantRoleAsSystem({ ...runtime, sessionTtlMs: 0, publicUrl: '', linkedin: null }, email, role, 'test');
  if (result.position > position) position = result.position;
};

let owner: Caller;
let other: Caller;
let ada: Caller;
let bo: Caller;
let admin: Caller;
let superAdmin: Caller;
let jobId: string;

beforeAll(async () => {
  owner = await signUp('company', 'maya@northwind.example');
  other = await signUp('company', 'jo@contoso.example');
  ada = await signUp('candidate', 'ada@example.com');
  bo = await signUp('candidate', 'bo@example.com');
  admin = await signUp('candidate', 'grace@example.com');
  superAdmin = await signUp('company', 'root@hireloop.example');
  await grant(admin.email, 'admin');
  await grant(superAdmin.email, 'super_admin');
  const posted = await post('/api/jobs', owner.token, { title: 'Platform Engineer', location: 'Austin, TX', description: 'Keep the platform up.' });
  expect(posted.statusCode).toBe(201);
  jobId = posted.json().job.id;
  for (const candidate of [ada, bo]) expect((await post(`/api/jobs/${jobId}/apply`, candidate.token)).statusCode).toBe(201);
});

/** Mail leaves through the bus's work queue: wait for the `count`-th mail to `to` (newest first). */
async function mailsTo(to: string, count = 1): Promise<MailMessage[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = inbox.receivedBy(to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const statusUrl = (candidate: Caller) => `/api/jobs/${jobId}/applicants/${candidate.userId}/status`;
const applicantsOf = async (token: string | null) => get(`/api/jobs/${jobId}/applicants`, token);
const myApplication = async (candidate: Caller) => (await get('/api/applications', candidate.token)).json<{ applications: CandidateApplication[] }>().applications.find((a) => a.jobId === jobId)!;

describe("an application's timeline", () => {
  it('starts applied, for the candidate and for the company, which sees who applied', async () => {
    expect(await myApplication(ada)).toMatchObject({ status: 'applied', timeline: [{ status: 'applied' }] });
    const list = await applicantsOf(owner.token);
    expect(list.statusCode).toBe(200);
    const applicants = list.json<{ applicants: JobApplicant[] }>().applicants;
    expect(applicants.map((a) => [a.candidateName, a.status]).sort()).toEqual([
      ['Applicant ada@example.com', 'applied'],
      ['Applicant bo@example.com', 'applied'],
    ]);
  });

  it('only the company that posted the job, and admins, see its applicants', async () => {
    expect((await applicantsOf(null)).statusCode).toBe(401);
    const candidate = await applicantsOf(ada.token);
    expect(candidate.statusCode).toBe(403);
    expect(candidate.json().error).toBe(APPLICATION_MESSAGES.companiesOnly);
    const another = await applicantsOf(other.token);
    expect(another.statusCode).toBe(403);
    expect(another.json().error).toBe(APPLICATION_MESSAGES.notYourJob);
    expect((await applicantsOf(admin.token)).statusCode).toBe(200);
    expect((await applicantsOf(superAdmin.token)).statusCode).toBe(200);
    expect((await get('/api/jobs/no-such-job/applicants', owner.token)).statusCode).toBe(404);
  });

  it('the company moves it: viewed, then interview; each step shows on both sides', async () => {
    const viewed = await post(statusUrl(ada), owner.token, { status: 'viewed' });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json()).toEqual({ success: true, status: 'viewed' });
    const interview = await post(statusUrl(ada), owner.token, { status: 'interview' });
    expect(interview.json()).toEqual({ success: true, status: 'interview' });
    // Opening it again changes nothing, and says where it is.
    expect((await post(statusUrl(ada), owner.token, { status: 'viewed' })).json()).toEqual({ success: true, status: 'interview' });
    expect((await myApplication(ada)).timeline.map((step) => step.status)).toEqual(['applied', 'viewed', 'interview']);
    const mine = (await applicantsOf(owner.token)).json<{ applicants: JobApplicant[] }>().applicants.find((a) => a.candidateUserId === ada.userId)!;
    expect(mine.status).toBe('interview');
  });

  it('the candidate is mailed the invitation to interview (once), and not that the company viewed it', async () => {
    const [mail] = await mailsTo(ada.email);
    expect(mail!.subject).toBe('Company maya@northwind.example invites you to interview: Platform Engineer');
    expect(mail!.text).toContain('Hi Applicant ada@example.com,');
    expect(mail!.text).toContain(`${PUBLIC_URL}/dashboard`);
    // Nothing in it is a secret: the outbox (the mails' log) keeps it as sent.
    expect(mail!.secrets ?? []).toEqual([]);
    const [kept] = await runtime.mailer.list({ to: ada.email });
    expect(kept!.text).toBe(mail!.text);
    // Every mail a committed command asked for has been handed to the mailer (ADR 053): none is still to come.
    await outboxDelivered(runtime.pool);
    expect(inbox.receivedBy(ada.email)).toHaveLength(1);
  });

  it('nobody else moves it: visitor 401, candidates and another company 403; an admin may; a bad status is a 400', async () => {
    expect((await post(statusUrl(bo), null, { status: 'declined' })).statusCode).toBe(401);
    const self = await post(statusUrl(bo), bo.token, { status: 'interview' });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe(APPLICATION_MESSAGES.companiesOnly);
    const another = await post(statusUrl(bo), other.token, { status: 'declined' });
    expect(another.statusCode).toBe(403);
    expect(another.json().error).toBe(APPLICATION_MESSAGES.notYourJob);
    const bad = await post(statusUrl(bo), owner.token, { status: 'hired' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/status must be one of viewed, interview, declined/);
    expect((await post(`/api/jobs/${jobId}/applicants/no-such-user/status`, owner.token, { status: 'viewed' })).statusCode).toBe(404);
    expect((await post(statusUrl(bo), admin.token, { status: 'viewed' })).json()).toEqual({ success: true, status: 'viewed' });
    expect((await myApplication(bo)).status).toBe('viewed');
  });

  it('the candidate withdraws their own; it is then final', async () => {
    expect((await post(`/api/jobs/${jobId}/application/withdraw`, null)).statusCode).toBe(401);
    // A company has no application to this job: as unknown as none at all.
    expect((await post(`/api/jobs/${jobId}/application/withdraw`, owner.token)).statusCode).toBe(404);
    expect((await post(`/api/jobs/${jobId}/application/withdraw`, ada.token)).json()).toEqual({ success: true, status: 'withdrawn' });
    const late = await post(statusUrl(ada), owner.token, { status: 'declined' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(APPLICATION_MESSAGES.closed);
    expect((await myApplication(ada)).timeline.map((step) => step.status)).toEqual(['applied', 'viewed', 'interview', 'withdrawn']);
    // Withdrawing is the candidate's own move: no mail about it.
    // Every mail a committed command asked for has been handed to the mailer (ADR 053): none is still to come.
    await outboxDelivered(runtime.pool);
    expect(inbox.receivedBy(ada.email)).toHaveLength(1);
  });

  it('one left 30 days without an answer is marked no_response, and both sides see it', async () => {
    const clock = fixedClock(new Date(Date.now() + 31 * 24 * 3600 * 1000));
    const sweeper = await startNoResponseSweeper({ ...runtime, clock, sessionTtlMs: 0, publicUrl: PUBLIC_URL, linkedin: null }, { everyMs: 3600_000 });
    try {
      // Bo's application waits for the company (viewed); Ada's was withdrawn.
      await expect.poll(() => sweeper.waiting, { timeout: 10_000 }).toBe(1);
      expect(await sweeper.sweep()).toBe(1);
      expect(await sweeper.sweep()).toBe(0);
    } finally {
      await sweeper.stop();
    }
    // The sweep's position is not known here: wait for the read model by polling.
    await expect.poll(async () => (await myApplication(bo)).status, { timeout: 10_000 }).toBe('no_response');
    const applicant = (await applicantsOf(owner.token)).json<{ applicants: JobApplicant[] }>().applicants.find((a) => a.candidateUserId === bo.userId)!;
    expect(applicant.timeline.map((step) => step.status)).toEqual(['applied', 'viewed', 'no_response']);
    // Bo is told, once (the second sweep marked nothing).
    const [marked] = await mailsTo(bo.email);
    expect(marked!.subject).toBe('No answer yet on your application for Platform Engineer');
    expect(marked!.text).toContain('Company maya@northwind.example has not answered your application for Platform Engineer in 30 days, so it is now marked "No response".');
    // The company may still answer it.
    expect((await post(statusUrl(bo), owner.token, { status: 'interview' })).json()).toEqual({ success: true, status: 'interview' });
    expect((await mailsTo(bo.email, 2))[0]!.subject).toBe('Company maya@northwind.example invites you to interview: Platform Engineer');
    // And nothing for the admin's "viewed" earlier.
    // Every mail a committed command asked for has been handed to the mailer (ADR 053): none is still to come.
    await outboxDelivered(runtime.pool);
    expect(inbox.receivedBy(bo.email)).toHaveLength(2);
  });

  it('a decline is mailed to the candidate once; declining again mails nothing', async () => {
    const cy = await signUp('candidate', 'cy@example.com');
    expect((await post(`/api/jobs/${jobId}/apply`, cy.token)).statusCode).toBe(201);
    expect((await post(statusUrl(cy), owner.token, { status: 'declined' })).json()).toEqual({ success: true, status: 'declined' });
    const [mail] = await mailsTo(cy.email);
    expect(mail!.subject).toBe('Your application for Platform Engineer at Company maya@northwind.example');
    expect(mail!.text).toContain('Company maya@northwind.example has decided not to move forward with your application.');
    expect((await post(statusUrl(cy), owner.token, { status: 'declined' })).json()).toEqual({ success: true, status: 'declined' });
    // Every mail a committed command asked for has been handed to the mailer (ADR 053): none is still to come.
    await outboxDelivered(runtime.pool);
    expect(inbox.receivedBy(cy.email)).toHaveLength(1);
    // The company hears nothing of its own moves.
    expect(inbox.receivedBy(owner.email)).toEqual([]);
  });
});
