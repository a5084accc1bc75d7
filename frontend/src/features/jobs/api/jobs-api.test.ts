import type { Job } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, serverErrorText, UnexpectedAnswerError } from '../../../lib/api-client';
import { applyToJob } from './apply-to-job';
import { changeJobStatus } from './change-job-status';
import { getJob, getSharedJob } from './get-job';
import { getJobList, jobListPath, jobListQueryKey } from './get-jobs';
import { getMyApplication } from './get-my-application';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import { sampleJob } from '@hireloop/contracts/testing/jobs';

const { calls, answers } = stubFetch();
const json = jsonAnswer;

const job = (overrides: Partial<Job> = {}): Job => sampleJob({
  title: 'Senior Frontend Engineer',
  company: 'Acme',
  companyId: null,
  description: 'Build the product UI.',
  skills: ['React'],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('job list', () => {
  it('asks the server for one page, leaving out empty text filters', () => {
    expect(jobListPath({})).toBe('/api/jobs?status=open&page=1&pageSize=10');
    expect(
      jobListPath({ search: ' react  node ', location: 'New York', type: 'full-time', status: 'all', page: 3 }),
    ).toBe('/api/jobs?search=react++node&location=New+York&type=full-time&status=all&page=3&pageSize=10');
    expect(jobListPath({ mine: true, status: 'all' })).toBe('/api/jobs?status=all&page=1&pageSize=10&mine=true');
  });

  it('keys every parameter, so equal searches share an entry and different ones do not', () => {
    expect(jobListQueryKey({ search: ' react ' })).toEqual(jobListQueryKey({ search: 'react', status: 'open', page: 1 }));
    expect(jobListQueryKey({ page: 2 })).not.toEqual(jobListQueryKey({ page: 1 }));
    expect(jobListQueryKey({ status: 'all' })[0]).toBe('/api/jobs');
  });

  it('reads the page and the total from X-Total-Count', async () => {
    answers.push(json(200, [job({ id: 'j11' }), job({ id: 'j12' })], { 'x-total-count': '12' }));
    const page = await getJobList({ page: 2 });
    expect(calls[0]?.url).toBe('/api/jobs?status=open&page=2&pageSize=10');
    expect(page).toMatchObject({ total: 12, page: 2, pageSize: 10 });
    expect(page.jobs.map((j) => j.id)).toEqual(['j11', 'j12']);
  });

  it("raises the server's reason for bad parameters", async () => {
    answers.push(json(400, { success: false, error: 'status must be one of: open, all, closed' }));
    const error = await getJobList({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(serverErrorText(error)).toBe('status must be one of: open, all, closed');
  });

  it('fails on an answer that is not a list of jobs', async () => {
    answers.push(json(200, { jobs: [job()] }, { 'x-total-count': '1' }));
    await expect(getJobList({})).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});

describe('one job', () => {
  it('reads a job by id and by share token', async () => {
    answers.push(json(200, job()), json(200, job()));
    await expect(getJob('j 1')).resolves.toMatchObject({ id: 'j1' });
    await expect(getSharedJob('t1')).resolves.toMatchObject({ shareToken: 't1' });
    expect(calls.map((c) => c.url)).toEqual(['/api/jobs/j%201', '/api/jobs/share/t1']);
  });

  it('fails with 404 for a job that does not exist', async () => {
    answers.push(json(404, { success: false, error: 'Job not found' }));
    const error = await getJob('nope').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404 });
  });

  it('fails on an answer that is not a job', async () => {
    answers.push(json(200, { success: true }));
    await expect(getJob('j1')).rejects.toThrow('Unexpected answer from /api/jobs/j1');
  });
});

describe('applying and changing a job', () => {
  it('applies, and reads whether I applied', async () => {
    answers.push(json(201, { success: true, applicationId: 'a1', appliedAt: '2026-03-01T00:00:00.000Z' }));
    answers.push(json(200, { applied: true, appliedAt: '2026-03-01T00:00:00.000Z' }));
    await expect(applyToJob('j1')).resolves.toMatchObject({ applicationId: 'a1' });
    await expect(getMyApplication('j1')).resolves.toEqual({ applied: true, appliedAt: '2026-03-01T00:00:00.000Z' });
    expect(calls[0]).toMatchObject({ url: '/api/jobs/j1/apply', init: { method: 'POST' } });
    expect(calls[1]?.url).toBe('/api/jobs/j1/application');
  });

  it('closes and reopens', async () => {
    answers.push(json(200, { success: true, jobId: 'j1', isActive: false }));
    answers.push(json(200, { success: true, jobId: 'j1', isActive: true }));
    await expect(changeJobStatus('j1', 'close')).resolves.toMatchObject({ isActive: false });
    await expect(changeJobStatus('j1', 'reopen')).resolves.toMatchObject({ isActive: true });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['POST /api/jobs/j1/close', 'POST /api/jobs/j1/reopen']);
  });
});
