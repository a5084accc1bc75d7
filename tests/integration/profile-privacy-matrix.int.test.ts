import { beforeAll, describe, expect, it } from 'vitest';
import { IDENTIFYING_PROFILE_FIELDS, MIN_POSITION_HEADER, PROFILE_MESSAGES, type Role } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { maxPosition } from '@hireloop/platform/event-store';
import { useApiApp } from '../support/api-app';

/**
 * Who sees what of a candidate profile (spec part 2 §2, §4, §6; ADR 024), on the real app with
 * PostgreSQL: three candidates — public and actively looking, public and open to opportunities,
 * private — read by a visitor, their owner, another candidate, a company user, an admin and a
 * super admin. Every answer is checked for its status and its exact set of fields, and the
 * answers a non-owner gets of the limited or private profiles for every personal text seeded.
 */
const api = useApiApp();
/** The latest write of the setup: every read waits for the read models to hold it. */
let position = '';

let addresses = 0;
const post = async (url: string, payload: unknown, token?: string, method: 'POST' | 'PUT' | 'PATCH' = 'POST') => {
  const response = await api.app().inject({
    method,
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    // Every sign-up from an address of its own: the sign-up throttle is not what this test is about.
    remoteAddress: `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
  });
  if (response.headers['x-position']) position = maxPosition(position, String(response.headers['x-position']));
  return response;
};
const get = (url: string, token?: string) =>
  api.app().inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), [MIN_POSITION_HEADER]: position } });

const deps = () => ({ ...api.runtime(), sessionTtlMs: 3600_000, publicUrl: 'http://hireloop.test', linkedin: null });
const grant = async (email: string, role: Role) => {
  const result = await grantRoleAsSystem(deps(), email, role, 'test');
  position = maxPosition(position, result.position);
};

interface Person {
  name: string;
  email: string;
  profileEmail: string;
  phone: string;
  linkedinUrl: string;
  githubUrl: string;
  portfolioUrl: string;
  picture: string;
  cover: string;
  education: string;
  salary: string;
  bio: string;
}
const ONE_PIXEL_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const person = (key: string, name: string): Person => ({
  name,
  email: `${key}@matrix.example`,
  profileEmail: `${key}.contact@matrix.example`,
  phone: `+1 555 01${key.length}${key.charCodeAt(0)}`,
  linkedinUrl: `https://linkedin.example/in/${key}-zq`,
  githubUrl: `https://github.example/${key}-zq`,
  portfolioUrl: `https://${key}-zq.portfolio.example`,
  // Sent as the spec's image data strings; once saved, their addresses on our origin (ADR 046).
  picture: ONE_PIXEL_PNG,
  cover: ONE_PIXEL_PNG,
  education: `MSc Quillcraft - University of ${key}ford`,
  salary: `${key.length}91k-${key.length}99k`,
  bio: `Bio of ${name}: ferments and pipelines.`,
});

const people = {
  immediate: person('imogen', 'Imogen Vasquez-Thorne'),
  open: person('oscar', 'Oscar Pemberton-Lake'),
  hidden: person('hattie', 'Hattie Brackenridge'),
};
type ProfileKey = keyof typeof people;
const settings: Record<ProfileKey, { isActivelyLooking: boolean; isPublic: boolean }> = {
  immediate: { isActivelyLooking: true, isPublic: true },
  open: { isActivelyLooking: false, isPublic: true },
  hidden: { isActivelyLooking: true, isPublic: false },
};
const SKILLS = ['Go', 'Rust', 'SQL', 'Kafka', 'dbt', 'Terraform', 'Kubernetes', 'React', 'TypeScript', 'Python', 'Airflow'];

type CallerKey = 'visitor' | 'owner' | 'another candidate' | 'company' | 'admin' | 'super_admin';
const tokens: Partial<Record<Exclude<CallerKey, 'visitor' | 'owner'>, string>> = {};
const owners = {} as Record<ProfileKey, { token: string; profileId: string }>;

const OWNER_KEYS = [
  'id', 'userId', 'firstName', 'lastName', 'title', 'skills', 'experience', 'location', 'summary', 'phone', 'email', 'linkedinUrl', 'githubUrl', 'portfolioUrl',
  'education', 'salaryExpectation', 'profilePicture', 'coverPhoto', 'availability', 'workPreference', 'isPublic', 'isPrivate', 'createdAt', 'updatedAt',
].sort();
/** The full public view leaves out the timestamps and what identifies the candidate (ADR 066). */
const PUBLIC_KEYS = OWNER_KEYS.filter((key) => key !== 'createdAt' && key !== 'updatedAt' && !(IDENTIFYING_PROFILE_FIELDS as readonly string[]).includes(key));
const LIMITED_KEYS = ['id', 'title', 'location', 'availability', 'workPreference', 'skills', 'skillCount'].sort();
const NOT_FOUND = { success: false, error: PROFILE_MESSAGES.profileNotFound };

const personalTexts = (p: Person) => [
  ...p.name.split(' '),
  p.email,
  p.profileEmail,
  p.phone,
  p.linkedinUrl,
  p.githubUrl,
  p.portfolioUrl,
  p.picture,
  p.cover,
  p.education,
  p.salary,
  p.bio,
];

const tokenOf = (caller: CallerKey, profile: ProfileKey) => (caller === 'visitor' ? undefined : caller === 'owner' ? owners[profile].token : tokens[caller]);

describe('the profile privacy matrix', () => {
  beforeAll(async () => {
    for (const key of Object.keys(people) as ProfileKey[]) {
      const p = people[key];
      const signup = await post('/api/auth/candidate/signup', { name: p.name, email: p.email, password: 'matrix-password-1' });
      expect(signup.statusCode).toBe(201);
      const token = signup.json().token as string;
      const created = await post(
        '/api/profile',
        {
          jobTitle: `Engineer ${key}`,
          skills: SKILLS,
          experience: '7 years',
          location: 'Lisbon, Portugal',
          bio: p.bio,
          phone: p.phone,
          email: p.profileEmail,
          linkedinUrl: p.linkedinUrl,
          githubUrl: p.githubUrl,
          portfolioUrl: p.portfolioUrl,
          education: p.education,
          salaryExpectation: p.salary,
          workPreference: 'remote',
          profilePicture: p.picture,
          coverPhoto: p.cover,
          ...settings[key],
        },
        token,
      );
      expect(created.statusCode).toBe(201);
      owners[key] = { token, profileId: created.json().profile.id };
      // The owner's answer gives the addresses with the owner's grant; everyone else sees the bare path.
      p.picture = String(created.json().profile.profilePicture).replace(/\?.*$/, '');
      p.cover = String(created.json().profile.coverPhoto).replace(/\?.*$/, '');
      expect(p.picture).toMatch(/^\/api\/profile-pictures\/[0-9a-f-]{36}$/);
    }
    const other = await post('/api/auth/candidate/signup', { name: 'Casey Other', email: 'casey@matrix.example', password: 'matrix-password-1' });
    tokens['another candidate'] = other.json().token;
    const company = await post('/api/auth/company/signup', { companyName: 'Matrix Hiring', contactName: 'Hiring Team', email: 'hiring@matrix.example', password: 'matrix-password-1' });
    tokens.company = company.json().token;
    // An admin who is a candidate, a super admin who is a company user: neither gets a view of their own.
    const admin = await post('/api/auth/candidate/signup', { name: 'Ada Admin', email: 'admin@matrix.example', password: 'matrix-password-1' });
    tokens.admin = admin.json().token;
    await grant('admin@matrix.example', 'admin');
    const boss = await post('/api/auth/company/signup', { companyName: 'Matrix Ops', contactName: 'Ops', email: 'boss@matrix.example', password: 'matrix-password-1' });
    tokens.super_admin = boss.json().token;
    await grant('boss@matrix.example', 'super_admin');
  });

  /** [caller, profile, expected view (or 404)] */
  const expected: Array<[CallerKey, ProfileKey, 'owner' | 'public' | 'limited' | 'gated' | 404]> = [];
  for (const caller of ['visitor', 'owner', 'another candidate', 'company', 'admin', 'super_admin'] as const) {
    // A company's user opens a full profile by counting it against the plan (ADR 030): until then, the limited shape.
    expected.push([caller, 'immediate', caller === 'owner' ? 'owner' : caller === 'company' ? 'gated' : 'public']);
    expected.push([caller, 'open', caller === 'owner' ? 'owner' : 'limited']);
    expected.push([caller, 'hidden', caller === 'owner' ? 'owner' : 404]);
  }

  it.each(expected)('GET /api/profiles/{id}: %s reading the %s profile sees %s', async (caller, profile, view) => {
    const response = await get(`/api/profiles/${owners[profile].profileId}`, tokenOf(caller, profile));
    expect(response.headers['x-read-model-stale']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('private, no-store');
    const p = people[profile];
    if (view === 404) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    } else {
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['profile', 'view']);
      expect(body.view).toBe(view);
      expect(Object.keys(body.profile).sort()).toEqual(view === 'owner' ? OWNER_KEYS : view === 'public' ? PUBLIC_KEYS : LIMITED_KEYS);
      if (view === 'gated') expect(body.profile).toMatchObject({ id: owners[profile].profileId, availability: 'immediate', skills: SKILLS.slice(0, 8), skillCount: SKILLS.length });
      expect(body.profile.id).toBe(owners[profile].profileId);
      if (view === 'limited') {
        expect(body.profile).toEqual({ id: owners[profile].profileId, title: 'Engineer open', location: 'Lisbon, Portugal', availability: 'open', workPreference: 'remote', skills: SKILLS.slice(0, 8), skillCount: SKILLS.length });
      } else if (view === 'owner') {
        expect(body.profile).toMatchObject({ firstName: p.name.split(' ')[0], email: p.profileEmail, phone: p.phone, linkedinUrl: p.linkedinUrl, profilePicture: expect.stringMatching(`^${p.picture}\\?grant=`),
          coverPhoto: expect.stringMatching(`^${p.cover}\\?grant=`),
          skills: SKILLS,
        });
      } else if (view === 'public') {
        // Everything the candidate shows, but not who they are (ADR 066): that is for companies they revealed their profile to.
        expect(body.profile).toMatchObject({ education: p.education, salaryExpectation: p.salary, coverPhoto: p.cover, skills: SKILLS });
        for (const text of [p.email, p.profileEmail, p.phone, p.linkedinUrl, p.githubUrl, p.portfolioUrl, p.picture]) expect(response.body).not.toContain(text);
      }
    }
    if (view === 'limited' || view === 'gated' || view === 404) {
      // Nothing personal of anyone in the anonymous shapes.
      for (const text of Object.values(people).flatMap(personalTexts)) expect(response.body).not.toContain(text);
    }
  });

  /**
   * The AI summary of a profile: a private one is the same 404 as its profile; a public one is its
   * owner's and the admins', and a company's whose plan lists AI summaries (ADR 070: this company
   * has chosen no plan): a visitor signs in first, another candidate and this company are refused.
   */
  it.each(expected)('GET /api/candidates/{id}/ai-summary: %s reading the %s profile\'s summary (%s)', async (caller, profile, view) => {
    const response = await get(`/api/candidates/${owners[profile].profileId}/ai-summary`, tokenOf(caller, profile));
    if (view === 404) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    } else if (caller === 'visitor') {
      expect(response.statusCode).toBe(401);
    } else if (caller === 'another candidate') {
      expect(response.statusCode).toBe(403);
    } else if (caller === 'company') {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ requiresUpgrade: true });
    } else {
      expect(response.statusCode).toBe(200);
      const body = response.json<{ status: string }>();
      expect(['ready', 'pending']).toContain(body.status);
      if (body.status === 'ready') expect(Object.keys(body).sort()).toEqual(['cached', 'fitRoles', 'generatedAt', 'status', 'strengths', 'summaryText']);
    }
    // A summary is written from the profile's non-identifying facts only: no caller finds a personal text in it.
    for (const text of Object.values(people).flatMap(personalTexts)) expect(response.body).not.toContain(text);
  });

  const ownProfile: Array<[CallerKey, number, string | null]> = [
    ['visitor', 401, null],
    ['owner', 200, null],
    ['another candidate', 404, PROFILE_MESSAGES.noProfileYet],
    ['company', 403, PROFILE_MESSAGES.candidatesOnly],
    ['admin', 404, PROFILE_MESSAGES.noProfileYet],
    ['super_admin', 403, PROFILE_MESSAGES.candidatesOnly],
  ];
  // A candidate with no profile yet (another candidate, the admin) is answered null, not 404: the
  // normal start of every candidate, which the dashboard asks for on each visit (issue 24).
  const ownProfileAnswer: Array<[CallerKey, number, string | null]> = ownProfile.map(([caller, status, error]) =>
    status === 404 ? [caller, 200, null] : [caller, status, error],
  );
  it.each(ownProfileAnswer)('GET /api/profile as %s: %i', async (caller, status, error) => {
    for (const profile of Object.keys(people) as ProfileKey[]) {
      const response = await get('/api/profile', tokenOf(caller, profile));
      expect(response.statusCode).toBe(status);
      expect(response.headers['cache-control']).toBe('private, no-store');
      if (status === 200 && caller !== 'owner') {
        expect(response.json()).toBeNull();
      } else if (status === 200) {
        expect(Object.keys(response.json()).sort()).toEqual(OWNER_KEYS);
        expect(response.json()).toMatchObject({ id: owners[profile].profileId, email: people[profile].profileEmail, isPublic: settings[profile].isPublic });
      } else if (error) {
        expect(response.json()).toEqual({ success: false, error });
      }
      if (status !== 200) for (const text of Object.values(people).flatMap(personalTexts)) expect(response.body).not.toContain(text);
    }
  });

  it.each(ownProfile)('GET /api/profile/json-resume as %s: %i, the same rule as GET /api/profile', async (caller, status, error) => {
    for (const profile of Object.keys(people) as ProfileKey[]) {
      const response = await get('/api/profile/json-resume', tokenOf(caller, profile));
      expect(response.statusCode).toBe(status);
      expect(response.headers['cache-control']).toBe('private, no-store');
      if (status === 200) {
        const resume = response.json<{ basics: Record<string, unknown>; skills: Array<{ name: string }> }>();
        expect(response.headers['content-disposition']).toBe('attachment; filename="resume.json"');
        expect(resume.basics).toMatchObject({ name: people[profile].name, email: people[profile].profileEmail, phone: people[profile].phone });
        expect(resume.skills.map((skill) => skill.name)).toEqual(SKILLS);
        // Pictures are not part of a JSON Resume.
        expect(response.body).not.toContain(people[profile].picture);
      } else if (error) {
        expect(response.json()).toEqual({ success: false, error });
      }
      if (status !== 200) for (const text of Object.values(people).flatMap(personalTexts)) expect(response.body).not.toContain(text);
    }
  });

  it('guessing an id gets the very answer a private profile gets', async () => {
    const privateAnswer = await get(`/api/profiles/${owners.hidden.profileId}`);
    for (const guess of ['00000000-0000-0000-0000-000000000000', crypto.randomUUID(), 'not-a-uuid', owners.hidden.profileId.toUpperCase()]) {
      const response = await get(`/api/profiles/${guess}`);
      expect(response.statusCode).toBe(privateAnswer.statusCode);
      expect(response.body).toBe(privateAnswer.body);
      expect(response.headers['cache-control']).toBe(privateAnswer.headers['cache-control']);
      expect(response.headers['content-type']).toBe(privateAnswer.headers['content-type']);
    }
  });

  it('bad ids and positions are 4xx, never 500', async () => {
    for (const url of ['/api/profiles/%00', `/api/profiles/${'a'.repeat(101)}`, '/api/profiles/%E0%A4%A', '/api/profiles/%F0%9F%98%80%ED%A0%80']) {
      const response = await api.app().inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json()).toMatchObject({ success: false });
    }
    const badPosition = await api.app().inject({ method: 'GET', url: `/api/profiles/${owners.open.profileId}`, headers: { [MIN_POSITION_HEADER]: 'yesterday' } });
    expect(badPosition.statusCode).toBe(400);
    const badToken = await api.app().inject({ method: 'GET', url: '/api/profile', headers: { authorization: 'Bearer \u0000nonsense' } });
    expect(badToken.statusCode).toBeLessThan(500);
  });

  it('a profile made private disappears for everyone but its owner at once (read-your-writes), and comes back', async () => {
    const hide = await post('/api/profile/privacy', { isPublic: false }, owners.immediate.token, 'PATCH');
    expect(hide.statusCode).toBe(200);
    expect((await get(`/api/profiles/${owners.immediate.profileId}`, tokens.company)).statusCode).toBe(404);
    expect((await get(`/api/profiles/${owners.immediate.profileId}`, owners.immediate.token)).json().view).toBe('owner');
    const show = await post('/api/profile/privacy', { isPublic: true }, owners.immediate.token, 'PATCH');
    expect(show.statusCode).toBe(200);
    expect((await get(`/api/profiles/${owners.immediate.profileId}`, tokens.company)).json().view).toBe('gated');
  });

  it('an owner who stops looking is shown in the limited shape at once', async () => {
    const edit = await post(
      '/api/profile',
      { jobTitle: 'Engineer immediate', skills: SKILLS, experience: '7 years', location: 'Lisbon, Portugal', workPreference: 'remote', isActivelyLooking: false, isPublic: true },
      owners.immediate.token,
      'PUT',
    );
    expect(edit.statusCode).toBe(200);
    const seen = await get(`/api/profiles/${owners.immediate.profileId}`);
    expect(seen.json().view).toBe('limited');
  });
});

