import nodeIcal, { type VEvent } from 'node-ical';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, MIN_POSITION_HEADER, bulkInvitationComplete, type Role } from '@hireloop/contracts';
import { readAllUntil } from '../support/events';
import { erasePerson } from '@hireloop/command-service/erase-person/erasure';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { recipientsInbox } from '@hireloop/command-service/shared/test-app';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition } from '@hireloop/platform/event-store';
import { REDACTED, type MailMessage } from '@hireloop/platform/mailer/types';
import { fixedClock } from '@hireloop/platform/runtime';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { outboxDelivered } from '../support/outbox';
import { tablesHolding as holdingText } from '../support/table-scan';

/*
 * Invitations on the real app over PostgreSQL (issue 13, ADR 031): a company invites a candidate
 * to its job, the candidate reveals their profile and offers interview times by the token in the
 * mail, without signing in. Every message of the spec is checked, and the privacy rule — no
 * name or email before the reveal, and then only for the inviting company — on every route for
 * a visitor, the owner company, another company, the candidate, an admin and a super admin.
 */
const PUBLIC_URL = 'http://hireloop.test';
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let inbox: ReturnType<typeof recipientsInbox>;
// A Wednesday afternoon in New York.
const clock = fixedClock('2026-11-25T20:00:00.000Z');
let position = '';

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  inbox = recipientsInbox(runtime.mailer);
  // Sessions outlive the 30 days an invitation link works, so the expiry is tested on the same callers.
  app = await buildApp({ ...runtime, mailer: inbox, clock }, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000, sessionTtlMs: 90 * 86_400_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

let addresses = 0;
const send = async (method: 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) => {
  const response = await app.inject({
    method,
    url,
    payload: payload as object,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    // Every caller from an address of its own: the sign-up throttle is not what this test is about.
    remoteAddress: `10.13.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
  });
  if (response.headers['x-position']) position = maxPosition(position, String(response.headers['x-position']));
  return response;
};
const post = (url: string, token: string | null, payload?: unknown, headers?: Record<string, string>) => send('POST', url, token, payload, headers);
const get = (url: string, token: string | null) => app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), [MIN_POSITION_HEADER]: position } });
const grant = async (email: string, role: Role) => {
  const result = await grantRoleAsSystem({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, email, role, 'test');
  position = maxPosition(position, result.position);
};

/** Mail leaves through the bus's work queue: wait for the `count`-th mail to `to`. */
async function mailsTo(to: string, count = 1): Promise<MailMessage[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = inbox.receivedBy(to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const tokenIn = (mail: MailMessage) => {
  const match = /http:\/\/hireloop\.test\/invitation\/([0-9a-f]{32}\.[A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return match[1]!;
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
const createProfile = async (caller: Caller, title: string, profileEmail: string) => {
  const response = await post('/api/profile', caller.token, {
    jobTitle: title,
    skills: ['Kafka', 'SQL', 'Python'],
    experience: '7 years',
    location: 'Lisbon, Portugal',
    email: profileEmail,
    phone: '+351 555 0101',
    isActivelyLooking: true,
    isPublic: true,
  });
  expect(response.statusCode).toBe(201);
  return response.json().profile.id as string;
};
const postJob = async (caller: Caller, title: string) => {
  const response = await post('/api/jobs', caller.token, { title, location: 'Austin, TX', description: 'Own the pipelines.' });
  expect(response.statusCode).toBe(201);
  return response.json().job.id as string;
};

let owner: Caller;
let other: Caller;
let ada: Caller;
let bo: Caller;
let cy: Caller;
let admin: Caller;
let superAdmin: Caller;
let jobId: string;
let otherJobId: string;
let adaProfile: string;
let boProfile: string;
let adaToken: string;

/** Everything that would name the candidates: none of it may reach anyone before the reveal. */
const ADA_SECRETS = ['Ada', 'Lovelace', 'ada@candidates.example', 'ada.contact@candidates.example'];
const BO_SECRETS = ['Bo ', 'Brightwater', 'bo@candidates.example', 'bo.contact@candidates.example'];
const expectNoneOf = (body: string, texts: string[]) => {
  for (const text of texts) expect(body, `leaked "${text}"`).not.toContain(text);
};

beforeAll(async () => {
  owner = await signUpCompany('northwind', 'Northwind');
  other = await signUpCompany('contoso', 'Contoso');
  const saved = await send('PUT', '/api/company/profile', owner.token, {
    name: 'Northwind Analytics',
    website: 'https://northwind.example',
    address: '1 Congress Ave, Austin, TX',
    industry: 'Data & Analytics',
    size: '51-200',
    description: 'We turn data into decisions.',
  });
  expect(saved.statusCode).toBe(200);
  ada = await signUpCandidate('Ada Lovelace', 'ada@candidates.example');
  bo = await signUpCandidate('Bo Brightwater', 'bo@candidates.example');
  cy = await signUpCandidate('Cy Noprofile', 'cy@candidates.example');
  adaProfile = await createProfile(ada, 'Senior Data Engineer', 'ada.contact@candidates.example');
  boProfile = await createProfile(bo, 'Analytics Engineer', 'bo.contact@candidates.example');
  jobId = await postJob(owner, 'Staff Data Engineer');
  otherJobId = await postJob(other, 'Platform Engineer');
  admin = await signUpCandidate('Grace Admin', 'grace@admins.example');
  await grant(admin.email, 'admin');
  superAdmin = await signUpCompany('ops', 'Ops Inc');
  await grant(superAdmin.email, 'super_admin');
});

describe('sending an invitation', () => {
  it('a visitor is asked to sign in; a candidate cannot invite', async () => {
    expect((await post('/api/job-invitations/send', null, { jobId, candidateId: adaProfile })).statusCode).toBe(401);
    const refused = await post('/api/job-invitations/send', cy.token, { jobId, candidateId: adaProfile });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(INVITATION_MESSAGES.companiesOnly);
  });

  it('a company inviting to another company’s job is refused with 403', async () => {
    const refused = await post('/api/job-invitations/send', other.token, { jobId, candidateId: adaProfile });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: INVITATION_MESSAGES.notYourJob });
  });

  it('an unknown job or a candidate without a profile is a 404 with a clear message', async () => {
    const noJob = await post('/api/job-invitations/send', owner.token, { jobId: 'no-such-job', candidateId: adaProfile });
    expect([noJob.statusCode, noJob.json().error]).toEqual([404, INVITATION_MESSAGES.jobNotFound]);
    const noProfile = await post('/api/job-invitations/send', owner.token, { jobId, candidateId: '00000000-0000-0000-0000-000000000000' });
    expect([noProfile.statusCode, noProfile.json().error]).toEqual([404, INVITATION_MESSAGES.candidateNotFound]);
  });

  it('the owner invites Ada: the mail carries the link, the outbox keeps it without', async () => {
    const sent = await post('/api/job-invitations/send', owner.token, { jobId, candidateId: adaProfile, message: 'We loved your pipeline work.' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ success: true, message: 'Job invitation sent successfully', invitationId: expect.stringMatching(/^[0-9a-f]{32}$/), status: 'email_sent', expiresAt: '2026-12-25T20:00:00.000Z' });
    expectNoneOf(sent.body, ADA_SECRETS);
    const [mail] = await mailsTo(ada.email);
    expect(mail!.subject).toBe('Northwind Analytics invites you to apply: Staff Data Engineer');
    expect(mail!.text).toContain('We loved your pipeline work.');
    adaToken = tokenIn(mail!);
    expect(adaToken.startsWith(sent.json().invitationId)).toBe(true);
    const [kept] = await runtime.mailer.list({ to: ada.email });
    expect(kept!.text).toContain(REDACTED);
    expect(kept!.text).not.toContain(adaToken);
    expect(kept!.text).not.toContain(adaToken.split('.')[1]);
  });

  it('a second invitation of the same candidate to the same job is a 409', async () => {
    const again = await post('/api/job-invitations/send', owner.token, { jobId, candidateId: adaProfile });
    expect([again.statusCode, again.json().error]).toEqual([409, INVITATION_MESSAGES.alreadyInvited]);
  });

  it('the token is stored nowhere: no row of any table holds its secret part, the log holds its hash', async () => {
    const secret = adaToken.split('.')[1]!;
    const pool = new pg.Pool({ connectionString: db.url });
    try {
      const count = async (text: string) => (await holdingText(pool, text)).length;
      // The mail waits in the outbox, link included, until it is delivered (ADR 053); then the row is gone.
      expect(await count(secret)).toBe(0);
      // The scan can fail: the hash of the token is there, in the log and the read model.
      expect(await count(hashToken(adaToken))).toBeGreaterThan(0);
    } finally {
      await pool.end();
    }
  });
});

describe('private profiles (ADR 077)', () => {
  it('a private profile cannot be invited by a company, even by its right id: 404 "not found or private", nothing appended (ADR 077); an admin can', async () => {
    // A company and a job of their own: the other tests' lists stay as they are.
    const hiring = await signUpCompany('adventureworks', 'Adventure Works');
    const jobId = await postJob(hiring, 'Data Engineer');
    const dee = await signUpCandidate('Eve Private', 'eve.private@candidates.example');
    const hidden = await post('/api/profile', dee.token, { jobTitle: 'Data Engineer', skills: ['SQL'], experience: '3 years', location: 'Porto, Portugal', isActivelyLooking: true, isPublic: false });
    expect(hidden.statusCode, hidden.body).toBe(201);
    const deeProfile = hidden.json().profile.id as string;
    const forDee = (events: readonly { data: unknown }[]) => events.filter((event) => (event.data as { candidateUserId?: string }).candidateUserId === dee.userId);
    const single = await post('/api/job-invitations/send', hiring.token, { jobId, candidateId: deeProfile });
    expect([single.statusCode, single.json().error]).toEqual([404, INVITATION_MESSAGES.candidateNotFound]);
    expect(INVITATION_MESSAGES.candidateNotFound).toMatch(/not found or private/);
    const bulk = await post('/api/job-invitations/bulk', hiring.token, { jobId, candidateIds: [deeProfile] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toMatchObject({ summary: { succeeded: 0, total: 1, skipped: 1 }, skipped: [{ candidateId: deeProfile, reason: 'candidate_not_found', message: INVITATION_MESSAGES.candidateNotFound }] });
    expect(inbox.receivedBy(dee.email)).toHaveLength(0);
    // Hireloop's own people may (the admin console marks the row Private, part 2 §5).
    const byAdmin = await post('/api/job-invitations/send', admin.token, { jobId, candidateId: deeProfile });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    // The log, once it shows the admin's invitation, holds that one alone for her: the company's two attempts appended nothing.
    const sent = await readAllUntil(runtime.eventStore, (events) => forDee(events).length > 0, { eventTypes: ['InvitationSent'] });
    expect(forDee(sent).map((event) => (event.data as { sentBy: string }).sentBy)).toEqual([admin.userId]);
  });
});

describe('the invitation page by token (no sign-in)', () => {
  it('shows the job, the company card, the personal message and the candidate’s title, no name or email', async () => {
    const response = await get(`/api/invitations/${adaToken}`, null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      job: { id: jobId, title: 'Staff Data Engineer' },
      company: { name: 'Northwind Analytics', description: 'We turn data into decisions.', industry: 'Data & Analytics', size: '51-200' },
      invitation: { message: 'We loved your pipeline work.', expiresAt: '2026-12-25T20:00:00.000Z' },
      candidate: { candidateId: adaProfile, title: 'Senior Data Engineer' },
      hasRevealed: false,
      hasSubmittedAvailability: false,
    });
    expect(Object.keys(body.candidate).sort()).toEqual(['candidateId', 'title']);
    expectNoneOf(response.body, ADA_SECRETS);
  });

  it('an unknown, malformed or wrong token gets "Invitation Not Found - This invitation link is invalid or has expired."', async () => {
    const [id] = adaToken.split('.');
    for (const token of ['nope', `${id}.${'A'.repeat(43)}`, `${'0'.repeat(32)}.${adaToken.split('.')[1]}`]) {
      for (const url of [`/api/invitations/${token}`]) {
        const response = await get(url, null);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, error: 'Invitation Not Found - This invitation link is invalid or has expired.' });
      }
      const reveal = await post(`/api/invitations/${token}/reveal`, null, {});
      expect([reveal.statusCode, reveal.json().error]).toEqual([404, INVITATION_MESSAGES.notFound]);
    }
  });
});

type CallerKey = 'visitor' | 'owner' | 'another company' | 'the candidate' | 'admin' | 'super_admin';
const callers = (): Array<[CallerKey, string | null]> => [
  ['visitor', null],
  ['owner', owner.token],
  ['another company', other.token],
  ['the candidate', ada.token],
  ['admin', admin.token],
  ['super_admin', superAdmin.token],
];

/** What every caller gets from every invitation route; the owner's list names Ada only once she revealed. */
async function checkPrivacy(revealed: boolean) {
  for (const [key, token] of callers()) {
    const page = await get(`/api/invitations/${adaToken}`, token);
    expect(page.statusCode, key).toBe(200);
    expectNoneOf(page.body, ADA_SECRETS);

    const list = await get('/api/job-invitations', token);
    const expectedStatus = { visitor: 401, owner: 200, 'another company': 200, 'the candidate': 403, admin: 403, super_admin: 200 }[key];
    expect(list.statusCode, key).toBe(expectedStatus);
    if (key === 'the candidate' || key === 'admin') expect(list.json().error).toBe(INVITATION_MESSAGES.listCompaniesOnly);
    if (key === 'owner') {
      const mine = list.json().invitations.find((invitation: { candidateId: string }) => invitation.candidateId === adaProfile);
      expect(mine).toBeDefined();
      if (revealed) expect(mine.candidate).toEqual({ name: 'Ada Lovelace', email: 'ada.contact@candidates.example' });
      else {
        expect(mine.candidate).toBeNull();
        expectNoneOf(list.body, ADA_SECRETS);
      }
    } else {
      // No other company sees the request at all, let alone who it is for.
      expect(list.body).not.toContain(adaProfile);
      expectNoneOf(list.body, ADA_SECRETS);
    }
  }
}

describe('the privacy rule on every route', () => {
  it('before the reveal, nobody gets Ada’s name or email', async () => {
    await checkPrivacy(false);
  });
});

describe('revealing and offering interview times', () => {
  it('availability before the reveal is a 409', async () => {
    const early = await post(`/api/invitations/${adaToken}/availability`, null, { availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM'], timezone: 'America/New_York', additionalNotes: '' });
    expect([early.statusCode, early.json().error]).toEqual([409, INVITATION_MESSAGES.revealFirst]);
  });

  it('the reveal answers "Profile Revealed" and mails the company the candidate’s name and email', async () => {
    const revealed = await post(`/api/invitations/${adaToken}/reveal`, null, {});
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toEqual({ success: true, message: 'Profile Revealed', hasRevealed: true });
    const [mail] = await mailsTo(owner.email);
    expect(mail!.subject).toBe('A candidate revealed their profile for Staff Data Engineer');
    expect(mail!.text).toContain('Ada Lovelace');
    expect(mail!.text).toContain('ada.contact@candidates.example');
    expect(mail!.text).toContain(`${PUBLIC_URL}/profile/${adaProfile}`);
    const [kept] = await runtime.mailer.list({ to: owner.email });
    expect(kept!.text).toContain(REDACTED);
    expectNoneOf(kept!.text, ['Ada Lovelace', 'ada.contact@candidates.example']);
    const page = await get(`/api/invitations/${adaToken}`, null);
    expect(page.json()).toMatchObject({ hasRevealed: true, hasSubmittedAvailability: false });
  });

  it('revealing twice succeeds again and changes nothing (no second mail)', async () => {
    const again = await post(`/api/invitations/${adaToken}/reveal`, null, {});
    expect(again.statusCode).toBe(200);
    // Every mail a committed command asked for has been handed to the mailer (ADR 053): none is still to come.
    await outboxDelivered(runtime.pool);
    expect(inbox.receivedBy(owner.email)).toHaveLength(1);
  });

  it('after the reveal only the owner company sees Ada’s name and email, and the page by token still shows neither', async () => {
    await checkPrivacy(true);
    const list = await get('/api/job-invitations', owner.token);
    expect(list.json().invitations[0]).toMatchObject({ jobTitle: 'Staff Data Engineer', candidateTitle: 'Senior Data Engineer', status: 'candidate_accepted', availability: null });
  });

  it('no day or no slot: "Selection Required" with "Please select at least one day and time slot."', async () => {
    for (const payload of [
      { availableDays: [], availableTimes: ['9:00 AM - 12:00 PM'], timezone: 'America/New_York' },
      { availableDays: ['Monday'], availableTimes: [], timezone: 'America/New_York' },
    ]) {
      const response = await post(`/api/invitations/${adaToken}/availability`, null, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Selection Required - Please select at least one day and time slot.');
    }
    const badZone = await post(`/api/invitations/${adaToken}/availability`, null, { availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM'], timezone: 'Mars/Olympus' });
    expect([badZone.statusCode, badZone.json().error]).toEqual([400, INVITATION_MESSAGES.timezone]);
    const weekend = await post(`/api/invitations/${adaToken}/availability`, null, { availableDays: ['Saturday'], availableTimes: ['9:00 AM - 12:00 PM'], timezone: 'UTC' });
    expect(weekend.statusCode).toBe(400);
  });

  it('two slots reach the company as one calendar request with two events in the candidate’s time zone', async () => {
    const submitted = await post(`/api/invitations/${adaToken}/availability`, null, {
      availableDays: ['Monday', 'Wednesday'],
      availableTimes: ['9:00 AM - 12:00 PM'],
      timezone: 'America/New_York',
      additionalNotes: 'Mornings are best, before 11; never Fridays.',
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toEqual({ success: true, hasSubmittedAvailability: true });
    const [mail] = await mailsTo(owner.email, 2);
    expect(mail!.subject).toBe('Interview availability for Staff Data Engineer: Ada Lovelace');
    expect(mail!.text).toContain('Notes: Mornings are best, before 11; never Fridays.');
    const [calendar] = mail!.attachments ?? [];
    expect(calendar).toMatchObject({ filename: 'interview-availability.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
    expect(calendar!.content).toContain('METHOD:REQUEST');
    const events = Object.values(nodeIcal.sync.parseICS(calendar!.content))
      .filter((component): component is VEvent => component?.type === 'VEVENT')
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    // Sent on Wednesday 25 November: next Monday the 30th and next Wednesday 2 December, 09:00–12:00 in New York.
    expect(events.map((event) => [event.start.toISOString(), event.end!.toISOString()])).toEqual([
      ['2026-11-30T14:00:00.000Z', '2026-11-30T17:00:00.000Z'],
      ['2026-12-02T14:00:00.000Z', '2026-12-02T17:00:00.000Z'],
    ]);
    expect(new Set(events.map((event) => event.uid)).size).toBe(2);
    expect(events.every((event) => Number(event.sequence) >= 1)).toBe(true);
    expect(JSON.stringify(events[0]!.organizer)).toContain('ada.contact@candidates.example');
    // The outbox copy keeps the calendar, without who the candidate is or their notes.
    const [kept] = await runtime.mailer.list({ to: owner.email });
    expect(kept!.attachments?.[0]?.content).toContain(events[0]!.uid);
    // (Also where the calendar folded a long line, or escaped the notes' commas and semicolons.)
    expectNoneOf(JSON.stringify(kept).replace(/\\r\\n /g, ''), ['Lovelace', 'ada.contact@candidates.example', 'before 11', 'never Fridays']);
  });

  it('the candidate changes the times later: the company’s list shows the new ones, a mail says so, and withdrawn slots are cancelled (ADR 118)', async () => {
    const changedTimes = { availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM', '3:00 PM - 6:00 PM'], timezone: 'Europe/Berlin', additionalNotes: 'Afternoons work too.' };
    const changed = await post(`/api/invitations/${adaToken}/availability`, null, changedTimes);
    expect([changed.statusCode, changed.json()]).toEqual([200, { success: true, hasSubmittedAvailability: true }]);
    const mail = (await mailsTo(owner.email, 3))[0]!; // newest first
    expect(mail.subject).toBe('Interview availability changed for Staff Data Engineer: Ada Lovelace');
    expect(mail.text).toContain('Days: Monday');
    expect(mail.text).toContain('Time zone: Europe/Berlin');
    const [request, cancellation] = mail.attachments ?? [];
    const eventsOf = (content: string) => Object.values(nodeIcal.sync.parseICS(content)).filter((component): component is VEvent => component?.type === 'VEVENT');
    // Monday morning keeps its uid (the calendar moves it to Berlin time); Monday afternoon is new; Wednesday is withdrawn.
    const offered = eventsOf(request!.content);
    expect(offered.map((event) => event.uid).sort()).toEqual([expect.stringContaining('-monday-15@'), expect.stringContaining('-monday-9@')]);
    expect(offered.every((event) => Number(event.sequence) >= 2)).toBe(true);
    expect(cancellation).toMatchObject({ filename: 'withdrawn-slots.ics', contentType: 'text/calendar; charset=utf-8; method=CANCEL' });
    expect(cancellation!.content).toContain('METHOD:CANCEL');
    const withdrawn = eventsOf(cancellation!.content);
    expect(withdrawn.map((event) => [event.uid, event.status])).toEqual([[expect.stringContaining('-wednesday-9@'), 'CANCELLED']]);

    const list = await get('/api/job-invitations', owner.token);
    expect(list.json().invitations[0]).toMatchObject({ status: 'interview_scheduled', availability: changedTimes });
    const page = await get(`/api/invitations/${adaToken}`, null);
    expect(page.json()).toMatchObject({ hasSubmittedAvailability: true, availability: changedTimes, inOfferStage: false });

    // The same answer again (a double click, a second tab): 200, nothing new, no fourth mail.
    const again = await post(`/api/invitations/${adaToken}/availability`, null, { ...changedTimes, availableTimes: [...changedTimes.availableTimes].reverse() });
    expect(again.statusCode).toBe(200);
    await outboxDelivered(runtime.pool);
    expect(await mailsTo(owner.email)).toHaveLength(3);
    expect((await get(`/api/invitations/${adaToken}`, null)).json()).toMatchObject({ hasRevealed: true, hasSubmittedAvailability: true, availability: changedTimes });
  });
});

let fabrikam: Caller;
let deeInvitation: string;
describe('moving a request to the offer stage', () => {
  const adaInvitation = () => adaToken.split('.')[0]!;
  const offerStageEvents = async () => {
    const pool = new pg.Pool({ connectionString: db.url });
    try {
      const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE type = 'InvitationMovedToOfferStage'`);
      return Number(rows[0]!.n);
    } finally {
      await pool.end();
    }
  };
  const offerStage = (token: string | null, invitationId = adaInvitation()) => post(`/api/job-invitations/${invitationId}/offer-stage`, token, {});

  it('a visitor is asked to sign in; a candidate, the candidate themself included, is refused', async () => {
    expect((await offerStage(null)).statusCode).toBe(401);
    for (const caller of [ada, bo]) {
      const refused = await offerStage(caller.token);
      expect([refused.statusCode, refused.json().error]).toEqual([403, INVITATION_MESSAGES.offerCompaniesOnly]);
    }
  });

  it('another company is refused with 403; an unknown request is a 404', async () => {
    const refused = await offerStage(other.token);
    expect([refused.statusCode, refused.json().error]).toEqual([403, INVITATION_MESSAGES.offerNotYours]);
    const unknown = await offerStage(owner.token, '0'.repeat(32));
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, INVITATION_MESSAGES.offerNotFound]);
  });

  it('the owner company moves Ada’s request, once times were offered; again answers the same and records nothing', async () => {
    const moved = await offerStage(owner.token);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ success: true, message: 'Moved to Offer Stage', invitationId: adaInvitation(), status: 'offer_stage', offerStageAt: clock.now().toISOString() });
    const list = await get('/api/job-invitations', owner.token);
    expect(list.json().invitations[0]).toMatchObject({ candidateId: adaProfile, status: 'offer_stage', offerStageAt: clock.now().toISOString() });
    // Ada hears of it by mail, with where to follow it.
    const offerMails = async () => (await mailsTo(ada.email)).filter((mail) => mail.subject.includes('moved you to the offer stage'));
    let mails: MailMessage[] = [];
    for (let tries = 0; mails.length === 0 && tries < 40; tries++, await settle()) mails = await offerMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('has moved you to the offer stage');
    expect(mails[0]!.text).toContain('/dashboard');
    const again = await offerStage(owner.token);
    expect([again.statusCode, again.json().offerStageAt]).toEqual([200, moved.json().offerStageAt]);
    expect(await offerStageEvents()).toBe(1);
    // Asked again: no second mail.
    // Every mail a committed command asked for has been handed to the mailer (ADR 053): none is still to come.
    await outboxDelivered(runtime.pool);
    expect(await offerMails()).toHaveLength(1);
    // Then the candidate's link offers no new times.
    const times = await post(`/api/invitations/${adaToken}/availability`, null, { availableDays: ['Friday'], availableTimes: ['3:00 PM - 6:00 PM'], timezone: 'UTC' });
    expect([times.statusCode, times.json().error]).toEqual([409, INVITATION_MESSAGES.availabilityAfterOffer]);
    expect((await get(`/api/invitations/${adaToken}`, null)).json()).toMatchObject({ inOfferStage: true });
  });

  it('admins and super admins act for any company, as they do when sending', async () => {
    for (const caller of [admin, superAdmin]) expect((await offerStage(caller.token)).statusCode).toBe(200);
    expect(await offerStageEvents()).toBe(1);
  });

  it('a request whose candidate has not offered times yet is a 409 with a clear message (for an admin too)', async () => {
    fabrikam = await signUpCompany('fabrikam', 'Fabrikam');
    const dee = await signUpCandidate('Dee Waiting', 'dee@candidates.example');
    const deeProfile = await createProfile(dee, 'Data Analyst', 'dee.contact@candidates.example');
    const invited = await post('/api/job-invitations/send', fabrikam.token, { jobId: await postJob(fabrikam, 'Analyst'), candidateId: deeProfile });
    expect(invited.statusCode).toBe(201);
    deeInvitation = invited.json().invitationId;
    for (const caller of [fabrikam, admin]) {
      const early = await offerStage(caller.token, deeInvitation);
      expect([early.statusCode, early.json().error]).toEqual([409, INVITATION_MESSAGES.offerBeforeInterview]);
    }
  });
});

