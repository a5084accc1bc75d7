import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, POSITION_HEADER, type Job } from '@hireloop/contracts';
import { renderJobPage } from '@hireloop/query-service/jobs/seo';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp, type AppOptions } from '../../cli/src/app';
import { buildGateway } from '../../cli/src/gateway';
import { createRuntime } from '../../cli/src/runtime';
import { TEST_NATS_URL, deleteTestStream } from '../support/nats';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * The gateway of the services profile (ADR 051): the client's address reaches the services, and
 * only the hops they are told to trust can name it; reads spread over two query replicas and
 * survive one of them going away; links are built for the gateway's address.
 */
let db: TestDatabase;
const stops: Array<() => Promise<void>> = [];
const prefix = `hl${randomBytes(4).toString('hex')}`;
/** The address people reach: the gateway's (it is only injected into here, never listened on). */
const PUBLIC_URL = 'http://hireloop-gateway.test';
/** As an operator writes it: the services trust the gateway's address and nothing else. */
const SERVICES_TRUST = { TRUST_PROXY: '127.0.0.1', PUBLIC_URL };

/** One "process": its own runtime on the shared database and NATS server, configured from its environment. */
async function service(options: AppOptions) {
  const config = loadConfig({ DATABASE_URL: db.url, NATS_URL: TEST_NATS_URL, NATS_PREFIX: prefix, ...SERVICES_TRUST });
  const runtime = await createRuntime(config);
  const app = await buildApp(runtime, { spaDir: false, readYourWritesTimeoutMs: 15_000, publicUrl: config.publicUrl, trustProxy: config.TRUST_PROXY, ...options });
  let closed = false;
  const stop = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await runtime.close();
  };
  stops.push(stop);
  return Object.assign(app, { stop });
}

let commands: Awaited<ReturnType<typeof service>>;
let replicas: Array<Awaited<ReturnType<typeof service>>>;
let gateway: Awaited<ReturnType<typeof buildGateway>>;
let commandUrl: string;

beforeAll(async () => {
  db = await createTestDatabase();
  commands = await service({ commands: true, queries: false, projections: false });
  replicas = [await service({ commands: false, queries: true, projections: false }), await service({ commands: false, queries: true, projections: false })];
  const projections = await service({ commands: false, queries: false, projections: true });
  await projections.ready();
  commandUrl = await commands.listen({ port: 0, host: '127.0.0.1' });
  const queryUrls = await Promise.all(replicas.map((replica) => replica.listen({ port: 0, host: '127.0.0.1' })));
  // The gateway itself trusts no hop: the client is whoever opened the connection.
  gateway = await buildGateway({ commandUrl, queryUrl: queryUrls, spaDir: false, publicUrl: PUBLIC_URL });
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  for (const stop of stops.reverse()) await stop();
  await deleteTestStream(`${prefix.toUpperCase()}_WORK`);
  await db?.drop();
});

let people = 0;
const signUp = (remoteAddress: string, headers: Record<string, string> = {}, app: { inject: typeof gateway.inject } = gateway) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/candidate/signup',
    remoteAddress,
    headers,
    payload: { name: `Person ${++people}`, email: `person${people}@addresses.example`, password: 'a-long-password-1' },
  });

describe('client addresses through the gateway', () => {
  const clientA = '203.0.113.10';
  const clientB = '203.0.113.11';

  it('limits sign-ups per client, not for everyone behind the gateway: the 11th from A is refused, B still signs up', async () => {
    for (let n = 1; n <= 10; n++) expect((await signUp(clientA)).statusCode, `sign-up ${n} from A`).toBe(201);
    const eleventh = await signUp(clientA);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toMatch(/Too many accounts created/);
    expect((await signUp(clientB)).statusCode).toBe(201);
  });

  it('does not let a client name another address with its own X-Forwarded-For through the gateway', async () => {
    for (const forged of ['198.51.100.1', '198.51.100.2, 198.51.100.3', clientB]) {
      expect((await signUp(clientA, { 'x-forwarded-for': forged })).statusCode, `forged ${forged}`).toBe(429);
    }
    expect((await signUp(clientA, { forwarded: 'for=198.51.100.4', 'x-real-ip': '198.51.100.4' })).statusCode).toBe(429);
  });

  it('makes a service trusting the gateway ignore X-Forwarded-For from anyone else, and take the gateway\'s', async () => {
    // Straight to the command service, not through the gateway: the header is the client's own.
    expect((await signUp(clientA, { 'x-forwarded-for': '198.51.100.5' }, commands)).statusCode).toBe(429);
    // From the gateway's address, the header is the gateway's word for the client.
    expect((await signUp('127.0.0.1', { 'x-forwarded-for': '198.51.100.6' }, commands)).statusCode).toBe(201);
  });
});

