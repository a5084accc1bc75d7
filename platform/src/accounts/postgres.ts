import pg from 'pg';
import { requireTables } from '../migrations/required-tables';
import type { AccountSecrets, OidcLoginState, Session } from './types';

/** Made by the migrations (ADR 022). */
const TABLES = ['auth_credentials', 'auth_sessions', 'auth_one_time_secrets', 'auth_oidc_states'];

interface SessionRow {
  token_hash: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

const toSession = (row: SessionRow): Session => ({
  tokenHash: row.token_hash,
  userId: row.user_id,
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

export async function createPostgresAccountSecrets(options: { connectionString?: string; pool?: pg.Pool }): Promise<AccountSecrets> {
  const ownsPool = !options.pool;
  const pool = options.pool ?? new pg.Pool({ connectionString: options.connectionString, max: 5 });
  try {
    await requireTables(pool, TABLES);
  } catch (error) {
    if (ownsPool) await pool.end();
    throw error;
  }

  return {
    async forgetUser(userId) {
      await pool.query(
        `WITH credentials AS (DELETE FROM auth_credentials WHERE user_id = $1),
              sessions AS (DELETE FROM auth_sessions WHERE user_id = $1)
         DELETE FROM auth_one_time_secrets WHERE user_id = $1`,
        [userId],
      );
    },
    async deletePasswordHash(userId) {
      await pool.query('DELETE FROM auth_credentials WHERE user_id = $1', [userId]);
    },
    async setPasswordHash(userId, passwordHash, at) {
      await pool.query(
        `INSERT INTO auth_credentials (user_id, password_hash, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = EXCLUDED.updated_at`,
        [userId, passwordHash, at],
      );
    },
    async getPasswordHash(userId) {
      const { rows } = await pool.query<{ password_hash: string }>('SELECT password_hash FROM auth_credentials WHERE user_id = $1', [userId]);
      return rows[0]?.password_hash ?? null;
    },
    async createSession(session) {
      await pool.query('INSERT INTO auth_sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        session.tokenHash,
        session.userId,
        session.createdAt,
        session.expiresAt,
      ]);
    },
    async findActiveSession(tokenHash, now) {
      const { rows } = await pool.query<SessionRow>(
        'SELECT * FROM auth_sessions WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2',
        [tokenHash, now],
      );
      return rows[0] ? toSession(rows[0]) : null;
    },
    async revokeSession(tokenHash, at) {
      await pool.query('UPDATE auth_sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash, at]);
    },
    async revokeAllSessions(userId, at) {
      const result = await pool.query('UPDATE auth_sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, at]);
      return result.rowCount ?? 0;
    },
    async saveOneTimeSecret(secret) {
      await pool.query('INSERT INTO auth_one_time_secrets (secret_hash, kind, user_id, expires_at) VALUES ($1, $2, $3, $4)', [
        secret.secretHash,
        secret.kind,
        secret.userId,
        secret.expiresAt,
      ]);
    },
    async peekOneTimeSecret(secretHash, kind, now) {
      const { rows } = await pool.query<{ user_id: string }>(
        'SELECT user_id FROM auth_one_time_secrets WHERE secret_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3',
        [secretHash, kind, now],
      );
      return rows[0]?.user_id ?? null;
    },
    async consumeOneTimeSecret(secretHash, kind, now) {
      // One UPDATE: of two concurrent uses, the second finds used_at already set.
      const { rows } = await pool.query<{ user_id: string }>(
        `UPDATE auth_one_time_secrets SET used_at = $3
          WHERE secret_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
          RETURNING user_id`,
        [secretHash, kind, now],
      );
      return rows[0]?.user_id ?? null;
    },
    async revokeOneTimeSecrets(userId, kind, at) {
      await pool.query('UPDATE auth_one_time_secrets SET used_at = $3 WHERE user_id = $1 AND kind = $2 AND used_at IS NULL', [userId, kind, at]);
    },
    async saveOidcState(state) {
      await pool.query('INSERT INTO auth_oidc_states (state, code_verifier, nonce, expires_at) VALUES ($1, $2, $3, $4)', [
        state.state,
        state.codeVerifier,
        state.nonce,
        state.expiresAt,
      ]);
    },
    async takeOidcState(state, now) {
      const { rows } = await pool.query<{ state: string; code_verifier: string; nonce: string; expires_at: Date }>(
        'DELETE FROM auth_oidc_states WHERE state = $1 RETURNING *',
        [state],
      );
      const row = rows[0];
      if (!row || row.expires_at <= now) return null;
      return { state: row.state, codeVerifier: row.code_verifier, nonce: row.nonce, expiresAt: row.expires_at.toISOString() } satisfies OidcLoginState;
    },
    async close() {
      if (ownsPool) await pool.end();
    },
  };
}
