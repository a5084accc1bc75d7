import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, POSITION_HEADER, TOTAL_COUNT_HEADER } from '@hireloop/contracts';
import { TEST_NATS_URL, deleteTestStream } from '../support/nats';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startService, stopAllServices, type ServiceProcess } from '../support/service-processes';

/**
 * The services profile as processes (ADR 051): command service, projections, two query-service
 * replicas and the gateway with GATEWAY_QUERY_URL listing both, on the machine's PostgreSQL and
 * NATS. The test stands where a load balancer would: the gateway trusts it (127.0.0.1) to say
 * each client's address in X-Forwarded-For, and the services trust the gateway.
 */
let db: TestDatabase;
const prefix = `hl${randomBytes(4).toString('hex')}`;
let gateway: ServiceProcess;
let replicas: ServiceProcess[];

beforeAll(async () => {
  db = await createTestDatabase();
  // As the README says: every process gets the gateway's PUBLIC_URL and trusts only the hop in front of it.
  const env = { DATABASE_URL: db.url, NATS_URL: TEST_NATS_URL, NATS_PREFIX: prefix, TRUST_PROXY: '127.0.0.1', READ_YOUR_WRITES_TIMEOUT_MS: '15000', PUBLIC_URL: 'http://hireloop.test' };
  // One first, so that the schema migration is not raced by four processes on two cores.
  const commands = await startService('command-service', env);
  const [projections, ...queries] = await Promise.all([startService('projections', env), startService('query-service', env), startService('query-service', env)]);
  void projections;
  replicas = queries;
  gateway = await startService('gateway', { ...env, GATEWAY_COMMAND_URL: commands.url, GATEWAY_QUERY_URL: replicas.map((replica) => replica.url).join(',') });
}, 180_000);

afterAll(async () => {
  await stopAllServices();
  await deleteTestStream(`${prefix.toUpperCase()}_WORK`);
  await db?.drop();
}, 60_000);

