import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY_PROFILE_MESSAGES, companyStreamId } from '@hireloop/contracts';
import { grantRoleAsSystem } from '../auth/roles';
import { buildTestCommandApp, candidate, company } from '../shared/test-app';

/** `PUT /api/company/profile` as a visitor, the owner, another company's user, a candidate, an admin and a super admin. */
let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;
beforeEach(async () => {
  ctx = await buildTestCommandApp();
});
afterEach(async () => {
  await ctx.app.close();
});

interface Caller {
  token: string;
  userId: string;
  companyId: string | null;
}
const signUp = async (kind: 'candidate' | 'company', payload: object): Promise<Caller> => {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/auth/${kind}/signup`, payload });
  expect(response.statusCode).toBe(201);
  const { token, user } = response.json();
  return { token, userId: user.id, companyId: user.companyId ?? null };
};
const northwind = () => signUp('company', company);
const contoso = () => signUp('company', { ...company, companyName: 'Contoso', email: 'jobs@contoso.example' });
const ada = () => signUp('candidate', candidate);

const profile = {
  name: 'Northwind Analytics GmbH',
  website: 'https://northwind.example',
  address: '1 Congress Ave, Austin, TX',
  industry: 'Data & Analytics',
  size: '51-200',
  description: 'We turn data into decisions.',
};
const put = (payload: unknown, caller: Caller | null) =>
  ctx.app.inject({ method: 'PUT', url: '/api/company/profile', payload: payload as object, headers: caller ? { authorization: `Bearer ${caller.token}` } : {} });

describe('PUT /api/company/profile', () => {
  it('a visitor is asked to sign in', async () => {
    expect((await put(profile, null)).statusCode).toBe(401);
  });

  it('the company user saves their company’s profile: recorded on the company stream', async () => {
    const owner = await northwind();
    const response = await put(profile, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, profile: { companyId: owner.companyId, ...profile, updatedAt: expect.any(String) } });
    const { events } = await ctx.deps.eventStore.readStream(companyStreamId(owner.companyId!));
    expect(events.map((event) => event.type)).toEqual(['CompanyRegistered', 'CompanyProfileUpdated']);
    expect(events[1]!.data).toMatchObject({ ...profile, companyId: owner.companyId, updatedBy: owner.userId });
  });

  it('a later job is posted under the new name', async () => {
    const owner = await northwind();
    await put(profile, owner);
    const job = { title: 'Data Engineer', company: '', location: 'Austin, TX', salary: '', type: 'Full-time', remote: false, description: 'Pipelines.', requirements: '', skills: '', experience: 'Mid level', benefits: '' };
    const posted = await ctx.app.inject({ method: 'POST', url: '/api/jobs', payload: job, headers: { authorization: `Bearer ${owner.token}` } });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().job.company).toBe('Northwind Analytics GmbH');
  });

  it('another company’s user changes only their own company', async () => {
    const owner = await northwind();
    const other = await contoso();
    const response = await put({ ...profile, name: 'Contoso Ltd' }, other);
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.companyId).toBe(other.companyId);
    const { events: northwindEvents } = await ctx.deps.eventStore.readStream(companyStreamId(owner.companyId!));
    expect(northwindEvents.map((event) => event.type)).toEqual(['CompanyRegistered']);
  });

  it('a candidate is refused', async () => {
    const response = await put(profile, await ada());
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(COMPANY_PROFILE_MESSAGES.companiesOnly);
  });

  it('an admin who is a candidate has no company to save', async () => {
    const admin = await ada();
    await grantRoleAsSystem(ctx.deps, candidate.email, 'admin', 'test');
    expect((await put(profile, admin)).statusCode).toBe(403);
  });

  it('a super admin of a company saves their own company', async () => {
    const owner = await northwind();
    await grantRoleAsSystem(ctx.deps, company.email, 'super_admin', 'test');
    const response = await put(profile, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ companyId: owner.companyId, name: profile.name });
  });

  it.each([
    [{ ...profile, name: '   ' }, COMPANY_PROFILE_MESSAGES.nameRequired],
    [{ ...profile, website: 'northwind' }, COMPANY_PROFILE_MESSAGES.website],
    [{ ...profile, website: 'javascript:alert(1)' }, COMPANY_PROFILE_MESSAGES.website],
    [{ ...profile, size: '12' }, COMPANY_PROFILE_MESSAGES.size],
    [{ ...profile, description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
  ])('bad input is a 400 with a clear message (%#)', async (payload, message) => {
    const response = await put(payload, await northwind());
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('empty optional fields are accepted', async () => {
    const response = await put({ name: 'Northwind', website: '', address: '', industry: '', size: '', description: '' }, await northwind());
    expect(response.statusCode).toBe(200);
  });
});
