import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@hireloop/contracts';
import { maxPosition, START } from '@hireloop/platform/event-store';
import { TEST_NATS_URL, deleteTestStream } from '../support/nats';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres';
import { startService, stopAllServices, type ServiceProcess } from '../support/service-processes';

/**
 * Issue 22, "surviving a database restart": the services profile as three processes (and `start`, all in one) on a
 * PostgreSQL of the test's own, which is stopped (immediate: a crash as clients see it) while
 * companies post jobs and started again. No process may die; writes during the outage answer 503
 * with Retry-After (never 500); every /healthz says the database is missing meanwhile and ok
 * again after; every acknowledged write reaches the read models without restarting anything.
 */
const prefix = `hl${randomBytes(4).toString('hex')}`;
const clusters: OwnPostgres[] = [];

/** The processes of one profile, as the scenario uses them. */
interface Profile {
  database: OwnPostgres;
  /** Where writes go, and reads. */
  commands: ServiceProcess;
  queries: ServiceProcess;
  /** The process that runs the projections (its /healthz lists them). */
  projections: ServiceProcess;
  all: ServiceProcess[];
}

interface Health {
  status?: string;
  ok?: boolean;
  checks?: { database?: { ok: boolean } };
  projections?: Array<{ name: string; caughtUp: boolean; status: string }>;
}

const health = async (service: ServiceProcess): Promise<{ code: number; body: Health } | null> => {
  try {
    const response = await fetch(`${service.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    return { code: response.status, body: (await response.json()) as Health };
  } catch {
    return null;
  }
};

/** Polls `check` (a state the test can observe) until it holds, or fails naming `what` with the processes' output. */
async function until(profile: Profile, check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const outputs = [...new Set(profile.all)].map((service) => `--- ${service.kind}:\n${service.output()}`).join('\n');
  throw new Error(`${what}: not within ${timeoutMs} ms.\n${outputs}`);
}

const alive = (service: ServiceProcess) => {
  let exited = false;
  void service.exited.then(() => (exited = true));
  return () => !exited;
};

async function signUpWithPlan(commands: ServiceProcess, name: string): Promise<string> {
  const signup = await fetch(`${commands.url}/api/auth/company/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: name, contactName: `${name} Hiring`, email: `jobs@${name.toLowerCase()}.example`, password: 'company-password' }),
  });
  expect(signup.status).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  // Many job posts: a plan without a job post limit (plan limits, ADR 030).
  const created = await fetch(`${commands.url}/api/subscription/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ planId: 'enterprise' }),
  });
  expect(created.status).toBe(200);
  const { checkoutUrl } = (await created.json()) as { checkoutUrl?: string };
  if (checkoutUrl) {
    const confirmed = await fetch(`${commands.url}${new URL(checkoutUrl, 'http://localhost').pathname}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);
  }
  return token;
}

interface Outcome {
  phase: 'before' | 'outage' | 'after';
  status: number;
  retryAfter: string | null;
  position: string | null;
  jobId: string | null;
  body: string;
}

/**
 * The scenario: companies post jobs in a loop; PostgreSQL stops (immediate) meanwhile and starts
 * again; then every process is checked, without restarting any.
 */
