import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_INVITATION_MESSAGES, MIN_POSITION_HEADER, invitationStreamId, type Role } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { recipientsInbox } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition } from '@hireloop/platform/event-store';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import { fixedClock } from '@hireloop/platform/runtime';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * Invitations in the app (issue 24, ADR 062): with no mail read, the signed-in candidate lists their
 * invitations, opens one by its id, reveals and offers times, and sees each step — the company's
 * offer stage included. Every route is tried as a visitor, the invitee, another candidate, the
 * inviting company, an admin and a super admin: only the invitee reaches the invitation, and no
 * answer carries the mail's token.
 */
const PUBLIC_URL = 'http://hireloop.test';
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let inbox: ReturnType<typeof recipientsInbox>;
const clock = fixedClock('2026-11-25T20:00:00.000Z');
let position = '';

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  inbox = recipientsInbox(runtime.mailer);
  app = await buildApp({ ...runtime, mailer: inbox, clock }, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000, sessionTtlMs: 90 * 86_400_000 });
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
    payload: (payload ?? {}) as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.24.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
  });
  if (response.headers['x-position']) position = maxPosition(position, String(response.headers['x-position']));
  return response;
};
const get = (url: string, token: string | null) => app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), [MIN_POSITION_HEADER]: position } });

async function mailsTo(to: string, count = 1): Promise<MailMessage[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = inbox.receivedBy(to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Caller {
  token: string;
  email: string;
  userId: string;
}
const signUpCompany = async (key: string, companyName: string): Promise<Caller> => {
  const email = `${key}@${key}.example`;
  const response = await post('/api/auth/company/signup', null, { companyName, contactName: `${key} hiring`, email, password: 'company-password-1', website: `https://${key}.example`, location: 'Austin, TX', industry: 'Data' });
  expect(response.statusCode).toBe(201);
  return { token: response.json().token, email, userId: response.json().user.id };
};
const signUpCandidate = async (name: string, email: string): Promise<Caller> => {
  const response = await post('/api/auth/candidate/signup', null, { name, email, password: 'candidate-password-1' });
  expect(response.statusCode).toBe(201);
  return { token: response.json().token, email, userId: response.json().user.id };
};
const createProfile = async (caller: Caller, title: string) => {
  const response = await post('/api/profile', caller.token, { jobTitle: title, skills: ['Kafka', 'SQL'], experience: '7 years', location: 'Lisbon, Portugal', isActivelyLooking: true, isPublic: true });
  expect(response.statusCode).toBe(201);
  return response.json().profile.id as string;
};
const grant = async (email: string, role: Role) => {
  const result = await grantRoleAsSystem({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, email, role, 'test');
  position = maxPosition(position, result.position);
};

let company: Caller;
let ada: Caller;
let bo: Caller;
let admin: Caller;
let superAdmin: Caller;
let invitationId: string;
let mailToken: string;
let jobId: string;
let boProfile: string;
const availability = { availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM'], timezone: 'Europe/Lisbon', additionalNotes: '' };

/** Everyone but the invitee, as they call: nobody signed in, another candidate, the inviting company, an admin, a super admin. */
const others = () => [
  { who: 'visitor', token: null, status: 401 },
  { who: 'another candidate', token: bo.token, status: 404 },
  { who: 'the inviting company', token: company.token, status: 404 },
  { who: 'an admin', token: admin.token, status: 404 },
  { who: 'a super admin', token: superAdmin.token, status: 404 },
];

beforeAll(async () => {
  company = await signUpCompany('northwind', 'Northwind');
  ada = await signUpCandidate('Ada Lovelace', 'ada@candidates.example');
  bo = await signUpCandidate('Bo Brightwater', 'bo@candidates.example');
  const adaProfile = await createProfile(ada, 'Senior Data Engineer');
  boProfile = await createProfile(bo, 'Analytics Engineer');
  const job = await post('/api/jobs', company.token, { title: 'Staff Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.' });
  expect(job.statusCode).toBe(201);
  jobId = job.json().job.id;
  admin = await signUpCandidate('Grace Admin', 'grace@admins.example');
  await grant(admin.email, 'admin');
  superAdmin = await signUpCompany('ops', 'Ops Inc');
  await grant(superAdmin.email, 'super_admin');
  const sent = await post('/api/job-invitations/send', company.token, { jobId: job.json().job.id, candidateId: adaProfile, message: 'We loved your pipeline work.' });
  expect(sent.statusCode).toBe(201);
  invitationId = sent.json().invitationId;
  const [mail] = await mailsTo(ada.email);
  mailToken = /\/invitation\/([0-9a-f]{32}\.[A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
});

const listOf = async (caller: Caller) => {
  const response = await get('/api/my-invitations', caller.token);
  expect(response.statusCode).toBe(200);
  expect(response.body, 'the mail’s secret is never in an answer').not.toContain(mailToken.split('.')[1]);
  return response.json().invitations as Array<Record<string, unknown>>;
};

describe('the candidate’s invitations in the app', () => {
  it('the invitee sees the invitation listed as new, with its job and company, and no token', async () => {
    expect(await listOf(ada)).toEqual([
      {
        invitationId,
        jobId: expect.any(String),
        jobTitle: 'Staff Data Engineer',
        company: 'Northwind',
        location: 'Austin, TX',
        jobIsOpen: true,
        status: 'new',
        sentAt: '2026-11-25T20:00:00.000Z',
        expiresAt: '2026-12-25T20:00:00.000Z',
        revealedAt: null,
        availabilitySubmittedAt: null,
        offerStageAt: null,
        declinedAt: null,
      },
    ]);
  });

  it('a visitor must sign in; another candidate and an admin see only their own (none); companies have no such list', async () => {
    expect((await get('/api/my-invitations', null)).statusCode).toBe(401);
    expect(await listOf(bo)).toEqual([]);
    expect(await listOf(admin)).toEqual([]);
    for (const caller of [company, superAdmin]) {
      const refused = await get('/api/my-invitations', caller.token);
      expect([refused.statusCode, refused.json().error]).toEqual([403, CANDIDATE_INVITATION_MESSAGES.candidatesOnly]);
    }
  });

  it('only the invitee opens the invitation page by its id; everyone else gets one not-found answer', async () => {
    const page = await get(`/api/my-invitations/${invitationId}`, ada.token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ success: true, job: { title: 'Staff Data Engineer' }, invitation: { message: 'We loved your pipeline work.' }, hasRevealed: false, hasSubmittedAvailability: false, knownToCompany: null });
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).not.toContain(mailToken.split('.')[1]);
    for (const { who, token, status } of others()) {
      const refused = await get(`/api/my-invitations/${invitationId}`, token);
      expect(refused.statusCode, who).toBe(status);
      expect(refused.body, who).not.toContain('pipeline work');
      if (status === 404) expect(refused.json().error, who).toBe(CANDIDATE_INVITATION_MESSAGES.notFound);
    }
    const malformed = await get('/api/my-invitations/not-an-id', ada.token);
    expect(malformed.statusCode).toBe(400);
    expect((await get(`/api/my-invitations/${'0'.repeat(32)}`, ada.token)).statusCode).toBe(404);
  });

  it('nobody but the invitee can reveal or offer times by id, and nothing is recorded for them', async () => {
    for (const { who, token, status } of others()) {
      expect((await post(`/api/my-invitations/${invitationId}/reveal`, token)).statusCode, who).toBe(status);
      expect((await post(`/api/my-invitations/${invitationId}/availability`, token, availability)).statusCode, who).toBe(status);
    }
    expect((await listOf(ada)).map((row) => row.status)).toEqual(['new']);
    const { events } = await runtime.eventStore.readStream(invitationStreamId(invitationId));
    expect(events.map((event) => event.type)).toEqual(['InvitationSent']);
  });

  it('opening the invitation is recorded once, for the invitee only, and the company sees it as Viewed with its date (ADR 070)', async () => {
    const companyRow = async () => {
      const list = await get('/api/job-invitations', company.token);
      expect(list.statusCode).toBe(200);
      return (list.json().invitations as Array<{ invitationId: string; status: string; viewedAt: string | null }>).find((row) => row.invitationId === invitationId)!;
    };
    expect(await companyRow()).toMatchObject({ status: 'email_sent', viewedAt: null });
    for (const { who, token, status } of others()) {
      expect((await post(`/api/my-invitations/${invitationId}/view`, token)).statusCode, who).toBe(status);
    }
    expect((await post(`/api/invitations/${mailToken.split('.')[0]}.${'A'.repeat(43)}/view`, null)).statusCode).toBe(404);
    const streamTypes = async () => (await runtime.eventStore.readStream(invitationStreamId(invitationId))).events.map((event) => event.type);
    expect(await streamTypes()).toEqual(['InvitationSent']);

    const first = await post(`/api/my-invitations/${invitationId}/view`, ada.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, viewedAt: '2026-11-25T20:00:00.000Z' });
    // Again, by id or by the mail's link: nothing more is recorded, and the answer keeps the first date.
    expect((await post(`/api/my-invitations/${invitationId}/view`, ada.token)).json()).toEqual({ success: true, viewedAt: '2026-11-25T20:00:00.000Z' });
    expect((await post(`/api/invitations/${mailToken}/view`, null)).statusCode).toBe(200);
    expect(await streamTypes()).toEqual(['InvitationSent', 'InvitationViewed']);
    const viewed = (await runtime.eventStore.readStream(invitationStreamId(invitationId))).events[1]!;
    expect(Object.keys(viewed.data as object).sort()).toEqual(['candidateUserId', 'companyId', 'invitationId', 'jobId', 'viewedAt']);
    expect(await companyRow()).toMatchObject({ status: 'viewed', viewedAt: '2026-11-25T20:00:00.000Z', candidate: null });
    // The candidate's own list still says new: viewing is not an answer.
    expect((await listOf(ada)).map((row) => row.status)).toEqual(['new']);
  });

  it('the invitee reveals and offers times without the mail, and each step shows in the list, the offer stage too', async () => {
    const revealed = await post(`/api/my-invitations/${invitationId}/reveal`, ada.token);
    expect([revealed.statusCode, revealed.json().message]).toEqual([200, 'Profile Revealed']);
    expect((await listOf(ada)).map((row) => [row.status, row.revealedAt])).toEqual([['revealed', '2026-11-25T20:00:00.000Z']]);
    // The company hears of it as from the mail's link: the reveal mail.
    await mailsTo(company.email, 1);

    const early = await post(`/api/my-invitations/${invitationId}/availability`, ada.token, { ...availability, availableDays: [] });
    expect(early.statusCode).toBe(400);
    const offered = await post(`/api/my-invitations/${invitationId}/availability`, ada.token, availability);
    expect(offered.statusCode).toBe(200);
    expect((await listOf(ada)).map((row) => row.status)).toEqual(['availability_submitted']);
    expect((await get(`/api/my-invitations/${invitationId}`, ada.token)).json()).toMatchObject({ hasRevealed: true, hasSubmittedAvailability: true });

    const moved = await post(`/api/job-invitations/${invitationId}/offer-stage`, company.token);
    expect(moved.statusCode).toBe(200);
    expect((await listOf(ada)).map((row) => [row.status, row.offerStageAt])).toEqual([['offer_stage', '2026-11-25T20:00:00.000Z']]);
    // The mail's link still opens the same invitation, in the same state.
    expect((await get(`/api/invitations/${mailToken}`, null)).json()).toMatchObject({ hasRevealed: true, hasSubmittedAvailability: true });
  });

  it('the page says what the company already knows: nothing before a reveal, or that the invitee applied to one of its jobs (ADR 070)', async () => {
    // Ada revealed from this invitation (above): that is `hasRevealed`, not a knowledge from elsewhere.
    expect((await get(`/api/invitations/${mailToken}`, null)).json()).toMatchObject({ hasRevealed: true, knownToCompany: null });
    // Bo applies to Northwind's job, then Northwind asks him to apply to it: it knows his name from his application (ADR 066).
    expect((await post(`/api/jobs/${jobId}/apply`, bo.token)).statusCode).toBe(201);
    const sent = await post('/api/job-invitations/send', company.token, { jobId, candidateId: boProfile });
    expect(sent.statusCode).toBe(201);
    const page = await get(`/api/my-invitations/${sent.json().invitationId}`, bo.token);
    expect(page.json()).toMatchObject({ hasRevealed: false, knownToCompany: 'applied' });
  });
});