describe('my applications (GET /api/applications)', () => {
  it('lists the candidate’s applications newest first with the job’s title, company, location and open state', async () => {
    const company = await post('/api/auth/company/signup', { companyName: 'Applied Widgets', contactName: 'Hiring', email: 'jobs@applied.example', password: 'matrix-password-1' });
    const companyToken = company.json().token as string;
    // Two open jobs: more than the free plan allows (plan limits, ADR 030).
    await subscribeToPlan(api.app(), companyToken, 'small_business');
    const job = (title: string) => ({ title, location: 'Porto, Portugal', description: `Build ${title} things.`, type: 'Full-time' });
    const first = (await post('/api/jobs', job('Widget Engineer'), companyToken)).json().job.id as string;
    const second = (await post('/api/jobs', job('Gadget Engineer'), companyToken)).json().job.id as string;
    const candidate = await post('/api/auth/candidate/signup', { name: 'Jo Applicant', email: 'jo@applied.example', password: 'matrix-password-1' });
    const token = candidate.json().token as string;
    expect((await post(`/api/jobs/${first}/apply`, {}, token)).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await post(`/api/jobs/${second}/apply`, {}, token)).statusCode).toBe(201);
    expect((await post(`/api/jobs/${first}/close`, {}, companyToken)).statusCode).toBe(200);

    const response = await get('/api/applications', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      applications: [
        { applicationId: expect.any(String), jobId: second, jobTitle: 'Gadget Engineer', company: 'Applied Widgets', location: 'Porto, Portugal', appliedAt: expect.any(String), jobIsOpen: true, status: 'applied', timeline: [{ status: 'applied', at: expect.any(String) }], changedSinceApplied: [] },
        { applicationId: expect.any(String), jobId: first, jobTitle: 'Widget Engineer', company: 'Applied Widgets', location: 'Porto, Portugal', appliedAt: expect.any(String), jobIsOpen: false, status: 'applied', timeline: [{ status: 'applied', at: expect.any(String) }], changedSinceApplied: [] },
      ],
    });
    // Nobody else's applications.
    const other = await get('/api/applications', owners.open.token);
    expect(other.json()).toEqual({ applications: [] });
    expect((await get('/api/applications')).statusCode).toBe(401);
    const asCompany = await get('/api/applications', companyToken);
    expect(asCompany.statusCode).toBe(403);
  });
});
