import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@hireloop/contracts';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * The security test's findings against the whole app over PostgreSQL (where a NUL character
 * was a 500), its HTML answers, its headers and its OpenAPI document. Each test failed before
 * its fix.
 */
const PUBLIC_URL = 'https://hireloop.example';
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let spaDir: string;
let company: { authorization: string };
let jobId: string;
let position = '';

beforeAll(async () => {
  db = await createTestDatabase();
  spaDir = await mkdtemp(path.join(tmpdir(), 'hireloop-spa-'));
  await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><html><head><title>Hireloop</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>');
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  app = await buildApp(runtime, { spaDir, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000 });
  await app.ready();

  const signup = await post('/api/auth/company/signup', { companyName: 'Northwind', contactName: 'Maya Okafor', email: 'jobs@northwind.example', password: 'company-password' });
  company = { authorization: `Bearer ${signup.json().token}` };
  jobId = (await post('/api/jobs', { title: 'Senior Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.' }, company)).json().job.id;
  // The job page is rendered from the read model: wait until the job is there.
  expect((await get(`/api/jobs/${jobId}`)).statusCode).toBe(200);
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
  await rm(spaDir, { recursive: true, force: true });
});

type Headers = Record<string, string>;
let addresses = 0;
async function post(url: string, payload: unknown, headers: Headers = {}) {
  // Sign-ups are throttled per address: each comes from one of its own.
  const response = await app.inject({ method: 'POST', url, payload: typeof payload === 'string' ? payload : (payload as object), headers: { 'content-type': 'application/json', ...headers }, remoteAddress: `127.0.1.${++addresses}` });
  const written = response.headers[POSITION_HEADER];
  if (typeof written === 'string' && written > position) position = written;
  return response;
}
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers: { [MIN_POSITION_HEADER]: position, ...headers } });

const NOT_ALLOWED = 'contains a character that is not allowed (a NUL character or an unpaired UTF-16 surrogate).';
const BAD_ENCODING = { success: false, error: 'The address is not valid: a percent-encoded part of it is not UTF-8 text.' };

describe('text PostgreSQL cannot store', () => {
  it('a job title with a NUL character is a 400 naming the field, not a 500', async () => {
    const response = await post('/api/jobs', { title: 'a\u0000b', location: 'Austin, TX', description: 'Own the pipelines.' }, company);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: `title ${NOT_ALLOWED}` });
  });

  it('sign-up with an unpaired surrogate in the name is a 400, not a 500', async () => {
    const response = await post('/api/auth/candidate/signup', '{"name":"\\uD800","email":"lone@surrogate.example","password":"candidate-password"}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: `name ${NOT_ALLOWED}` });
  });

  it('a NUL character in a job id, a share token or a search is a 400, not a 500', async () => {
    for (const url of ['/api/jobs/%00', '/api/jobs/share/%00', `/api/jobs/${jobId}%00/application`]) {
      const response = await get(url, company);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ success: false, error: `The address ${NOT_ALLOWED}` });
    }
    const search = await get('/api/jobs?search=data%00');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ success: false, error: `search ${NOT_ALLOWED}` });
  });

  it.each(['/api/jobs/%ED%A0%80', '/api/jobs/%E0%A4%A', '/api/jobs/share/%C0%80'])('%s, which does not decode to UTF-8, is a 400 in the product shape', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(BAD_ENCODING);
  });
});

/** A policy header as { directive: 'values' }. */
const policyOf = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

describe('security headers', () => {
  it('the SPA and the server-rendered job page run scripts from the app only, and stay on https', async () => {
    for (const url of ['/', '/jobs', `/job/${jobId}`]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const policy = policyOf(page.headers['content-security-policy']);
      expect(policy['script-src'], url).toBe("'self'");
      expect(policy['default-src']).toBe("'self'");
      expect(policy['frame-ancestors']).toBe("'none'");
      expect(policy).toHaveProperty('upgrade-insecure-requests');
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    // The job page's structured data is a data block, which script-src does not govern.
    expect((await get(`/job/${jobId}`)).body).toContain('<script type="application/ld+json">');
  });

  it('Swagger UI has a policy of its own that lets its icons show and still runs only its own scripts', async () => {
    const docs = await get('/api/docs');
    expect(docs.statusCode).toBe(200);
    const policy = policyOf(docs.headers['content-security-policy']);
    expect(policy['script-src']).toBe("'self'");
    expect(policy['img-src']).toBe("'self' data:");
    expect(policy['frame-ancestors']).toBe("'none'");
    expect(policyOf((await get('/api/docs/static/swagger-initializer.js')).headers['content-security-policy'])['img-src']).toBe("'self' data:");
  });

  it('answers to signed-in API requests are never stored; public ones keep their caching', async () => {
    expect((await get('/api/jobs?mine=true&status=all', company)).headers['cache-control']).toBe('private, no-store');
    expect((await get(`/api/jobs/${jobId}`, company)).headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/jobs/rss', company)).headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/jobs/rss')).headers['cache-control']).toBe('public, max-age=300');
    expect((await get('/api/auth/user', company)).headers['cache-control']).toBe('no-store');
    expect((await post('/api/auth/logout', '{}', { authorization: 'Bearer not-a-session' })).headers['cache-control']).toBe('private, no-store');
  });
});

type Operation = {
  requestBody?: { required: boolean };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
};

describe('the OpenAPI document', () => {
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    paths = (await get('/api/docs/json')).json().paths;
  });

  it('declares the redirects of LinkedIn sign-in, with where they go and no body', () => {
    for (const url of ['/api/auth/linkedin', '/api/auth/linkedin/callback']) {
      const redirect = paths[url]!.get!.responses['302'];
      expect(redirect, url).toBeDefined();
      expect(redirect!.description).toMatch(/^To /);
      expect(redirect!.headers).toHaveProperty('location');
      expect(redirect!.content).toBeUndefined();
      expect(paths[url]!.get!.responses).not.toHaveProperty('200');
    }
  });

  it('says which bodies may be left out', () => {
    expect(paths['/api/auth/logout']!.post!.requestBody!.required).toBe(false);
    expect(paths['/api/jobs/{jobId}/close']!.post!.requestBody!.required).toBe(false);
    expect(paths['/api/auth/login']!.post!.requestBody!.required).toBe(true);
    expect(paths['/api/jobs']!.post!.requestBody!.required).toBe(true);
  });

  it('every operation documents bad input (400) and headers too large (431); those with a body also 413 and 415, in the error shape', () => {
    const operations = Object.entries(paths).flatMap(([url, item]) => Object.entries(item).map(([method, operation]) => ({ at: `${method} ${url}`, method, operation })));
    expect(operations.length).toBeGreaterThan(20);
    for (const { at, method, operation } of operations) {
      const codes = ['400', '431', ...(['post', 'put', 'patch', 'delete'].includes(method) ? ['413', '415'] : [])];
      for (const code of codes) {
        const answer = operation.responses[code];
        expect(answer, `${at} ${code}`).toBeDefined();
        expect(answer!.description).not.toBe('Default Response');
        // POST /api/extract-resume answers refusals in its own shape (spec part 2 §7: success, data, error).
        const shape = at === 'post /api/extract-resume' && code !== '431' ? ['success', 'data', 'error'] : ['success', 'error', 'details'];
        expect(Object.keys(answer!.content!['application/json']!.schema.properties!), `${at} ${code}`).toEqual(shape);
      }
    }
  });
});
