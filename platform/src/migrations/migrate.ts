import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The fixed PostgreSQL schema (event store, checkpoints, account secrets, rate limits,
 * idempotency keys, outbox) is built by the numbered SQL files in `platform/migrations/`, applied
 * in order by node-pg-migrate and recorded in `schema_migrations` (ADR 022). Adapters only check
 * that their tables exist. The read models' own tables stay with the read store, which creates
 * them from each projection's declaration at run time.
 */

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Where node-pg-migrate records what it applied (in the migrated schema). */
export const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * Held (pg_advisory_lock, per database) while migrations run: a second process starting at the
 * same time waits, then finds nothing left to do.
 */
const MIGRATION_LOCK = 7_301_000;

export interface MigrateOptions {
  /** Schema to build (created if missing); tables and the record of migrations live there. Default `public`. */
  schema?: string;
  /** Warnings and errors of the tool, and a line naming what was applied. */
  log?: (line: string) => void;
}

export interface MigrationState {
  /** The file's name without `.sql`, e.g. `0001_baseline`. */
  name: string;
  /** When it was applied; null while pending. */
  appliedAt: Date | null;
  /** False for a migration the database has but this checkout lacks (applied by newer code). */
  inCheckout: boolean;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function schemaOf(options: MigrateOptions): string {
  const schema = options.schema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name ${JSON.stringify(schema)}: expected ${SCHEMA_NAME.source}`);
  return schema;
}

/** A connection of its own: the tool sets its search_path, which must not leak into a pool. */
async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'hireloop-migrate' });
  // A connection lost mid-run fails the pending query; without a listener it would end the process.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * Applies the migrations not yet applied, in one transaction, and returns their names (empty
 * when the database was up to date). Safe to call from several processes at once.
 */
export async function migrate(databaseUrl: string, options: MigrateOptions = {}): Promise<string[]> {
  const schema = schemaOf(options);
  const log = options.log ?? (() => undefined);
  const client = await connect(databaseUrl);
  try {
    // The usual start: everything applied already. One query, and the tool is not even loaded
    // (about 160 ms). Migrations are never removed, so this needs no lock.
    if ((await stateOf(client, schema)).every((migration) => migration.appliedAt !== null)) return [];
    const { runner } = await import('node-pg-migrate');
    // CREATE SCHEMA, even IF NOT EXISTS, needs CREATE on the database, which an application's
    // role often lacks: only ask for it when the schema is missing.
    const existing = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    const applied = await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      direction: 'up',
      schema,
      createSchema: existing.rowCount === 0,
      migrationsTable: MIGRATIONS_TABLE,
      checkOrder: true,
      singleTransaction: true,
      lockValue: MIGRATION_LOCK,
      advisoryLockMode: 'wait',
      // Its progress lines ("No migrations to run!") would be noise on every start.
      logger: { debug: () => undefined, info: () => undefined, warn: log, error: log },
    });
    const names = applied.map((migration) => migration.name);
    if (names.length > 0) log(`Database schema${schema === 'public' ? '' : ` ${schema}`}: applied ${names.join(', ')}`);
    return names;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The migrations of this checkout in order, plus any the database has that this checkout lacks. */
export async function migrationStatus(databaseUrl: string, options: Pick<MigrateOptions, 'schema'> = {}): Promise<MigrationState[]> {
  const schema = schemaOf(options);
  const client = await connect(databaseUrl);
  try {
    return await stateOf(client, schema);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function stateOf(client: pg.Client, schema: string): Promise<MigrationState[]> {
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((file) => !file.startsWith('.'))
    .map((file) => path.basename(file, path.extname(file)))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const table = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(MIGRATIONS_TABLE)}`;
  const exists = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [table]);
  const rows = exists.rows[0]?.found ? (await client.query<{ name: string; run_on: Date }>(`SELECT name, run_on FROM ${table} ORDER BY run_on, id`)).rows : [];
  const appliedAt = new Map(rows.map((row) => [row.name, row.run_on]));
  return [
    ...files.map((name) => ({ name, appliedAt: appliedAt.get(name) ?? null, inCheckout: true })),
    ...rows.filter((row) => !files.includes(row.name)).map((row) => ({ name: row.name, appliedAt: row.run_on, inCheckout: false })),
  ];
}
