import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { API_KEY_MESSAGES, MIN_POSITION_HEADER, type Role } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { newApiKey } from '@hireloop/platform/accounts/api-keys';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition, type RecordedEvent } from '@hireloop/platform/event-store';
import { randomIds } from '@hireloop/platform/runtime';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { readAllUntil } from '../support/events';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * API keys and the MCP endpoint (issue 15, ADR 042) on the real app over PostgreSQL: the key
 * routes for every kind of caller, and the MCP server driven by the SDK's own client over HTTP
 * (the app listens on a port): list the tools, search, read a job, apply (the event's actor is the
 * key's owner via the key), list the applications, bad input as a tool error, a revoked key refused.
 */
const PUBLIC_URL = 'http://hireloop.test';
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let baseUrl = '';
let position = '';
const logLines: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, PUBLIC_URL }));
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp(runtime, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000, logger: { level: 'debug', stream } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

let addresses = 0;
const remember = <R extends { headers: Record<string, unknown> }>(response: R): R => {
  if (response.headers['x-position']) position = maxPosition(position, String(response.headers['x-position']));
  return response;
};
const send = async (method: 'POST' | 'GET' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  remember(
    await app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), [MIN_POSITION_HEADER]: position },
      remoteAddress: `10.15.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
    }),
  );

const signUpCandidate = async (key: string) => {
  const response = await send('POST', '/api/auth/candidate/signup', null, { name: `Cand ${key}`, email: `${key}@mail.example`, password: 'candidate-password-1' });
  expect(response.statusCode, response.body).toBe(201);
  return { token: response.json().token as string, userId: response.json().user.id as string, email: `${key}@mail.example` };
};
const signUpCompany = async (key: string) => {
  const response = await send('POST', '/api/auth/company/signup', null, {
    companyName: `${key} Labs`,
    contactName: `${key} hiring`,
    email: `${key}@${key}.example`,
    password: 'company-password-1',
    website: `https://${key}.example`,
    location: 'Austin, TX',
    industry: 'Data',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { token: response.json().token as string };
};
const grant = async (email: string, role: Role) => {
  const result = await grantRoleAsSystem({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, email, role, 'test');
  position = maxPosition(position, result.position);
};
const createKey = async (token: string, name = 'Claude Desktop') => {
  const response = await send('POST', '/api/api-keys', token, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; key: string; prefix: string; name: string; mcpUrl: string; createdAt: string; expiresAt: string | null };
};

const connect = async (key: string) => {
  const client = new Client({ name: 'hireloop-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/api/mcp', baseUrl), { requestInit: { headers: { authorization: `Bearer ${key}` } } });
  await client.connect(transport);
  return client;
};
const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[])[0]!.text;

