import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_PROFILE_MESSAGES, MIN_POSITION_HEADER, POSITION_HEADER } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * Company profiles on the real app over PostgreSQL (ADR 028): saved by a company user, read back
 * by them through the `companies` read model, and shown publicly (without the address) for the
 * job pages; every kind of caller is tried.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let position = '';

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  app = await buildApp(runtime, { spaDir: false, readYourWritesTimeoutMs: 15_000 });
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
const send = async (method: 'POST' | 'PUT', url: string, token: string | null, payload?: object) => remember(await app.inject({ method, url, payload, headers: bearer(token) }));
const get = (url: string, token: string | null) => app.inject({ method: 'GET', url, headers: { [MIN_POSITION_HEADER]: position, ...bearer(token) } });

interface Caller {
  token: string;
  companyId: string | null;
  email: string;
}
const signUp = async (kind: 'candidate' | 'company', email: string, companyName = `Company ${email}`): Promise<Caller> => {
  const payload = kind === 'candidate' ? { name: 'Ada Lovelace', email, password: 'candidate-password' } : { companyName, contactName: 'Maya Okafor', email, password: 'company-password', website: 'https://old.example', location: 'Austin, TX', industry: 'Data' };
  const response = await send('POST', `/api/auth/${kind}/signup`, null, payload);
  expect(response.statusCode).toBe(201);
  const body = response.json() as { token: string; user: { companyId?: string | null } };
  return { token: body.token, companyId: body.user.companyId ?? null, email };
};
const grant = (email: string, role: 'admin' | 'super_admin') => grantRoleAsSystem({ ...runtime, sessionTtlMs: 0, publicUrl: '', linkedin: null }, email, role, 'test');

const profile = {
  name: 'Northwind Analytics',
  website: 'https://northwind.example',
  address: '1 Congress Ave, Austin, TX',
  industry: 'Data & Analytics',
  size: '51-200',
  description: 'We turn data into decisions.',
};

let owner: Caller;
let other: Caller;
let candidate: Caller;

beforeAll(async () => {
  owner = await signUp('company', 'maya@northwind.example', 'Northwind');
  other = await signUp('company', 'jo@contoso.example', 'Contoso');
  candidate = await signUp('candidate', 'ada@example.com');
});

describe('company profiles', () => {
  it('before any save, the company’s profile is what sign-up recorded', async () => {
    const response = await get('/api/company/profile', owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      success: true,
      profile: { companyId: owner.companyId, name: 'Northwind', website: 'https://old.example', address: 'Austin, TX', industry: 'Data', size: '', description: '', updatedAt: null },
    });
  });

  it('the owner saves it and reads it back; the public view shows it without the address', async () => {
    const saved = await send('PUT', '/api/company/profile', owner.token, profile);
    expect(saved.statusCode).toBe(200);
    const own = await get('/api/company/profile', owner.token);
    expect(own.json().profile).toEqual({ companyId: owner.companyId, ...profile, updatedAt: expect.any(String) });

    for (const caller of [null, owner, other, candidate]) {
      const shown = await get(`/api/companies/${owner.companyId}`, caller?.token ?? null);
      expect(shown.statusCode).toBe(200);
      const { address: _address, ...publicFields } = profile;
      expect(shown.json()).toEqual({ success: true, company: { companyId: owner.companyId, ...publicFields } });
    }
  });

  it('the company user now shows the renamed company (the users read model follows)', async () => {
    const me = await get('/api/auth/user', owner.token);
    expect(me.json()).toMatchObject({ companyId: owner.companyId, companyName: 'Northwind Analytics' });
  });

  it('another company’s user sees only their own company at /api/company/profile', async () => {
    const response = await get('/api/company/profile', other.token);
    expect(response.json().profile).toMatchObject({ companyId: other.companyId, name: 'Contoso' });
  });

  it('a visitor is asked to sign in; a candidate is refused', async () => {
    expect((await get('/api/company/profile', null)).statusCode).toBe(401);
    const refused = await get('/api/company/profile', candidate.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(COMPANY_PROFILE_MESSAGES.companiesOnly);
  });

  it('an admin who is a candidate has no company; a super admin of a company has theirs', async () => {
    const admin = await signUp('candidate', 'grace@example.com');
    await grant(admin.email, 'admin');
    expect((await get('/api/company/profile', admin.token)).statusCode).toBe(403);
    await grant(other.email, 'super_admin');
    const own = await get('/api/company/profile', other.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().profile.companyId).toBe(other.companyId);
  });

  it('an unknown company is a 404', async () => {
    const response = await get('/api/companies/no-such-company', null);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(COMPANY_PROFILE_MESSAGES.notFound);
  });
});
