import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, POSITION_HEADER, PROFILE_MESSAGES, type Job } from '@hireloop/contracts';
import { subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { MATCH_SCORE_VERSION, matchJob } from '@hireloop/projections/matching/match-score';
import { useApiApp } from '../support/api-app';

/** Match scores on the board and the suggested jobs (issue 11, ADR 027), on the real app with PostgreSQL. */
const api = useApiApp();
let position = '';

type Headers = Record<string, string>;
let addresses = 0;
const send = async (method: 'POST' | 'PUT', url: string, payload: unknown, headers: Headers = {}) => {
  const response = await api.app().inject({ method, url, payload: payload as object, headers, remoteAddress: `10.7.0.${++addresses}` });
  const written = response.headers[POSITION_HEADER];
  if (typeof written === 'string' && written > position) position = written;
  return response;
};
const get = (url: string, headers: Headers = {}) => api.app().inject({ method: 'GET', url, headers: { [MIN_POSITION_HEADER]: position, ...headers } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const PROFILE = {
  jobTitle: 'Frontend Engineer',
  skills: ['React', 'TS', 'GraphQL'],
  experience: '4 years',
  location: 'Austin, TX',
  workPreference: 'hybrid',
  isActivelyLooking: true,
  isPublic: true,
};

const JOBS = [
  { title: 'Frontend Engineer', location: 'Austin, TX', description: 'Build the app.', skills: 'React, TypeScript, GraphQL', experience: 'Mid level' },
  { title: 'Platform Engineer', location: 'Berlin, Germany', description: 'Run the platform.', skills: 'Go, Kubernetes, Terraform', experience: 'Senior level' },
  { title: 'React Developer', location: 'Remote', remote: true, description: 'Remote React work.', skills: 'React, JavaScript', experience: 'Mid level' },
  { title: 'Accountant', location: 'Dallas, TX', description: 'Keep the books.', skills: 'Bookkeeping, Excel', experience: 'Entry level' },
];

const tokens = { candidate: '', noProfile: '', company: '' };
const jobIds: string[] = [];

describe('match scores and suggested jobs', () => {
  beforeAll(async () => {
    const company = await send('POST', '/api/auth/company/signup', { companyName: 'Matchworks', contactName: 'Hiring', email: 'jobs@matchworks.example', password: 'company-password' });
    tokens.company = company.json().token;
    // More jobs than the free plan allows (plan limits, ADR 030).
    await subscribeToPlan(api.app(), tokens.company, 'enterprise');
    for (const job of JOBS) {
      const posted = await send('POST', '/api/jobs', job, bearer(tokens.company));
      expect(posted.statusCode).toBe(201);
      jobIds.push(posted.json().job.id);
    }
    const candidate = await send('POST', '/api/auth/candidate/signup', { name: 'Ada Match', email: 'ada@match.example', password: 'candidate-password' });
    tokens.candidate = candidate.json().token;
    expect((await send('POST', '/api/profile', PROFILE, bearer(tokens.candidate))).statusCode).toBe(201);
    const noProfile = await send('POST', '/api/auth/candidate/signup', { name: 'Nora None', email: 'nora@match.example', password: 'candidate-password' });
    tokens.noProfile = noProfile.json().token;
  });

  const profileForMatch = { title: PROFILE.jobTitle, skills: PROFILE.skills, experience: PROFILE.experience, location: PROFILE.location, workPreference: 'hybrid' as const };

  it('scores each job of the page for a candidate with a profile, exactly as matchJob does', async () => {
    const response = await get('/api/jobs?pageSize=100', bearer(tokens.candidate));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toContain('Authorization');
    const jobs = response.json<Job[]>();
    expect(jobs).toHaveLength(JOBS.length);
    for (const job of jobs) {
      const expected = matchJob(profileForMatch, job);
      expect(job.matchScore).toBe(expected.score);
      expect(job.matchReasons).toEqual(expected.reasons);
      expect(job.warnings).toEqual(expected.warnings);
    }
    const frontend = jobs.find((job) => job.title === 'Frontend Engineer')!;
    expect(frontend.matchScore).toBe(100);
    expect(frontend.matchReasons[0]).toBe('You have 3 of 3 listed skills: React, TypeScript and GraphQL.');

    const detail = await get(`/api/jobs/${jobIds[1]}`, bearer(tokens.candidate));
    expect(detail.statusCode).toBe(200);
    const platform = detail.json<Job>();
    expect(platform.matchScore).toBe(matchJob(profileForMatch, platform).score);
    expect(platform.warnings).toEqual(['You have none of the listed skills: Go, Kubernetes and Terraform.', 'The job asks for Senior level experience (5+ years); you have 4 years.']);
  });

  it('scores against the profile as it is now: an edit changes the next answer', async () => {
    const before = (await get(`/api/jobs/${jobIds[1]}`, bearer(tokens.candidate))).json<Job>();
    const edited = { ...PROFILE, skills: ['Golang', 'k8s', 'Terraform'], experience: '8 years' };
    expect((await send('PUT', '/api/profile', edited, bearer(tokens.candidate))).statusCode).toBe(200);
    const after = (await get(`/api/jobs/${jobIds[1]}`, bearer(tokens.candidate))).json<Job>();
    expect(after.matchScore).toBe(matchJob({ ...profileForMatch, skills: edited.skills, experience: edited.experience }, after).score);
    expect(after.matchScore).toBeGreaterThan(before.matchScore!);
    expect(after.matchReasons[0]).toBe('You have 3 of 3 listed skills: Go, Kubernetes and Terraform.');
    // The board (the search index's job objects, whose scores the query service keeps per viewer) is scored against the edit too.
    const board = (await get('/api/jobs', bearer(tokens.candidate))).json<Job[]>();
    const onBoard = board.find((job) => job.id === jobIds[1])!;
    expect(onBoard.matchScore).toBe(after.matchScore);
    for (const job of board) expect(job.matchScore).toBe(matchJob({ ...profileForMatch, skills: edited.skills, experience: edited.experience }, job).score);
    // Back as it was, for the tests that follow.
    expect((await send('PUT', '/api/profile', PROFILE, bearer(tokens.candidate))).statusCode).toBe(200);
    expect((await get(`/api/jobs/${jobIds[1]}`, bearer(tokens.candidate))).json<Job>().matchScore).toBe(before.matchScore);
    expect((await get('/api/jobs', bearer(tokens.candidate))).json<Job[]>().find((job) => job.id === jobIds[1])!.matchScore).toBe(before.matchScore);
  });

  it.each([
    ['a visitor', () => ({})],
    ['a company', () => bearer(tokens.company)],
    ['a candidate without a profile', () => bearer(tokens.noProfile)],
  ] as const)('gives %s no scores', async (_who, headers) => {
    const list = await get('/api/jobs?pageSize=100', headers());
    expect(list.statusCode).toBe(200);
    expect(list.headers.vary).toContain('Authorization');
    for (const job of list.json<Job[]>()) expect([job.matchScore, job.matchReasons, job.warnings]).toEqual([null, [], []]);
    const detail = await get(`/api/jobs/${jobIds[0]}`, headers());
    expect(detail.statusCode).toBe(200);
    expect([detail.json<Job>().matchScore, detail.json<Job>().matchReasons, detail.json<Job>().warnings]).toEqual([null, [], []]);
  });

  it('suggests the best-matching open jobs, highest score first', async () => {
    // A closed job never comes back, however well it matches.
    expect((await send('POST', `/api/jobs/${jobIds[2]}/close`, {}, bearer(tokens.company))).statusCode).toBe(200);
    const response = await get('/api/jobs/suggested?count=2', bearer(tokens.candidate));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json<{ jobs: Job[]; matchScoreVersion: number }>();
    expect(body.matchScoreVersion).toBe(MATCH_SCORE_VERSION);
    expect(body.jobs.map((job) => job.id)).toEqual([jobIds[0], jobIds[3]]);
    for (const job of body.jobs) expect(job.matchScore).toBe(matchJob(profileForMatch, job).score);
    expect(body.jobs[0]!.matchScore!).toBeGreaterThanOrEqual(body.jobs[1]!.matchScore!);

    const all = (await get('/api/jobs/suggested', bearer(tokens.candidate))).json<{ jobs: Job[] }>();
    expect(all.jobs.map((job) => job.id).sort()).toEqual([jobIds[0], jobIds[1], jobIds[3]].sort());
  });

  it('answers suggested jobs only to a candidate with a profile', async () => {
    const visitor = await get('/api/jobs/suggested');
    expect(visitor.statusCode).toBe(401);
    const company = await get('/api/jobs/suggested', bearer(tokens.company));
    expect(company.statusCode).toBe(403);
    expect(company.json()).toEqual({ success: false, error: PROFILE_MESSAGES.candidatesOnly });
    const none = await get('/api/jobs/suggested', bearer(tokens.noProfile));
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ success: false, error: PROFILE_MESSAGES.noProfileYet });
    for (const count of ['0', '51', 'many']) {
      const bad = await get(`/api/jobs/suggested?count=${count}`, bearer(tokens.candidate));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toContain('count must be a whole number from 1 to 50');
    }
  });
});
