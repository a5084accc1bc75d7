import { randomBytes } from 'node:crypto';
import { migrate } from '@hireloop/platform/migrations/migrate';
import pg from 'pg';

/**
 * Integration tests run against a real PostgreSQL server: `TEST_DATABASE_URL`
 * (default: the local server on 127.0.0.1:5432). Each call creates a fresh database
 * so test files can run in parallel without seeing each other's rows; it is migrated, as the
 * app's is at start, unless `migrated: false` (ADR 022).
 */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(prefix = 'hl_test', options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  if (options.migrated !== false) await migrate(url.toString());
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_SERVER_URL });
      await client.connect();
      try {
        // Without FORCE first, for a moment: connections a test just closed may still be on their
        // way out, and terminating them then makes their pool report an error nobody listens to
        // any more (an unhandled error fails the whole run). FORCE only for what is really left open.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (error) {
            const inUse = (error as { code?: string }).code === '55006';
            if (!inUse) throw error;
            if (attempt >= 20) {
              await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/** A fresh schema `<prefix>_<random>` in the database at `url`, migrated: tests sharing a database start empty. */
export async function createMigratedSchema(url: string, prefix: string): Promise<string> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await migrate(url, { schema });
  return schema;
}
