import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, MESSAGES, type AdminCandidate, type AdminCandidateList } from '@hireloop/contracts';
import { accountIdForEmail } from '@hireloop/command-service/auth/accounts';
import { addedCandidateIdForEmail } from '@hireloop/command-service/admin-people/added-candidates';
import { erasePerson } from '@hireloop/command-service/erase-person/erasure';
import { SIGN_UPS_PER_ADDRESS } from '@hireloop/command-service/auth/throttle';
import { subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import { fixedClock } from '@hireloop/platform/runtime';
import { tablesHolding } from '../support/table-scan';
import { useApiApp, type Caller } from '../support/api-app';

/*
 * A candidate an admin added claims their profile from an invitation (ADR 038), on the real app
 * over PostgreSQL: `POST /api/invitations/{token}/claim` makes their account under their person
 * id, with a password, and signs them in; they sign in again with the profile's address, their
 * own profile is the added one, and the admin table shows one row, verified, with the user id.
 * Refused: a second claim, a person who signed up themselves, a bad password, an unknown or
 * expired token, an erased person, a signed-in caller; rate-limited as sign-up is.
 */
const clock = fixedClock('2026-11-25T20:00:00.000Z');
// Sessions outlive the 30 days an invitation link works, so the expiry is tested on the same callers.
const api = useApiApp('http://hireloop.test', { clock, sessionTtlMs: 90 * 86_400_000 });
const { post, get, grant, deps, mailsTo } = api;
const signUpCandidate = (name: string, email: string) => api.signUpCandidate(email.split('@')[0]!, { name, email });
const signUpCompany = (companyName: string, email: string) => api.signUpCompany(email.split('@')[0]!, { companyName, email });
const signIn = (email: string, password: string) => post('/api/auth/login', null, { email, password });
const candidatesPage = async (token: string, search: string) => {
  const response = await get(`/api/admin/candidates?search=${encodeURIComponent(search)}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminCandidateList;
};
const tokenIn = (mail: MailMessage) => {
  const match = /http:\/\/hireloop\.test\/invitation\/([0-9a-f]{32}\.[A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return match[1]!;
};

let admin: Caller;
let jobId: string;
/** An admin adds a candidate and invites them to the job: the added row and the token mailed to them. */
const addAndInvite = async (firstName: string, lastName: string, email: string): Promise<{ added: AdminCandidate; token: string }> => {
  const response = await post('/api/admin/candidates', admin.token, { firstName, lastName, email, phone: '+44 555 0101', location: 'London, UK', title: 'Analyst', summary: 'Engines.', skills: ['Math'], isPrivate: false });
  expect(response.statusCode, response.body).toBe(201);
  const added = response.json().candidate as AdminCandidate;
  const invited = await post('/api/job-invitations/send', admin.token, { jobId, candidateId: added.id, message: 'Come and count.' });
  expect(invited.statusCode, invited.body).toBe(201);
  return { added, token: tokenIn((await mailsTo(email))[0]!) };
};
const claim = (token: string, password: string, session: string | null = null, remoteAddress?: string) => post(`/api/invitations/${token}/claim`, session, { password }, remoteAddress);
const canClaim = async (token: string) => {
  const page = await get(`/api/invitations/${token}`, null);
  expect(page.statusCode, page.body).toBe(200);
  return page.json().canClaimAccount as boolean;
};

beforeAll(async () => {
  // The admin invites to its own jobs: a company user on a plan with room for jobs, made admin.
  admin = await signUpCompany('Ops Desk', 'olive@ops.example');
  await subscribeToPlan(api.app(), admin.token, 'enterprise');
  await grant(admin.email, 'admin');
  const job = await post('/api/jobs', admin.token, { title: 'Engine Analyst', location: 'London, UK', description: 'Tabulate.' });
  expect(job.statusCode, job.body).toBe(201);
  jobId = job.json().job.id;
});

describe('an added candidate claims their profile from the invitation', () => {
  const ADA = 'ada.lovelace@claim.example';
  const PASSWORD = 'analytical-engine-1';
  let added: AdminCandidate;
  let token: string;
  let personId: string;
  let session: string;

  beforeAll(async () => {
    ({ added, token } = await addAndInvite('Ada', 'Lovelace', ADA));
    personId = (await addedCandidateIdForEmail(deps(), ADA))!;
    expect(personId).toBeTruthy();
  });

  it('the invitation page says the account can be made; an account holder’s invitation does not', async () => {
    expect(await canClaim(token)).toBe(true);
    const casey = await signUpCandidate('Casey Quill', 'casey@claim.example');
    const profile = await post('/api/profile', casey.token, { jobTitle: 'Engineer', skills: ['Go'], experience: '5 years', location: 'Austin, TX', isActivelyLooking: true, isPublic: true });
    expect(profile.statusCode, profile.body).toBe(201);
    const invited = await post('/api/job-invitations/send', admin.token, { jobId, candidateId: profile.json().profile.id });
    expect(invited.statusCode, invited.body).toBe(201);
    const caseyToken = tokenIn((await mailsTo(casey.email))[0]!);
    expect(await canClaim(caseyToken)).toBe(false);
    // And the claim route agrees: that profile has its account.
    const refused = await claim(caseyToken, PASSWORD);
    expect([refused.statusCode, refused.json().error]).toEqual([409, INVITATION_MESSAGES.claimAccountExists]);
  });

  it('a bad password gets sign-up’s message; an unknown or malformed token the invitation’s not-found answer; nothing is made', async () => {
    const short = await claim(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(MESSAGES.passwordTooShort);
    const missing = await post(`/api/invitations/${token}/claim`, null, {});
    expect(missing.statusCode).toBe(400);
    const [id, secret] = token.split('.');
    for (const wrong of ['nope', `${id}.${'A'.repeat(43)}`, `${'0'.repeat(32)}.${secret}`]) {
      const response = await claim(wrong, PASSWORD);
      expect([response.statusCode, response.json().error], wrong).toEqual([404, INVITATION_MESSAGES.notFound]);
    }
    expect(await accountIdForEmail(deps(), ADA)).toBeNull();
    expect((await signIn(ADA, PASSWORD)).statusCode).toBe(401);
  });

  it('a signed-in candidate or company holding the link is refused (409): no account is made, and their own stays theirs', async () => {
    const other = await signUpCandidate('Other Person', 'other@claim.example');
    const company = await signUpCompany('Northwind', 'nora@northwind-claim.example');
    for (const caller of [other, company]) {
      const refused = await claim(token, PASSWORD, caller.token);
      expect([refused.statusCode, refused.json().error]).toEqual([409, INVITATION_MESSAGES.claimSignedIn]);
      expect(refused.json().token).toBeUndefined();
      const me = await get('/api/auth/user', caller.token);
      expect(me.json()).toMatchObject({ id: caller.userId, email: caller.email });
    }
    expect(await accountIdForEmail(deps(), ADA)).toBeNull();
    expect(await canClaim(token)).toBe(true);
  });

  it('the claim makes the account under the person id, with the profile’s address and name, and signs them in', async () => {
    const response = await claim(token, PASSWORD);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ success: true, user: { id: personId, userId: personId, email: ADA, name: 'Ada Lovelace', type: 'candidate', role: 'candidate', isAdmin: false, companyId: null } });
    session = body.token;
    expect(session).toEqual(expect.any(String));
    const me = await get('/api/auth/user', session);
    expect([me.statusCode, me.json().id]).toEqual([200, personId]);
    // The address is the account's now (email-<sha256>), the added reservation released.
    expect(await accountIdForEmail(deps(), ADA)).toBe(personId);
    expect(await addedCandidateIdForEmail(deps(), ADA)).toBeNull();
  });

  it('their own profile is the one the admin added', async () => {
    const own = await get('/api/profile', session);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: added.id, firstName: 'Ada', lastName: 'Lovelace', title: 'Analyst', email: ADA });
  });

  it('they sign in again with the profile’s address and the password', async () => {
    const again = await signIn(ADA, PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user).toMatchObject({ id: personId, email: ADA });
    expect((await signIn(ADA, 'wrong-password-1')).statusCode).toBe(401);
  });

  it('the admin table shows one row for the person: the added profile, now with the user id, verified', async () => {
    const page = await candidatesPage(admin.token, 'lovelace');
    expect(page.total).toBe(1);
    expect(page.candidates[0]).toEqual({ ...added, userId: personId, verified: true });
    expect(await canClaim(token)).toBe(false);
  });

  it('a second claim is a 409 "This profile already has an account. Sign in instead."; the password stays the first', async () => {
    const second = await claim(token, 'another-password-2');
    expect([second.statusCode, second.json().error]).toEqual([409, INVITATION_MESSAGES.claimAccountExists]);
    expect((await signIn(ADA, 'another-password-2')).statusCode).toBe(401);
    expect((await signIn(ADA, PASSWORD)).statusCode).toBe(200);
  });

  it('the claimed candidate can still use the invitation, and is invitable as an account holder', async () => {
    const reveal = await post(`/api/invitations/${token}/reveal`, null, {});
    expect(reveal.statusCode, reveal.body).toBe(200);
    const job = await post('/api/jobs', admin.token, { title: 'Second Engine', location: 'London, UK', description: 'Again.' });
    const invited = await post('/api/job-invitations/send', admin.token, { jobId: job.json().job.id, candidateId: added.id });
    expect(invited.statusCode, invited.body).toBe(201);
    const mails = await mailsTo(ADA, 2);
    expect(mails.map((mail) => mail.subject).join('\n')).toContain('Second Engine');
  });

  it('no token reaches the log or any table: neither the invitation’s nor the session’s', async () => {
    const pool = new pg.Pool({ connectionString: api.databaseUrl() });
    try {
      const count = async (text: string) => (await tablesHolding(pool, text)).length;
      expect(await count(token.split('.')[1]!)).toBe(0);
      expect(await count(session)).toBe(0);
      expect(await count(PASSWORD)).toBe(0);
      // The scan can fail: the claim's proof is in the log, by the person's id.
      const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE type = 'AddedProfileClaimed' AND data::text LIKE $1`, [`%${personId}%`]);
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('erasing the claimed person erases the account (one person): out of the table, no sign-in', async () => {
    const report = await erasePerson(deps(), personId, 'test-erase-claimed');
    api.sawPosition(report.position);
    expect(report.erasedNow).toBe(true);
    expect((await candidatesPage(admin.token, 'lovelace')).total).toBe(0);
    expect((await signIn(ADA, PASSWORD)).statusCode).toBe(401);
  });
});

