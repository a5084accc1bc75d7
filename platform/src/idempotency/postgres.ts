import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { survivePoolErrors } from '../database/availability';
import { requireTables } from '../migrations/required-tables';
import type { ClaimResult, IdempotencyStore, StoredAnswer } from './types';

interface Row {
  fingerprint: string;
  completed: boolean;
  answer: StoredAnswer | null;
}

export async function createPostgresIdempotencyStore(options: { connectionString?: string; pool?: pg.Pool }): Promise<IdempotencyStore> {
  const ownsPool = !options.pool;
  const pool = options.pool ?? survivePoolErrors(new pg.Pool({ connectionString: options.connectionString, max: 3 }));
  try {
    await requireTables(pool, ['idempotency_keys']);
  } catch (error) {
    if (ownsPool) await pool.end();
    throw error;
  }
  let claims = 0;
  return {
    async claim(request, now, leaseMs): Promise<ClaimResult> {
      // Expired records are dead weight; sweep them now and then instead of on every claim.
      if (++claims % 200 === 0) await pool.query('DELETE FROM idempotency_keys WHERE expires_at <= $1', [now]);
      // A record can be released between the failed insert and the read: then claim again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const claim = randomUUID();
        // The unique id makes this atomic: of simultaneous claims, one inserts (or takes over an
        // expired record) and the others find its row.
        const claimed = await pool.query(
          `INSERT INTO idempotency_keys (id, fingerprint, claim, completed, answer, expires_at)
           VALUES ($1, $2, $3, false, NULL, $4)
           ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, claim = EXCLUDED.claim,
             completed = false, answer = NULL, expires_at = EXCLUDED.expires_at
           WHERE idempotency_keys.expires_at <= $5
           RETURNING claim`,
          [request.id, request.fingerprint, claim, new Date(now.getTime() + leaseMs), now],
        );
        if (claimed.rowCount === 1) return { outcome: 'run', claim };
        const { rows } = await pool.query<Row>('SELECT fingerprint, completed, answer FROM idempotency_keys WHERE id = $1 AND expires_at > $2', [
          request.id,
          now,
        ]);
        const record = rows[0];
        if (!record) continue;
        if (record.fingerprint !== request.fingerprint) return { outcome: 'mismatch' };
        return record.completed ? { outcome: 'done', answer: record.answer } : { outcome: 'running' };
      }
      return { outcome: 'running' };
    },
    async complete(id, claim, answer, expiresAt) {
      await pool.query('UPDATE idempotency_keys SET completed = true, answer = $3, expires_at = $4 WHERE id = $1 AND claim = $2', [
        id,
        claim,
        answer === null ? null : JSON.stringify(answer),
        expiresAt,
      ]);
    },
    async release(id, claim) {
      await pool.query('DELETE FROM idempotency_keys WHERE id = $1 AND claim = $2', [id, claim]);
    },
    async close() {
      if (ownsPool) await pool.end();
    },
  };
}
