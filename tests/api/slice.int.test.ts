import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, MIN_POSITION_HEADER, POSITION_HEADER, TOTAL_COUNT_HEADER } from '@hireloop/contracts';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { createRuntime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/** The first slice end to end over real PostgreSQL: sign up, post a job, see it on the board. */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

async function start() {
  const runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  const app = await buildApp(runtime, { spaDir: false, readYourWritesTimeoutMs: 15_000 });
  await app.ready();
  return {
    app,
    async stop() {
      await app.close();
      await runtime.close();
    },
  };
}

const company = {
  companyName: 'Brightpath Health',
  contactName: 'Daniel Reyes',
  email: 'jobs@brightpath.example',
  phone: '',
  password: 'brightpath-secret',
  website: 'https://brightpath.example',
  location: 'San Francisco, CA',
  industry: 'Healthcare',
};

const job = {
  title: 'Staff Frontend Engineer',
  location: 'San Francisco, CA 94105',
  description: 'Lead the patient portal.',
  skills: 'React, TypeScript',
  requirements: ['8+ years'],
};

describe('the first slice over PostgreSQL', () => {
  it('a company signs up, posts a job, and reads both back at once through X-Min-Position', async () => {
    const { app, stop } = await start();
    try {
      const signup = await app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: company });
      expect(signup.statusCode).toBe(201);
      const { token } = signup.json();
      const auth = { authorization: `Bearer ${token}` };

      const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { ...auth, [MIN_POSITION_HEADER]: String(signup.headers[POSITION_HEADER]) } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ name: 'Daniel Reyes', type: 'company', companyName: 'Brightpath Health' });
      expect(me.headers['cache-control']).toBe('no-store');

      const posted = await app.inject({ method: 'POST', url: '/api/jobs', headers: auth, payload: job });
      expect(posted.statusCode).toBe(201);
      const position = String(posted.headers[POSITION_HEADER]);

      const board = await app.inject({ method: 'GET', url: '/api/jobs', headers: { [MIN_POSITION_HEADER]: position } });
      expect(board.statusCode).toBe(200);
      expect(board.headers['x-read-model-stale']).toBeUndefined();
      expect(board.json()).toEqual([expect.objectContaining({ title: 'Staff Frontend Engineer', company: 'Brightpath Health', skills: ['React', 'TypeScript'], isActive: true })]);
      expect(board.headers[TOTAL_COUNT_HEADER]).toBe('1');
    } finally {
      await stop();
    }
  });

  it('everything is still there after a restart, and the old password still works', async () => {
    const { app, stop } = await start();
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: company.email, password: company.password } });
      expect(login.statusCode).toBe(200);
      const board = await app.inject({ method: 'GET', url: '/api/jobs', headers: { [MIN_POSITION_HEADER]: String(login.headers[POSITION_HEADER]) } });
      expect(board.json()).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('concurrent sign-ups with one email give one account and 409s with the spec message', async () => {
    const { app, stop } = await start();
    try {
      const email = 'race@example.com';
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { name: `Racer ${i}`, email, password: 'racing-password' } }),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
      const conflicts = responses.filter((r) => r.statusCode === 409);
      expect(conflicts).toHaveLength(7);
      for (const r of conflicts) expect(r.json().error).toBe(MESSAGES.accountExists);
    } finally {
      await stop();
    }
  });

  it('a malformed X-Min-Position is a 400, not a hang or a 500', async () => {
    const { app, stop } = await start();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/jobs', headers: { [MIN_POSITION_HEADER]: 'tomorrow' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain('X-Min-Position');
    } finally {
      await stop();
    }
  });

  it('a signed-out visitor asking for the current user gets 401', async () => {
    const { app, stop } = await start();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
      const expired = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: 'Bearer stale-token' } });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error).toBe(MESSAGES.sessionExpired);
    } finally {
      await stop();
    }
  });

  it('describes the API as OpenAPI generated from the zod schemas at /api/docs', async () => {
    const { app, stop } = await start();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const spec = response.json();
      expect(spec.openapi).toMatch(/^3\./);
      expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/auth/candidate/signup', '/api/auth/login', '/api/jobs', '/api/auth/user']));
      expect(spec.paths['/api/jobs'].post.requestBody.content['application/json'].schema.required).toEqual(['title', 'location', 'description']);
    } finally {
      await stop();
    }
  });
});
