import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminProjectionList, MIN_POSITION_HEADER, POSITION_HEADER } from '@hireloop/contracts';
import { TEST_NATS_URL, deleteTestStream } from '../support/nats';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startService, stopAllServices, type ServiceProcess } from '../support/service-processes';

/**
 * The admin console's rebuild in the services profile (issue 27, ADR 087): the request is made on
 * the command service, the rebuild runs in the projections process (a process of its own, on
 * PostgreSQL and NATS), and the query service shows its progress. A rebuild asked for while no
 * projections process runs waits, "requested", and is done by the next one that starts.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let db: TestDatabase;
const prefix = `hl${randomBytes(4).toString('hex')}`;
let env: Record<string, string>;
let commands: ServiceProcess;
let queries: ServiceProcess;
let projections: ServiceProcess;
/** Processes start slowly on a busy machine: compiled once (the CLI bundle), given three minutes each. */
const START = { timeoutMs: 180_000, bundled: true };

beforeAll(async () => {
  db = await createTestDatabase();
  env = { DATABASE_URL: db.url, NATS_URL: TEST_NATS_URL, NATS_PREFIX: prefix, TRUST_PROXY: '127.0.0.1', READ_YOUR_WRITES_TIMEOUT_MS: '15000', PUBLIC_URL: 'http://hireloop.test' };
  // One first, so that the schema migration is not raced by three processes on two cores.
  commands = await startService('command-service', env, START);
  [projections, queries] = await Promise.all([startService('projections', env, START), startService('query-service', env, START)]);
}, 480_000);

afterAll(async () => {
  await stopAllServices();
  await deleteTestStream(`${prefix.toUpperCase()}_WORK`);
  await db?.drop();
}, 60_000);

let clients = 0;
let lastPosition = '';
/** A request from a client of its own; a GET waits for the last write seen (read-your-writes) unless `wait` is false. */
const call = async (base: string, route: string, init: { method?: string; body?: unknown; token?: string; wait?: boolean } = {}) => {
  const response = await fetch(`${base}${route}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'x-forwarded-for': `198.18.7.${++clients}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(lastPosition && init.wait !== false && (init.method ?? 'GET') === 'GET' && init.body === undefined ? { [MIN_POSITION_HEADER]: lastPosition } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const position = response.headers.get(POSITION_HEADER);
  if (position && response.ok && position > lastPosition) lastPosition = position;
  return { status: response.status, body: await response.text() };
};

/** `hireloop grant-role EMAIL super_admin` against the test database, as an operator runs it. */
async function grantSuperAdmin(email: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', 'grant-role', email, 'super_admin'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: db.url, NATS_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`grant-role exited with ${code}:\n${output}`);
}

/** Polls an observable state until it holds. */
async function until<T>(read: () => Promise<T>, holds: (value: T) => boolean, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms; last: ${JSON.stringify(value).slice(0, 500)}\n--- projections:\n${projections.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const jobBoardRow = async (token: string) => {
  // Polled: it must not wait for the last write (no projections process may be running).
  const answer = await call(queries.url, '/api/admin/projections', { token, wait: false });
  if (answer.status !== 200) throw new Error(`GET /api/admin/projections: ${answer.status} ${answer.body}`);
  return AdminProjectionList.parse(JSON.parse(answer.body)).projections.find((row) => row.name === 'job-board')!;
};

describe('the admin console rebuild in the services profile', () => {
  it('a rebuild asked for on the command service runs in the projections process; one asked for while none runs waits for the next', { timeout: 480_000 }, async () => {
    const signup = await call(commands.url, '/api/auth/candidate/signup', { body: { name: 'Rae Rebuild', email: 'rae.rebuild@services.example', password: 'services-rebuild-password' } });
    expect(signup.status, signup.body).toBe(201);
    const { token } = JSON.parse(signup.body) as { token: string };
    await grantSuperAdmin('rae.rebuild@services.example');
    await until(async () => JSON.parse((await call(queries.url, '/api/auth/user', { token })).body) as { role?: string }, (user) => user.role === 'super_admin', 'the account reads super_admin');

    const company = await call(commands.url, '/api/auth/company/signup', { body: { companyName: 'Rebuilt Works', contactName: 'Rob Works', email: 'rob@rebuilt-works.example', password: 'services-rebuild-password' } });
    expect(company.status, company.body).toBe(201);
    const companyToken = (JSON.parse(company.body) as { token: string }).token;
    const posted = await call(commands.url, '/api/jobs', { token: companyToken, body: { title: 'Rebuilt Services Engineer', location: 'Oslo, Norway', description: 'Survives a rebuild.' } });
    expect(posted.status, posted.body).toBe(201);
    const jobId = (JSON.parse(posted.body) as { job: { id: string } }).job.id;

    // Asked for on the command service; run by the projections process; seen on the query service.
    const asked = await call(commands.url, '/api/admin/projections/job-board/rebuild', { method: 'POST', token });
    expect(asked.status, asked.body).toBe(202);
    const { requestId } = JSON.parse(asked.body) as { requestId: string };
    const done = await until(() => jobBoardRow(token), (row) => row.rebuild?.requestId === requestId && row.rebuild.state !== 'requested' && row.rebuild.state !== 'running', 'the rebuild ended');
    expect(done.rebuild).toMatchObject({ requestId, state: 'done', phase: 'switch', error: null });
    expect(done.rebuild!.events).toBeGreaterThan(0);
    // The rebuilt board still has the job, and the live runner goes on after the switch.
    const read = await call(queries.url, `/api/jobs/${jobId}`);
    expect(read.status, read.body).toBe(200);
    expect(read.body).toContain('Rebuilt Services Engineer');

    // No projections process: the request is kept, "requested", until one starts.
    await projections.stop('SIGTERM');
    const waiting = await call(commands.url, '/api/admin/projections/job-board/rebuild', { method: 'POST', token });
    expect(waiting.status, waiting.body).toBe(202);
    const waitingId = (JSON.parse(waiting.body) as { requestId: string }).requestId;
    const row = await until(() => jobBoardRow(token), (value) => value.rebuild?.requestId === waitingId, 'the second request listed');
    expect(row.rebuild!.state).toBe('requested');
    projections = await startService('projections', env, START);
    const later = await until(() => jobBoardRow(token), (value) => value.rebuild?.requestId === waitingId && value.rebuild.state !== 'requested' && value.rebuild.state !== 'running', 'the waiting rebuild ended');
    expect(later.rebuild).toMatchObject({ requestId: waitingId, state: 'done', error: null });
    // The live runner goes on after the second switch: an edit made now is read back.
    const edited = await call(commands.url, `/api/jobs/${jobId}`, { method: 'PUT', token: companyToken, body: { title: 'Edited After The Rebuild', location: 'Oslo, Norway', description: 'Projected by the live runner after the switch.' } });
    expect(edited.status, edited.body).toBe(200);
    const reread = await call(queries.url, `/api/jobs/${jobId}`);
    expect(reread.status, reread.body).toBe(200);
    expect(reread.body).toContain('Edited After The Rebuild');
  });
});
