import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_MATCH_MESSAGES, MESSAGES } from '@hireloop/contracts';
import { matchCandidate } from '@hireloop/projections/matching/match-score';
import { useApiApp, type Caller } from '../support/api-app';

/*
 * A company sees how candidates match one of its open jobs (issue 24), on the real app over
 * PostgreSQL: `GET /api/candidates/matches` answers the candidate side's score with reasons told
 * about the candidate, for the job's own company only. Every caller kind is tried.
 */
const { post, get, grant, signUpCompany, signUpCandidate, postJob } = useApiApp();

let northwind: Caller;
/** Another company, with a job it closed. */
let closer: Caller;
let jobId = '';
let closedJobId = '';
let publicCard = '';
let privateProfile = '';
const callers = {} as Record<'another company' | 'candidate' | 'admin' | 'super_admin', Caller>;
const url = (job: string, ids: string[]) => `/api/candidates/matches?jobId=${encodeURIComponent(job)}&ids=${ids.map(encodeURIComponent).join(',')}`;

beforeAll(async () => {
  northwind = await signUpCompany('northwind');
  const job = await post('/api/jobs', northwind.token, {
    title: 'Senior Platform Engineer',
    location: 'Remote',
    remote: true,
    description: 'Run the clusters.',
    skills: ['Go', 'Kubernetes', 'Terraform', 'AWS'],
    experience: 'Senior level',
    type: 'Full-time',
  });
  expect(job.statusCode, job.body).toBe(201);
  jobId = job.json().job.id;

  const imelda = await signUpCandidate('imelda', { name: 'Imelda Quarrington' });
  const created = await post('/api/profile', imelda.token, {
    jobTitle: 'Platform Engineer',
    skills: ['Go', 'k8s', 'Terraform', 'Python'],
    experience: '6 years',
    location: 'Lisbon, Portugal',
    workPreference: 'remote',
    isActivelyLooking: true,
    isPublic: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  publicCard = created.json().profile.id;
  const hidden = await signUpCandidate('hidden');
  const hiddenProfile = await post('/api/profile', hidden.token, { jobTitle: 'Secret Engineer', skills: ['Go'], experience: '9 years', location: 'Porto', isActivelyLooking: true, isPublic: false });
  privateProfile = hiddenProfile.json().profile.id;

  callers['another company'] = await signUpCompany('globex');
  callers.candidate = imelda;
  callers.admin = await signUpCandidate('admin');
  await grant(callers.admin.email, 'admin');
  callers.super_admin = await signUpCompany('boss');
  await grant(callers.super_admin.email, 'super_admin');

  closer = await signUpCompany('initech');
  closedJobId = await postJob(closer, 'Closed Role');
  expect((await post(`/api/jobs/${closedJobId}/close`, closer.token, {})).statusCode).toBe(200);
});

describe('GET /api/candidates/matches (issue 24)', () => {
  it('the job’s company gets each public card’s score, with reasons told about the candidate', async () => {
    const response = await get(url(jobId, [publicCard, privateProfile, 'no-such-profile']), northwind.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    const expected = matchCandidate(
      { title: 'Platform Engineer', skills: ['Go', 'k8s', 'Terraform', 'Python'], experience: '6 years', location: 'Lisbon, Portugal', workPreference: 'remote' },
      { title: 'Senior Platform Engineer', skills: ['Go', 'Kubernetes', 'Terraform', 'AWS'], requirements: [], experience: 'Senior level', location: 'Remote', remote: true, type: 'Full-time' },
    );
    // A private or unknown profile has no card: left out, not told apart.
    expect(body).toEqual({ jobId, jobTitle: 'Senior Platform Engineer', matchScoreVersion: expected.version, matches: [{ candidateId: publicCard, score: expected.score, reasons: expected.reasons, warnings: expected.warnings }] });
    expect(body.matches[0].reasons).toContain('The candidate has 3 of 4 listed skills: Go, Kubernetes and Terraform.');
    expect(body.matches[0].reasons).toContain('The job is remote, as they prefer.');
    // Scored from the card only: nothing that names her.
    expect(response.body).not.toContain('Imelda');
    expect(response.body).not.toContain('Secret Engineer');
  });

  it('a visitor must sign in', async () => {
    const response = await get(url(jobId, [publicCard]), null);
    expect(response.statusCode).toBe(401);
  });

  it.each(['candidate', 'another company', 'admin', 'super_admin'] as const)('%s is refused: only the job’s company may see how candidates match it', async (who) => {
    const response = await get(url(jobId, [publicCard]), callers[who].token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, error: CANDIDATE_MATCH_MESSAGES.companiesOnly });
  });

  it('an unknown job is a 404, a closed job of the caller’s own a 409, another company’s closed job a 403', async () => {
    expect((await get(url('no-such-job', [publicCard]), northwind.token)).json()).toEqual({ success: false, error: MESSAGES.jobNotFound });
    const closed = await get(url(closedJobId, [publicCard]), closer.token);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe(CANDIDATE_MATCH_MESSAGES.jobNotOpen);
    expect((await get(url(closedJobId, [publicCard]), northwind.token)).statusCode).toBe(403);
  });

  it('bad input is a 400 that says why, never a 500', async () => {
    for (const bad of [`/api/candidates/matches?ids=${publicCard}`, `/api/candidates/matches?jobId=${jobId}`, `/api/candidates/matches?jobId=${jobId}&ids=,,`, url(jobId, Array.from({ length: 51 }, (_, i) => `id-${i}`)), url(jobId, ['x'.repeat(101)])]) {
      const response = await get(bad, northwind.token);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect((await get(url(jobId, [publicCard]), null)).statusCode).toBe(401);
  });
});
