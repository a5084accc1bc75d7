import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, jobPostLimitReached, jobStreamId, subscriptionStreamId } from '@hireloop/contracts';
import { buildTestCommandApp, candidate, company, subscribeToPlan } from '../shared/test-app';

let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;
let companyToken: string;

beforeEach(async () => {
  ctx = await buildTestCommandApp();
  companyToken = (await ctx.app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: company })).json().token;
});
afterEach(async () => {
  await ctx.app.close();
});

const postJob = (payload: unknown, token: string | null = companyToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/jobs', payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

const job = {
  title: 'Senior Data Engineer',
  company: '',
  location: 'Austin, TX',
  salary: '',
  type: 'Full-time',
  remote: false,
  description: 'Own the pipelines.',
  requirements: 'SQL\n\nPython',
  skills: 'Kafka, dbt,',
  experience: 'Senior level',
  benefits: '',
};

describe('posting a job', () => {
  it("a company posts a job; empty fields follow the spec's rules", async () => {
    const response = await postJob(job);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      job: {
        title: 'Senior Data Engineer',
        company: 'Northwind Analytics',
        salary: null,
        benefits: null,
        requirements: ['SQL', 'Python'],
        skills: ['Kafka', 'dbt'],
        isActive: true,
        source: 'internal',
      },
    });
    expect(response.json().job.shareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it.each(['title', 'location', 'description'])('a job without %s is refused with the required-fields message', async (field) => {
    const response = await postJob({ ...job, [field]: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.jobRequiredFields);
  });

  it('an unknown job type is refused with the allowed values', async () => {
    const response = await postJob({ ...job, type: 'Gig' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('Full-time, Part-time, Contract, Freelance, Internship');
  });

  it('a visitor must sign in first', async () => {
    const response = await postJob(job, null);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(MESSAGES.signInRequired);
  });

  it('a visitor hears "sign in" before any complaint about the form', async () => {
    const response = await postJob({}, null);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(MESSAGES.signInRequired);
  });

  it('a candidate cannot post a job', async () => {
    const token = (await ctx.app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: candidate })).json().token;
    const response = await postJob(job, token);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(MESSAGES.companyOnly);
  });
});

describe('the cost of posting', () => {
  it('reads the company stream once per process, not on every post (a company name never changes)', async () => {
    const reads: string[] = [];
    const inner = ctx.deps.eventStore.readStream.bind(ctx.deps.eventStore);
    ctx.deps.eventStore.readStream = (streamId, options) => {
      reads.push(streamId);
      return inner(streamId, options);
    };
    await subscribeToPlan(ctx.app, companyToken, 'enterprise');
    for (let i = 0; i < 3; i++) expect((await postJob(job)).statusCode).toBe(201);
    expect(reads.filter((stream) => stream.startsWith('company-'))).toHaveLength(1);
    const posted = await postJob(job);
    expect(posted.json().job.company).toBe(company.companyName);
  });

  it("does not read a new job's stream: its id was made for this post (ADR 099)", async () => {
    const reads: string[] = [];
    const inner = ctx.deps.eventStore.readStream.bind(ctx.deps.eventStore);
    ctx.deps.eventStore.readStream = (streamId, options) => {
      reads.push(streamId);
      return inner(streamId, options);
    };
    const posted = await postJob(job);
    expect(posted.statusCode).toBe(201);
    const jobId: string = posted.json().job.id;
    expect(reads).not.toContain(jobStreamId(jobId));
    // The plan's count still reads the jobs it counts: the Free plan's one posting is taken.
    const subscriptions = subscriptionStreamId('');
    expect(reads.filter((stream) => stream.startsWith(subscriptions))).toHaveLength(1);
    expect((await postJob(job)).statusCode).toBe(403);
    expect(reads).toContain(jobStreamId(jobId));
  });
});

describe('plan limits on job posts (ADR 030)', () => {
  const closeJob = (jobId: string) => ctx.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/close`, headers: { authorization: `Bearer ${companyToken}` } });
  const reopenJob = (jobId: string) => ctx.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/reopen`, headers: { authorization: `Bearer ${companyToken}` } });

  it('a company without a plan posts one job; the second is a 403 that says the limit, and nothing is recorded', async () => {
    expect((await postJob(job)).statusCode).toBe(201);
    const before = (await ctx.deps.eventStore.readAll('')).events.length;
    const refused = await postJob({ ...job, title: 'Second job' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(jobPostLimitReached('Free', 1));
    expect(refused.json().error).toBe('Your Free plan allows 1 open job posting. Upgrade your plan or close a job to post another.');
    expect((await ctx.deps.eventStore.readAll('')).events.length).toBe(before);
  });

  it('closing the open job frees the posting; reopening it while another is open is refused', async () => {
    const first = (await postJob(job)).json().job.id as string;
    expect((await closeJob(first)).statusCode).toBe(200);
    expect((await postJob({ ...job, title: 'Second job' })).statusCode).toBe(201);
    const reopened = await reopenJob(first);
    expect(reopened.statusCode).toBe(403);
    expect(reopened.json().error).toBe(jobPostLimitReached('Free', 1));
  });

  it('five posts at once on the free plan: exactly one goes through', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => postJob({ ...job, title: `Job ${n}` })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403, 403, 403, 403]);
    const { events } = await ctx.deps.eventStore.readAll('');
    const counted = events.filter((event) => event.type === 'JobPostingCounted');
    expect(counted).toHaveLength(1);
    expect(counted[0]!.streamId).toBe(subscriptionStreamId((counted[0]!.data as { companyId: string }).companyId));
    expect(events.filter((event) => event.type === 'JobPosted')).toHaveLength(1);
  });

  it('a paid plan raises the limit: Small Business posts five open jobs, not a sixth', async () => {
    await subscribeToPlan(ctx.app, companyToken, 'small_business');
    for (let n = 0; n < 5; n++) expect((await postJob({ ...job, title: `Job ${n}` })).statusCode).toBe(201);
    const refused = await postJob({ ...job, title: 'Job 6' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(jobPostLimitReached('Small Business', 5));
  });
});