let clients = 0;
/** A request through the gateway from a client of its own (as the load balancer in front says). */
const call = (path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string>; from?: string } = {}) =>
  fetch(`${gateway.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-forwarded-for': init.from ?? `198.18.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

interface Health {
  status: string;
  checks: Record<string, { status: string; answered?: number; failures?: number }>;
}
const health = async () => (await (await fetch(`${gateway.url}/healthz`)).json()) as Health;
const answered = async () => {
  const { checks } = await health();
  return [checks['query-service-1']!.answered!, checks['query-service-2']!.answered!];
};

/** A company posts a job with a word of its own in the title; the position it was written at. */
async function postJob(word: string) {
  const signup = await call('/api/auth/company/signup', { method: 'POST', body: { companyName: `Firm ${word}`, contactName: 'Ola Nordmann', email: `${word}@firms.example`, password: 'firm-password-1' } });
  expect(signup.status, await signup.clone().text()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  const posted = await call('/api/jobs', { method: 'POST', token, body: { title: `Engineer ${word}`, location: 'Bergen, Norway', description: `Work on ${word}.` } });
  expect(posted.status, await posted.clone().text()).toBe(201);
  return posted.headers.get(POSITION_HEADER)!;
}

const search = async (word: string, position: string, base = gateway.url) => {
  const response = await fetch(`${base}/api/jobs?search=${word}`, { headers: { [MIN_POSITION_HEADER]: position } });
  expect(response.status).toBe(200);
  return { titles: ((await response.json()) as Array<{ title: string }>).map((job) => job.title), total: Number(response.headers.get(TOTAL_COUNT_HEADER)) };
};

let lastPosition = '';

describe('two query replicas behind the gateway, as processes', () => {
  it('spreads reads over both replicas, and every read right after a write sees it, whichever replica answers', async () => {
    const before = await answered();
    for (let n = 0; n < 6; n++) {
      const word = `zq${randomBytes(3).toString('hex')}`;
      lastPosition = await postJob(word);
      // Two reads in a row: one on each replica (round-robin), each waiting for the position itself.
      for (let read = 0; read < 2; read++) expect((await search(word, lastPosition)).titles).toEqual([`Engineer ${word}`]);
    }
    const after = await answered();
    const spread = after.map((count, index) => count - before[index]!);
    expect(spread[0]).toBeGreaterThanOrEqual(6);
    expect(spread[1]).toBeGreaterThanOrEqual(6);
  }, 120_000);

  it('gives the same totals on both replicas', async () => {
    const totals = await Promise.all(replicas.map(async (replica) => (await search('', lastPosition, replica.url)).total));
    expect(totals[0]).toBe(6);
    expect(totals[1]).toBe(6);
  });

  it('fails no GET when a replica is killed under read load, keeps its event streams working, and says it is degraded', async () => {
    // Two event streams through the gateway: one on each replica.
    const streams = await Promise.all([openStream(), openStream()]);
    const load = readLoad();
    await load.reached(150);
    const killed = replicas[1]!;
    await killed.stop('SIGKILL');
    const readsAtKill = load.count();
    await load.reached(readsAtKill + 300);
    const { reads, failures } = await load.stop();
    expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([]);
    expect(reads).toBeGreaterThanOrEqual(450);

    // The stream the killed replica served ended (EventSource would reconnect); the other goes on.
    const ended = await Promise.all(streams.map((stream) => stream.endedWithin(5000)));
    expect(ended.filter(Boolean)).toHaveLength(1);
    const reconnected = await openStream();
    expect(reconnected.status).toBe(200);
    // Events flow through the gateway on the reconnected stream and the one that went on.
    const survivor = streams[ended.indexOf(false)]!;
    const candidate = await call('/api/auth/candidate/signup', { method: 'POST', body: { name: 'Siri Lund', email: 'siri@streams.example', password: 'siri-password-1' } });
    expect(candidate.status).toBe(201);
    const profile = await call('/api/profile', {
      method: 'POST',
      token: ((await candidate.json()) as { token: string }).token,
      body: { jobTitle: 'Site Reliability Engineer', skills: ['Go'], experience: '3-5 years', location: 'Oslo, Norway', isActivelyLooking: true, isPublic: true, profilePicture: null, coverPhoto: null },
    });
    expect(profile.status, await profile.clone().text()).toBe(201);
    await Promise.all([reconnected, survivor].map((stream) => stream.waitFor(/event: candidates-changed\ndata: \{"position":"[^"]+"\}/, 10_000)));
    await Promise.all([...streams, reconnected].map((stream) => stream.close()));

    const report = await health();
    expect(report.status).toBe('degraded');
    expect(report.checks['query-service-2']).toMatchObject({ status: 'down' });
    expect(report.checks['query-service-1']).toMatchObject({ status: 'ok' });
    expect(report.checks['command-service']).toMatchObject({ status: 'ok' });
    // A write and the reads after it still work, on the replica left.
    const word = `zq${randomBytes(3).toString('hex')}`;
    const position = await postJob(word);
    for (let read = 0; read < 2; read++) expect((await search(word, position)).titles).toEqual([`Engineer ${word}`]);
  }, 180_000);
});

/** GETs through the gateway from 4 workers until stopped: how many, and each failure (a status other than 200, or no answer). */
function readLoad() {
  let reads = 0;
  let stopped = false;
  const failures: string[] = [];
  const waiters: Array<{ target: number; resolve: () => void }> = [];
  const paths = ['/api/jobs', '/api/jobs?search=engineer', '/api/jobs?count=5&page=1', `/api/jobs?search=engineer&location=bergen`];
  const worker = async (index: number) => {
    for (let n = 0; !stopped; n++) {
      const path = paths[(index + n) % paths.length]!;
      try {
        const response = await fetch(`${gateway.url}${path}`, { headers: { [MIN_POSITION_HEADER]: lastPosition } });
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`${path}: ${response.status}`);
      } catch (error) {
        failures.push(`${path}: ${String(error)}`);
      }
      reads++;
      for (const waiter of waiters.filter((w) => reads >= w.target)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const workers = Promise.all([0, 1, 2, 3].map(worker));
  return {
    count: () => reads,
    /** Resolves once `target` reads have been answered (or failed). */
    reached: (target: number) => (reads >= target ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ target, resolve }))),
    async stop() {
      stopped = true;
      await workers;
      return { reads, failures };
    },
  };
}

/** An event stream opened through the gateway, read in the background. */
async function openStream() {
  const controller = new AbortController();
  const response = await fetch(`${gateway.url}/api/candidates/events`, { signal: controller.signal });
  const reader = response.body!.getReader();
  let text = '';
  let ended = false;
  const reading = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
    } catch {
      // Cut: as ended as a clean end, for EventSource.
    }
    ended = true;
  })();
  // The stream's first line says how soon to reconnect.
  const deadline = Date.now() + 5000;
  while (!/retry: \d+/.test(text) && !ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(text).toMatch(/retry: \d+/);
  return {
    status: response.status,
    /** Whether the stream ends within `ms` (polled state, not a guessed time). */
    async endedWithin(ms: number) {
      const until = Date.now() + ms;
      while (!ended && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      return ended;
    },
    /** Resolves once the stream has carried `pattern` (polled state); throws after `ms`. */
    async waitFor(pattern: RegExp, ms: number) {
      const until = Date.now() + ms;
      while (!pattern.test(text)) {
        if (ended || Date.now() > until) throw new Error(`no ${pattern} on the stream (ended: ${ended}); got ${JSON.stringify(text)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
