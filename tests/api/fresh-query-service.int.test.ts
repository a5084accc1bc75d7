import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * Issue 22: a query service started on a database no projections process has run on yet
 * answered 500 to every read (the read models' collections did not exist). It makes them, empty,
 * and answers what they hold (nothing yet), while /healthz says the read models are behind.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }), () => undefined, { bus: false });
  app = await buildApp(runtime, { commands: false, queries: true, projections: false, spaDir: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

describe('a query service on a database no projections process has run on yet', () => {
  it.each(['/api/jobs', '/api/jobs/search?q=engineer', '/api/jobs/rss', '/sitemap.xml', '/api/companies'])('answers %s without a server error', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBeLessThan(500);
  });

  it('lists no jobs on the board', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/jobs' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
