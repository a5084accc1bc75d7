import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, MIN_POSITION_HEADER, type AdminCandidate, type AdminCandidateList, type AdminCompanyList, type Role } from '@hireloop/contracts';
import { addedCandidateIdForEmail } from '@hireloop/command-service/admin-people/added-candidates';
import { erasePerson } from '@hireloop/command-service/erase-person/erasure';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { recipientsInbox, subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition } from '@hireloop/platform/event-store';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { outboxDelivered } from '../support/outbox';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * The admin console's people tables (issue 14, ADR 038) on the real app and PostgreSQL:
 * `GET /api/admin/candidates|companies` and `POST /api/admin/candidates|companies` for every kind
 * of caller; search, sort, paging and clamping; an added candidate invited to apply and mailed at
 * their address; erasure taking people out of the table.
 */
const PUBLIC_URL = 'http://hireloop.test';
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let inbox: ReturnType<typeof recipientsInbox>;
let position = '';

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  inbox = recipientsInbox(runtime.mailer);
  app = await buildApp({ ...runtime, mailer: inbox }, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

const deps = () => ({ ...runtime, mailer: inbox, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null });
let addresses = 0;
const send = async (method: 'POST' | 'PUT' | 'PATCH', url: string, token: string | null, payload?: unknown) => {
  const response = await app.inject({
    method,
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.38.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
  });
  if (response.headers['x-position']) position = maxPosition(position, String(response.headers['x-position']));
  return response;
};
const post = (url: string, token: string | null, payload?: unknown) => send('POST', url, token, payload);
const get = (url: string, token: string | null) =>
  app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), [MIN_POSITION_HEADER]: position } });
const grant = async (email: string, role: Role) => {
  const result = await grantRoleAsSystem(deps(), email, role, 'test');
  position = maxPosition(position, result.position);
};

