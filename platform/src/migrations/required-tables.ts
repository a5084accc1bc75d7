import type pg from 'pg';

/** The tables an adapter needs are missing: the database was not migrated (ADR 022). */
export class SchemaNotMigratedError extends Error {
  override name = 'SchemaNotMigratedError';
  constructor(readonly missing: readonly string[]) {
    super(
      `The database has no table ${missing.join(', ')}: its schema is not migrated (ADR 022). ` +
        'Run `npm run hireloop -- migrate` with this DATABASE_URL or DATA_DIR, or, in code, ' +
        'call migrate() from @hireloop/platform/migrations/migrate before creating the adapters.',
    );
  }
}

/**
 * Checks at an adapter's start that the migrations made its tables, so a forgotten migration
 * fails there with what to do instead of as "relation does not exist" in the middle of a request.
 * Without `schema`, names resolve through the connection's search_path, as the adapter's queries do.
 */
export async function requireTables(db: Pick<pg.Pool, 'query'>, tables: readonly string[], schema?: string): Promise<void> {
  const names = tables.map((table) => (schema === undefined ? table : `${schema}.${table}`));
  const qualified = tables.map((table) => (schema === undefined ? quote(table) : `${quote(schema)}.${quote(table)}`));
  const { rows } = await db.query<{ found: boolean[] }>(
    `SELECT array_agg(to_regclass(t.name) IS NOT NULL ORDER BY t.ordinality) AS found
       FROM unnest($1::text[]) WITH ORDINALITY AS t(name, ordinality)`,
    [qualified],
  );
  const found = rows[0]?.found ?? [];
  const missing = names.filter((_name, index) => found[index] !== true);
  if (missing.length > 0) throw new SchemaNotMigratedError(missing);
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;
