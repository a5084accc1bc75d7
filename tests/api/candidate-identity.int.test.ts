import { beforeAll, describe, expect, it } from 'vitest';
import { IDENTIFYING_PROFILE_FIELDS } from '@hireloop/contracts';
import { subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { useApiApp, type Caller } from '../support/api-app';

/*
 * One rule for who learns who a candidate is (ADR 066), on the real app over PostgreSQL: the
 * candidate's name, contact details, links and photo reach nobody but the candidate, unless the
 * candidate made themselves known to a company — revealed their profile to it from one of its
 * invitations, or applied to one of its jobs. What the request dialog, the invitation mail and the
 * inbox promise is then what every route answers. Every caller kind reads the profile page's
 * route, the card list (paged and random), the AI summary and the candidate's avatar.
 */
const { app, post, get, grant, signUpCompany, signUpCandidate, postJob, mailsTo } = useApiApp();

const ONE_PIXEL_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const IDENTITY = {
  name: 'Imelda Quarrington',
  email: 'imelda.contact@identity.example',
  phone: '+351 555 0199',
  linkedinUrl: 'https://linkedin.example/in/imelda-quarrington',
  githubUrl: 'https://github.example/imelda-q',
  portfolioUrl: 'https://imelda-q.portfolio.example',
};
/** Texts that name or reach the candidate: none may appear in an answer to someone she has not made herself known to. */
const identifyingTexts = () => [...IDENTITY.name.split(' '), IDENTITY.email, 'imelda@mail.example', IDENTITY.phone, IDENTITY.linkedinUrl, IDENTITY.githubUrl, IDENTITY.portfolioUrl, picturePath];

type CallerKey = 'visitor' | 'owner' | 'another candidate' | 'free company' | 'paying company' | 'company she revealed to' | 'company she applied to' | 'admin' | 'super_admin';
const callers = {} as Record<Exclude<CallerKey, 'visitor'>, Caller>;
const tokenOf = (caller: CallerKey) => (caller === 'visitor' ? null : callers[caller].token);
let profileId = '';
let picturePath = '';

/** What each caller gets from `GET /api/profiles/{id}` once any view a plan counts was counted. */
const EXPECTED: Array<[CallerKey, 'owner' | 'public' | 'revealed']> = [
  ['visitor', 'public'],
  ['owner', 'owner'],
  ['another candidate', 'public'],
  ['free company', 'public'],
  ['paying company', 'public'],
  ['company she revealed to', 'revealed'],
  ['company she applied to', 'revealed'],
  ['admin', 'public'],
  ['super_admin', 'public'],
];

beforeAll(async () => {
  callers.owner = await signUpCandidate('imelda', { name: IDENTITY.name });
  const created = await post('/api/profile', callers.owner.token, {
    jobTitle: 'Platform Engineer',
    skills: ['Go', 'Kubernetes', 'Terraform'],
    experience: '6 years',
    location: 'Lisbon, Portugal',
    bio: 'I keep clusters calm.',
    phone: IDENTITY.phone,
    email: IDENTITY.email,
    linkedinUrl: IDENTITY.linkedinUrl,
    githubUrl: IDENTITY.githubUrl,
    portfolioUrl: IDENTITY.portfolioUrl,
    workPreference: 'remote',
    profilePicture: ONE_PIXEL_PNG,
    isActivelyLooking: true,
    isPublic: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  profileId = created.json().profile.id;
  picturePath = String(created.json().profile.profilePicture).replace(/\?.*$/, '');

  callers['another candidate'] = await signUpCandidate('other');
  callers['free company'] = await signUpCompany('freeco');
  callers['paying company'] = await signUpCompany('payco');
  await subscribeToPlan(app(), callers['paying company'].token, 'small_business');

  // Northwind asks her to apply; she reveals her profile to it from the mail's link.
  callers['company she revealed to'] = await signUpCompany('northwind');
  const invitingJob = await postJob(callers['company she revealed to'], 'Staff Platform Engineer');
  expect((await post('/api/job-invitations/send', callers['company she revealed to'].token, { jobId: invitingJob, candidateId: profileId })).statusCode).toBe(201);
  const [invitation] = await mailsTo(callers.owner.email);
  const token = /\/invitation\/([0-9a-f]{32}\.[A-Za-z0-9_-]{43})/.exec(invitation!.text)![1]!;
  expect((await post(`/api/invitations/${token}/reveal`, null, {})).statusCode).toBe(200);

  // She applies to Globex's job: an application hands the company her name.
  callers['company she applied to'] = await signUpCompany('globex');
  const appliedJob = await postJob(callers['company she applied to'], 'Site Reliability Engineer');
  expect((await post(`/api/jobs/${appliedJob}/apply`, callers.owner.token, {})).statusCode).toBe(201);

  callers.admin = await signUpCompany('adminco');
  await grant(callers.admin.email, 'admin');
  callers.super_admin = await signUpCandidate('boss');
  await grant(callers.super_admin.email, 'super_admin');

  // The companies that do not know her open her full profile, counting one of their plan's views (ADR 030).
  for (const company of ['free company', 'paying company'] as const) {
    const gated = await get(`/api/profiles/${profileId}`, callers[company].token);
    expect(gated.json().view).toBe('gated');
    expect((await post(`/api/profiles/${profileId}/views`, callers[company].token)).statusCode).toBe(200);
  }
});

describe('who learns who a candidate is (ADR 066)', () => {
  it.each(EXPECTED)('GET /api/profiles/{id} as %s: the %s view', async (caller, view) => {
    const response = await get(`/api/profiles/${profileId}`, tokenOf(caller));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ view: string; profile: Record<string, unknown> }>();
    expect(body.view).toBe(view);
    // Everyone sees what she does and wants: the full public view.
    expect(body.profile).toMatchObject({ id: profileId, title: 'Platform Engineer', skills: ['Go', 'Kubernetes', 'Terraform'], summary: 'I keep clusters calm.' });
    if (view === 'public') {
      for (const field of IDENTIFYING_PROFILE_FIELDS) expect(body.profile, field).not.toHaveProperty(field);
      for (const text of identifyingTexts()) expect(response.body).not.toContain(text);
    } else {
      expect(body.profile).toMatchObject({
        firstName: 'Imelda',
        lastName: 'Quarrington',
        email: IDENTITY.email,
        phone: IDENTITY.phone,
        linkedinUrl: IDENTITY.linkedinUrl,
        profilePicture: view === 'owner' ? expect.stringMatching(`^${picturePath}\\?grant=`) : picturePath,
      });
    }
  });

  it.each(EXPECTED)('GET /api/profile-pictures/{id} (her photo) as %s', async (caller, view) => {
    const response = await get(picturePath, tokenOf(caller));
    expect(response.statusCode).toBe(view === 'public' ? 404 : 200);
  });

  it.each(EXPECTED)('the candidate cards and the AI summary never name her, as %s', async (caller) => {
    // The AI summary is its owner's, admins' and companies' on a plan that lists it (ADR 070; none of these companies is).
    const summaryStatus = caller === 'visitor' ? 401 : caller === 'owner' || caller === 'admin' || caller === 'super_admin' ? 200 : 403;
    for (const url of ['/api/candidates?page=1', '/api/candidates?random=true&count=5', `/api/candidates/${profileId}/ai-summary`]) {
      const response = await get(url, tokenOf(caller));
      expect(response.statusCode, url).toBe(url.endsWith('/ai-summary') ? summaryStatus : 200);
      for (const text of identifyingTexts()) expect(response.body, url).not.toContain(text);
    }
    const cards = (await get('/api/candidates?page=1', tokenOf(caller))).json<Array<{ id: string }>>();
    expect(cards.map((card) => card.id)).toContain(profileId);
  });

  it('a company she revealed to spends no view of its plan to see her', async () => {
    const used = (await get('/api/subscription/current', callers['company she revealed to'].token)).json();
    expect(used).toMatchObject({ candidateViewsUsed: 0 });
  });

  it('revealing to one company names her to that company only', async () => {
    const newcomer = await signUpCompany('newcomer');
    const response = await get(`/api/profiles/${profileId}`, newcomer.token);
    expect(response.json().view).toBe('gated');
    for (const text of identifyingTexts()) expect(response.body).not.toContain(text);
  });
});
