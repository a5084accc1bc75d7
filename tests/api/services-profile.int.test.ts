import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@hireloop/contracts';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp, type AppOptions } from '../../cli/src/app';
import { buildGateway } from '../../cli/src/gateway';
import { createRuntime } from '../../cli/src/runtime';
import { TEST_NATS_URL, deleteTestStream } from '../support/nats';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * The services profile: command service, query service and projections as separate apps with
 * their own connections, talking through PostgreSQL and a real NATS server, behind the gateway.
 */
let db: TestDatabase;
const stops: Array<() => Promise<void>> = [];
const prefix = `hl${randomBytes(4).toString('hex')}`;


/** One "process": its own runtime (pools, NATS connection) on the shared database and NATS server. */
async function service(options: AppOptions) {
  const runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, NATS_URL: TEST_NATS_URL, NATS_PREFIX: prefix }));
  const app = await buildApp(runtime, { spaDir: false, readYourWritesTimeoutMs: 15_000, ...options });
  stops.push(async () => {
    await app.close();
    await runtime.close();
  });
  return app;
}

let gateway: Awaited<ReturnType<typeof buildGateway>>;

beforeAll(async () => {
  db = await createTestDatabase();
  const commands = await service({ commands: true, queries: false, projections: false });
  const queries = await service({ commands: false, queries: true, projections: false });
  const projections = await service({ commands: false, queries: false, projections: true });
  await projections.ready();
  const commandUrl = await commands.listen({ port: 0, host: '127.0.0.1' });
  const queryUrl = await queries.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildGateway({ commandUrl, queryUrl, spaDir: false });
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  for (const stop of stops.reverse()) await stop();
  await deleteTestStream(`${prefix.toUpperCase()}_WORK`);
  await db?.drop();
});

describe('the services profile behind the gateway', () => {
  it('routes writes to the command service and reads to the query service, with read-your-writes across processes', async () => {
    const signup = await gateway.inject({
      method: 'POST',
      url: '/api/auth/company/signup',
      payload: { companyName: 'Fjordline', contactName: 'Ingrid Solberg', email: 'ingrid@fjordline.example', password: 'fjordline-secret' },
    });
    expect(signup.statusCode).toBe(201);
    const auth = { authorization: `Bearer ${signup.json().token}` };

    const posted = await gateway.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: auth,
      payload: { title: 'Backend Engineer (Rust)', location: 'Oslo, Norway', description: 'Build the build cache.' },
    });
    expect(posted.statusCode).toBe(201);

    const board = await gateway.inject({ method: 'GET', url: '/api/jobs', headers: { [MIN_POSITION_HEADER]: String(posted.headers[POSITION_HEADER]) } });
    expect(board.statusCode).toBe(200);
    expect(board.headers['x-read-model-stale']).toBeUndefined();
    expect(board.json().map((job: { title: string }) => job.title)).toEqual(['Backend Engineer (Rust)']);

    const me = await gateway.inject({ method: 'GET', url: '/api/auth/user', headers: auth });
    expect(me.json()).toMatchObject({ name: 'Ingrid Solberg', companyName: 'Fjordline' });
  });

  it('stops answering a signed-out token on the query service, which remembered the session (ADR 029)', async () => {
    const signup = await gateway.inject({
      method: 'POST',
      url: '/api/auth/company/signup',
      payload: { companyName: 'Nordlys', contactName: 'Sigrid Dahl', email: 'sigrid@nordlys.example', password: 'nordlys-secret-1' },
    });
    const auth = { authorization: `Bearer ${signup.json().token}` };
    const mine = () => gateway.inject({ method: 'GET', url: '/api/jobs?mine=true', headers: { ...auth, [MIN_POSITION_HEADER]: String(signup.headers[POSITION_HEADER]) } });
    // Read twice: the second answer comes from the query service's remembered session.
    expect((await mine()).statusCode).toBe(200);
    expect((await mine()).statusCode).toBe(200);
    // Signed out by the command service (another runtime: only PostgreSQL's notification tells the query service).
    expect((await gateway.inject({ method: 'POST', url: '/api/auth/logout', headers: auth, payload: {} })).statusCode).toBe(200);
    const signedOutAt = Date.now();
    let status = (await mine()).statusCode;
    while (status === 200 && Date.now() - signedOutAt < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await mine()).statusCode;
    }
    expect(status).toBe(401);
  });

  it('passes a bad body through to the command service, which answers 400', async () => {
    const response = await gateway.inject({ method: 'POST', url: '/api/auth/login', payload: '{nope', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The request body is not valid JSON.');
  });

  it('sends the sign-in redirects and the providers list to the command service', async () => {
    const providers = await gateway.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toMatchObject({ linkedin: false, assistant: { path: 'mysalt' } });
    const start = await gateway.inject({ method: 'GET', url: '/api/auth/linkedin' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/?error=linkedin_unavailable');
  });

  it('sends every method of the API keys and the MCP endpoint to the command service (ADR 042)', async () => {
    const signup = await gateway.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { name: 'Kari Nordmann', email: 'kari@mail.example', password: 'kari-password-1' } });
    expect(signup.statusCode, signup.body).toBe(201);
    const auth = { authorization: `Bearer ${signup.json().token}` };
    const created = await gateway.inject({ method: 'POST', url: '/api/api-keys', headers: auth, payload: { name: 'Assistant' } });
    expect(created.statusCode, created.body).toBe(201);
    const listed = await gateway.inject({ method: 'GET', url: '/api/api-keys', headers: auth });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().keys).toHaveLength(1);

    const key = { authorization: `Bearer ${created.json().key}` };
    const rpc = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...key };
    const tools = await gateway.inject({ method: 'POST', url: '/api/mcp', headers: rpc, payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } });
    expect(tools.statusCode, tools.body).toBe(200);
    expect(tools.json().result.tools.map((tool: { name: string }) => tool.name)).toContain('search_jobs');
    const search = await gateway.inject({ method: 'POST', url: '/api/mcp', headers: rpc, payload: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_jobs', arguments: { query: 'nothing-like-this' } } } });
    expect(search.statusCode, search.body).toBe(200);
    expect(JSON.parse(search.json().result.content[0].text)).toMatchObject({ total: 0, jobs: [] });
    // A GET reaches the command service too (405 from the MCP endpoint, not the query side's 404).
    const get = await gateway.inject({ method: 'GET', url: '/api/mcp', headers: { accept: 'text/event-stream', ...key } });
    expect(get.statusCode).toBe(405);
  });
});
