import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * Issue 27: the OpenAPI document tells the truth about what the app answers (a fuzzer reads it):
 * every operation documents its success answer, non-JSON routes document their errors as the JSON
 * they send, a too-long path parameter's 414 is documented, and a method a path does not have is a
 * 405 with Allow.
 */
const PUBLIC_URL = 'http://hireloop.test';
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;

type Answer = { content?: Record<string, unknown> };
type Operation = { responses: Record<string, Answer> } & Record<string, unknown>;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, PUBLIC_URL }));
  app = await buildApp(runtime, { spaDir: false, publicUrl: PUBLIC_URL, logger: false });
  await app.ready();
  paths = (app.swagger() as unknown as { paths: typeof paths }).paths;
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

const operation = (method: string, path: string) => {
  const found = paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
};
const codes = (method: string, path: string) => Object.keys(operation(method, path).responses);

describe('the OpenAPI document', () => {
  it('documents a success answer, with its media type, for the feed, the event streams and the embedded pages', () => {
    const cases: Array<[string, string, string]> = [
      ['get', '/api/jobs/rss', 'application/rss+xml'],
      ['get', '/api/candidates/events', 'text/event-stream'],
      ['get', '/api/admin/activities/stream', 'text/event-stream'],
    ];
    for (const [method, path, mediaType] of cases) expect(Object.keys(operation(method, path).responses['200']?.content ?? {}), path).toEqual([mediaType]);
    const frame = Object.keys(paths).find((path) => path.endsWith('/frame/{page}'));
    if (frame) expect(Object.keys(operation('get', frame).responses['200']?.content ?? {})).toEqual(['text/html']);
  });

  it('documents what /api/mcp answers: 200 to a POST, 405 to GET and DELETE, and 401 and 429 for every method', () => {
    expect(codes('post', '/api/mcp')).toEqual(expect.arrayContaining(['200', '401', '429']));
    for (const method of ['get', 'delete']) expect(codes(method, '/api/mcp')).toEqual(expect.arrayContaining(['405', '401', '429']));
    for (const method of ['get', 'post', 'delete']) expect(Object.keys(operation(method, '/api/mcp').responses['401']!.content!)).toEqual(['application/json']);
  });

  it('documents an event stream’s refusals as the JSON they are', () => {
    for (const code of ['401', '403']) expect(Object.keys(operation('get', '/api/admin/activities/stream').responses[code]!.content!)).toEqual(['application/json']);
  });

  it('documents the multipart body of the resume uploads: the file in the field "resume"', () => {
    for (const path of ['/api/extract-resume', '/api/parse-resume']) {
      const body = (operation('post', path) as { requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> } }).requestBody;
      expect(body, path).toEqual({
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', required: ['resume'], properties: { resume: { type: 'string', format: 'binary' } } } } },
      });
    }
  });

  it('documents the schemas as strict as the server: skills, email formats, admin page sizes, Idempotency-Key, stripe-signature', () => {
    type Parameter = { name: string; in: string; required?: boolean; schema: Record<string, unknown> };
    const bodyOf = (method: string, path: string) =>
      (operation(method, path) as unknown as { requestBody: { content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }> } }).requestBody.content['application/json']!.schema.properties;
    const parameter = (method: string, path: string, name: string) => (operation(method, path) as unknown as { parameters: Parameter[] }).parameters.find((one) => one.name === name)!;
    expect(bodyOf('post', '/api/profile').skills).toMatchObject({ type: 'array', minItems: 1 });
    for (const path of ['/api/auth/candidate/signup', '/api/auth/company/signup', '/api/admin/candidates']) expect(bodyOf('post', path).email, path).toMatchObject({ format: 'email', maxLength: 254 });
    expect(parameter('get', '/api/admin/candidates', 'pageSize').schema).toMatchObject({ enum: [10, 25, 50, 100] });
    const key = parameter('post', '/api/jobs', 'idempotency-key');
    expect(key.schema).toMatchObject({ minLength: 1, maxLength: 257 });
    const pattern = new RegExp(key.schema.pattern as string);
    for (const good of ['a', 'x'.repeat(255), '"quoted-key"']) expect(pattern.test(good), good).toBe(true);
    for (const bad of ['', 'x'.repeat(256), 'é', 'tab\there']) expect(pattern.test(bad), bad).toBe(false);
    expect(parameter('post', '/api/stripe/webhook', 'stripe-signature').required).toBe(true);
  });

  it('every operation documents a 2xx (or a redirect), or (the stateless MCP endpoint’s GET and DELETE) its 405', () => {
    const missing = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => !Object.keys(op.responses ?? {}).some((code) => /^[23]\d\d$/.test(code) || code === '405'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('documents the 414 a path parameter over 100 characters answers, and answers it', async () => {
    expect(codes('get', '/api/jobs/{jobId}')).toContain('414');
    const response = await app.inject({ method: 'GET', url: `/api/jobs/${'a'.repeat(101)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ success: false, error: 'The address is too long.' });
  });
});

describe('a method a path does not have', () => {
  it('is a 405 with Allow naming the path’s methods; an unknown path is still a 404', async () => {
    const wrong = await app.inject({ method: 'DELETE', url: '/api/jobs' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe(Object.keys(paths['/api/jobs']!).map((method) => method.toUpperCase()).concat('HEAD').filter((method, index, all) => all.indexOf(method) === index && (method !== 'HEAD' || all.includes('GET'))).sort().join(', '));
    expect(wrong.json().error).toMatch(/^DELETE is not allowed on \/api\/jobs: use /);
    const withParameter = await app.inject({ method: 'PATCH', url: '/api/jobs/some-id/apply' });
    expect(withParameter.statusCode).toBe(405);
    expect(withParameter.headers.allow).toContain('POST');
    const unknown = await app.inject({ method: 'DELETE', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
  });

  it('the feed still answers its RSS', async () => {
    const feed = await app.inject({ method: 'GET', url: '/api/jobs/rss' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(feed.body).toMatch(/^<\?xml/);
  });
});
