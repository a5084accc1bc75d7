import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYTICS_MESSAGES,
  MIN_POSITION_HEADER,
  POSITION_HEADER,
  type AnalyticsSummary,
  type DailyMetric,
  type TopJob,
} from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { loadConfig } from '@hireloop/platform/config';
import { START } from '@hireloop/platform/event-store';
import { createFixedWebAnalytics, type WebAnalyticsPort } from '@hireloop/platform/web-analytics';
import { physicalCollection } from '@hireloop/projections/shared/projection';
import { analyticsDailyProjection, analyticsTopJobsProjection } from '@hireloop/projections/analytics/projection';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * The admin Analytics tab's routes on the real app over PostgreSQL (issue 14, ADR 034): numbers
 * folded from the event log by the analytics read models, the GA4 section 'not configured' by
 * default, and only admins and super admins let in.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
/** A query-only process on the same stores, with GA4 answering fixed data. */
let withGa4: Awaited<ReturnType<typeof buildApp>>;
let position = '';

const ga4Data = {
  overview: { pageViews: 1200, activeUsers: 300, sessions: 450 },
  topPages: [
    { pageTitle: 'Jobs', pagePath: '/jobs', pageViews: 800 },
    { pageTitle: 'Home', pagePath: '/', pageViews: 400 },
  ],
  daily: [{ date: new Date().toISOString().slice(0, 10), pageViews: 40, activeUsers: 10, sessions: 15 }],
  trafficSources: [{ source: 'google', medium: 'organic', sessions: 300 }],
};

