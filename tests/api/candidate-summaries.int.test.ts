import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_SUMMARY_MESSAGES,
  MESSAGES,
  MIN_POSITION_HEADER,
  POSITION_HEADER,
  PROFILE_MESSAGES,
  candidateStreamId,
  candidateSummaryStreamId,
  type CandidateProfileCreated,
} from '@hireloop/contracts';
import { summarize } from '@hireloop/command-service/candidate-summaries/reaction';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { AiServiceError, localAi, type AiPort, type CandidateFacts } from '@hireloop/platform/ai';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * AI summaries on the real app over PostgreSQL: a profile appears (its events appended through
 * the runtime's protected store, as the profile routes will), the reaction writes its summary,
 * the read model serves it, and who may read or regenerate it is checked for every caller.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let position = '';
const factsSeen: CandidateFacts[] = [];

/** The offline adapter, recording what it was given; a title of "Fails" makes it fail. */
const recordingAi = (): AiPort => {
  const local = localAi({ now: () => new Date() });
  return {
    ...local,
    summarizeCandidate: async (facts) => {
      factsSeen.push(facts);
      if (facts.title === 'Fails') throw new AiServiceError('The AI service answered with HTTP 500.');
      return local.summarizeCandidate(facts);
    },
  };
};

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  app = await buildApp({ ...runtime, ai: recordingAi() }, { spaDir: false, readYourWritesTimeoutMs: 15_000 });
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

const signUp = async (kind: 'candidate' | 'company', email: string) => {
  const payload =
    kind === 'candidate'
      ? { name: 'Ada Lovelace', email, password: 'candidate-password' }
      : { companyName: `Company ${email}`, contactName: 'Maya Okafor', email, password: 'company-password' };
  const body = (await post(`/api/auth/${kind}/signup`, null, payload)).json() as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id, email };
};
const grant = (email: string, role: 'admin' | 'super_admin') => grantRoleAsSystem({ ...runtime, sessionTtlMs: 0, publicUrl: '', linkedin: null }, email, role, 'test');

const PERSONAL = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.private@example.com', phone: '+44 20 5555 0100', linkedinUrl: 'https://www.linkedin.com/in/ada', summary: 'My own bio' };

