import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, MIN_POSITION_HEADER, type AdminCandidate, type AdminCandidateList, type AdminCompanyList, type Role } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { maxPosition } from '@hireloop/platform/event-store';
import { useApiApp } from '../support/api-app';

/**
 * The admin console's Manage (issue 24, ADR 064) on the real app and PostgreSQL:
 * `PUT /api/admin/candidates/{id}` and `PUT /api/admin/companies/{id}` as a visitor, a candidate,
 * a company user (its own company too), an admin and a super admin; the edit shows in the table
 * at once (read-your-writes); a candidate's new personal fields are sealed in the log (ADR 019).
 */
const api = useApiApp();
let position = '';

const deps = () => ({ ...api.runtime(), sessionTtlMs: 3600_000, publicUrl: 'http://hireloop.test', linkedin: null });
let addresses = 0;
const send = async (method: 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) => {
  const response = await api.app().inject({
    method,
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.64.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
  });
  if (response.headers['x-position']) position = maxPosition(position, String(response.headers['x-position']));
  return response;
};
const get = (url: string, token: string) => api.app().inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, [MIN_POSITION_HEADER]: position } });
const grant = async (email: string, role: Role) => {
  const result = await grantRoleAsSystem(deps(), email, role, 'test');
  position = maxPosition(position, result.position);
};

interface Caller {
  token: string;
  email: string;
  companyId: string | null;
}
const signUp = async (kind: 'candidate' | 'company', payload: Record<string, string>): Promise<Caller> => {
  const response = await send('POST', `/api/auth/${kind}/signup`, null, payload);
  expect(response.statusCode, response.body).toBe(201);
  return { token: response.json().token, email: payload.email!, companyId: response.json().user.companyId ?? null };
};

const people = {} as Record<'candidate' | 'company' | 'admin' | 'super_admin', Caller>;
let profileId: string;

beforeAll(async () => {
  people.candidate = await signUp('candidate', { name: 'Casey Quill', email: 'casey@manage.example', password: 'candidate-password-1' });
  people.company = await signUp('company', { companyName: 'Northwind', contactName: 'Nora', email: 'nora@manage.example', password: 'company-password-1' });
  people.admin = await signUp('candidate', { name: 'Olive Ops', email: 'olive@manage.example', password: 'candidate-password-1' });
  await grant(people.admin.email, 'admin');
  people.super_admin = await signUp('candidate', { name: 'Bea Boss', email: 'bea@manage.example', password: 'candidate-password-1' });
  await grant(people.super_admin.email, 'super_admin');
  const added = await send('POST', '/api/admin/candidates', people.admin.token, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@manage.example', phone: '+44 555 0101', skills: ['Math'] });
  expect(added.statusCode, added.body).toBe(201);
  profileId = (added.json().candidate as AdminCandidate).id;
});

const candidateEdit = (n: string) => ({ firstName: 'Ada', lastName: `Byron-${n}`, phone: '+44 555 0199', title: 'Analyst', location: 'London, UK', experience: '10+', skills: ['Math', 'Engines'], summary: 'Engines.', isPrivate: false });
const companyEdit = (n: string) => ({ name: `Northwind ${n}`, description: 'Data.', website: 'https://northwind.example', location: 'Austin, TX' });

describe('who may Manage', () => {
  const routes = [
    { url: () => `/api/admin/candidates/${profileId}`, body: candidateEdit },
    { url: () => `/api/admin/companies/${people.company.companyId}`, body: companyEdit },
  ];
  for (const route of routes) {
    it(`PUT ${route.url === routes[0]!.url ? '/api/admin/candidates/{id}' : '/api/admin/companies/{id}'}: a visitor is a 401, a candidate and a company user (its own company too) a 403, admins and super admins may`, async () => {
      expect((await send('PUT', route.url(), null, route.body('visitor'))).statusCode).toBe(401);
      for (const who of ['candidate', 'company'] as const) {
        const refused = await send('PUT', route.url(), people[who].token, route.body(who));
        expect(refused.statusCode, who).toBe(403);
        expect(refused.json().error).toBe(ADMIN_MESSAGES.adminOnly);
      }
      for (const who of ['admin', 'super_admin'] as const) {
        const answered = await send('PUT', route.url(), people[who].token, route.body(who));
        expect(answered.statusCode, `${who}: ${answered.body}`).toBe(200);
      }
    });
  }

  it('an id that names nothing is a 404, bad input a 400 with the Add form’s messages', async () => {
    expect((await send('PUT', '/api/admin/candidates/nobody', people.admin.token, candidateEdit('x'))).statusCode).toBe(404);
    expect((await send('PUT', '/api/admin/companies/nothing', people.admin.token, companyEdit('x'))).statusCode).toBe(404);
    const noName = await send('PUT', `/api/admin/candidates/${profileId}`, people.admin.token, { ...candidateEdit('x'), firstName: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toBe('First name is required');
    const badSite = await send('PUT', `/api/admin/companies/${people.company.companyId}`, people.admin.token, { ...companyEdit('x'), website: 'northwind' });
    expect(badSite.statusCode).toBe(400);
    expect(badSite.json().error).toBe('Website must be a valid URL (https://…)');
  });
});

describe('what Manage changes', () => {
  it('an edited candidate shows in the table at once; the email stays; the new personal fields are sealed in the log', async () => {
    const response = await send('PUT', `/api/admin/candidates/${profileId}`, people.admin.token, { ...candidateEdit('x'), lastName: 'Byron-King', phone: '+44 555 0777' });
    expect(response.statusCode, response.body).toBe(200);
    const page = (await get('/api/admin/candidates?search=byron-king', people.admin.token)).json() as AdminCandidateList;
    expect(page.candidates).toEqual([expect.objectContaining({ id: profileId, lastName: 'Byron-King', phone: '+44 555 0777', email: 'ada@manage.example', skills: ['Math', 'Engines'] })]);
    const { rows } = await api.runtime().pool.query<{ row: string }>(`SELECT data::text AS row FROM events WHERE type = 'CandidateProfileUpdated'`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter(({ row }) => row.includes('Byron-King') || row.includes('+44 555 0777'))).toEqual([]);
  });

  it('an edited company shows in the table at once, with the industry and size it had', async () => {
    const response = await send('PUT', `/api/admin/companies/${people.company.companyId}`, people.super_admin.token, companyEdit('Labs'));
    expect(response.statusCode, response.body).toBe(200);
    const page = (await get('/api/admin/companies?search=northwind%20labs', people.admin.token)).json() as AdminCompanyList;
    expect(page.companies).toEqual([expect.objectContaining({ id: people.company.companyId, name: 'Northwind Labs', website: 'https://northwind.example', location: 'Austin, TX', description: 'Data.' })]);
  });
});