interface Caller {
  token: string;
  userId: string;
  email: string;
}
const signUpCandidate = async (name: string, email: string): Promise<Caller> => {
  const response = await post('/api/auth/candidate/signup', null, { name, email, password: 'candidate-password-1' });
  expect(response.statusCode, response.body).toBe(201);
  return { token: response.json().token, userId: response.json().user.id, email };
};
const signUpCompany = async (companyName: string, email: string): Promise<Caller> => {
  const response = await post('/api/auth/company/signup', null, { companyName, contactName: `${companyName} hiring`, email, password: 'company-password-1' });
  expect(response.statusCode, response.body).toBe(201);
  return { token: response.json().token, userId: response.json().user.id, email };
};
const candidatesPage = async (token: string, query = '') => {
  const response = await get(`/api/admin/candidates${query ? `?${query}` : ''}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminCandidateList;
};
const companiesPage = async (token: string, query = '') => {
  const response = await get(`/api/admin/companies${query ? `?${query}` : ''}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminCompanyList;
};
async function mailsTo(to: string): Promise<MailMessage[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = inbox.receivedBy(to);
    if (mails.length > 0) return mails;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const ADA_TEXTS = ['Lovelace', 'ada.lovelace@people.example', '+44 555 0101', 'Engines.'];

/** Where any of `texts` is stored: every row of every table of the database, as text. */
async function whereStored(texts: readonly string[]) {
  await outboxDelivered(runtime.pool);
  const { rows: tables } = await runtime.pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const found: string[] = [];
  for (const table of tables) {
    const { rows } = await runtime.pool.query<{ row: string }>(`SELECT t::text AS row FROM "${table.schema}"."${table.name}" t`);
    for (const { row } of rows) for (const text of texts) if (row.includes(text)) found.push(`${text} in ${table.name}`);
  }
  return found;
}

const people = {} as Record<'candidate' | 'company' | 'admin' | 'super_admin', Caller>;

beforeAll(async () => {
  people.candidate = await signUpCandidate('Casey Quillfeather', 'casey@people.example');
  people.company = await signUpCompany('Northwind', 'nora@northwind.example');
  // The admin invites to its own jobs: a company user on a plan with room for jobs, made admin.
  people.admin = await signUpCompany('Ops Desk', 'olive@ops.example');
  await subscribeToPlan(app, people.admin.token, 'enterprise');
  await grant(people.admin.email, 'admin');
  people.super_admin = await signUpCandidate('Bea Boss', 'bea@boss.example');
  await grant(people.super_admin.email, 'super_admin');
});

describe('who may use the people tables', () => {
  const routes = [
    { method: 'GET', url: '/api/admin/candidates', ok: 200 },
    { method: 'GET', url: '/api/admin/companies', ok: 200 },
    { method: 'POST', url: '/api/admin/candidates', ok: 201, body: (n: string) => ({ firstName: 'Matrix', lastName: n, email: `matrix-${n}@people.example` }) },
    { method: 'POST', url: '/api/admin/companies', ok: 201, body: (n: string) => ({ name: `Matrix ${n}`, website: 'https://matrix.example' }) },
  ] as const;
  for (const route of routes) {
    it(`${route.method} ${route.url}: a visitor is a 401, a candidate and a company user a 403, admins and super admins may`, async () => {
      const call = (token: string | null, who: string) =>
        route.method === 'GET' ? get(route.url, token) : post(route.url, token, 'body' in route ? route.body(who) : undefined);
      expect((await call(null, 'visitor')).statusCode).toBe(401);
      for (const who of ['candidate', 'company'] as const) {
        const refused = await call(people[who].token, who);
        expect(refused.statusCode, who).toBe(403);
        expect(refused.json().error).toBe(ADMIN_MESSAGES.adminOnly);
      }
      for (const who of ['admin', 'super_admin'] as const) {
        const answered = await call(people[who].token, who);
        expect(answered.statusCode, `${who}: ${answered.body}`).toBe(route.ok);
        if (route.method === 'GET') expect(answered.headers['cache-control']).toBe('private, no-store');
      }
    });
  }
});

describe('Add Candidate', () => {
  let added: AdminCandidate;

  it('refuses bad input with the form’s messages', async () => {
    const missing = await post('/api/admin/candidates', people.admin.token, { firstName: ' ', lastName: 'Lovelace', email: 'ada@people.example' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('First name is required');
    const badEmail = await post('/api/admin/candidates', people.admin.token, { firstName: 'Ada', lastName: 'Lovelace', email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('A valid email is required');
  });

  it('adds a candidate without an account: no user id, unverified, skills trimmed, shown in the table', async () => {
    const response = await post('/api/admin/candidates', people.admin.token, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: ' Ada.Lovelace@People.Example ',
      phone: '+44 555 0101',
      location: 'London, UK',
      title: 'Analyst',
      summary: 'Engines.',
      experience: '10+',
      skills: ['Math', ' ', 'Engines '],
      isPrivate: false,
    });
    expect(response.statusCode, response.body).toBe(201);
    added = response.json().candidate;
    expect(added).toMatchObject({ userId: null, email: 'ada.lovelace@people.example', skills: ['Math', 'Engines'], verified: false, isPrivate: false, visaStatus: '' });
    const page = await candidatesPage(people.admin.token, 'search=lovelace');
    expect(page.candidates).toEqual([added]);
    // Their profile is a profile like any other: what invitations and /profile/{id} take.
    expect((await get(`/api/profiles/${added.id}`, people.admin.token)).statusCode).toBe(200);
  });

  it('refuses an address already used by an added candidate or by an account', async () => {
    for (const email of ['ada.lovelace@people.example', 'casey@people.example', 'nora@northwind.example']) {
      const response = await post('/api/admin/candidates', people.super_admin.token, { firstName: 'Again', lastName: 'Someone', email });
      expect(response.statusCode, email).toBe(409);
      expect(response.json().error).toBe(ADMIN_MESSAGES.candidateEmailTaken);
    }
  });

  it('an added candidate can be invited to apply, and the mail goes to their address', async () => {
    const job = await post('/api/jobs', people.admin.token, { title: 'Engine Analyst', location: 'London, UK', description: 'Tabulate.' });
    expect(job.statusCode, job.body).toBe(201);
    const invited = await post('/api/job-invitations/send', people.admin.token, { jobId: job.json().job.id, candidateId: added.id, message: 'Come and count.' });
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await mailsTo('ada.lovelace@people.example');
    expect(mail!.subject).toContain('Engine Analyst');
    expect(mail!.text).toContain('Ada Lovelace');
  });

  it('a bulk invitation takes added candidates too; an account without a profile is skipped, its row id naming no profile yet', async () => {
    const job = await post('/api/jobs', people.admin.token, { title: 'Difference Engineer', location: 'London, UK', description: 'Differences.' });
    expect(job.statusCode, job.body).toBe(201);
    const casey = (await candidatesPage(people.admin.token, 'search=casey@people.example')).candidates[0]!;
    expect(casey.userId).toBe(people.candidate.userId);
    const bulk = await post('/api/job-invitations/bulk', people.admin.token, { jobId: job.json().job.id, candidateIds: [added.id, casey.id] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().summary).toEqual({ succeeded: 1, total: 2, skipped: 1 });
    expect(bulk.json().skipped).toEqual([expect.objectContaining({ candidateId: casey.id, reason: 'candidate_not_found' })]);
    const deadline = Date.now() + 10_000;
    while (inbox.receivedBy('ada.lovelace@people.example').length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(inbox.receivedBy('ada.lovelace@people.example').map((mail) => mail.subject).join('\n')).toContain('Difference Engineer');
  });

  it('an added candidate can be erased: gone from the table, no longer invitable, the address free again', async () => {
    // Until then, the database holds her texts (the scan can find them).
    expect(await whereStored(ADA_TEXTS)).not.toEqual([]);
    const personId = await addedCandidateIdForEmail(deps(), 'ada.lovelace@people.example');
    expect(personId).not.toBeNull();
    const report = await erasePerson(deps(), personId!, 'test-erase-added');
    position = maxPosition(position, report.position);
    expect((await candidatesPage(people.admin.token, 'search=lovelace')).total).toBe(0);
    // Nothing of hers is readable in any table of the database (log, read models, outbox), as for an account (ADR 019).
    expect(await whereStored(ADA_TEXTS)).toEqual([]);
    const job = await post('/api/jobs', people.admin.token, { title: 'Second Engine', location: 'London, UK', description: 'Again.' });
    const refused = await post('/api/job-invitations/send', people.admin.token, { jobId: job.json().job.id, candidateId: added.id, message: '' });
    expect(refused.statusCode).toBe(404);
    const again = await post('/api/admin/candidates', people.admin.token, { firstName: 'Ada', lastName: 'Again', email: 'ada.lovelace@people.example' });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('the candidates table', () => {
  const names = ['Zoe Ashford', 'yann Brook', 'Xena Cole', 'Walt Dunmore', 'Vera Ellison'];
  const callers: Caller[] = [];

  beforeAll(async () => {
    for (const [i, name] of names.entries()) callers.push(await signUpCandidate(name, `table${i}@table-people.example`));
    // One has a profile: its facts replace the account's, the account's email stays.
    const profile = await post('/api/profile', callers[0]!.token, {
      jobTitle: 'Data Engineer',
      skills: ['Kafka', 'SQL', 'Python', 'Go'],
      experience: '7 years',
      location: 'Lisbon, Portugal',
      email: 'zoe.elsewhere@mail.example',
      isActivelyLooking: true,
      isPublic: true,
    });
    expect(profile.statusCode, profile.body).toBe(201);
  });

  it('shows accounts without a profile with the profile id they will have, private and unverified', async () => {
    const page = await candidatesPage(people.admin.token, 'search=table1@');
    expect(page.total).toBe(1);
    expect(page.candidates[0]).toMatchObject({ userId: callers[1]!.userId, firstName: 'yann', lastName: 'Brook', isPrivate: true, verified: false, skills: [] });
    const withProfile = (await candidatesPage(people.admin.token, 'search=ashford')).candidates[0]!;
    expect(withProfile).toMatchObject({ userId: callers[0]!.userId, title: 'Data Engineer', email: 'table0@table-people.example', isPrivate: false });
    expect((await get(`/api/profiles/${withProfile.id}`, people.admin.token)).statusCode).toBe(200);
  });

  it('searches first name, last name and email, ignoring case; company users are not candidates', async () => {
    expect((await candidatesPage(people.admin.token, 'search=XENA')).candidates.map((c) => c.lastName)).toEqual(['Cole']);
    expect((await candidatesPage(people.admin.token, 'search=dUnMoRe')).candidates.map((c) => c.firstName)).toEqual(['Walt']);
    expect((await candidatesPage(people.admin.token, 'search=TABLE-PEOPLE.example')).total).toBe(5);
    expect((await candidatesPage(people.admin.token, 'search=northwind')).total).toBe(0);
    expect((await candidatesPage(people.admin.token, 'search=Data%20Engineer')).total).toBe(0);
  });

  it('sorts newest, oldest and by name', async () => {
    const q = 'search=table-people';
    const newest = (await candidatesPage(people.admin.token, `${q}&sort=newest`)).candidates.map((c) => c.lastName);
    expect(newest).toEqual(['Ellison', 'Dunmore', 'Cole', 'Brook', 'Ashford']);
    expect((await candidatesPage(people.admin.token, `${q}&sort=oldest`)).candidates.map((c) => c.lastName)).toEqual([...newest].reverse());
    expect((await candidatesPage(people.admin.token, `${q}&sort=name`)).candidates.map((c) => c.firstName)).toEqual(['Vera', 'Walt', 'Xena', 'yann', 'Zoe']);
  });

  it('pages by 10, 25, 50 or 100, 25 by default, and clamps a page past the last to the last', async () => {
    const all = await candidatesPage(people.admin.token);
    expect(all.pageSize).toBe(25);
    expect(all.page).toBe(1);
    expect(all.totalPages).toBe(Math.ceil(all.total / 25));
    const tens = await candidatesPage(people.admin.token, 'pageSize=10&page=99');
    expect(tens.page).toBe(Math.ceil(all.total / 10));
    expect(tens.candidates.length).toBe(all.total - (tens.page - 1) * 10);
    const none = await candidatesPage(people.admin.token, 'search=nobody-at-all&page=3');
    expect(none).toEqual({ candidates: [], total: 0, page: 1, pageSize: 25, totalPages: 0 });
    for (const query of ['pageSize=20', 'page=0', 'sort=random']) {
      const refused = await get(`/api/admin/candidates?${query}`, people.admin.token);
      expect(refused.statusCode, query).toBe(400);
    }
  });

  it('erasing a person takes them out of the table', async () => {
    const report = await erasePerson(deps(), callers[3]!.userId, 'test-erase-walt');
    position = maxPosition(position, report.position);
    const page = await candidatesPage(people.admin.token, 'search=table-people');
    expect(page.candidates.map((c) => c.firstName)).toEqual(['Vera', 'Xena', 'yann', 'Zoe']);
    expect(JSON.stringify(await candidatesPage(people.admin.token, 'pageSize=100'))).not.toContain('Dunmore');
  });
});

describe('the companies table and Add Company', () => {
  it('refuses a company without a name or with a website that is not a URL', async () => {
    const noName = await post('/api/admin/companies', people.admin.token, { name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('Company name is required');
    const badSite = await post('/api/admin/companies', people.admin.token, { name: 'Acme', website: 'acme dot com' });
    expect(badSite.statusCode).toBe(400);
    expect(badSite.body).toContain('Website must be a valid URL');
  });

  it('an added company is Verified with its description; a signed-up one Pending until its profile is saved', async () => {
    const response = await post('/api/admin/companies', people.admin.token, { name: 'Acme Rockets', description: 'Up.', website: 'https://acme.example', location: 'Mojave, CA' });
    expect(response.statusCode, response.body).toBe(201);
    const company = response.json().company;
    expect(company).toMatchObject({ name: 'Acme Rockets', description: 'Up.', website: 'https://acme.example', location: 'Mojave, CA', verified: true });
    expect((await companiesPage(people.admin.token, 'search=ACME')).companies).toEqual([company]);
    const northwind = (await companiesPage(people.admin.token, 'search=northwind')).companies;
    expect(northwind).toHaveLength(1);
    expect(northwind[0]!.verified).toBe(false);
    const saved = await send('PUT', '/api/company/profile', people.company.token, {
      name: 'Northwind',
      website: 'https://northwind.example',
      address: 'Austin, TX',
      industry: 'Data',
      size: '11-50',
      description: 'Counting.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await companiesPage(people.admin.token, 'search=northwind')).companies[0]).toMatchObject({ verified: true, description: 'Counting.', location: 'Austin, TX' });
  });

  it('sorts by name and clamps the page', async () => {
    const byName = await companiesPage(people.admin.token, 'sort=name&pageSize=100');
    const names = byName.companies.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const clamped = await companiesPage(people.admin.token, 'pageSize=10&page=50');
    expect(clamped.page).toBe(Math.max(1, Math.ceil(byName.total / 10)));
  });

  it('an admin’s additions are in the activity log', async () => {
    const response = await get('/api/admin/activities?pageSize=100', people.super_admin.token);
    expect(response.statusCode).toBe(200);
    const actions = (response.json() as Array<{ action: string }>).map((a) => a.action);
    expect(actions).toContain('candidate.created');
    expect(actions).toContain('company.created');
  });
});