describe('bulk invitations', () => {
  it('no candidate selected is "Selection Required"', async () => {
    const response = await post('/api/job-invitations/bulk', owner.token, { jobId, candidateIds: [] });
    expect([response.statusCode, response.json().error]).toEqual([400, 'Selection Required']);
  });

  it('invites the new candidates and says which were skipped and why; a retry with the same Idempotency-Key replays the answer', async () => {
    const missing = '11111111-1111-1111-1111-111111111111';
    const body = { jobId, candidateIds: [boProfile, adaProfile, missing, boProfile], message: 'Join us.' };
    const first = await post('/api/job-invitations/bulk', owner.token, body, { 'idempotency-key': 'bulk-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: bulkInvitationComplete(1, 4),
      summary: { succeeded: 1, total: 4, skipped: 3 },
      invited: [{ candidateId: boProfile, invitationId: expect.stringMatching(/^[0-9a-f]{32}$/) }],
      skipped: [
        { candidateId: adaProfile, reason: 'already_invited', message: INVITATION_MESSAGES.alreadyInvited },
        { candidateId: missing, reason: 'candidate_not_found', message: INVITATION_MESSAGES.candidateNotFound },
        { candidateId: boProfile, reason: 'duplicate', message: expect.any(String) },
      ],
    });
    expect(first.json().message).toBe('Bulk Invitation Complete: Successfully invited 1 of 4 candidates');
    expectNoneOf(first.body, [...ADA_SECRETS, ...BO_SECRETS]);
    await mailsTo(bo.email);
    const replay = await post('/api/job-invitations/bulk', owner.token, body, { 'idempotency-key': 'bulk-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    // Every mail a committed command asked for has been handed to the mailer (ADR 053): none is still to come.
    await outboxDelivered(runtime.pool);
    expect(inbox.receivedBy(bo.email)).toHaveLength(1);
  });

  it('another company cannot bulk-invite to the owner’s job', async () => {
    const refused = await post('/api/job-invitations/bulk', other.token, { jobId, candidateIds: [boProfile] });
    expect([refused.statusCode, refused.json().error]).toEqual([403, INVITATION_MESSAGES.notYourJob]);
  });

  it('an admin invites for any company’s job; the request is that company’s', async () => {
    const sent = await post('/api/job-invitations/bulk', admin.token, { jobId: otherJobId, candidateIds: [adaProfile] });
    expect(sent.json().summary).toEqual({ succeeded: 1, total: 1, skipped: 0 });
    const contoso = await get('/api/job-invitations', other.token);
    expect(contoso.json().invitations).toEqual([expect.objectContaining({ jobId: otherJobId, candidateId: adaProfile, status: 'email_sent', candidate: null })]);
    expectNoneOf(contoso.body, ADA_SECRETS);
  });
});

describe('an invitation link expires after 30 days', () => {
  it('then the page, the reveal and the availability get the not-found answer, and the company sees it expired', async () => {
    const boToken = tokenIn((await mailsTo(bo.email))[0]!);
    expect((await get(`/api/invitations/${boToken}`, null)).statusCode).toBe(200);
    clock.advance(30 * 86_400_000);
    const page = await get(`/api/invitations/${boToken}`, null);
    expect([page.statusCode, page.json().error]).toEqual([404, INVITATION_MESSAGES.notFound]);
    const reveal = await post(`/api/invitations/${boToken}/reveal`, null, {});
    expect([reveal.statusCode, reveal.json().error]).toEqual([404, INVITATION_MESSAGES.notFound]);
    const availability = await post(`/api/invitations/${boToken}/availability`, null, { availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM'], timezone: 'UTC' });
    expect([availability.statusCode, availability.json().error]).toEqual([404, INVITATION_MESSAGES.notFound]);
    const list = await get('/api/job-invitations', owner.token);
    const statuses = Object.fromEntries(list.json().invitations.map((invitation: { candidateId: string; status: string }) => [invitation.candidateId, invitation.status]));
    expect(statuses).toEqual({ [boProfile]: 'expired', [adaProfile]: 'offer_stage' });
  });

  it('a request that expired before times were offered cannot move to the offer stage (409); one with times offered already moved', async () => {
    const expired = await post(`/api/job-invitations/${deeInvitation}/offer-stage`, fabrikam.token, {});
    expect([expired.statusCode, expired.json().error]).toEqual([409, INVITATION_MESSAGES.offerExpired]);
    expect((await post(`/api/job-invitations/${adaToken.split('.')[0]}/offer-stage`, owner.token, {})).statusCode).toBe(200);
  });

  it('the candidate may then be invited again, with a new link; the old one stays dead', async () => {
    const boToken = tokenIn((await mailsTo(bo.email))[0]!);
    const again = await post('/api/job-invitations/send', owner.token, { jobId, candidateId: boProfile });
    expect(again.statusCode).toBe(201);
    const mails = await mailsTo(bo.email, 2);
    const newToken = tokenIn(mails[0]!);
    expect(newToken).not.toBe(boToken);
    expect((await get(`/api/invitations/${newToken}`, null)).statusCode).toBe(200);
    expect((await get(`/api/invitations/${boToken}`, null)).statusCode).toBe(404);
  });
});

describe('abuse limits', () => {
  it('an account sending invitation requests in a burst is told to wait (429), whatever the requests were', async () => {
    const burst = await signUpCompany('burst', 'Burst Hiring');
    const job = await postJob(burst, 'Data Engineer');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await post('/api/job-invitations/send', burst.token, { jobId: job, candidateId: `missing-${i}` })).statusCode);
    expect(new Set(statuses)).toEqual(new Set([404]));
    const limited = await post('/api/job-invitations/bulk', burst.token, { jobId: job, candidateIds: [adaProfile] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Failed to send job invitation: you have sent many invitations in a short time\. Please try again in \d+ minutes?\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('erasing the candidate (ADR 019)', () => {
  it('leaves no table holding the personal message, the notes, or who the candidate is, and the company still sees the request', async () => {
    const pool = new pg.Pool({ connectionString: db.url });
    const tablesHolding = (text: string) => holdingText(pool, text, position);
    try {
      const texts = ['We loved your pipeline work.', 'Mornings are best, before 11; never Fridays.', 'before 11', 'never Fridays', 'Lovelace', 'ada.contact@candidates.example', 'ada@candidates.example'];
      // Before: the scan finds them (so it can fail).
      expect(await tablesHolding('We loved your pipeline work.')).not.toEqual([]);
      const report = await erasePerson({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, ada.userId, 'test-erase-ada');
      position = maxPosition(position, report.position);
      const list = await get('/api/job-invitations', owner.token);
      const request = list.json().invitations.find((invitation: { candidateId: string }) => invitation.candidateId === adaProfile);
      expect(request).toMatchObject({ status: 'offer_stage', candidate: null, availability: { additionalNotes: '[erased]', timezone: '[erased]' } });
      for (const text of texts) expect(await tablesHolding(text), text).toEqual([]);
      // Nobody can invite an erased candidate any more; a bulk request skips them.
      const bulk = await post('/api/job-invitations/bulk', owner.token, { jobId, candidateIds: [adaProfile] });
      expect(bulk.statusCode).toBe(200);
      expect(bulk.json().skipped).toEqual([{ candidateId: adaProfile, reason: 'candidate_not_found', message: INVITATION_MESSAGES.candidateNotFound }]);
    } finally {
      await pool.end();
    }
  });
});