describe('claims that are refused', () => {
  it('the person signed up themselves with the address first: 409, and their account is untouched', async () => {
    const { token } = await addAndInvite('Bo', 'Brook', 'bo@claim.example');
    const bo = await signUpCandidate('Bo Brook', 'bo@claim.example');
    expect(await canClaim(token)).toBe(false);
    const refused = await claim(token, 'bo-password-123');
    expect([refused.statusCode, refused.json().error]).toEqual([409, INVITATION_MESSAGES.claimAccountExists]);
    expect(await accountIdForEmail(deps(), 'bo@claim.example')).toBe(bo.userId);
    expect((await signIn('bo@claim.example', 'bo-password-123')).statusCode).toBe(401);
    expect((await signIn('bo@claim.example', 'candidate-password-1')).statusCode).toBe(200);
  });

  it('two claims at once: one account, the other a 409; the password is the one that won', async () => {
    const { token } = await addAndInvite('Eve', 'Ellison', 'eve@claim.example');
    const [first, second] = await Promise.all([claim(token, 'eve-password-first'), claim(token, 'eve-password-second')]);
    const answers = [first, second].map((response) => response.statusCode).sort();
    expect(answers).toEqual([201, 409]);
    const won = first.statusCode === 201 ? 'eve-password-first' : 'eve-password-second';
    const lost = won === 'eve-password-first' ? 'eve-password-second' : 'eve-password-first';
    expect((await signIn('eve@claim.example', won)).statusCode).toBe(200);
    expect((await signIn('eve@claim.example', lost)).statusCode).toBe(401);
    expect((await candidatesPage(admin.token, 'ellison')).candidates).toEqual([expect.objectContaining({ userId: expect.any(String), verified: true })]);
  });

  it('an erased added candidate: the invitation’s not-found answer, nothing made', async () => {
    const { token } = await addAndInvite('Cy', 'Cole', 'cy@claim.example');
    const personId = (await addedCandidateIdForEmail(deps(), 'cy@claim.example'))!;
    const report = await erasePerson(deps(), personId, 'test-erase-cy');
    api.sawPosition(report.position);
    const refused = await claim(token, 'cy-password-123');
    expect([refused.statusCode, refused.json().error]).toEqual([404, INVITATION_MESSAGES.notFound]);
    expect(await accountIdForEmail(deps(), 'cy@claim.example')).toBeNull();
    // The page still shows the job (as it did before claiming existed), but offers no account.
    expect(await canClaim(token)).toBe(false);
  });

  it('an expired link: the invitation’s not-found answer', async () => {
    const { token } = await addAndInvite('Dee', 'Dunmore', 'dee@claim.example');
    expect(await canClaim(token)).toBe(true);
    clock.advance(30 * 86_400_000 + 1000);
    const refused = await claim(token, 'dee-password-123');
    expect([refused.statusCode, refused.json().error]).toEqual([404, INVITATION_MESSAGES.notFound]);
    expect(await accountIdForEmail(deps(), 'dee@claim.example')).toBeNull();
  });

  it('from one address, no more claims an hour than sign-ups (429)', async () => {
    const address = '10.40.0.1';
    const answers: number[] = [];
    for (let i = 0; i <= SIGN_UPS_PER_ADDRESS.limit; i++) answers.push((await claim(`${'0'.repeat(32)}.${'B'.repeat(43)}`, 'some-password-1', null, address)).statusCode);
    expect(answers.slice(0, SIGN_UPS_PER_ADDRESS.limit)).toEqual(Array(SIGN_UPS_PER_ADDRESS.limit).fill(404));
    expect(answers.at(-1)).toBe(429);
  });
});
