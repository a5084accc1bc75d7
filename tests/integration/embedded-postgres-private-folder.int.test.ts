import { execFile, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresSystemUser, sharedCopyOfBinaries } from '@hireloop/platform/embedded-postgres';

/**
 * A newcomer working as root in a folder the `postgres` system user cannot enter (a project under
 * /root, or made by `mktemp -d`): as root, the embedded PostgreSQL runs as that user. The start
 * either works or stops with a message saying what to do, never with a stack trace.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const isRoot = process.getuid?.() === 0;
const made: string[] = [];

afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

/** A folder like `mktemp -d` makes: only its owner may enter it. */
async function privateFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hireloop-private-'));
  made.push(dir);
  expect((await stat(dir)).mode & 0o777).toBe(0o700);
  return dir;
}

describe('the embedded PostgreSQL with its data in a private folder', () => {
  it('a command either runs or says what to set, without a stack trace', { timeout: 120_000 }, async () => {
    const dataDir = path.join(await privateFolder(), 'data');
    const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', 'events'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '', LOG_LEVEL: 'warn' },
    }).then(
      ({ stderr }) => ({ code: 0, stderr }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stderr).toContain(`Data: the embedded PostgreSQL in ${dataDir} (DATA_DIR).`);
    if (isRoot) {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`The embedded PostgreSQL cannot keep its data in ${dataDir}.`);
      expect(result.stderr).toContain('Set DATA_DIR to a folder it can enter, for example DATA_DIR=/var/lib/hireloop, or set DATABASE_URL');
    } else {
      expect(result.code).toBe(0);
    }
  });
});

describe.runIf(isRoot)('as root, PostgreSQL installed in a private folder', () => {
  it('is copied once to a shared folder, from where the postgres user runs it', { timeout: 60_000 }, async () => {
    const user = await postgresSystemUser();
    const packaged = path.dirname(createRequire(createRequire(import.meta.url).resolve('embedded-postgres')).resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
    // The binaries as a project under /root holds them (hard links: no copy of 60 MB).
    const nativeDir = path.join(await privateFolder(), 'native');
    expect(spawnSync('cp', ['-al', path.join(packaged, '..', 'native'), nativeDir]).status).toBe(0);
    const runsAsPostgres = (binary: string) => spawnSync(binary, ['--version'], { uid: user.uid, gid: user.gid, encoding: 'utf8' });
    expect(runsAsPostgres(path.join(nativeDir, 'bin', 'postgres')).error).toMatchObject({ code: 'EACCES' });

    const sharedDir = await mkdtemp(path.join(tmpdir(), 'hireloop-shared-'));
    made.push(sharedDir);
    await chmod(sharedDir, 0o755);
    const notices: string[] = [];
    const binaries = await sharedCopyOfBinaries({ nativeDir, version: 'test', user, sharedDir, log: (line) => notices.push(line) });

    expect(binaries.postgres.startsWith(sharedDir)).toBe(true);
    expect(runsAsPostgres(binaries.postgres).stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
    expect(runsAsPostgres(binaries.initdb).stdout).toMatch(/^initdb \(PostgreSQL\) \d+/);
    expect(notices).toEqual([`The postgres user cannot run PostgreSQL from ${nativeDir}; copying it to ${path.dirname(path.dirname(binaries.postgres))}.`]);

    // The next start finds the copy.
    await sharedCopyOfBinaries({ nativeDir, version: 'test', user, sharedDir, log: (line) => notices.push(line) });
    expect(notices).toHaveLength(1);
  });
});
