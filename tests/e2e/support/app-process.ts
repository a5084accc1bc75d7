import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@hireloop/platform/embedded-postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export { freePort };

export interface AppProcess {
  url: string;
  dataDir: string;
  /** Everything the process printed so far (for failure messages). */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * Runs the real embedded default — `hireloop start` in its own process, with PostgreSQL from
 * npm and the built SPA — exactly as `npm start` does, on a free port and a scratch data dir.
 */
export async function startApp(options: { dataDir?: string; port?: number; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<AppProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'hireloop-e2e-')));
  // A free port found here can be taken by another process before the app listens on it: with a
  // port of its own choosing, a start refused with EADDRINUSE is tried again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppOn(dataDir, options.port ?? (await freePort()), options.env, options.timeoutMs);
    } catch (error) {
      if (options.port !== undefined || attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startAppOn(dataDir: string, port: number, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<AppProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', 'start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      NATS_URL: '',
      // The limit is there for hostile files; a loaded test machine still warming its resume worker must not reach it.
      RESUME_EXTRACTION_TIMEOUT_MS: '60000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app did not start within ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Hireloop is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`app exited with ${code} before it started:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    logs: () => output,
    async stop() {
      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
      if (code === 'timeout') child.kill('SIGKILL');
    },
  };
}

export const removeDataDir = (dataDir: string) => rm(dataDir, { recursive: true, force: true });

/**
 * Waits until every read model of the app has caught up with the event log, as `/healthz` reports
 * it (after `hireloop seed` wrote from another process, the board may otherwise still be counting).
 */
export async function waitForReadModels(app: AppProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const response = await fetch(`${app.url}/healthz`).catch(() => null);
    if (response) {
      const body = (await response.json().catch(() => ({}))) as { projections?: Array<{ name: string; caughtUp: boolean }> };
      const behind = (body.projections ?? []).filter((projection) => !projection.caughtUp).map((projection) => projection.name);
      if (response.ok && body.projections && behind.length === 0) return;
      last = behind.length ? `behind: ${behind.join(', ')}` : `status ${response.status}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the read models did not catch up within ${timeoutMs} ms (${last})`);
}
