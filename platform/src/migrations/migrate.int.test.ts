import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_SERVER_URL, type TestDatabase } from '../../../tests/support/postgres';
import { createPostgresAccountSecrets } from '../accounts/postgres';
import { createPostgresEventStore } from '../event-store/postgres';
import { START } from '../event-store/position';
import { createPostgresIdempotencyStore } from '../idempotency/postgres';
import { createPostgresOutbox } from '../mailer/outbox';
import { REDACTED } from '../mailer/types';
import { createPostgresRateLimiter } from '../rate-limit/postgres';
import { createPostgresReadStore } from '../read-store/postgres';
import { fixedClock } from '../runtime';
import { MIGRATIONS_DIR, migrate, migrationStatus } from './migrate';
import { SchemaNotMigratedError } from './required-tables';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');

/** Every table the migrations make, in code point order (the read models' `rm_*` tables are the read store's). */
const FIXED_TABLES = [
  'auth_api_keys',
  'auth_credentials',
  'auth_oidc_states',
  'auth_one_time_secrets',
  'auth_sessions',
  'events',
  'idempotency_keys',
  'mail_outbox',
  'outbox_messages',
  'personal_data_keys',
  'profile_pictures',
  'projection_checkpoints',
  'rate_limit_windows',
  'reaction_checkpoints',
  'schema_migrations',
  'url_signing_keys',
];

const databases: TestDatabase[] = [];
/** Roles are the server's, not a database's: dropped after the databases holding their tables. */
const roles: string[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  for (const role of roles) await withClient(TEST_SERVER_URL, (client) => client.query(`DROP ROLE IF EXISTS ${role}`));
});

async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase('hl_migrations', { migrated: false });
  databases.push(database);
  return database;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The shape of the fixed schema as PostgreSQL reports it: tables, columns, constraints, indexes, sequences. */
