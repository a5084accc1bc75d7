import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * Issue 27 ("a 500 on one route's bad body"): every POST, PUT, PATCH and DELETE route of the route
 * table (the OpenAPI document the app serves is built from it) gets malformed bodies as a visitor,
 * a candidate, a company and an admin: garbage JSON, wrong types, NUL and lone surrogates, huge
 * strings. Whatever the route, the answer is below 500: bad input is the caller's error.
 */
const PUBLIC_URL = 'http://hireloop.test';
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
const serverErrors: string[] = [];

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema };
type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

let addresses = 0;
const nextAddress = () => `10.27.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;

const signUp = async (kind: 'candidate' | 'company', key: string) => {
  const payload =
    kind === 'candidate'
      ? { name: `Fuzz ${key}`, email: `${key}@fuzz.example`, password: 'candidate-password-1' }
      : { companyName: `${key} Labs`, contactName: `${key} hiring`, email: `${key}@${key}.example`, password: 'company-password-1', website: `https://${key}.example`, location: 'Austin, TX', industry: 'Data' };
  const response = await app.inject({ method: 'POST', url: `/api/auth/${kind}/signup`, payload, remoteAddress: nextAddress() });
  expect(response.statusCode, response.body).toBe(201);
  return { token: response.json().token as string, email: payload.email };
};

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, PUBLIC_URL }));
  app = await buildApp(runtime, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 2_000, logger: false });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500) serverErrors.push(`${request.method} ${request.url} → ${reply.statusCode}`);
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

/** A value of every other type than the schema's, for one property. */
const wrongTypeFor = (schema: JsonSchema | undefined): unknown => {
  const types = [schema?.type].flat();
  if (types.includes('string')) return 12345;
  if (types.includes('number') || types.includes('integer')) return 'twelve';
  if (types.includes('boolean')) return 'yes';
  if (types.includes('array')) return { not: 'an array' };
  return ['not', 'an', 'object'];
};

/** Bodies shaped like the route's own, each property given `value(property)`. */
const shaped = (schema: JsonSchema | undefined, value: (property: JsonSchema) => unknown) =>
  Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([name, property]) => [name, value(property)]));

const stringy = (text: string) => (property: JsonSchema) => {
  const types = [property.type].flat();
  if (types.includes('array')) return [text, text];
  return text;
};

/** The raw bodies sent to a route: `[content-type, body]`. */
function malformedBodies(schema: JsonSchema | undefined): Array<[string, string]> {
  const json = (value: unknown): [string, string] => ['application/json', JSON.stringify(value)];
  return [
    ['application/json', '{"a":'],
    ['application/json', '\u0000\u0001garbage'],
    ['application/json', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['],
    ['application/json', '"\\ud800"'],
    ['text/plain', 'just text'],
    ['application/x-www-form-urlencoded', 'a=1&b=%00'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file\r\n--x--'],
    json(null),
    json(12),
    json([]),
    json('text'),
    json({ unexpected: true }),
    json(shaped(schema, (property) => wrongTypeFor(property))),
    json(shaped(schema, () => null)),
    json(shaped(schema, stringy('nul\u0000inside'))),
    json(shaped(schema, stringy('lone \ud800 surrogate \udfff'))),
    json(shaped(schema, stringy('x'.repeat(100_000)))),
    json(shaped(schema, stringy(''))),
  ];
}

describe('malformed bodies on every write route', () => {
  it('never answer 5xx, as any caller', { timeout: 600_000 }, async () => {
    const candidate = await signUp('candidate', 'fuzzcand');
    const company = await signUp('company', 'fuzzco');
    const admin = await signUp('candidate', 'fuzzadmin');
    const grant = async (email: string, role: Role) => grantRoleAsSystem({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, email, role, 'test');
    await grant(admin.email, 'admin');
    const callers = [null, candidate.token, company.token, admin.token];

    const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase() as 'POST' | 'PUT' | 'PATCH' | 'DELETE', path, operation })),
    );
    expect(operations.length).toBeGreaterThan(40);
    let sent = 0;
    const failures: string[] = [];
    for (const { method, path, operation } of operations) {
      // Path parameters: an id no object has, and one that is itself malformed.
      // (The malformed one as an admin alone, and a visitor only the first bodies: enough to reach each route's checks, on a shared box.)
      for (const parameter of ['00000000-0000-4000-8000-000000000000', '%00%ud800']) {
        const url = path.replace(/\{[^}]+\}/g, parameter);
        const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
        for (const token of parameter.startsWith('%') ? [admin.token] : callers) {
          for (const [contentType, payload] of malformedBodies(schema).slice(0, token ? undefined : 3)) {
            const response = await app.inject({
              method,
              url,
              payload,
              headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
              remoteAddress: nextAddress(),
            });
            sent++;
            if (response.statusCode >= 500) failures.push(`${method} ${url} as ${callers.indexOf(token)} with ${contentType} ${payload.slice(0, 60)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(serverErrors).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  });
});