async function restartUnderLoad(profile: Profile): Promise<void> {
  const { database, commands, queries, projections } = profile;
  const processes = [...new Set(profile.all)];
  const living = processes.map((service) => [service.kind, alive(service)] as const);
  const tokens = [await signUpWithPlan(commands, 'Fjordline'), await signUpWithPlan(commands, 'Nordkapp')];

  let phase: Outcome['phase'] = 'before';
  const outcomes: Outcome[] = [];
  let writing = true;
  let count = 0;
  const writer = (async () => {
    while (writing) {
      const token = tokens[count % tokens.length]!;
      count += 1;
      const at = phase;
      try {
        const response = await fetch(`${commands.url}/api/jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ title: `Restart Engineer ${count}`, location: 'Oslo, Norway', description: 'Keep the lights on.' }),
          signal: AbortSignal.timeout(20_000),
        });
        const body = await response.text();
        let jobId: string | null = null;
        if (response.ok) jobId = (JSON.parse(body) as { job: { id: string } }).job.id;
        outcomes.push({ phase: at, status: response.status, retryAfter: response.headers.get('retry-after'), position: response.headers.get(POSITION_HEADER), jobId, body });
      } catch (error) {
        outcomes.push({ phase: at, status: 0, retryAfter: null, position: null, jobId: null, body: String(error) });
      }
      // A steady trickle: the job post limit per account is 30 an hour.
      await new Promise((resolve) => setTimeout(resolve, phase === 'outage' ? 200 : 100));
    }
  })();

  try {
    await until(profile, async () => outcomes.filter((o) => o.status === 201).length >= 5, 'five jobs posted before the outage');
    await database.stop({ mode: 'immediate' });
    phase = 'outage';

    // Meanwhile: writes are refused with 503 and Retry-After, and every process says so.
    await until(profile, async () => outcomes.filter((o) => o.phase === 'outage').length >= 8, 'eight writes tried during the outage');
    const during = await Promise.all(processes.map(health));
    for (const answer of during) {
      expect(answer, 'every process answers /healthz during the outage').not.toBeNull();
      expect(answer!.code).toBe(503);
      expect(answer!.body.status).toBe('down');
      expect(answer!.body.checks?.database?.ok).toBe(false);
    }
    // A read the in-memory indexes can answer may answer; one that needs the database answers 503 with Retry-After.
    const anyJob = outcomes.find((o) => o.status === 201)!;
    for (const path of ['/api/jobs', `/api/jobs/${anyJob.jobId}`, '/api/auth/user']) {
      const read = await fetch(`${queries.url}${path}`, { headers: { authorization: `Bearer ${tokens[0]}`, [MIN_POSITION_HEADER]: anyJob.position! } });
      expect([200, 503], `GET ${path} during the outage`).toContain(read.status);
      if (read.status === 503) expect(read.headers.get('retry-after'), `GET ${path}`).toMatch(/^\d+$/);
    }

    await database.start();
    phase = 'after';
    await until(profile, async () => outcomes.filter((o) => o.phase === 'after' && o.status === 201).length >= 5, 'five jobs posted after the restart');
  } finally {
    writing = false;
    await writer;
  }

  // No process died, none was restarted.
  for (const [kind, isAlive] of living) expect(isAlive(), `${kind} is still running`).toBe(true);
  // The outage answered 503 with Retry-After: never a 500, never a dropped connection.
  const failures = outcomes.filter((o) => o.status !== 201);
  expect(failures.length).toBeGreaterThan(0);
  for (const failure of failures) {
    expect(failure, 'a write during the outage').toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
    expect(JSON.parse(failure.body)).toMatchObject({ success: false, error: expect.stringMatching(/database/i) });
  }

  // Every process is ok again by itself.
  for (const service of processes) {
    await until(profile, async () => {
      const answer = await health(service);
      return answer?.code === 200 && answer.body.status === 'ok' && answer.body.checks?.database?.ok === true;
    }, `${service.kind} /healthz ok again`);
  }

  // Every acknowledged write is visible through the query service.
  const acknowledged = outcomes.filter((o) => o.status === 201);
  const last = acknowledged.reduce((highest, o) => maxPosition(highest, o.position!), START);
  for (const { jobId } of acknowledged) {
    const read = await fetch(`${queries.url}/api/jobs/${jobId}`, { headers: { [MIN_POSITION_HEADER]: last } });
    expect(read.status, `job ${jobId}`).toBe(200);
  }
  // And the projections' checkpoints reach the head.
  await until(profile, async () => {
    const answer = await health(projections);
    return answer !== null && (answer.body.projections ?? []).length > 0 && answer.body.projections!.every((projection) => projection.caughtUp && projection.status === 'running');
  }, 'every projection caught up with the head');
}

afterAll(async () => {
  await stopAllServices();
  await deleteTestStream(`${prefix.toUpperCase()}_WORK`).catch(() => undefined);
  for (const cluster of clusters) await cluster.destroy();
});

async function ownDatabase(): Promise<OwnPostgres> {
  const database = await startOwnPostgres();
  clusters.push(database);
  return database;
}

describe('a PostgreSQL restart under load', () => {
  it('in the services profile kills no process, answers 503 with Retry-After meanwhile, and every acknowledged write is projected', async () => {
    const database = await ownDatabase();
    const env = { DATABASE_URL: database.url, NATS_URL: TEST_NATS_URL, NATS_PREFIX: prefix, READ_YOUR_WRITES_TIMEOUT_MS: '15000' };
    // One after the other: each migrates first, and they would only take turns anyway (ADR 022).
    const commands = await startService('command-service', env);
    const queries = await startService('query-service', env);
    const projections = await startService('projections', env);
    await restartUnderLoad({ database, commands, queries, projections, all: [commands, queries, projections] });
  }, 300_000);

  it('in one process (start, on DATABASE_URL) does the same', async () => {
    const database = await ownDatabase();
    const app = await startService('start', { DATABASE_URL: database.url, NATS_URL: '', READ_YOUR_WRITES_TIMEOUT_MS: '15000' });
    await restartUnderLoad({ database, commands: app, queries: app, projections: app, all: [app] });
  }, 300_000);
});