/** GA4 as configured for `withGa4`: answering, or failing as an unreachable or refusing Data API would. */
let ga4Fails = false;
const fixed = createFixedWebAnalytics(ga4Data);
const failing = async (): Promise<never> => {
  throw new Error('PERMISSION_DENIED: service-account@project.iam.gserviceaccount.com lacks access to properties/123');
};
const switchable: WebAnalyticsPort = {
  kind: 'fixed',
  overview: (range) => (ga4Fails ? failing() : fixed.overview(range)),
  topPages: (range, limit) => (ga4Fails ? failing() : fixed.topPages(range, limit)),
  daily: (range) => (ga4Fails ? failing() : fixed.daily(range)),
  trafficSources: (range, limit) => (ga4Fails ? failing() : fixed.trafficSources(range, limit)),
};

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  app = await buildApp(runtime, { spaDir: false, readYourWritesTimeoutMs: 15_000 });
  await app.ready();
  withGa4 = await buildApp({ ...runtime, webAnalytics: switchable }, { spaDir: false, commands: false, projections: false, readYourWritesTimeoutMs: 15_000 });
  await withGa4.ready();
});
afterAll(async () => {
  await withGa4?.close();
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
const post = async (url: string, token: string | null, payload?: object) => remember(await app.inject({ method: 'POST', url, payload, headers: bearer(token) }));
const get = (url: string, token: string | null, on = app) => on.inject({ method: 'GET', url, headers: { [MIN_POSITION_HEADER]: position, ...bearer(token) } });

interface Caller {
  token: string;
  userId: string;
  email: string;
}
const signUp = async (kind: 'candidate' | 'company', email: string): Promise<Caller> => {
  const payload =
    kind === 'candidate'
      ? { name: `Candidate ${email}`, email, password: 'candidate-password' }
      : { companyName: `Company ${email}`, contactName: 'Maya Okafor', email, password: 'company-password' };
  const response = await post(`/api/auth/${kind}/signup`, null, payload);
  expect(response.statusCode).toBe(201);
  const body = response.json() as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id, email };
};
const grant = async (email: string, role: 'admin' | 'super_admin') => {
  const result = await grantRoleAsSystem({ ...runtime, sessionTtlMs: 0, publicUrl: '', linkedin: null }, email, role, 'test');
  if (result.position > position) position = result.position;
};

let company: Caller;
let ada: Caller;
let bo: Caller;
let admin: Caller;
let superAdmin: Caller;
let platformJob: string;
let dataJob: string;

beforeAll(async () => {
  company = await signUp('company', 'maya@northwind.example');
  ada = await signUp('candidate', 'ada@example.com');
  bo = await signUp('candidate', 'bo@example.com');
  admin = await signUp('candidate', 'grace@example.com');
  superAdmin = await signUp('company', 'root@hireloop.example');
  await grant(admin.email, 'admin');
  await grant(superAdmin.email, 'super_admin');
  const posted = await post('/api/jobs', company.token, { title: 'Platform Engineer', location: 'Austin, TX', description: 'Keep the platform up.' });
  expect(posted.statusCode).toBe(201);
  platformJob = posted.json().job.id;
  const second = await post('/api/jobs', superAdmin.token, { title: 'Data Engineer', location: 'Remote', description: 'Pipelines.' });
  expect(second.statusCode).toBe(201);
  dataJob = second.json().job.id;
  for (const candidate of [ada, bo]) expect((await post(`/api/jobs/${platformJob}/apply`, candidate.token)).statusCode).toBe(201);
  expect((await post(`/api/jobs/${dataJob}/apply`, ada.token)).statusCode).toBe(201);
  // Visitors read the board: three views of one job, one of the other, two searches (one finds nothing).
  for (const jobId of [dataJob, dataJob, dataJob, platformJob]) expect((await get(`/api/jobs/${jobId}`, null)).statusCode).toBe(200);
  expect((await get('/api/jobs?search=engineer', null)).statusCode).toBe(200);
  expect((await get('/api/jobs?search=ada%20lovelace%20secret', null)).statusCode).toBe(200);
  await app.boardActivity!.flush();
  position = await countsStoredAt();
});

/**
 * Where the flushed counts are in the log, once visible: a read of the whole log is gap-safe, so
 * an event just committed shows only when no older transaction is still open (ADR 001).
 */
async function countsStoredAt(): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { events } = await runtime.eventStore.readAll(START, { eventTypes: ['JobViewsCounted', 'JobSearchesCounted'], batchSize: 100 });
    if (events.some((event) => event.type === 'JobViewsCounted') && events.some((event) => event.type === 'JobSearchesCounted')) {
      return events.map((event) => event.position).reduce((latest, at) => (at > latest ? at : latest), position);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the flushed counts never became visible');
}

const ROUTES = ['summary', 'top-jobs', 'daily-metrics', 'ga4/overview', 'ga4/top-pages', 'ga4/daily', 'ga4/traffic-sources'].map((route) => `/api/admin/analytics/${route}`);

describe('admin analytics: who may read them', () => {
  it.each(ROUTES)('%s: visitor 401, candidate 403, company 403, admin 200, super_admin 200; never stored by a cache', async (url) => {
    const visitor = await get(url, null, withGa4);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['cache-control']).toBe('private, no-store');
    for (const caller of [ada, company]) {
      const refused = await get(url, caller.token, withGa4);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ success: false, error: ANALYTICS_MESSAGES.adminOnly });
      expect(refused.headers['cache-control']).toBe('private, no-store');
    }
    for (const caller of [admin, superAdmin]) {
      const allowed = await get(url, caller.token, withGa4);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('a refused caller learns nothing from a bad query: 403 before 400; an admin gets a clear 400', async () => {
    expect((await get('/api/admin/analytics/summary?days=abc', ada.token)).statusCode).toBe(403);
    for (const url of ['/api/admin/analytics/summary?days=abc', '/api/admin/analytics/daily-metrics?days=0', '/api/admin/analytics/top-jobs?limit=1000', '/api/admin/analytics/ga4/overview?days=9999']) {
      const bad = await get(url, admin.token);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().error, url).toMatch(/days|limit/);
    }
  });
});

