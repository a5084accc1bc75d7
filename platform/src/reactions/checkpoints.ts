import type pg from 'pg';
import type { Position } from '../event-store';
import { requireTables } from '../migrations/required-tables';

/**
 * How far each reaction has read the log (its last handled batch's end). A reaction hands its
 * work to the bus with a message id per event, so resuming from a checkpoint saved after the
 * batch was handed over repeats at most that batch, and the repeat is deduplicated there.
 */
export interface ReactionCheckpoints {
  get(name: string): Promise<Position | null>;
  set(name: string, position: Position): Promise<void>;
}

export function createMemoryReactionCheckpoints(): ReactionCheckpoints {
  const positions = new Map<string, Position>();
  return {
    async get(name) {
      return positions.get(name) ?? null;
    },
    async set(name, position) {
      positions.set(name, position);
    },
  };
}

/** Made by the migrations (ADR 022). */
export async function createPostgresReactionCheckpoints(options: { pool: pg.Pool }): Promise<ReactionCheckpoints> {
  const { pool } = options;
  await requireTables(pool, ['reaction_checkpoints']);
  return {
    async get(name) {
      const { rows } = await pool.query<{ position: string }>('SELECT position FROM reaction_checkpoints WHERE name = $1', [name]);
      return rows[0]?.position ?? null;
    },
    async set(name, position) {
      await pool.query(
        `INSERT INTO reaction_checkpoints (name, position, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = EXCLUDED.updated_at`,
        [name, position],
      );
    },
  };
}
