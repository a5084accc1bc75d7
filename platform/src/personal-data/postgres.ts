import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { requireTables } from '../migrations/required-tables';
import { PersonErasedError, type PersonalDataKeys, type SubjectKey } from './types';

interface KeyRow {
  subject: string;
  key: Buffer | null;
  erased_at: Date | null;
}

const toSubjectKey = (row: KeyRow): SubjectKey =>
  row.key ? { status: 'active', key: row.key } : { status: 'erased', erasedAt: (row.erased_at ?? new Date(0)).toISOString() };

/**
 * Keys in PostgreSQL, beside (not inside) the event log (table made by migration 0003). Erasing sets the key to NULL: the row
 * stays as the tombstone, and PostgreSQL's own MVCC garbage collection (autovacuum) removes the
 * old row version holding the key.
 */
export async function createPostgresPersonalDataKeys(options: { pool: pg.Pool }): Promise<PersonalDataKeys> {
  const { pool } = options;
  await requireTables(pool, ['personal_data_keys']);

  const lookup = async (subjects: readonly string[]) => {
    const result = new Map<string, SubjectKey>();
    if (subjects.length === 0) return result;
    const { rows } = await pool.query<KeyRow>('SELECT subject, key, erased_at FROM personal_data_keys WHERE subject = ANY($1::text[])', [[...new Set(subjects)]]);
    for (const row of rows) result.set(row.subject, toSubjectKey(row));
    return result;
  };

  return {
    async keysForWriting(subjects, now) {
      const unique = [...new Set(subjects)];
      let known = await lookup(unique);
      const missing = unique.filter((subject) => !known.has(subject));
      if (missing.length > 0) {
        // Two writers making a key for one person at once: the first insert wins, both use it.
        await pool.query(
          `INSERT INTO personal_data_keys (subject, key, created_at)
           SELECT subject, key, $3 FROM unnest($1::text[], $2::bytea[]) AS fresh(subject, key)
           ON CONFLICT (subject) DO NOTHING`,
          [missing, missing.map(() => randomBytes(32)), now.toISOString()],
        );
        known = await lookup(unique);
      }
      const result = new Map<string, Buffer>();
      for (const subject of unique) {
        const entry = known.get(subject);
        if (!entry || entry.status === 'erased') throw new PersonErasedError(subject);
        result.set(subject, entry.key);
      }
      return result;
    },
    lookup,
    async erase(subject, at) {
      await pool.query(
        `INSERT INTO personal_data_keys (subject, key, created_at, erased_at) VALUES ($1, NULL, $2, $2)
         ON CONFLICT (subject) DO UPDATE SET key = NULL, erased_at = COALESCE(personal_data_keys.erased_at, EXCLUDED.erased_at)`,
        [subject, at.toISOString()],
      );
    },
    async close() {},
  };
}
