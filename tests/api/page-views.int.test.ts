import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, type Role } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition } from '@hireloop/platform/event-store';
import { fixedClock } from '@hireloop/platform/runtime';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { readAllUntil } from '../support/events';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * First-party page views (issue 15, ADR 041): the browser sends the route pattern after consent;
 * the app counts it in memory, appends `PageViewsCounted` with the board's activity, and the
 * admin analytics read it. An address (an id, a token) is refused, never recorded.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  // Rate limits count in fixed windows: a clock that stands still at a window's start keeps the flood in one.
  app = await buildApp({ ...runtime, clock: fixedClock('2026-11-27T10:00:00.000Z') }, { spaDir: false, readYourWritesTimeoutMs: 15_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

const view = (route: unknown) => app.inject({ method: 'POST', url: '/api/analytics/page-views', payload: { route } });

describe('page views', () => {
  it('takes route patterns and refuses addresses with ids or tokens', async () => {
    for (const route of ['/', '/jobs', '/job/$jobId', '/reset-password/', '/dashboard/jobs']) expect((await view(route)).statusCode, route).toBe(202);
    for (const route of ['/job/4f9c2e1a-7b3d-4e8f-9a1b-2c3d4e5f6a7b', '/invitation/0123456789abcdef0123456789abcdef.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd', 'jobs', '/Jobs', '', 42, '/a'.repeat(150)]) {
      const response = await view(route);
      expect(response.statusCode, String(route)).toBe(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('are counted into the log and read by the admin analytics', async () => {
    await view('/jobs');
    await view('/jobs');
    await view('/pricing');
    await app.boardActivity!.flush();
    const events = await readAllUntil(runtime.eventStore, (all) => all.some((event) => event.type === 'PageViewsCounted'));
    const counted = events.filter((event) => event.type === 'PageViewsCounted');
    expect(counted.length).toBeGreaterThan(0);
    const routes = counted.flatMap((event) => (event.data as { days: Array<{ routes: Array<{ route: string; count: number }> }> }).days.flatMap((day) => day.routes));
    expect(routes.filter((entry) => entry.route === '/jobs').reduce((sum, entry) => sum + entry.count, 0)).toBe(3);
    expect(routes.map((entry) => entry.route)).toContain('/reset-password');

    const signup = await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { name: 'Ana Admin', email: 'ana@views.example', password: 'admin-password-1' } });
    const grant = await grantRoleAsSystem({ ...runtime, sessionTtlMs: 3600_000, publicUrl: 'http://localhost', linkedin: null }, 'ana@views.example', 'admin' as Role, 'test');
    const position = maxPosition(String(signup.headers['x-position']), grant.position);
    const summary = await app.inject({ method: 'GET', url: '/api/admin/analytics/summary', headers: { authorization: `Bearer ${signup.json().token}`, [MIN_POSITION_HEADER]: position } });
    expect(summary.statusCode, summary.body).toBe(200);
    // 5 from the test before, 3 here.
    expect(summary.json().totalPageViews).toBe(8);
  });

  it('go to GA4 as well when it is configured (the route pattern, never more)', async () => {
    const seen: string[] = [];
    const withGa4 = await buildApp({ ...runtime, pageViewSink: { pageView: (route) => seen.push(route) } }, { spaDir: false, projections: false, readYourWritesTimeoutMs: 15_000 });
    await withGa4.ready();
    try {
      expect((await withGa4.inject({ method: 'POST', url: '/api/analytics/page-views', payload: { route: '/job/$jobId' } })).statusCode).toBe(202);
      expect((await withGa4.inject({ method: 'POST', url: '/api/analytics/page-views', payload: { route: '/job/4f9c2e1a-7b3d-4e8f-9a1b-2c3d4e5f6a7b' } })).statusCode).toBe(400);
      expect(seen).toEqual(['/job/$jobId']);
    } finally {
      await withGa4.close();
    }
  });

  it('one address past 120 a minute gets 429 with when to try again, and is not counted; another address still is', async () => {
    const from = (remoteAddress: string) => app.inject({ method: 'POST', url: '/api/analytics/page-views', payload: { route: '/flood-check' }, remoteAddress });
    const answers = [];
    for (let i = 0; i < 125; i++) answers.push(await from('203.0.113.7'));
    expect(answers.slice(0, 120).every((answer) => answer.statusCode === 202)).toBe(true);
    const refused = answers[120]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Too many page views from this address. Please try again in 60 seconds.');
    expect(refused.headers['retry-after']).toBe('60');
    expect(answers.slice(120).every((answer) => answer.statusCode === 429)).toBe(true);
    // Counted before the body is read: a refused address gets 429 whatever it sends.
    expect((await app.inject({ method: 'POST', url: '/api/analytics/page-views', payload: { route: 'not-a-route' }, remoteAddress: '203.0.113.7' })).statusCode).toBe(429);
    expect((await from('198.51.100.20')).statusCode).toBe(202);

    await app.boardActivity!.flush();
    const floodCount = (events: readonly { type: string; data: unknown }[]) =>
      events
        .filter((event) => event.type === 'PageViewsCounted')
        .flatMap((event) => (event.data as { days: Array<{ routes: Array<{ route: string; count: number }> }> }).days.flatMap((day) => day.routes))
        .filter((entry) => entry.route === '/flood-check')
        .reduce((sum, entry) => sum + entry.count, 0);
    expect(floodCount(await readAllUntil(runtime.eventStore, (events) => floodCount(events) > 0))).toBe(121);
  });
});
