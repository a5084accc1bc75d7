import { beforeAll, describe, expect, it } from 'vitest';
import { FREE_PLAN_INVITE_REQUESTS, inviteRequestLimitReached } from '@hireloop/contracts';
import { subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { useApiApp, type Caller } from '../support/api-app';

/*
 * The free plan's job invite requests (issue 13, ADR 031), on the real app over PostgreSQL: 5 a
 * month, counted with the invitations in one append. The 6th send is refused with requiresUpgrade;
 * a bulk request beyond them invites what is left and skips the rest with 'plan_limit'. Paid plans
 * and admins have no such limit.
 */
const { app, post, get, grant, signUpCompany, signUpCandidate, createProfile, postJob } = useApiApp();

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
    await subscribeToPlan(app(), paid.token, 'small_business');
    const paidJob = await postJob(paid);
    const bulk = await post('/api/job-invitations/bulk', paid.token, { jobId: paidJob, candidateIds: profiles.slice(0, 7) });
    expect(bulk.json().summary).toEqual({ succeeded: 7, total: 7, skipped: 0 });

    const admin = await signUpCompany('admininv');
    await grant(admin.email, 'admin');
    const forFree = await post('/api/job-invitations/send', admin.token, { jobId: freeJob, candidateId: profiles[8] });
    expect(forFree.statusCode, forFree.body).toBe(201);
  });
});
