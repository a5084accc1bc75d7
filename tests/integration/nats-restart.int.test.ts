import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@hireloop/platform/embedded-postgres';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startService, stopAllServices, type ServiceProcess } from '../support/service-processes';

/**
 * Issue 22 / ADR 050: NATS away for longer than its client's default patience (10 tries, about
 * 20 s) left a process with a closed bus for good, and /healthz said nothing about NATS. Here a
 * NATS server of the test's own (the machine's is shared) is killed for 25 s and started again on
 * the same port: the service says "degraded" (200) meanwhile and is connected again after.
 */
const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
let db: TestDatabase;
let storeDir: string;
let natsPort: number;
let nats: ChildProcess | null = null;
let service: ServiceProcess;

async function startNats(): Promise<void> {
  if (!existsSync(NATS_SERVER)) throw new Error(`No nats-server at ${NATS_SERVER}: install it or set NATS_SERVER_BIN`);
  const child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', storeDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  nats = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server is ready')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`nats-server exited (${code}):\n${output}`)));
  });
}

async function killNats(): Promise<void> {
  const child = nats;
  nats = null;
  if (!child || child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

interface Health {
  status: string;
  checks: { nats: { configured: boolean; ok: boolean; state?: string } };
}

const health = async (): Promise<{ code: number; body: Health } | null> => {
  try {
    const response = await fetch(`${service.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    return { code: response.status, body: (await response.json()) as Health };
  } catch {
    return null;
  }
};

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms\n${service?.output()}`);
}

beforeAll(async () => {
  db = await createTestDatabase();
  storeDir = await mkdtemp(path.join(tmpdir(), 'hireloop-nats-'));
  natsPort = await freePort();
  await startNats();
  service = await startService('query-service', { DATABASE_URL: db.url, NATS_URL: `nats://127.0.0.1:${natsPort}`, NATS_PREFIX: 'natsrestart' });
}, 120_000);

afterAll(async () => {
  await stopAllServices();
  await killNats();
  await rm(storeDir, { recursive: true, force: true });
  await db?.drop();
});

describe('NATS away for longer than 20 s', () => {
  it('is reported as degraded meanwhile, and the service is connected again by itself after', async () => {
    await until(async () => (await health())?.body.checks.nats.state === 'connected', 'connected at first');
    let exited = false;
    void service.exited.then(() => (exited = true));

    await killNats();
    await until(async () => {
      const answer = await health();
      return answer?.code === 200 && answer.body.status === 'degraded' && answer.body.checks.nats.ok === false && answer.body.checks.nats.state === 'reconnecting';
    }, 'degraded while NATS is away');
    // Longer than the client's default patience (10 tries, 2 s apart). Nothing to observe but time here.
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    const during = await health();
    expect(during?.body.checks.nats.state).toBe('reconnecting');

    await startNats();
    await until(async () => {
      const answer = await health();
      return answer?.code === 200 && answer.body.checks.nats.state === 'connected' && answer.body.checks.nats.ok;
    }, 'connected again');
    expect(exited).toBe(false);
  }, 180_000);
});
