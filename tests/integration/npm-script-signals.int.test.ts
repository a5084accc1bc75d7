import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@hireloop/platform/embedded-postgres';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Issue 22: `npm run hireloop -- serve …` ignored SIGTERM. npm passed it to the `sh -c` running
 * the script, which does not pass it on, so npm exited and the service ran on, orphaned, still
 * serving. The script now `exec`s node, so the signal reaches the service, which stops.
 */
let db: TestDatabase | null = null;
/** Process groups started here: npm and whatever it started, orphans included. */
const groups: number[] = [];

afterAll(async () => {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await db?.drop();
});

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    async (response) => {
      await response.arrayBuffer();
      return true;
    },
    () => false,
  );

async function until(check: () => Promise<boolean>, what: string, output: () => string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms\n${output()}`);
}

describe('npm run hireloop -- serve', () => {
  it('stops the service when the supervisor sends SIGTERM to npm', async () => {
    db = await createTestDatabase();
    const port = await freePort();
    const npm = spawn('npm', ['run', '--silent', 'hireloop', '--', 'serve', 'query-service'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.url, NATS_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that afterAll can end a service npm left behind.
      detached: true,
    });
    groups.push(npm.pid!);
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    const healthz = `http://127.0.0.1:${port}/healthz`;
    await until(() => answers(healthz), 'the service answers /healthz', () => output, 60_000);

    // To npm alone, as a supervisor that started `npm run` sends it.
    npm.kill('SIGTERM');
    await exited;
    // The service itself stopped (it said so, and its port is closed), not only npm.
    await until(async () => !(await answers(healthz)), 'the service stops answering after SIGTERM', () => output);
    expect(output).toContain('SIGTERM: stopping');
  }, 120_000);
});
