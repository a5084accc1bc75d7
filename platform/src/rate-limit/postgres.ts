import pg from 'pg';
import { survivePoolErrors } from '../database/availability';
import { requireTables } from '../migrations/required-tables';
import { hitOneByOne, stateOf, windowStart, type RateLimiter, type RateLimitHit, type RateLimitState } from './types';

/**
 * `hitInTurn`'s statement for `n` hits: each a data-modifying CTE that counts its key only when
 * the one before it stayed within its limit (its INSERT selects from the previous CTE's row), so
 * the hits and the stop come in one round trip and one commit (ADR 114). Parameters per hit: key,
 * window start, and its limit but for the last hit's (nothing comes after it).
 */
const inTurnStatement = (n: number) => {
  const steps = Array.from({ length: n }, (_, i) => {
    const values = `$${3 * i + 1}::text, $${3 * i + 2}::bigint, 1`;
    const source = i === 0 ? `VALUES (${values})` : `SELECT ${values} FROM h${i - 1} WHERE h${i - 1}.count <= $${3 * (i - 1) + 3}::int`;
    return `h${i} AS (INSERT INTO rate_limit_windows (key, window_start, count) ${source}
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1 RETURNING count)`;
  });
  return `WITH ${steps.join(',\n')} SELECT ${Array.from({ length: n }, (_, i) => `(SELECT count FROM h${i}) AS c${i}`).join(', ')}`;
};
const inTurnStatements = new Map<number, string>();

export async function createPostgresRateLimiter(options: { connectionString?: string; pool?: pg.Pool }): Promise<RateLimiter> {
  const ownsPool = !options.pool;
  const pool = options.pool ?? survivePoolErrors(new pg.Pool({ connectionString: options.connectionString, max: 3 }));
  try {
    await requireTables(pool, ['rate_limit_windows']);
  } catch (error) {
    if (ownsPool) await pool.end();
    throw error;
  }
  let hits = 0;
  // Old windows are useless; sweep them now and then instead of on every hit.
  const sweep = async (now: Date) => {
    if (++hits % 200 === 0) await pool.query('DELETE FROM rate_limit_windows WHERE window_start < $1', [now.getTime() - 86_400_000]);
  };
  const limiter: RateLimiter = {
    async check(key, rule, now) {
      const { rows } = await pool.query<{ count: number }>('SELECT count FROM rate_limit_windows WHERE key = $1 AND window_start = $2', [
        key,
        windowStart(rule, now),
      ]);
      return stateOf(rows[0]?.count ?? 0, rule, now);
    },
    async hit(key, rule, now) {
      const { rows } = await pool.query<{ count: number }>(
        `INSERT INTO rate_limit_windows (key, window_start, count) VALUES ($1, $2, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
         RETURNING count`,
        [key, windowStart(rule, now)],
      );
      await sweep(now);
      return stateOf(rows[0]!.count, rule, now);
    },
    async hitInTurn(list: readonly RateLimitHit[], now: Date): Promise<RateLimitState[]> {
      const slots = list.map(({ key, rule }) => `${windowStart(rule, now)} ${key}`);
      // One statement may not change one row twice: the same key and window twice go one by one.
      if (new Set(slots).size < slots.length) return hitOneByOne(limiter, list, now);
      if (list.length === 0) return [];
      let text = inTurnStatements.get(list.length);
      if (!text) inTurnStatements.set(list.length, (text = inTurnStatement(list.length)));
      const { rows } = await pool.query<Record<string, number | null>>(
        text,
        list.flatMap(({ key, rule }, i) => (i < list.length - 1 ? [key, windowStart(rule, now), rule.limit] : [key, windowStart(rule, now)])),
      );
      await sweep(now);
      const states: RateLimitState[] = [];
      list.forEach(({ rule }, i) => {
        const count = rows[0]?.[`c${i}`];
        if (count !== null && count !== undefined) states.push(stateOf(count, rule, now));
      });
      return states;
    },
    async undo(key, rule, now) {
      await pool.query('UPDATE rate_limit_windows SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0', [key, windowStart(rule, now)]);
    },
    async clear(key) {
      await pool.query('DELETE FROM rate_limit_windows WHERE key = $1', [key]);
    },
    async close() {
      if (ownsPool) await pool.end();
    },
  };
  return limiter;
}
