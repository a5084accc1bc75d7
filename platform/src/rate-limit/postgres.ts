import pg from 'pg';
import { survivePoolErrors } from '../database/availability';
import { requireTables } from '../migrations/required-tables';
import { stateOf, windowStart, type RateLimiter } from './types';

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
  return {
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
      // Old windows are useless; sweep them now and then instead of on every hit.
      if (++hits % 200 === 0) await pool.query('DELETE FROM rate_limit_windows WHERE window_start < $1', [now.getTime() - 86_400_000]);
      return stateOf(rows[0]!.count, rule, now);
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
}
