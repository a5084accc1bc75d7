import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY_EMBEDDED_PASSWORD, passwordFileOf, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';

/**
 * The embedded PostgreSQL on a loopback port must not take a password every local process knows.
 * The data lives under the repository's `.test-data` (git-ignored): as root, PostgreSQL runs as
 * the `postgres` user, which can enter it (it cannot enter a private temp folder).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = path.join(ROOT, '.test-data', `embedded-pg-${randomBytes(4).toString('hex')}`);
const passwordFile = passwordFileOf(dataDir);
let running: EmbeddedDatabase | null = null;

afterAll(async () => {
  await running?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The server's answer to a sign-in with `password`: 'accepted' or the refusal's SQLSTATE. */
async function signInAnswer(url: string, password: string): Promise<string> {
  const withPassword = new URL(url);
  withPassword.password = encodeURIComponent(password);
  return query(withPassword.toString(), 'SELECT 1').then(
    () => 'accepted',
    (error: { code?: string }) => error.code ?? String(error),
  );
}

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;
const keptPassword = async () => (await readFile(passwordFile, 'utf8')).trim();

describe('embedded PostgreSQL password', () => {
  it('a new data directory gets a random password, kept in a file only its owner can read', { timeout: 120_000 }, async () => {
    await mkdir(path.dirname(dataDir), { recursive: true });
    running = await startEmbeddedPostgres({ dataDir });

    expect(await modeOf(passwordFile)).toBe(0o600);
    const password = await keptPassword();
    expect(Buffer.from(password, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(decodeURIComponent(new URL(running.url).password)).toBe(password);
    expect(await query(running.url, 'SELECT current_database() AS name')).toEqual([{ name: 'hireloop' }]);
    expect(await signInAnswer(running.url, LEGACY_EMBEDDED_PASSWORD)).toBe('28P01');

    // A second process on the same data (`hireloop seed` while the app runs) shares the server.
    const shared = await startEmbeddedPostgres({ dataDir });
    expect(shared.url).toBe(running.url);
  });

  it('a data directory made with the old fixed password keeps its data and gets a random password', { timeout: 120_000 }, async () => {
    // Turn the directory into what the previous version left: the fixed password, no password file.
    const before = running!;
    await query(before.url, 'CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$from before$$)');
    await query(before.url, `ALTER ROLE postgres PASSWORD '${LEGACY_EMBEDDED_PASSWORD}'`);
    await before.stop();
    running = null;
    const oldPassword = await keptPassword();
    await rm(passwordFile);

    running = await startEmbeddedPostgres({ dataDir });

    expect(await modeOf(passwordFile)).toBe(0o600);
    const password = await keptPassword();
    expect(password).not.toBe(oldPassword);
    expect(decodeURIComponent(new URL(running.url).password)).toBe(password);
    expect(await query(running.url, 'SELECT note FROM kept')).toEqual([{ note: 'from before' }]);
    expect(await signInAnswer(running.url, LEGACY_EMBEDDED_PASSWORD)).toBe('28P01');
  });
});
