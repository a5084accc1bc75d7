import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, postgresSystemUser, type SystemUser } from '@hireloop/platform/embedded-postgres';

const run = promisify(execFile);

/** The Debian PostgreSQL binaries (initdb, pg_ctl, postgres); `OWN_POSTGRES_BIN` chooses others. */
export const OWN_POSTGRES_BIN = process.env.OWN_POSTGRES_BIN ?? debianPostgresBin();

/** The newest `/usr/lib/postgresql/<major>/bin` (15 on the development machines). */
function debianPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  return path.join(root, majors[0] ?? '15', 'bin');
}

export interface OwnPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication on loopback). */
  url: string;
  port: number;
  /** Stops the server; `immediate` is a crash as the clients see it (connections cut, no checkpoint). */
  stop(options?: { mode?: 'smart' | 'fast' | 'immediate' }): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it (immediate) and removes its data. */
  destroy(): Promise<void>;
  /** The server's log so far (for failure messages). */
  log(): Promise<string>;
}

/**
 * A PostgreSQL cluster of the test's own, which it may stop and start (the machine's server on
 * 5432 is shared by every test and must stay up). Run as root, the server runs as the `postgres`
 * system user: its folder is made under the temporary folder and opened (0755) so that user can
 * enter it. Throws, naming what is missing, when the binaries are not there (a test that needs it
 * fails rather than skips).
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const pgCtl = path.join(OWN_POSTGRES_BIN, 'pg_ctl');
  const initdb = path.join(OWN_POSTGRES_BIN, 'initdb');
  if (!existsSync(pgCtl) || !existsSync(initdb)) {
    throw new Error(`No PostgreSQL binaries in ${OWN_POSTGRES_BIN} (initdb, pg_ctl): install postgresql-15 or set OWN_POSTGRES_BIN to a folder holding them`);
  }
  const user: SystemUser | null = process.getuid?.() === 0 ? await postgresSystemUser() : null;
  const root = await mkdtemp(path.join(tmpdir(), 'hireloop-own-pg-'));
  await chmod(root, 0o755);
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  const logFile = path.join(root, 'server.log');
  await mkdir(dataDir, { mode: 0o700 });
  await mkdir(socketDir, { mode: 0o755 });
  if (user) {
    await chown(root, user.uid, user.gid);
    await chown(dataDir, user.uid, user.gid);
    await chown(socketDir, user.uid, user.gid);
  }
  const asServer = (binary: string, args: string[]) => run(binary, args, { ...(user ?? {}), cwd: root, env: { ...process.env, LC_ALL: 'C' } });
  await asServer(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const readLog = () => readFile(logFile, 'utf8').catch(() => '');
  let running = false;

  const start = async () => {
    try {
      await asServer(pgCtl, ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off`]);
    } catch (error) {
      throw new Error(`The test's own PostgreSQL did not start on port ${port}: ${error instanceof Error ? error.message : String(error)}\n${await readLog()}`);
    }
    running = true;
  };
  const stop = async ({ mode = 'fast' }: { mode?: 'smart' | 'fast' | 'immediate' } = {}) => {
    if (!running) return;
    await asServer(pgCtl, ['stop', '-w', '-t', '60', '-D', dataDir, '-m', mode]);
    running = false;
  };

  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    async destroy() {
      await stop({ mode: 'immediate' }).catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
    log: readLog,
  };
}
