import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@hireloop/platform/embedded-postgres';
import { serviceBundle } from './service-bundle';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServiceKind = 'command-service' | 'query-service' | 'projections' | 'gateway' | 'start';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServiceProcess {
  kind: ServiceKind;
  url: string;
  port: number;
  pid: number;
  /** stdout+stderr so far (for failure messages). */
  output(): string;
  /** Sends the signal and resolves with the exit code/signal when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
  exited: Promise<Exit>;
}

/** Every process started here and not yet exited: `stopAllServices()` ends them (afterAll). */
const running = new Set<ServiceProcess>();

/**
 * Spawns `node --import tsx cli/src/main.ts serve <kind>` (or `start`) from the repository root
 * with `env` (PORT picked free unless given, LOG_LEVEL warn unless given), and resolves once
 * GET /healthz answers (any status); rejects with the output if the process exits first or does
 * not answer within `timeoutMs` (default 60 s; the process is then killed). With `bundled`, the
 * process runs the CLI compiled once into plain JavaScript instead (`node main.mjs serve <kind>`).
 */
export async function startService(kind: ServiceKind, env: Record<string, string>, options: { timeoutMs?: number; bundled?: boolean } = {}): Promise<ServiceProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = kind === 'start' ? ['start'] : ['serve', kind];
  // `bundled`: the same code compiled once (./service-bundle.ts), for suites that restart processes many times.
  const entry = options.bundled ? [await serviceBundle()] : ['--import', 'tsx', 'cli/src/main.ts'];
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const service: ServiceProcess = {
    kind,
    url,
    port,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  running.add(service);
  void exited.then(() => running.delete(service));

  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let gone: Exit | null = null;
  void exited.then((exit) => {
    gone = exit;
  });
  for (;;) {
    if (gone !== null) {
      const { code, signal } = gone as Exit;
      throw new Error(`${kind} exited (code ${code}, signal ${signal}) before /healthz answered:\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`${kind} did not answer GET ${url}/healthz within ${timeoutMs} ms:\n${output}`);
    }
    const answered = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return true;
      },
      () => false,
    );
    if (answered) return service;
    // Polls the process's state (exit or health), not a guessed start-up time.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
}

/** Kills every process `startService` started that is still running (call it in afterAll). */
export async function stopAllServices(): Promise<void> {
  await Promise.all(
    [...running].map(async (service) => {
      const timer = setTimeout(() => {
        try {
          process.kill(service.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 10_000);
      await service.stop('SIGTERM');
      clearTimeout(timer);
    }),
  );
}
