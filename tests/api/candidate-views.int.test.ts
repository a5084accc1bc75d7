import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_VIEW_MESSAGES, PROFILE_MESSAGES, candidateViewLimitReached } from '@hireloop/contracts';
import { subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { useApiApp, type Caller } from '../support/api-app';

/*
 * Plan limits on candidate profile views (issue 12, ADR 030), on the real app over PostgreSQL: a
 * company's users open a full profile by counting it (POST /api/profiles/{id}/views), once per
 * company, candidate and month; the profile page (GET /api/profiles/{id}) answers `gated` until
 * then. The free plan opens 10 a month; the 11th is refused with requiresUpgrade, while the 10
 * stay open. Every caller kind is tried on both routes. Then the candidate's ledger (issue 13,
 * ADR 037): which companies saw their card, opened their profile, asked them to apply, got their
 * reveal and times, or wrote to them.
 */
const { app, post, get, grant, signUpCompany, signUpCandidate, createProfile, mailsTo } = useApiApp();
const views = (profileId: string) => `/api/profiles/${profileId}/views`;
const viewOf = async (profileId: string, token: string | null) => {
  const response = await get(`/api/profiles/${profileId}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { view: string; profile: Record<string, unknown> };
};

describe('candidate profile views per month', () => {
  let free: Caller;
  let other: Caller;
  let candidate: Caller;
  let admin: Caller;
  let superAdmin: Caller;
  const profiles: string[] = [];
  let openProfile: string;
  let privateProfile: string;

  beforeAll(async () => {
    free = await signUpCompany('freeco');
    expect((await post('/api/subscription/create', free.token, { planId: 'free' })).statusCode).toBe(200);
    other = await signUpCompany('otherco');
    candidate = await signUpCandidate('owner');
    profiles.push(await createProfile(candidate));
    for (let n = 1; n <= 10; n++) profiles.push(await createProfile(await signUpCandidate(`c${n}`)));
    openProfile = await createProfile(await signUpCandidate('open'), { isActivelyLooking: false });
    privateProfile = await createProfile(await signUpCandidate('private'), { isPublic: false });
    admin = await signUpCompany('adminco');
    await grant(admin.email, 'admin');
    superAdmin = await signUpCandidate('super');
    await grant(superAdmin.email, 'super_admin');
  });

  it('a company user sees `gated` (the limited shape, no name) until the view is counted, then the full profile', async () => {
    const before = await viewOf(profiles[0]!, free.token);
    expect(before.view).toBe('gated');
    expect(before.profile).not.toHaveProperty('firstName');
    expect(before.profile).not.toHaveProperty('email');

    const counted = await post(views(profiles[0]!), free.token);
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toEqual({ success: true, counted: true, used: 1, limit: 10 });
    const after = await viewOf(profiles[0]!, free.token);
    expect(after.view).toBe('public');
    // The full profile, but not who the candidate is: they have not revealed it to this company (ADR 066).
    expect(after.profile).toMatchObject({ title: 'Data Engineer', skills: ['Kafka', 'SQL'] });
    expect(after.profile).not.toHaveProperty('firstName');
    expect(after.profile).not.toHaveProperty('email');
    // Opening it again this month costs nothing.
    expect((await post(views(profiles[0]!), free.token)).json()).toEqual({ success: true, counted: false, used: 1, limit: 10 });
    expect((await get('/api/subscription/current', free.token)).json()).toMatchObject({ planId: 'free', candidateViewsUsed: 1 });
  });

  it('the 11th profile of the month is refused with requiresUpgrade; the 10 opened stay open', async () => {
    for (const profileId of profiles.slice(1, 10)) expect((await post(views(profileId), free.token)).json()).toMatchObject({ counted: true });
    const refused = await post(views(profiles[10]!), free.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: candidateViewLimitReached('Free', 10), requiresUpgrade: true });
    expect((await viewOf(profiles[10]!, free.token)).view).toBe('gated');
    for (const profileId of profiles.slice(0, 10)) expect((await viewOf(profileId, free.token)).view).toBe('public');
    expect((await get('/api/subscription/current', free.token)).json()).toMatchObject({ candidateViewsUsed: 10 });
  });

  it('another company counts its own views; a paid plan allows more', async () => {
    expect((await viewOf(profiles[0]!, other.token)).view).toBe('gated');
    await subscribeToPlan(app(), other.token, 'small_business');
    const counted = await post(views(profiles[10]!), other.token);
    expect(counted.json()).toEqual({ success: true, counted: true, used: 1, limit: 50 });
    expect((await viewOf(profiles[10]!, other.token)).view).toBe('public');
    expect((await viewOf(profiles[0]!, other.token)).view).toBe('gated');
  });

  it('two users opening the month’s last view at once: one is counted, the other refused', async () => {
    const race = await signUpCompany('raceco');
    for (const profileId of profiles.slice(0, 9)) expect((await post(views(profileId), race.token)).json()).toMatchObject({ counted: true });
    const answers = await Promise.all([post(views(profiles[9]!), race.token), post(views(profiles[10]!), race.token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    expect((await get('/api/subscription/current', race.token)).json()).toMatchObject({ planId: null, candidateViewsUsed: 10 });
  });

  it('profiles with nothing more to open are not counted: open to opportunities (limited), private and unknown (404)', async () => {
    expect((await viewOf(openProfile, free.token)).view).toBe('limited');
    expect((await post(views(openProfile), other.token)).json()).toMatchObject({ counted: false });
    for (const id of [privateProfile, 'no-such-profile']) {
      const response = await post(views(id), other.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(PROFILE_MESSAGES.profileNotFound);
    }
  });

  it('every other caller: visitor 401, candidates 403, admins outside the plans', async () => {
    expect((await post(views(profiles[1]!), null)).statusCode).toBe(401);
    expect((await viewOf(profiles[1]!, null)).view).toBe('public');

    const byCandidate = await post(views(profiles[1]!), candidate.token);
    expect(byCandidate.statusCode).toBe(403);
    expect(byCandidate.json().error).toBe(CANDIDATE_VIEW_MESSAGES.companiesOnly);
    expect((await viewOf(profiles[1]!, candidate.token)).view).toBe('public');
    // The owner sees their own profile as its owner.
    expect((await viewOf(profiles[0]!, candidate.token)).view).toBe('owner');

    // A company user with the admin role acts outside the plans: nothing is counted, nothing is gated.
    expect((await post(views(profiles[1]!), admin.token)).json()).toMatchObject({ counted: false });
    expect((await viewOf(profiles[1]!, admin.token)).view).toBe('public');
    // A super admin of candidate type is not a company: refused; sees the profile as anyone does.
    expect((await post(views(profiles[1]!), superAdmin.token)).statusCode).toBe(403);
    expect((await viewOf(profiles[1]!, superAdmin.token)).view).toBe('public');
  });
});


describe('the candidate’s ledger', () => {
  let lena: Caller;
  let lenaProfile: string;
  let northwind: Caller;
  let globex: Caller;

  beforeAll(async () => {
    lena = await signUpCandidate('lena');
    lenaProfile = await createProfile(lena);
    northwind = await signUpCompany('northwind');
    await subscribeToPlan(app(), northwind.token, 'vc_startup');
    globex = await signUpCompany('globex');
  });

  it('lists every company that saw the card, opened the profile, asked to apply, got the reveal and times, or wrote', async () => {
    // Globex browses: Lena's card is among those shown (recorded in batches, flushed here).
    const browse = await get('/api/candidates?page=1', globex.token);
    expect(browse.statusCode).toBe(200);
    expect(browse.json().map((card: { id: string }) => card.id)).toContain(lenaProfile);
    // A visitor's browsing is nobody's to record.
    await get('/api/candidates?page=1', null);
    await app().boardActivity!.flush();

    // Northwind opens her profile, asks her to apply, she reveals and offers times, then it writes.
    expect((await post(views(lenaProfile), northwind.token)).json()).toMatchObject({ counted: true });
    const job = await post('/api/jobs', northwind.token, { title: 'Staff Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.' });
    expect(job.statusCode, job.body).toBe(201);
    expect((await post('/api/job-invitations/send', northwind.token, { jobId: job.json().job.id, candidateId: lenaProfile })).statusCode).toBe(201);
    const [invitation] = await mailsTo(lena.email);
    const token = /\/invitation\/([0-9a-f]{32}\.[A-Za-z0-9_-]{43})/.exec(invitation!.text)![1]!;
    expect((await post(`/api/invitations/${token}/reveal`, null, {})).statusCode).toBe(200);
    const times = await post(`/api/invitations/${token}/availability`, null, { availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM'], timezone: 'Europe/Lisbon', additionalNotes: '' });
    expect(times.statusCode, times.body).toBe(200);
    expect((await post('/api/candidates/contact', northwind.token, { candidateId: lenaProfile, message: 'Can we talk on Monday?' })).statusCode).toBe(201);

    const ledger = await get('/api/profile/ledger', lena.token);
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.headers['cache-control']).toBe('private, no-store');
    const { companies } = ledger.json() as { companies: Array<{ companyName: string; entries: Array<{ kind: string; count: number; firstAt: string }> }> };
    expect(companies.map((company) => company.companyName)).toEqual(['northwind Labs', 'globex Labs']);
    expect(companies[0]!.entries.map((entry) => entry.kind).sort()).toEqual(['availability_sent', 'contacted', 'profile_opened', 'profile_revealed', 'requested_to_apply']);
    expect(companies[1]!.entries).toEqual([{ kind: 'card_shown', count: 1, firstAt: expect.stringMatching(/T00:00:00.000Z$/), lastAt: expect.any(String) }]);
    // Nothing of the message, the notes or a token is in it.
    expect(ledger.body).not.toContain('Monday');
    expect(ledger.body).not.toContain(token.split('.')[1]!);
  });

  it('is the candidate’s own: visitor 401, companies 403, another candidate sees only theirs', async () => {
    expect((await get('/api/profile/ledger', null)).statusCode).toBe(401);
    for (const company of [northwind, globex]) {
      const refused = await get('/api/profile/ledger', company.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('Only candidate accounts have a ledger.');
    }
    const other = await signUpCandidate('nobody-looked');
    expect((await get('/api/profile/ledger', other.token)).json()).toEqual({ success: true, companies: [] });
    // Admins have no view of anyone's ledger: a super admin who is a candidate sees their own, an admin of a company none.
    const superAdmin = await signUpCandidate('ledger-super');
    await grant(superAdmin.email, 'super_admin');
    expect((await get('/api/profile/ledger', superAdmin.token)).json()).toEqual({ success: true, companies: [] });
    const admin = await signUpCompany('ledgeradmin');
    await grant(admin.email, 'admin');
    expect((await get('/api/profile/ledger', admin.token)).statusCode).toBe(403);
  });
});