const schemaOf = (url: string) =>
  withClient(url, async (client) => {
    const rows = async (sql: string) => (await client.query(sql)).rows;
    const fixed = `NOT LIKE 'rm\\_%'`;
    return {
      tables: (await rows(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name ${fixed} ORDER BY table_name COLLATE "C"`)).map(
        (row) => row.table_name as string,
      ),
      columns: await rows(
        `SELECT table_name, ordinal_position, column_name, data_type, is_nullable, column_default, collation_name
           FROM information_schema.columns WHERE table_schema = 'public' AND table_name ${fixed} ORDER BY table_name, ordinal_position`,
      ),
      constraints: await rows(
        `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
           FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text ${fixed} ORDER BY 1, 2`,
      ),
      indexes: await rows(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename ${fixed} ORDER BY 1, 2`),
      sequences: await rows(`SELECT sequence_name, data_type, start_value, increment FROM information_schema.sequences WHERE sequence_schema = 'public' ORDER BY 1`),
    };
  });

const migrationFiles = async () => (await readdir(MIGRATIONS_DIR)).map((file) => path.basename(file, '.sql')).sort();

const appliedNames = (url: string) =>
  withClient(url, async (client) => (await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY id')).rows.map((row) => row.name));

describe('schema migrations', () => {
  it('build the fixed schema in a new database and record each migration', async () => {
    const { url } = await emptyDatabase();
    const applied = await migrate(url);
    expect(applied).toEqual(await migrationFiles());
    expect(applied[0]).toBe('0001_baseline');
    expect((await schemaOf(url)).tables).toEqual(FIXED_TABLES);
    expect(await appliedNames(url)).toEqual(applied);
  });

  it('apply nothing and change nothing when run again', async () => {
    const { url } = await emptyDatabase();
    await migrate(url);
    const before = await schemaOf(url);
    expect(await migrate(url)).toEqual([]);
    expect(await schemaOf(url)).toEqual(before);
    expect(await appliedNames(url)).toEqual(await migrationFiles());
  });

  it('let several processes migrate one database at once: one applies, the others find nothing to do', async () => {
    const { url } = await emptyDatabase();
    const runs = await Promise.all(Array.from({ length: 4 }, () => migrate(url)));
    expect(runs.filter((applied) => applied.length > 0)).toEqual([await migrationFiles()]);
    expect(await appliedNames(url)).toEqual(await migrationFiles());
  });

  it('bring a database made before migrations to the same schema, keeping its rows', async () => {
    const fresh = await emptyDatabase();
    await migrate(fresh.url);
    const old = await emptyDatabase();
    await withClient(old.url, async (client) => client.query(await readFile(path.join(HERE, 'schema-before-migrations.sql'), 'utf8')));

    expect(await migrate(old.url)).toEqual(await migrationFiles());
    expect(await schemaOf(old.url)).toEqual(await schemaOf(fresh.url));

    const pool = new pg.Pool({ connectionString: old.url });
    try {
      const eventStore = await createPostgresEventStore({ pool });
      // readAll shows an event once every older transaction of the server has ended (gap safety), and other
      // suites' transactions on the same server may still be open: wait for it rather than read once.
      await expect
        .poll(async () => (await eventStore.readAll(START)).events.map((event) => event.streamId), { timeout: 30_000, interval: 100 })
        .toEqual(['user-ada']);
      await eventStore.close();
      const readStore = await createPostgresReadStore({ pool });
      expect(await readStore.getCheckpoint('users_v1')).toBe('0000000000000000000001');
      await readStore.ensureCollection('projection_status');
      expect(await readStore.collection('projection_status').get('users_v1')).toEqual({ _id: 'users_v1', status: 'running' });
      await readStore.close();
      const secrets = await createPostgresAccountSecrets({ pool });
      expect((await secrets.findActiveSession('hash-of-a-token', new Date()))?.userId).toBe('ada');
      await secrets.close();
      // 0002: the reset link kept before secrets were hidden is gone.
      const outbox = await createPostgresOutbox({ pool, from: 'Hireloop <no-reply@hireloop.test>', clock: fixedClock('2026-11-22T10:00:00.000Z') });
      expect((await outbox.list())[0]?.text).toBe(`Reset it here: ${REDACTED} within an hour.`);
    } finally {
      await pool.end();
    }
  });

  it('are what every PostgreSQL adapter needs: without them each refuses to start and says what to run', async () => {
    const { url } = await emptyDatabase();
    const pool = new pg.Pool({ connectionString: url });
    try {
      const starts = [
        () => createPostgresEventStore({ pool }),
        () => createPostgresReadStore({ pool }),
        () => createPostgresAccountSecrets({ pool }),
        () => createPostgresRateLimiter({ pool }),
        () => createPostgresIdempotencyStore({ pool }),
        () => createPostgresOutbox({ pool, from: 'Hireloop <no-reply@hireloop.test>', clock: fixedClock('2026-11-22T10:00:00.000Z') }),
      ];
      for (const start of starts) {
        const error = await start().then(
          () => null,
          (reason: unknown) => reason,
        );
        expect(error).toBeInstanceOf(SchemaNotMigratedError);
        expect((error as Error).message).toContain('npm run hireloop -- migrate');
      }
      await migrate(url);
      for (const start of starts) {
        const adapter = await start();
        await adapter.close();
      }
    } finally {
      await pool.end();
    }
  });

  it('need no more than a managed database grants an application: its own schema, no CREATE on the database', async () => {
    const { url } = await emptyDatabase();
    const role = `hl_app_${randomBytes(4).toString('hex')}`;
    roles.push(role);
    await withClient(url, async (client) => {
      await client.query(`CREATE ROLE ${role} LOGIN`);
      await client.query(`REVOKE CREATE ON DATABASE ${client.database} FROM PUBLIC`);
      await client.query(`GRANT USAGE, CREATE ON SCHEMA public TO ${role}`);
    });
    const asApplication = new URL(url);
    asApplication.username = role;
    expect(await migrate(asApplication.toString())).toEqual(await migrationFiles());
    expect(await migrate(asApplication.toString())).toEqual([]);
  });

  it('report each migration as pending, then as applied', async () => {
    const { url } = await emptyDatabase();
    const files = await migrationFiles();
    expect(await migrationStatus(url)).toEqual(files.map((name) => ({ name, appliedAt: null, inCheckout: true })));
    await migrate(url);
    const status = await migrationStatus(url);
    expect(status.map(({ name, inCheckout }) => ({ name, inCheckout }))).toEqual(files.map((name) => ({ name, inCheckout: true })));
    expect(status.every((migration) => migration.appliedAt instanceof Date)).toBe(true);
  });

  it('say which migrations the database has that this checkout lacks', async () => {
    const { url } = await emptyDatabase();
    await migrate(url);
    await withClient(url, (client) => client.query(`INSERT INTO schema_migrations (name, run_on) VALUES ('9999_from-a-newer-checkout', now())`));
    expect((await migrationStatus(url)).at(-1)).toMatchObject({ name: '9999_from-a-newer-checkout', inCheckout: false });
    // Newer code's migrations do not stop this checkout from starting.
    expect(await migrate(url)).toEqual([]);
  });

  it('run from the command line: `hireloop migrate --status` lists them pending, `hireloop migrate` applies them', { timeout: 60_000 }, async () => {
    const { url } = await emptyDatabase();
    const hireloop = async (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: url, NATS_URL: '', LOG_LEVEL: 'warn' },
      });
    const files = await migrationFiles();

    // Two runs only: each start of the CLI costs seconds.
    const status = await hireloop('migrate', '--status');
    expect(status.stdout.trim().split('\n').map((line) => line.split(/\s+/))).toEqual(files.map((name) => [name, 'pending']));
    const run = await hireloop('migrate');
    expect(run.stderr).toContain(`applied ${files.join(', ')}`);
    expect(await appliedNames(url)).toEqual(files);
  });
});
