import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PLAN_INVITE_REQUESTS, MIN_POSITION_HEADER, inviteRequestLimitReached, type Role } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition } from '@hireloop/platform/event-store';
import { recipientsInbox } from '@hireloop/command-service/shared/test-app';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * The free plan's job invite requests (issue 13, ADR 031), on the real app over PostgreSQL: 5 a
 * month, counted with the invitations in one append. The 6th send is refused with requiresUpgrade;
 * a bulk request beyond them invites what is left and skips the rest with 'plan_limit'. Paid plans
 * and admins have no such limit.
 */
const PUBLIC_URL = 'http://hireloop.test';
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let position = '';
let mail: ReturnType<typeof recipientsInbox>;

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, PUBLIC_URL }));
  mail = recipientsInbox(runtime.mailer);
  app = await buildApp({ ...runtime, mailer: mail }, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

let addresses = 0;
const remember = <R extends { headers: Record<string, unknown> }>(response: R): R => {
  if (response.headers['x-position']) position = maxPosition(position, String(response.headers['x-position']));
  return response;
};
const post = async (url: string, token: string | null, payload?: unknown) =>
  remember(
    await app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      remoteAddress: `10.14.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
    }),
  );
const get = (url: string, token: string | null) => app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), [MIN_POSITION_HEADER]: position } });
const grant = async (email: string, role: Role) => {
  const result = await grantRoleAsSystem({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, email, role, 'test');
  position = maxPosition(position, result.position);
};

interface Caller {
  token: string;
  email: string;
  companyId: string | null;
}
const signUpCompany = async (key: string): Promise<Caller> => {
  const email = `${key}@${key}.example`;
  const response = await post('/api/auth/company/signup', null, { companyName: `${key} Labs`, contactName: `${key} hiring`, email, password: 'company-password-1', website: `https://${key}.example`, location: 'Austin, TX', industry: 'Data' });
  expect(response.statusCode, response.body).toBe(201);
  return { token: response.json().token, email, companyId: response.json().user.companyId };
};
const signUpCandidate = async (key: string): Promise<Caller> => {
  const email = `${key}@mail.example`;
  const response = await post('/api/auth/candidate/signup', null, { name: `Cand ${key}`, email, password: 'candidate-password-1' });
  expect(response.statusCode, response.body).toBe(201);
  return { token: response.json().token, email, companyId: null };
};
const createProfile = async (caller: Caller, options: { isPublic?: boolean; isActivelyLooking?: boolean } = {}) => {
  const response = await post('/api/profile', caller.token, {
    firstName: 'Ada',
    lastName: 'Quill',
    jobTitle: 'Data Engineer',
    skills: ['Kafka', 'SQL'],
    experience: '7 years',
    location: 'Lisbon, Portugal',
    isActivelyLooking: options.isActivelyLooking ?? true,
    isPublic: options.isPublic ?? true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().profile.id as string;
};

const postJob = async (caller: Caller) => {
  const response = await post('/api/jobs', caller.token, { title: 'Staff Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().job.id as string;
};

describe('job invite requests on the free plan', () => {
  const profiles: string[] = [];
  let free: Caller;
  let freeJob: string;

  beforeAll(async () => {
    for (let n = 1; n <= 9; n++) profiles.push(await createProfile(await signUpCandidate(`inv${n}`)));
    free = await signUpCompany('freeinv');
    expect((await post('/api/subscription/create', free.token, { planId: 'free' })).statusCode).toBe(200);
    freeJob = await postJob(free);
  });

  it('sends 4, then a bulk of 3 invites 1 and skips 2 with plan_limit, then a 6th send is refused', async () => {
    for (const candidateId of profiles.slice(0, 4)) expect((await post('/api/job-invitations/send', free.token, { jobId: freeJob, candidateId })).statusCode).toBe(201);
    const bulk = await post('/api/job-invitations/bulk', free.token, { jobId: freeJob, candidateIds: profiles.slice(4, 7) });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().summary).toEqual({ succeeded: 1, total: 3, skipped: 2 });
    expect(bulk.json().invited.map((one: { candidateId: string }) => one.candidateId)).toEqual([profiles[4]]);
    expect(bulk.json().skipped).toEqual(profiles.slice(5, 7).map((candidateId) => ({ candidateId, reason: 'plan_limit', message: inviteRequestLimitReached(FREE_PLAN_INVITE_REQUESTS) })));

    const refused = await post('/api/job-invitations/send', free.token, { jobId: freeJob, candidateId: profiles[7] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: inviteRequestLimitReached(FREE_PLAN_INVITE_REQUESTS), requiresUpgrade: true });
    // Refusals come first when they apply: inviting someone already invited is still a 409.
    expect((await post('/api/job-invitations/send', free.token, { jobId: freeJob, candidateId: profiles[0] })).statusCode).toBe(409);
    const requests = await get('/api/job-invitations', free.token);
    expect(requests.json().invitations).toHaveLength(5);
  });

  it('a paid plan and an admin acting for the company have no such limit', async () => {
    const paid = await signUpCompany('paidinv');
    await subscribeToPlan(app, paid.token, 'small_business');
    const paidJob = await postJob(paid);
    const bulk = await post('/api/job-invitations/bulk', paid.token, { jobId: paidJob, candidateIds: profiles.slice(0, 7) });
    expect(bulk.json().summary).toEqual({ succeeded: 7, total: 7, skipped: 0 });

    const admin = await signUpCompany('admininv');
    await grant(admin.email, 'admin');
    const forFree = await post('/api/job-invitations/send', admin.token, { jobId: freeJob, candidateId: profiles[8] });
    expect(forFree.statusCode, forFree.body).toBe(201);
  });
});