describe('API keys: who may create, list and revoke them', () => {
  let owner: Awaited<ReturnType<typeof signUpCandidate>>;
  let other: Awaited<ReturnType<typeof signUpCandidate>>;
  let company: { token: string };
  let admin: Awaited<ReturnType<typeof signUpCandidate>>;
  let superAdmin: Awaited<ReturnType<typeof signUpCandidate>>;

  beforeAll(async () => {
    owner = await signUpCandidate('keyowner');
    other = await signUpCandidate('keyother');
    company = await signUpCompany('keyco');
    admin = await signUpCandidate('keyadmin');
    superAdmin = await signUpCandidate('keyboss');
    await grant(admin.email, 'admin');
    await grant(superAdmin.email, 'super_admin');
  });

  it('a visitor is asked to sign in on every route', async () => {
    expect((await send('POST', '/api/api-keys', null, { name: 'x' })).statusCode).toBe(401);
    expect((await send('GET', '/api/api-keys', null)).statusCode).toBe(401);
    expect((await send('DELETE', '/api/api-keys/some-key', null)).statusCode).toBe(401);
  });

  it('the owner creates a key (shown once), lists it without the key, and revokes it', async () => {
    const created = await createKey(owner.token, '  My assistant  ');
    expect(created.key).toMatch(/^hlk_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created.name).toBe('My assistant');
    expect(created.mcpUrl).toBe(`${PUBLIC_URL}/api/mcp`);

    const listed = await send('GET', '/api/api-keys', owner.token);
    expect(listed.statusCode).toBe(200);
    // 90 days unless told otherwise.
    expect(Date.parse(created.expiresAt!) - Date.parse(created.createdAt)).toBe(90 * 86_400_000);
    expect(listed.json()).toEqual({
      keys: [{ id: created.id, name: 'My assistant', prefix: created.prefix, createdAt: created.createdAt, lastUsedAt: null, expiresAt: created.expiresAt }],
      mcpUrl: `${PUBLIC_URL}/api/mcp`,
    });
    expect(listed.body).not.toContain(created.key);

    expect((await send('DELETE', `/api/api-keys/${created.id}`, owner.token)).statusCode).toBe(200);
    expect((await send('GET', '/api/api-keys', owner.token)).json().keys).toEqual([]);
    // Gone is gone: a second revocation finds nothing.
    expect((await send('DELETE', `/api/api-keys/${created.id}`, owner.token)).statusCode).toBe(404);

    const ofKey = (all: readonly RecordedEvent[]) => all.filter((event) => event.streamId === `api-key-${created.id}`);
    const events = ofKey(await readAllUntil(runtime.eventStore, (all) => ofKey(all).length >= 2, { eventTypes: ['ApiKeyCreated', 'ApiKeyRevoked'] }));
    expect(events.map((event) => event.type)).toEqual(['ApiKeyCreated', 'ApiKeyRevoked']);
    // Ids and times only: neither the key, nor its hash, prefix or name is in the log.
    for (const event of events) {
      expect(Object.keys(event.data as object).sort()).toEqual(event.type === 'ApiKeyCreated' ? ['createdAt', 'expiresAt', 'keyId', 'userId'] : ['keyId', 'revokedAt', 'userId']);
      expect(JSON.stringify(event)).not.toContain(created.prefix);
    }
  });

  it('a key lasts 30, 90 or 365 days, or never; any other lifetime is a 400 that says which', async () => {
    for (const [expiresInDays, days] of [[30, 30], [365, 365], [null, null]] as const) {
      const response = await send('POST', '/api/api-keys', owner.token, { name: `Lasts ${String(expiresInDays)}`, expiresInDays });
      expect(response.statusCode, response.body).toBe(201);
      const { createdAt, expiresAt, id } = response.json() as { createdAt: string; expiresAt: string | null; id: string };
      expect(expiresAt === null ? null : (Date.parse(expiresAt) - Date.parse(createdAt)) / 86_400_000).toBe(days);
      expect((await send('DELETE', `/api/api-keys/${id}`, owner.token)).statusCode).toBe(200);
    }
    for (const expiresInDays of [7, 0, '90', -1]) {
      const response = await send('POST', '/api/api-keys', owner.token, { name: 'Odd', expiresInDays });
      expect(response.statusCode, String(expiresInDays)).toBe(400);
      expect(response.json().error).toBe(API_KEY_MESSAGES.badExpiry);
    }
  });

  it('a name is required', async () => {
    const response = await send('POST', '/api/api-keys', owner.token, { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please give the key a name');
  });

  it('another candidate cannot see or revoke the owner’s key', async () => {
    const created = await createKey(owner.token);
    expect((await send('GET', '/api/api-keys', other.token)).json().keys).toEqual([]);
    expect((await send('DELETE', `/api/api-keys/${created.id}`, other.token)).statusCode).toBe(404);
    expect((await send('GET', '/api/api-keys', owner.token)).json().keys.map((key: { id: string }) => key.id)).toContain(created.id);
  });

  it('companies, admins and super admins hold no keys (403)', async () => {
    const created = await createKey(owner.token);
    for (const caller of [company, admin, superAdmin]) {
      expect((await send('POST', '/api/api-keys', caller.token, { name: 'x' })).statusCode).toBe(403);
      expect((await send('GET', '/api/api-keys', caller.token)).statusCode).toBe(403);
      expect((await send('DELETE', `/api/api-keys/${created.id}`, caller.token)).statusCode).toBe(403);
    }
    expect((await send('GET', '/api/api-keys', owner.token)).json().keys.map((key: { id: string }) => key.id)).toContain(created.id);
  });
});

describe('the MCP endpoint through the SDK client', () => {
  let candidate: Awaited<ReturnType<typeof signUpCandidate>>;
  let jobId = '';
  let key: Awaited<ReturnType<typeof createKey>>;

  beforeAll(async () => {
    const company = await signUpCompany('mcpco');
    const posted = await send('POST', '/api/jobs', company.token, { title: 'Staff Rust Engineer', location: 'Remote', description: 'Build the query engine in Rust.' });
    expect(posted.statusCode, posted.body).toBe(201);
    jobId = posted.json().job.id;
    candidate = await signUpCandidate('mcpcand');
    key = await createKey(candidate.token);
    // The board has the job before the assistant searches.
    expect((await send('GET', `/api/jobs/${jobId}`, null)).statusCode).toBe(200);
  });

  it('lists the four tools', async () => {
    const client = await connect(key.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['apply_to_job', 'get_job', 'get_my_applications', 'search_jobs']);
    await client.close();
  });

  it('searches, reads a job, applies (the key is the means, its owner the actor), and lists the applications', async () => {
    const client = await connect(key.key);
    const found = await client.callTool({ name: 'search_jobs', arguments: { query: 'rust' } });
    expect(found.isError).toBeFalsy();
    const page = JSON.parse(textOf(found));
    expect(page.total).toBe(1);
    expect(page.jobs[0]).toMatchObject({ id: jobId, title: 'Staff Rust Engineer', company: 'mcpco Labs', isOpen: true, appliesOnHireloop: true });

    const job = JSON.parse(textOf(await client.callTool({ name: 'get_job', arguments: { jobId } })));
    expect(job).toMatchObject({ id: jobId, description: 'Build the query engine in Rust.' });
    expect(job.shareToken).toBeUndefined();

    const applied = await client.callTool({ name: 'apply_to_job', arguments: { jobId } });
    expect(applied.isError, textOf(applied)).toBeFalsy();
    const { applicationId } = JSON.parse(textOf(applied));

    const isIt = (event: RecordedEvent) => (event.data as { applicationId: string }).applicationId === applicationId;
    const submitted = (await readAllUntil(runtime.eventStore, (all) => all.some(isIt), { eventTypes: ['ApplicationSubmitted'] })).find(isIt);
    expect(submitted?.metadata.actor).toEqual({ userId: candidate.userId, role: 'candidate', via: `api-key:${key.id}` });

    const mine = JSON.parse(textOf(await client.callTool({ name: 'get_my_applications', arguments: {} })));
    expect(mine.applications).toEqual([expect.objectContaining({ applicationId, jobId, jobTitle: 'Staff Rust Engineer', status: 'applied' })]);

    // The same application through the site's own route: the rule is the same code.
    expect((await send('POST', `/api/jobs/${jobId}/apply`, candidate.token)).statusCode).toBe(409);
    const again = await client.callTool({ name: 'apply_to_job', arguments: { jobId } });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toMatch(/already applied/i);

    // The key's last use is shown in the list.
    expect((await send('GET', '/api/api-keys', candidate.token)).json().keys[0].lastUsedAt).toEqual(expect.any(String));
    await client.close();
  });

  it('bad input is a tool error with a clear message, never a crash', async () => {
    const client = await connect(key.key);
    const missing = await client.callTool({ name: 'get_job', arguments: {} });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/jobId/);
    const unknown = await client.callTool({ name: 'get_job', arguments: { jobId: 'no-such-job' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe('Job not found');
    const notApplicable = await client.callTool({ name: 'apply_to_job', arguments: { jobId: 'no-such-job' } });
    expect(notApplicable.isError).toBe(true);
    const badPage = await client.callTool({ name: 'search_jobs', arguments: { pageSize: 500 } });
    expect(badPage.isError).toBe(true);
    expect(textOf(badPage)).toMatch(/pageSize/);
    await client.close();
  });

  it('a missing, malformed or unknown key is refused with 401', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Bearer hlk_${'a'.repeat(43)}`]) {
      const response = await fetch(new URL('/api/mcp', baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    // A session token is not an API key.
    const withSession = await fetch(new URL('/api/mcp', baseUrl), { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${candidate.token}` }, body: '{}' });
    expect(withSession.status).toBe(401);
  });

  it('an expired key is refused with 401, though it is still listed with its date', async () => {
    const { key, hash, prefix } = newApiKey(randomIds.newToken(32));
    const keyId = randomIds.newId();
    const expiresAt = new Date(Date.now() - 60_000).toISOString();
    await runtime.secrets.saveApiKey({ keyId, keyHash: hash, userId: candidate.userId, name: 'Old assistant', prefix, createdAt: '2026-08-01T10:00:00.000Z', expiresAt });
    const response = await fetch(new URL('/api/mcp', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expect(JSON.stringify(await response.json())).toContain(API_KEY_MESSAGES.keyInvalid);
    const listed = (await send('GET', '/api/api-keys', candidate.token)).json().keys as Array<{ id: string; expiresAt: string | null }>;
    expect(listed.find((one) => one.id === keyId)?.expiresAt).toBe(expiresAt);
    // Made in the store alone (no event), so put away there too.
    expect(await runtime.secrets.revokeApiKey(candidate.userId, keyId, new Date())).toBe(true);
  });

  it('too many wrong keys from one address are refused for a while (429); a valid key from it still works', async () => {
    const from = (key: string) =>
      app.inject({ method: 'POST', url: '/api/mcp', remoteAddress: '10.99.0.1', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    for (let attempt = 0; attempt < 30; attempt++) expect((await from(`hlk_${String(attempt).padStart(43, 'z')}`)).statusCode).toBe(401);
    for (const bad of [`hlk_${'y'.repeat(43)}`, 'not-a-key']) {
      const refused = await from(bad);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().error).toMatch(/^Too many invalid API keys from this address/);
    }
    // The owner of a valid key behind the same address is not locked out by the others' burst.
    const valid = await from(key.key);
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json().result.tools).toHaveLength(4);
    // ...and the throttle still holds for the bad keys after it.
    expect((await from(`hlk_${'x'.repeat(43)}`)).statusCode).toBe(429);
  });

  it('GET and DELETE answer 405 (the endpoint is stateless)', async () => {
    const response = await fetch(new URL('/api/mcp', baseUrl), { headers: { accept: 'text/event-stream', authorization: `Bearer ${key.key}` } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('a revoked key is refused at once, even by a client already connected', async () => {
    const spare = await createKey(candidate.token, 'Spare');
    const client = await connect(spare.key);
    expect((await client.listTools()).tools).toHaveLength(4);
    expect((await send('DELETE', `/api/api-keys/${spare.id}`, candidate.token)).statusCode).toBe(200);
    await expect(client.listTools()).rejects.toThrow();
    await expect(connect(spare.key)).rejects.toThrow();
    await client.close();
  });

  it('no key ever reaches the log', () => {
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(key.key);
    expect(log).not.toMatch(/hlk_[A-Za-z0-9_-]{20,}/);
  });
});
