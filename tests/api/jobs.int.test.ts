import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, MIN_POSITION_HEADER, POSITION_HEADER, TOTAL_COUNT_HEADER, jobStreamId, readBoardActivity, type JobImported } from '@hireloop/contracts';
import { loadConfig } from '@hireloop/platform/config';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/** Jobs through the real routes over PostgreSQL: posting, detail, closing, applying, feeds and search-engine markup. */
const PUBLIC_URL = 'https://hireloop.example';
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let spaDir: string;
let position = '';

beforeAll(async () => {
  db = await createTestDatabase();
  spaDir = await mkdtemp(path.join(tmpdir(), 'hireloop-spa-'));
  await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><html><head><title>Hireloop</title></head><body><div id="root"></div></body></html>');
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  app = await buildApp(runtime, { spaDir, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000 });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
  await rm(spaDir, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const remember = <R extends { headers: Record<string, unknown> }>(response: R): R => {
  const written = response.headers[POSITION_HEADER];
  if (typeof written === 'string' && written > position) position = written;
  return response;
};
const post = async (url: string, payload: unknown, headers: Headers = {}) => remember(await app.inject({ method: 'POST', url, payload: payload as object, headers }));
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers: { [MIN_POSITION_HEADER]: position, ...headers } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const company = async (name: string) => {
  const signedUp = (await post('/api/auth/company/signup', { companyName: name, contactName: `${name} Hiring`, email: `jobs@${name.toLowerCase()}.example`, password: 'company-password' })).json() as {
    token: string;
    user: { companyId: string };
  };
  // These companies post many jobs: a plan without a job post limit (plan limits, ADR 030).
  await subscribeToPlan(app, signedUp.token, 'enterprise');
  return signedUp;
};
const candidate = async (email: string) => (await post('/api/auth/candidate/signup', { name: 'Ada Lovelace', email, password: 'candidate-password' })).json() as { token: string };

const job = {
  title: 'Senior Data Engineer',
  location: 'Austin, TX 78701',
  salary: '$150k - $185k',
  description: 'Own the pipelines.\n\nWork with analysts every day.',
  requirements: 'SQL\nPython',
  skills: 'Kafka, dbt',
  benefits: 'Health insurance',
};

describe('jobs', () => {
  let owner: Awaited<ReturnType<typeof company>>;
  let rival: Awaited<ReturnType<typeof company>>;
  let seeker: Awaited<ReturnType<typeof candidate>>;
  let posted: { id: string; shareToken: string };

  beforeAll(async () => {
    owner = await company('Northwind');
    rival = await company('Contoso');
    seeker = await candidate('ada@seekers.example');
    posted = (await post('/api/jobs', job, bearer(owner.token))).json().job;
  });

  it('answers bad search parameters with 400 and says which', async () => {
    for (const [query, message] of [
      ['page=0', 'page must be a whole number from 1'],
      ['pageSize=1000', 'pageSize must be a whole number from 1 to 100'],
      ['status=maybe', 'status must be one of: open, all, closed'],
    ] as const) {
      const response = await get(`/api/jobs?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });

  it('shows a job by id and by share link, and says when there is none', async () => {
    expect((await get(`/api/jobs/${posted.id}`)).json()).toMatchObject({ title: 'Senior Data Engineer', company: 'Northwind', isActive: true });
    expect((await get(`/api/jobs/share/${posted.shareToken}`)).json().id).toBe(posted.id);
    const missing = await get('/api/jobs/no-such-job');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(JOB_MESSAGES.notFound);
    expect((await get('/api/jobs/share/no-such-token')).statusCode).toBe(404);
  });

  it('only the company that posted a job closes it; closed jobs leave the open board', async () => {
    const rivalTry = await post(`/api/jobs/${posted.id}/close`, {}, bearer(rival.token));
    expect(rivalTry.statusCode).toBe(403);
    expect(rivalTry.json().error).toBe('Only the company that posted this job can change it.');

    const closed = await post(`/api/jobs/${posted.id}/close`, {}, bearer(owner.token));
    expect(closed.json()).toEqual({ success: true, jobId: posted.id, isActive: false });
    expect((await get('/api/jobs?search=pipelines')).json()).toEqual([]);
    expect((await get('/api/jobs?search=pipelines&status=closed')).json().map((j: { id: string }) => j.id)).toEqual([posted.id]);
    const mine = await get('/api/jobs?mine=true&status=all', bearer(owner.token));
    expect(mine.json().map((j: { id: string; isActive: boolean }) => [j.id, j.isActive])).toEqual([[posted.id, false]]);
    expect((await get('/api/jobs?mine=true&status=all', bearer(rival.token))).json()).toEqual([]);

    const applyWhileClosed = await post(`/api/jobs/${posted.id}/apply`, {}, bearer(seeker.token));
    expect(applyWhileClosed.statusCode).toBe(409);
    expect(applyWhileClosed.json().error).toBe(JOB_MESSAGES.closed);

    expect((await post(`/api/jobs/${posted.id}/reopen`, {}, bearer(owner.token))).json().isActive).toBe(true);
    expect((await get('/api/jobs?search=pipelines')).headers[TOTAL_COUNT_HEADER]).toBe('1');
  });

  it('a candidate applies once; visitors and companies cannot', async () => {
    expect((await post(`/api/jobs/${posted.id}/apply`, {})).statusCode).toBe(401);
    const byCompany = await post(`/api/jobs/${posted.id}/apply`, {}, bearer(rival.token));
    expect(byCompany.statusCode).toBe(403);
    expect(byCompany.json().error).toBe(JOB_MESSAGES.candidatesOnly);

    const applied = await post(`/api/jobs/${posted.id}/apply`, {}, bearer(seeker.token));
    expect(applied.statusCode).toBe(201);
    expect(applied.json().success).toBe(true);
    const again = await post(`/api/jobs/${posted.id}/apply`, {}, bearer(seeker.token));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(JOB_MESSAGES.alreadyApplied);
    expect((await get(`/api/jobs/${posted.id}/application`, bearer(seeker.token))).json()).toMatchObject({ applied: true });
    expect((await get(`/api/jobs/${posted.id}/application`, bearer(rival.token))).json()).toEqual({ applied: false, appliedAt: null });
  });

  it('admins create jobs for a company by id; others may not', async () => {
    const body = { title: 'Analytics Engineer', description: 'dbt all day', location: 'Remote', companyId: 42, skills: ['dbt', 'SQL'], requirements: ['SQL'], benefits: ['Laptop', 'Training'] };
    const refused = await post('/api/admin/jobs', body, bearer(owner.token));
    expect(refused.statusCode).toBe(403);
    const ops = await company('Ops');
    await grantRoleAsSystem({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL }, 'jobs@ops.example', 'admin', 'test');
    const created = await post('/api/admin/jobs', body, bearer(ops.token));
    expect(created.statusCode).toBe(201);
    expect(created.json().job).toMatchObject({ title: 'Analytics Engineer', companyId: '42', benefits: 'Laptop, Training', skills: ['dbt', 'SQL'], source: 'internal' });
    const freelance = await post('/api/admin/jobs', { ...body, type: 'Freelance' }, bearer(ops.token));
    expect(freelance.statusCode).toBe(400);
    expect(freelance.json().error).toBe('Job type must be one of: Full-time, Part-time, Contract, Internship');
  });

  it('offers open jobs as RSS', async () => {
    const response = await get('/api/jobs/rss');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/rss+xml');
    expect(response.body).toContain('<title>Senior Data Engineer at Northwind</title>');
    expect(response.body).toContain(`<link>${PUBLIC_URL}/job/${posted.id}</link>`);
  });

  it('job pages carry schema.org JobPosting JSON-LD for search engines', async () => {
    const page = await get(`/job/${posted.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Senior Data Engineer at Northwind | Hireloop</title>');
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    const posting = JSON.parse(json!);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Senior Data Engineer',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Northwind' },
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Austin', addressRegion: 'TX', postalCode: '78701', addressCountry: 'US' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { minValue: 150000, maxValue: 185000, unitText: 'YEAR' } },
      url: `${PUBLIC_URL}/job/${posted.id}`,
    });
    expect(new Date(posting.datePosted).toISOString()).toBe(posting.datePosted);
    expect(Date.parse(posting.validThrough)).toBeGreaterThan(Date.parse(posting.datePosted));
    expect((await get(`/share/job/${posted.shareToken}`)).body).toContain('application/ld+json');
    const missing = await get('/job/no-such-job');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('counts searches and job views in memory and stores the counts when it flushes', async () => {
    const posting = await post('/api/jobs', { ...job, title: 'Analytics Engineer' }, bearer(owner.token));
    const { id, shareToken } = posting.json().job as { id: string; shareToken: string };
    await get('/api/jobs?search=analytics%20engineer');
    await get('/api/jobs?search=Analytics++Engineer&page=1');
    await get(`/api/jobs/${id}`);
    await get(`/api/jobs/share/${shareToken}`);

    await app.boardActivity!.flush();

    // The flush timer may have split these reads over two flushes: add up what the log holds.
    const views = new Map<string, number>();
    let searches = 0;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const { events } = await runtime.eventStore.readAll('', { batchSize: 10_000 });
      views.clear();
      searches = 0;
      for (const event of events) {
        const activity = readBoardActivity(event);
        if (activity) expect(event.streamId).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-/);
        if (activity?.type === 'JobViewsCounted') {
          for (const view of activity.data.days.flatMap((day) => day.jobs)) if (view.jobId === id) views.set(view.via, (views.get(view.via) ?? 0) + view.count);
        } else if (activity?.type === 'JobSearchesCounted') {
          for (const query of activity.data.days.flatMap((day) => day.queries)) if (query.search === 'analytics engineer') searches += query.count;
        }
      }
      if (searches === 2 && views.size === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(Object.fromEntries(views)).toEqual({ id: 1, share: 1 });
    expect(searches).toBe(2);
  });
});

describe('GET /api/jobs?source=internal: only the jobs posted on Hireloop (ADR 116)', () => {
  const marker = 'Sourcefilter';
  let internalIds: string[] = [];
  let importedId = '';
  const callers: Record<string, string | null> = {};

  beforeAll(async () => {
    const poster = await company('Sourceposter');
    const posted = await post('/api/jobs', { ...job, title: `${marker} Platform Engineer` }, bearer(poster.token));
    expect(posted.statusCode).toBe(201);
    // An imported job, as a feed import writes it.
    importedId = `indeed-${randomUUID()}`;
    const imported: JobImported = {
      ...job,
      title: `${marker} Imported Engineer`,
      company: 'Elsewhere Inc',
      salary: null,
      type: 'Full-time',
      remote: true,
      requirements: [],
      skills: [],
      experience: 'Mid level',
      benefits: null,
      jobId: importedId,
      shareToken: `share-${importedId}`,
      source: 'indeed',
      externalId: importedId,
      externalUrl: 'https://jobs.example/elsewhere',
      feed: 'test-feed',
      postedAt: null,
      validThrough: null,
      seenAt: new Date().toISOString(),
    };
    const appended = await runtime.eventStore.append(jobStreamId(importedId), [
      { type: 'JobImported', data: imported, metadata: { eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'system', correlationId: randomUUID(), causationId: null, schemaVersion: 1 } },
    ]);
    if (appended.position > position) position = appended.position;
    const signUp = async (name: string) => {
      const email = `${name}@source-filter.example`;
      const { token } = (await post('/api/auth/candidate/signup', { name: `${name} Person`, email, password: 'candidate-password' })).json() as { token: string };
      return { token, email };
    };
    const admin = await signUp('admin');
    const superAdmin = await signUp('superadmin');
    const roleDeps = { ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL };
    for (const [who, role] of [[admin, 'admin'], [superAdmin, 'super_admin']] as const) {
      const granted = await grantRoleAsSystem(roleDeps, who.email, role, 'test');
      if (granted.position > position) position = granted.position;
    }
    Object.assign(callers, {
      visitor: null,
      candidate: (await signUp('seeker')).token,
      company: poster.token,
      admin: admin.token,
      super_admin: superAdmin.token,
    });
    const all = (await get(`/api/jobs?search=${marker}&status=all`)).json() as Array<{ id: string; source: string }>;
    expect(all.map((entry) => entry.id)).toContain(importedId);
    internalIds = all.filter((entry) => entry.source === 'internal').map((entry) => entry.id);
    expect(internalIds).toHaveLength(1);
  });

  it.each(['visitor', 'candidate', 'company', 'admin', 'super_admin'])('a %s is answered the Hireloop jobs only, and the total counts those', async (caller) => {
    const token = callers[caller] ?? null;
    const response = await get(`/api/jobs?search=${marker}&source=internal`, token ? bearer(token) : {});
    expect(response.statusCode).toBe(200);
    expect((response.json() as Array<{ id: string }>).map((entry) => entry.id)).toEqual(internalIds);
    expect(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
  });

  it('any other source is refused with 400 and says which values there are', async () => {
    const response = await get('/api/jobs?source=indeed');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('source must be internal');
  });
});