/** A profile as the profile routes will write it: CandidateProfileCreated on `candidate-<id>`. */
async function createProfile(userId: string, overrides: Partial<CandidateProfileCreated> = {}) {
  const profileId = randomUUID();
  const data: CandidateProfileCreated = {
    profileId,
    userId,
    source: 'wizard',
    createdAt: new Date().toISOString(),
    ...PERSONAL,
    title: 'Software Engineer',
    skills: ['TypeScript', 'PostgreSQL'],
    experience: '5+ years',
    location: 'London, UK',
    githubUrl: '',
    portfolioUrl: '',
    education: 'BSc - UCL',
    salaryExpectation: '',
    profilePicture: null,
    coverPhoto: null,
    availability: 'immediate',
    workPreference: 'remote',
    isPublic: true,
    ...overrides,
  };
  const eventId = randomUUID();
  const result = await runtime.eventStore.append(candidateStreamId(profileId), [
    {
      type: 'CandidateProfileCreated',
      data,
      metadata: { eventId, occurredAt: data.createdAt, actor: { userId, role: 'candidate' }, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
    },
  ]);
  if (result.position > position) position = result.position;
  return { profileId, eventId };
}

const summaryOf = (profileId: string, token: string | null = null) => get(`/api/candidates/${profileId}/ai-summary`, token);

/** The reaction works off the request: wait until the summary leaves "pending". */
async function settled(profileId: string, token: string | null) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await summaryOf(profileId, token);
    if (response.statusCode !== 200 || response.json().status !== 'pending') return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The summary of ${profileId} stayed pending`);
}

const summaryEvents = async (profileId: string) => (await runtime.eventStore.readStream(candidateSummaryStreamId(profileId))).events;

describe('AI summaries', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let privateOwner: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  /** On VC Startup, which lists AI candidate summaries on /pricing. */
  let company: Awaited<ReturnType<typeof signUp>>;
  let freeCompany: Awaited<ReturnType<typeof signUp>>;
  /** Small Business: paid, but /pricing does not list summaries on it. */
  let smallCompany: Awaited<ReturnType<typeof signUp>>;
  let noPlanCompany: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let superAdmin: Awaited<ReturnType<typeof signUp>>;
  let publicProfile: { profileId: string; eventId: string };
  let privateProfile: { profileId: string; eventId: string };

  beforeAll(async () => {
    owner = await signUp('candidate', 'owner@seekers.example');
    privateOwner = await signUp('candidate', 'private@seekers.example');
    other = await signUp('candidate', 'other@seekers.example');
    company = await signUp('company', 'talent@northwind.example');
    freeCompany = await signUp('company', 'talent@free.example');
    smallCompany = await signUp('company', 'talent@small.example');
    noPlanCompany = await signUp('company', 'talent@noplan.example');
    await subscribeToPlan(app, company.token, 'vc_startup');
    await subscribeToPlan(app, freeCompany.token, 'free');
    await subscribeToPlan(app, smallCompany.token, 'small_business');
    // The plans are in the read model before any read (an observable state, not a pause).
    for (const [who, planId] of [[company, 'vc_startup'], [freeCompany, 'free'], [smallCompany, 'small_business']] as const) {
      for (let attempt = 0; ; attempt++) {
        const current = await get('/api/subscription/current', who.token);
        if (current.json().planId === planId && ['active', 'trialing'].includes(current.json().status)) break;
        if (attempt > 100) throw new Error(`${who.email} never got ${planId}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    admin = await signUp('candidate', 'admin@hireloop.example');
    superAdmin = await signUp('candidate', 'boss@hireloop.example');
    await grant(admin.email, 'admin');
    await grant(superAdmin.email, 'super_admin');
    publicProfile = await createProfile(owner.userId);
    privateProfile = await createProfile(privateOwner.userId, { isPublic: false, availability: 'open' });
  });

  it('a new profile gets a summary from its non-identifying facts only, cached in the read model', async () => {
    const response = await settled(publicProfile.profileId, owner.token);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'ready', cached: true, strengths: expect.arrayContaining(['TypeScript']), fitRoles: expect.arrayContaining(['Software Engineer']) });
    expect(body.summaryText).toContain('Software Engineer with 5+ years of experience');
    expect(Date.parse(body.generatedAt)).not.toBeNaN();
    const events = await summaryEvents(publicProfile.profileId);
    expect(events.map((event) => event.type)).toEqual(['CandidateSummaryGenerated']);
    expect(events[0]!.data).toMatchObject({ model: 'local', profileVersion: 0, userId: owner.userId });
    expect(factsSeen.length).toBeGreaterThan(0);
    for (const facts of factsSeen) {
      expect(Object.keys(facts).sort()).toEqual(['availability', 'experience', 'skills', 'title', 'workPreference']);
      for (const personal of Object.values(PERSONAL)) expect(JSON.stringify(facts)).not.toContain(personal);
    }
  });

  it("the summary's text is sealed in the stored log, like the profile's personal fields", async () => {
    await settled(publicProfile.profileId, owner.token);
    const { events } = await runtime.storedLog.readStream(candidateSummaryStreamId(publicProfile.profileId));
    expect(JSON.stringify(events[0]!.data)).not.toContain('Software Engineer with 5+ years');
  });

  it('a replayed profile event makes no second summary for the same version', async () => {
    await settled(publicProfile.profileId, owner.token);
    const before = (await summaryEvents(publicProfile.profileId)).length;

    await summarize({ ...runtime, sessionTtlMs: 0, publicUrl: '', linkedin: null }, recordingAi(), {
      profileId: publicProfile.profileId,
      kind: 'profile_changed',
      eventId: publicProfile.eventId,
      correlationId: 'replay',
    });

    expect(await summaryEvents(publicProfile.profileId)).toHaveLength(before);
  });

  it.each([
    ['the owner', () => owner.token],
    ['a company on a plan with AI summaries', () => company.token],
    ['an admin', () => admin.token],
    ['a super admin', () => superAdmin.token],
  ])("%s can read a public profile's summary", async (_who, token) => {
    const response = await settled(publicProfile.profileId, token());
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ready');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it("a visitor signs in first, and another candidate is refused a public profile's summary (ADR 070)", async () => {
    await settled(publicProfile.profileId, owner.token);
    const visitor = await summaryOf(publicProfile.profileId, null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe(MESSAGES.signInRequired);
    const candidate = await summaryOf(publicProfile.profileId, other.token);
    expect(candidate.statusCode).toBe(403);
    expect(candidate.json()).toEqual({ success: false, error: AI_SUMMARY_MESSAGES.notForYou });
  });

  it.each([
    ['on the free plan', () => freeCompany.token, AI_SUMMARY_MESSAGES.notOnPlan],
    ['on Small Business (paid, without summaries)', () => smallCompany.token, AI_SUMMARY_MESSAGES.notOnPlan],
    ['on no plan yet', () => noPlanCompany.token, AI_SUMMARY_MESSAGES.noPlan],
  ])('a company %s can neither read nor regenerate a summary: 403 with requiresUpgrade, and nothing recorded', async (_who, token, error) => {
    await settled(publicProfile.profileId, owner.token);
    const read = await summaryOf(publicProfile.profileId, token());
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ success: false, error, requiresUpgrade: true });
    const before = (await summaryEvents(publicProfile.profileId)).length;
    const regenerate = await post(`/api/candidates/${publicProfile.profileId}/ai-summary/regenerate`, token());
    expect(regenerate.statusCode).toBe(403);
    expect(regenerate.json()).toEqual({ success: false, error, requiresUpgrade: true });
    expect(await summaryEvents(publicProfile.profileId)).toHaveLength(before);
  });

  it("a private profile's summary is its owner's alone: everyone else gets the unknown id's 404", async () => {
    const mine = await settled(privateProfile.profileId, privateOwner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().status).toBe('ready');
    expect(mine.headers['cache-control']).toBe('private, no-store');

    const unknown = await summaryOf(randomUUID(), company.token);
    expect(unknown.statusCode).toBe(404);
    for (const token of [null, other.token, company.token, admin.token, superAdmin.token, owner.token]) {
      const response = await summaryOf(privateProfile.profileId, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
      expect(response.json().error).toBe(PROFILE_MESSAGES.profileNotFound);
    }
  });

  it('regenerate: a visitor signs in first; another candidate, an admin and a super admin are refused', async () => {
    const url = `/api/candidates/${publicProfile.profileId}/ai-summary/regenerate`;
    const visitor = await post(url, null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe(MESSAGES.signInRequired);
    for (const token of [other.token, admin.token, superAdmin.token]) {
      const response = await post(url, token);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(PROFILE_MESSAGES.regenerateForbidden);
    }
  });

  it('regenerate of a private or unknown profile is a 404 to all but the owner', async () => {
    for (const token of [company.token, freeCompany.token, other.token, admin.token]) {
      const response = await post(`/api/candidates/${privateProfile.profileId}/ai-summary/regenerate`, token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(PROFILE_MESSAGES.profileNotFound);
    }
    expect((await post(`/api/candidates/${randomUUID()}/ai-summary/regenerate`, company.token)).statusCode).toBe(404);
    const byOwner = await post(`/api/candidates/${privateProfile.profileId}/ai-summary/regenerate`, privateOwner.token);
    expect(byOwner.statusCode).toBe(202);
  });

  it('a company on a plan with AI summaries regenerates a public summary: pending, then a new summary', async () => {
    await settled(publicProfile.profileId, company.token);
    const before = (await summaryEvents(publicProfile.profileId)).filter((event) => event.type === 'CandidateSummaryGenerated').length;

    const response = await post(`/api/candidates/${publicProfile.profileId}/ai-summary/regenerate`, company.token);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'pending' });

    expect((await settled(publicProfile.profileId, company.token)).json().status).toBe('ready');
    const events = await summaryEvents(publicProfile.profileId);
    expect(events.filter((event) => event.type === 'CandidateSummaryGenerated')).toHaveLength(before + 1);
    expect(events.find((event) => event.type === 'CandidateSummaryRequested')!.data).toMatchObject({ reason: 'regenerate', requestedBy: company.userId });
  });

  it('the owner regenerates their own summary', async () => {
    const response = await post(`/api/candidates/${publicProfile.profileId}/ai-summary/regenerate`, owner.token);
    expect(response.statusCode).toBe(202);
    expect((await settled(publicProfile.profileId, owner.token)).json().status).toBe('ready');
  });

  it('when the AI service fails, the summary says so in the spec\'s words', async () => {
    const failing = await createProfile(other.userId, { title: 'Fails' });

    const response = await settled(failing.profileId, other.token);

    expect(response.json()).toEqual({ status: 'failed', error: PROFILE_MESSAGES.aiSummaryError });
    const events = await summaryEvents(failing.profileId);
    expect(events.map((event) => event.type)).toEqual(['CandidateSummaryFailed']);
    expect(events[0]!.data).toMatchObject({ reason: 'The AI service answered with HTTP 500.' });
  });

  it('through the profile routes: creating a profile gets it a summary, editing it gets a new one', async () => {
    const author = await signUp('candidate', 'author@seekers.example');
    const form = {
      jobTitle: 'Data Engineer',
      skills: ['Python', 'Kafka'],
      experience: '3+ years',
      location: 'Austin, TX',
      bio: 'Pipelines all day.',
      phone: '+1 512 555 0100',
      email: 'author.private@example.com',
      isActivelyLooking: true,
      isPublic: true,
    };
    const created = await post('/api/profile', author.token, form);
    expect(created.statusCode).toBe(201);
    const profileId = created.json().profile.id as string;

    const first = await settled(profileId, author.token);
    expect(first.json()).toMatchObject({ status: 'ready', summaryText: expect.stringContaining('Data Engineer with 3+ years of experience') });

    const updated = remember(await app.inject({ method: 'PUT', url: '/api/profile', payload: { ...form, jobTitle: 'Staff Data Engineer' }, headers: bearer(author.token) }));
    expect(updated.statusCode).toBe(200);
    const second = await settled(profileId, author.token);
    expect(second.json().summaryText).toContain('Staff Data Engineer with 3+ years of experience');
    const generated = (await summaryEvents(profileId)).filter((event) => event.type === 'CandidateSummaryGenerated');
    expect(generated.map((event) => (event.data as { profileVersion: number }).profileVersion)).toEqual([0, 1]);
    expect(JSON.stringify(factsSeen)).not.toContain('author.private@example.com');
  });
});