describe('links and read-your-writes through the gateway', () => {
  it('sends the simulated checkout to the gateway\'s address, and its confirm answers X-Position', async () => {
    const signup = await gateway.inject({
      method: 'POST',
      url: '/api/auth/company/signup',
      remoteAddress: '203.0.113.20',
      payload: { companyName: 'Kystlinje', contactName: 'Marit Berg', email: 'marit@kystlinje.example', password: 'kystlinje-secret' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const auth = { authorization: `Bearer ${signup.json().token}` };
    const created = await gateway.inject({ method: 'POST', url: '/api/subscription/create', headers: auth, payload: { planId: 'small_business', billingPeriod: 'monthly' } });
    expect(created.statusCode, created.body).toBe(200);
    const { checkoutUrl, sessionId } = created.json() as { checkoutUrl: string; sessionId: string };
    expect(checkoutUrl).toBe(`${PUBLIC_URL}/api/payments/simulated/checkout/${sessionId}`);

    const page = await gateway.inject({ method: 'GET', url: new URL(checkoutUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Start free trial');
    const confirmed = await gateway.inject({ method: 'POST', url: `${new URL(checkoutUrl).pathname}/confirm`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    expect(confirmed.headers.location).toBe(`${PUBLIC_URL}/pricing?checkout=success&session_id=${sessionId}`);
    const position = confirmed.headers[POSITION_HEADER];
    expect(position).toMatch(/\S/);

    // Right after the confirm, on whichever replica answers, the trial is there.
    for (let read = 0; read < 2; read++) {
      const current = await gateway.inject({ method: 'GET', url: '/api/subscription/current', headers: { ...auth, [MIN_POSITION_HEADER]: String(position) } });
      expect(current.statusCode).toBe(200);
      expect(current.json()).toMatchObject({ planId: 'small_business', status: 'trialing' });
    }
  });
});

describe('pages that depend on the read models, through the gateway', () => {
  it('answers 404 for a job page or an invitation link that opens nothing, as the app does, and 200 for a job that exists', async () => {
    const spaDir = await mkdtemp(path.join(tmpdir(), 'hireloop-spa-'));
    const indexHtml = '<!doctype html><html><head><title>Hireloop</title></head><body><div id="root"></div></body></html>';
    await writeFile(path.join(spaDir, 'index.html'), indexHtml);
    const withSpa = await buildGateway({ commandUrl, queryUrl: gateway.replicas.replicas.map((replica) => replica.url), spaDir, publicUrl: PUBLIC_URL });
    try {
      const company = await withSpa.inject({
        method: 'POST',
        url: '/api/auth/company/signup',
        remoteAddress: '203.0.113.40',
        payload: { companyName: 'Gateway Pages', contactName: 'Gia', email: 'gia@gateway-pages.example', password: 'company-password-1', website: 'https://gateway-pages.example', location: 'Austin, TX', industry: 'Data' },
      });
      expect(company.statusCode, company.body).toBe(201);
      const posted = await withSpa.inject({ method: 'POST', url: '/api/jobs', remoteAddress: '203.0.113.40', headers: { authorization: `Bearer ${company.json().token}` }, payload: { title: 'Gateway Engineer', location: 'Austin, TX', description: 'Pages.' } });
      expect(posted.statusCode, posted.body).toBe(201);
      const jobId = String(posted.json().job.id);
      // Once the read models hold it (read-your-writes through the gateway):
      const seen = await withSpa.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: { [MIN_POSITION_HEADER]: String(posted.headers[POSITION_HEADER]) } });
      expect(seen.statusCode, seen.body).toBe(200);

      const page = await withSpa.inject({ method: 'GET', url: `/job/${jobId}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      // The job's head, as the app writes it: title, description, canonical link, Open Graph, JobPosting.
      expect(page.body).toContain('<title>Gateway Engineer at Gateway Pages | Hireloop</title>');
      expect(page.body).not.toContain('<title>Hireloop</title>');
      expect(page.body).toContain('<meta property="og:title" content="Gateway Engineer at Gateway Pages | Hireloop">');
      expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/job/${jobId}">`);
      expect(page.body).toMatch(/<script type="application\/ld\+json">\{[^<]*"@type":"JobPosting"/);
      expect(page.body).toBe(renderJobPage(indexHtml, seen.json() as Job, PUBLIC_URL));
      const shareToken = String((seen.json() as Job).shareToken);
      const shared = await withSpa.inject({ method: 'GET', url: `/share/job/${shareToken}` });
      expect(shared.statusCode).toBe(200);
      expect(shared.body).toBe(page.body);
      for (const url of ['/job/no-such-job', '/share/job/no-such-share', `/invitation/${'a'.repeat(32)}.${'b'.repeat(43)}`, '/invitation/not-a-token']) {
        const missing = await withSpa.inject({ method: 'GET', url });
        expect(missing.statusCode, url).toBe(404);
        // Still the app, which shows its own not-found screen.
        expect(missing.body).toContain('<div id="root"></div>');
      }
      // The question the gateway asks, answered by a replica to anyone, with a clear 400 for a bad path.
      expect((await gateway.inject({ method: 'GET', url: `/api/page-status?path=${encodeURIComponent(`/job/${jobId}`)}` })).json()).toEqual({ status: 200, head: expect.stringContaining('<title>Gateway Engineer') });
      expect((await gateway.inject({ method: 'GET', url: '/api/page-status?path=%2Fjob%2Fno-such-job' })).json()).toEqual({ status: 404 });
      const bad = await gateway.inject({ method: 'GET', url: '/api/page-status?path=job' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/path starts with \//);
    } finally {
      await withSpa.close();
      await rm(spaDir, { recursive: true, force: true });
    }
  });
});

describe('two query replicas behind the gateway', () => {
  it('spreads reads over both replicas', async () => {
    const before = gateway.replicas.replicas.map((replica) => replica.answered);
    for (let read = 0; read < 6; read++) expect((await gateway.inject({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(200);
    expect(gateway.replicas.replicas.map((replica, index) => replica.answered - before[index]!)).toEqual([3, 3]);
  });

  it('reports its upstreams at /healthz: ok with all up, degraded with a replica down, and reads still answer', async () => {
    const healthy = await gateway.inject({ method: 'GET', url: '/healthz' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toMatchObject({
      status: 'ok',
      checks: { 'command-service': { status: 'ok' }, 'query-service-1': { status: 'ok' }, 'query-service-2': { status: 'ok' } },
    });

    await replicas[1]!.stop();
    for (let read = 0; read < 6; read++) {
      const response = await gateway.inject({ method: 'GET', url: '/api/jobs' });
      expect(response.statusCode, response.body).toBe(200);
    }
    const degraded = await gateway.inject({ method: 'GET', url: '/healthz' });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toMatchObject({
      status: 'degraded',
      checks: { 'command-service': { status: 'ok' }, 'query-service-1': { status: 'ok' }, 'query-service-2': { status: 'down', error: 'unreachable' } },
    });
    expect(degraded.json().checks['query-service-2'].failures).toBeGreaterThanOrEqual(1);

    await replicas[0]!.stop();
    const down = await gateway.inject({ method: 'GET', url: '/healthz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().status).toBe('down');
    const read = await gateway.inject({ method: 'GET', url: '/api/jobs' });
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('1');
  });
});