describe('admin analytics: the numbers come from the event log', () => {
  it('summary: signups, job views, applications and searches of the last 30 days', async () => {
    const response = await get('/api/admin/analytics/summary', admin.token);
    expect(response.statusCode).toBe(200);
    const summary = response.json<AnalyticsSummary>();
    expect(summary).toMatchObject({
      totalSignups: 5,
      signupsByType: { candidate: 3, company: 2 },
      totalJobViews: 4,
      totalApplications: 3,
      totalSearches: 2,
      window: { days: 30 },
    });
  });

  it('top jobs: most viewed first, with titles, views and applications', async () => {
    const response = await get('/api/admin/analytics/top-jobs', superAdmin.token);
    expect(response.json<TopJob[]>()).toEqual([
      { jobId: dataJob, jobTitle: 'Data Engineer', views: 3, applications: 1 },
      { jobId: platformJob, jobTitle: 'Platform Engineer', views: 1, applications: 2 },
    ]);
    expect((await get('/api/admin/analytics/top-jobs?limit=1', admin.token)).json<TopJob[]>()).toHaveLength(1);
  });

  it('daily metrics: the last 7 days, oldest first, today holding what happened', async () => {
    const metrics = (await get('/api/admin/analytics/daily-metrics', admin.token)).json<DailyMetric[]>();
    expect(metrics).toHaveLength(7);
    const dates = metrics.map((day) => Date.parse(day.date));
    expect(dates.slice(1).every((date, n) => date - dates[n]! === 86_400_000)).toBe(true);
    const sum = (field: Exclude<keyof DailyMetric, 'date'>) => metrics.reduce((total, day) => total + day[field], 0);
    expect({ signups: sum('signups'), jobViews: sum('jobViews'), applications: sum('applications'), searches: sum('searches') }).toEqual({
      signups: 5,
      jobViews: 4,
      applications: 3,
      searches: 2,
    });
  });

  it('the read models hold counts only: no email, name, search text or token', async () => {
    for (const [projection, collections] of [
      [analyticsDailyProjection, ['analytics-daily']],
      [analyticsTopJobsProjection, ['analytics-job-days', 'analytics-jobs']],
    ] as const) {
      for (const name of collections) {
        const docs = await runtime.readStore.collection(physicalCollection(projection, name)).find({});
        expect(docs.length).toBeGreaterThan(0);
        const text = JSON.stringify(docs);
        for (const secret of ['@', 'Candidate ', 'Maya', 'lovelace', ada.token, ada.userId, 'shareToken']) expect(text).not.toContain(secret);
      }
    }
  });
});

describe('admin analytics: GA4', () => {
  it("without GA4 configured, every GA4 route answers the spec's 'GA4 not configured' as a 200 (not an outage), to admins only", async () => {
    for (const url of ROUTES.filter((route) => route.includes('/ga4/'))) {
      const response = await get(url, admin.token);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ configured: false, message: 'GA4 not configured' });
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect((await get(url, ada.token)).statusCode).toBe(403);
    }
  });

  it('with GA4 configured, the reports come through in the shapes of the spec', async () => {
    expect((await get('/api/admin/analytics/ga4/overview', admin.token, withGa4)).json()).toEqual(ga4Data.overview);
    expect((await get('/api/admin/analytics/ga4/top-pages', admin.token, withGa4)).json()).toEqual(ga4Data.topPages);
    expect((await get('/api/admin/analytics/ga4/daily?days=7', admin.token, withGa4)).json()).toEqual(ga4Data.daily);
    expect((await get('/api/admin/analytics/ga4/traffic-sources', admin.token, withGa4)).json()).toEqual(ga4Data.trafficSources);
  });

  it('a failing GA4 is a 502 that names nothing of it, and the next request asks again', async () => {
    ga4Fails = true;
    try {
      for (const url of ROUTES.filter((route) => route.includes('/ga4/'))) {
        const response = await get(url, admin.token, withGa4);
        expect(response.statusCode, url).toBe(502);
        expect(response.json()).toEqual({ success: false, error: ANALYTICS_MESSAGES.ga4Failed });
        expect(response.body).not.toMatch(/PERMISSION|service-account|properties/);
      }
    } finally {
      ga4Fails = false;
    }
    expect((await get('/api/admin/analytics/ga4/overview', admin.token, withGa4)).statusCode).toBe(200);
  });
});
