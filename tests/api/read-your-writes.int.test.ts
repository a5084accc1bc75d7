import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@hireloop/contracts';
import { loadConfig } from '@hireloop/platform/config';
import { allProjections } from '@hireloop/projections/registry';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { READ_MODEL_BEHIND_MESSAGE } from '@hireloop/query-service/shared/read-your-writes';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * Issue 22: a read-your-writes wait that timed out answered with what the read model had, so
 * the company's own new job was a 404. Now the caller is told to come back (503, Retry-After).
 * The app runs no projections here, so the read models stay behind until the test moves them.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  // The read models' collections exist (a projections process made them at its start), but nothing projects.
  for (const projection of allProjections) await new ProjectionRunner({ eventStore: runtime.eventStore, readStore: runtime.readStore, projection }).ensureCollections();
  app = await buildApp(runtime, { spaDir: false, projections: false, readYourWritesTimeoutMs: 150 });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

describe('a read that waits for X-Min-Position', () => {
  it('answers 503 with Retry-After when the read models have not reached it in time, and the job once they have', async () => {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/company/signup',
      payload: { companyName: 'Fjordline', contactName: 'Ingrid Solberg', email: 'ingrid@fjordline.example', password: 'fjordline-secret' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const posted = await app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { authorization: `Bearer ${signup.json().token}` },
      payload: { title: 'Backend Engineer', location: 'Oslo, Norway', description: 'Build the build cache.' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const jobId = posted.json().job.id as string;
    const position = String(posted.headers[POSITION_HEADER]);

    const behind = await app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: { [MIN_POSITION_HEADER]: position } });
    expect(behind.statusCode).toBe(503);
    expect(behind.headers['retry-after']).toBe('1');
    expect(behind.json()).toEqual({ success: false, error: READ_MODEL_BEHIND_MESSAGE });
    const list = await app.inject({ method: 'GET', url: '/api/jobs', headers: { [MIN_POSITION_HEADER]: position } });
    expect(list.statusCode).toBe(503);
    expect(list.headers['x-read-model-stale']).toBeUndefined();

    // Without the header nobody asked to see that write: what the read model has (not there yet).
    expect((await app.inject({ method: 'GET', url: `/api/jobs/${jobId}` })).statusCode).toBe(404);

    for (const projection of allProjections) await new ProjectionRunner({ eventStore: runtime.eventStore, readStore: runtime.readStore, projection }).catchUp();
    const caughtUp = await app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: { [MIN_POSITION_HEADER]: position } });
    expect(caughtUp.statusCode, caughtUp.body).toBe(200);
    expect(caughtUp.json()).toMatchObject({ id: jobId, title: 'Backend Engineer' });
  });
});
