import type pg from 'pg';
import type { Position } from '@hireloop/platform/event-store';
import { outboxDelivered } from './outbox';

/**
 * Waits until every read model's checkpoint has reached `position` (positions compare as
 * strings, ADR 001). A query waits only for the read models it reads (ADR 054), so a test that
 * scans every table after a command waits here for the others.
 */
export async function readModelsReached(pool: Pick<pg.Pool, 'query'>, position: Position, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ projection: string }>('SELECT projection FROM projection_checkpoints WHERE position < $1 ORDER BY projection', [position]);
    if (rows.length === 0) return;
    if (Date.now() > deadline) throw new Error(`read models still behind ${position} after ${timeoutMs} ms: ${rows.map((row) => row.projection).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The tables (of every schema) with a row whose text holds `text`, once the outbox has delivered
 * what it held and, given `after`, once every read model has reached that position. Used to show
 * that erased or secret text is stored nowhere.
 */
export async function tablesHolding(pool: Pick<pg.Pool, 'query'>, text: string, after?: Position): Promise<string[]> {
  await outboxDelivered(pool);
  if (after) await readModelsReached(pool, after);
  const { rows: tables } = await pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const holding: string[] = [];
  for (const table of tables) {
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${table.schema}"."${table.name}" AS t WHERE t::text LIKE $1`, [`%${text}%`]);
    if (Number(rows[0]!.n) > 0) holding.push(table.name);
  }
  return holding;
}
