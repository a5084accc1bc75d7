import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, MESSAGES, jobStreamId } from '@hireloop/contracts';
import { grantRoleAsSystem } from '../auth/roles';
import { NOT_YOUR_JOB } from '../jobs/decider';
import { buildTestCommandApp, candidate, company } from '../shared/test-app';

/** `PUT /api/jobs/{jobId}` (ADR 064) as a visitor, the owner, another company, a candidate, an admin and a super admin. */
let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;
beforeEach(async () => {
  ctx = await buildTestCommandApp();
});
afterEach(async () => {
  await ctx.app.close();
});

const signUp = async (kind: 'candidate' | 'company', payload: object) => {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/auth/${kind}/signup`, payload });
  expect(response.statusCode).toBe(201);
  return response.json().token as string;
};
const northwind = () => signUp('company', company);
const contoso = () => signUp('company', { ...company, companyName: 'Contoso', email: 'jobs@contoso.example' });
const ada = () => signUp('candidate', candidate);
const grace = () => signUp('candidate', { ...candidate, email: 'grace@example.com', firstName: 'Grace' });

const job = { title: 'Senior Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.', skills: 'Kafka, dbt', requirements: 'SQL' };
const edit = { ...job, title: 'Staff Data Engineer', location: 'Remote', remote: true, salary: '$180k', skills: 'Kafka, Spark' };

const post = async (token: string) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/jobs', payload: job, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(201);
  return response.json().job.id as string;
};
const put = (jobId: string, payload: unknown, token: string | null) =>
  ctx.app.inject({ method: 'PUT', url: `/api/jobs/${jobId}`, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const edits = async (jobId: string) => (await ctx.deps.eventStore.readStream(jobStreamId(jobId))).events.filter((event) => event.type === 'JobEdited');

describe('editing a job (PUT /api/jobs/{jobId})', () => {
  it('the owning company edits its job: the new content is recorded, with the position to read it at', async () => {
    const owner = await northwind();
    const jobId = await post(owner);
    const response = await put(jobId, edit, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, jobId });
    expect(response.headers['x-position']).toBeTruthy();
    const [edited] = await edits(jobId);
    expect(edited?.data).toMatchObject({ jobId, title: 'Staff Data Engineer', company: 'Northwind Analytics', location: 'Remote', remote: true, salary: '$180k', skills: ['Kafka', 'Spark'] });
  });

  it('a visitor must sign in first, and nothing is recorded', async () => {
    const jobId = await post(await northwind());
    const response = await put(jobId, edit, null);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(MESSAGES.signInRequired);
    expect(await edits(jobId)).toEqual([]);
  });

  it('another company cannot edit it', async () => {
    const jobId = await post(await northwind());
    const response = await put(jobId, edit, await contoso());
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(NOT_YOUR_JOB);
    expect(await edits(jobId)).toEqual([]);
  });

  it('a candidate cannot edit it', async () => {
    const jobId = await post(await northwind());
    const response = await put(jobId, edit, await ada());
    expect(response.statusCode).toBe(403);
    expect(await edits(jobId)).toEqual([]);
  });

  it.each(['admin', 'super_admin'] as const)('as %s, a user edits any job', async (role) => {
    const jobId = await post(await northwind());
    const token = await grace();
    await grantRoleAsSystem(ctx.deps, 'grace@example.com', role, 'test');
    const response = await put(jobId, edit, token);
    expect(response.statusCode).toBe(200);
    expect(await edits(jobId)).toHaveLength(1);
  });

  it.each(['title', 'location', 'description'])('an edit without %s is refused with the posting message, and nothing is recorded', async (field) => {
    const owner = await northwind();
    const jobId = await post(owner);
    const response = await put(jobId, { ...edit, [field]: ' ' }, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.jobRequiredFields);
    expect(await edits(jobId)).toEqual([]);
  });

  it('a job that does not exist is a 404', async () => {
    const response = await put('no-such-job', edit, await northwind());
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(JOB_MESSAGES.notFound);
  });

  it('saving the same content twice records one edit', async () => {
    const owner = await northwind();
    const jobId = await post(owner);
    expect((await put(jobId, edit, owner)).statusCode).toBe(200);
    expect((await put(jobId, edit, owner)).statusCode).toBe(200);
    expect(await edits(jobId)).toHaveLength(1);
  });
});
