import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@hireloop/contracts';
import { buildTestCommandApp, candidate, company } from '../shared/test-app';

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
    for (let i = 0; i < 3; i++) expect((await postJob(job)).statusCode).toBe(201);
    expect(reads.filter((stream) => stream.startsWith('company-'))).toHaveLength(1);
    const posted = await postJob(job);
    expect(posted.json().job.company).toBe(company.companyName);
  });
});
