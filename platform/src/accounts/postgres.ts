import pg from 'pg';
import { survivePoolErrors } from '../database/availability';
import { requireTables } from '../migrations/required-tables';
import { SessionCache } from './session-cache';
import { API_KEY_USE_NOTED_EVERY_MS } from './memory';
import type { AccountSecrets, ApiKeyRecord, OidcLoginState, Session } from './types';

/** Made by the migrations (ADR 022). */
const TABLES = ['auth_credentials', 'auth_sessions', 'auth_one_time_secrets', 'auth_oidc_states', 'auth_api_keys'];

interface ApiKeyRow {
  key_id: string;
  user_id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
}

const toApiKey = (row: ApiKeyRow): ApiKeyRecord => ({
  keyId: row.key_id,
  userId: row.user_id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  expiresAt: row.expires_at?.toISOString() ?? null,
});
const API_KEY_COLUMNS = 'key_id, user_id, name, prefix, created_at, last_used_at, expires_at';

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

/** Where revocations are announced (the user id as payload, never a token or its hash). */
export const SESSIONS_REVOKED_CHANNEL = 'hireloop_sessions_revoked';

export interface SessionCacheOptions {
  /** Longest an active session is answered from memory (default 60 s). */
  maxAgeMs?: number;
  maxEntries?: number;
  /** Wait before listening again after the notification connection failed (default 1 s, doubling to 30 s). */
  reconnectMs?: number;
  /** Told when the notification connection fails (sessions are then read from the table each time). */
  onError?: (error: unknown) => void;
  /** The cache's clock in ms (default `Date.now`; tests move it instead of sleeping). */
  now?: () => number;
}

/**
 * `cacheSessions`: remember active sessions in this process (ADR 029). Every revocation —
 * sign-out, revoke all, forget — announces the user on `SESSIONS_REVOKED_CHANNEL` in the same
 * statement (PostgreSQL delivers it at commit, to every process listening), and this process
 * evicts its own at once; the cache is used only while the process is listening.
 */
export async function createPostgresAccountSecrets(options: { connectionString?: string; pool?: pg.Pool; cacheSessions?: SessionCacheOptions }): Promise<AccountSecrets> {
  const ownsPool = !options.pool;
  const pool = options.pool ?? survivePoolErrors(new pg.Pool({ connectionString: options.connectionString, max: 5 }));
  try {
    await requireTables(pool, TABLES);
  } catch (error) {
    if (ownsPool) await pool.end();
    throw error;
  }
  const cache = options.cacheSessions ? new SessionCache({ maxAgeMs: options.cacheSessions.maxAgeMs ?? 60_000, maxEntries: options.cacheSessions.maxEntries ?? 10_000, now: options.cacheSessions.now }) : null;
  const listener = cache && options.cacheSessions ? await listenForRevocations(pool, cache, options.cacheSessions) : null;

  return {
    async forgetUser(userId) {
      cache?.evictUser(userId);
      await pool.query(
        `WITH credentials AS (DELETE FROM auth_credentials WHERE user_id = $1),
              sessions AS (DELETE FROM auth_sessions WHERE user_id = $1),
              secrets AS (DELETE FROM auth_one_time_secrets WHERE user_id = $1),
              api_keys AS (DELETE FROM auth_api_keys WHERE user_id = $1)
         SELECT pg_notify('${SESSIONS_REVOKED_CHANNEL}', $1)`,
        [userId],
      );
      cache?.evictUser(userId);
    },
    async saveApiKey(key) {
      await pool.query('INSERT INTO auth_api_keys (key_id, key_hash, user_id, name, prefix, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        key.keyId,
        key.keyHash,
        key.userId,
        key.name,
        key.prefix,
        key.createdAt,
        key.expiresAt,
      ]);
    },
    async listApiKeys(userId) {
      const { rows } = await pool.query<ApiKeyRow>(
        `SELECT ${API_KEY_COLUMNS} FROM auth_api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, key_id`,
        [userId],
      );
      return rows.map(toApiKey);
    },
    async useApiKey(keyHash, now) {
      // Read every time (a revocation counts at once); written at most once a minute per key.
      const { rows } = await pool.query<ApiKeyRow>(
        `SELECT ${API_KEY_COLUMNS} FROM auth_api_keys WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
        [keyHash, now],
      );
      const row = rows[0];
      if (!row) return null;
      if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= API_KEY_USE_NOTED_EVERY_MS) {
        await pool.query('UPDATE auth_api_keys SET last_used_at = $2 WHERE key_id = $1', [row.key_id, now]);
        row.last_used_at = now;
      }
      return toApiKey(row);
    },
    async revokeApiKey(userId, keyId, at) {
      const { rowCount } = await pool.query('UPDATE auth_api_keys SET revoked_at = $3 WHERE key_id = $1 AND user_id = $2 AND revoked_at IS NULL', [keyId, userId, at]);
      return (rowCount ?? 0) > 0;
    },
    async deleteApiKey(keyId) {
      await pool.query('DELETE FROM auth_api_keys WHERE key_id = $1', [keyId]);
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
      const cached = cache?.get(tokenHash, now);
      if (cached) return cached;
      const since = cache?.generation ?? 0;
      const { rows } = await pool.query<SessionRow>(
        'SELECT * FROM auth_sessions WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2',
        [tokenHash, now],
      );
      const session = rows[0] ? toSession(rows[0]) : null;
      if (session) cache?.put(session, since);
      return session;
    },
    async revokeSession(tokenHash, at) {
      // Evicted before (no lookup under way is remembered) and after (none that read the row before the commit).
      cache?.evictToken(tokenHash);
      await pool.query(
        `WITH revoked AS (UPDATE auth_sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL RETURNING user_id)
         SELECT pg_notify('${SESSIONS_REVOKED_CHANNEL}', user_id) FROM revoked`,
        [tokenHash, at],
      );
      cache?.evictToken(tokenHash);
    },
    async revokeAllSessions(userId, at) {
      cache?.evictUser(userId);
      const { rows } = await pool.query<{ revoked: number }>(
        `WITH revoked AS (UPDATE auth_sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL RETURNING 1)
         SELECT count(*)::int AS revoked, pg_notify('${SESSIONS_REVOKED_CHANNEL}', $1) FROM revoked`,
        [userId, at],
      );
      cache?.evictUser(userId);
      return rows[0]?.revoked ?? 0;
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
      await listener?.stop();
      if (ownsPool) await pool.end();
    },
  };
}

/**
 * One connection held for `LISTEN`: each notification evicts that user's sessions. While it is
 * down (a dropped connection, a restart) the cache is distrusted — emptied and unused — and the
 * connection is made again with a growing pause.
 */
async function listenForRevocations(pool: pg.Pool, cache: SessionCache, options: SessionCacheOptions): Promise<{ stop(): Promise<void> }> {
  const firstPause = options.reconnectMs ?? 1000;
  let pause = firstPause;
  let stopped = false;
  let client: pg.PoolClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onNotification = (message: pg.Notification) => {
    if (message.channel === SESSIONS_REVOKED_CHANNEL && message.payload) cache.evictUser(message.payload);
  };
  const lost = (held: pg.PoolClient, error: unknown) => {
    if (client !== held) return;
    cache.distrust();
    client = null;
    held.removeListener('notification', onNotification);
    held.release(error instanceof Error ? error : true);
    if (!stopped) {
      options.onError?.(error);
      timer = setTimeout(() => void connect(), pause);
      timer.unref();
      pause = Math.min(pause * 2, 30_000);
    }
  };
  const connect = async () => {
    timer = null;
    if (stopped) return;
    let held: pg.PoolClient;
    try {
      held = await pool.connect();
    } catch (error) {
      options.onError?.(error);
      if (!stopped) {
        timer = setTimeout(() => void connect(), pause);
        timer.unref();
        pause = Math.min(pause * 2, 30_000);
      }
      return;
    }
    client = held;
    held.on('notification', onNotification);
    held.on('error', (error) => lost(held, error));
    held.on('end', () => lost(held, new Error('the session notification connection ended')));
    try {
      await held.query(`LISTEN ${SESSIONS_REVOKED_CHANNEL}`);
    } catch (error) {
      lost(held, error);
      return;
    }
    if (stopped || client !== held) return;
    pause = firstPause;
    // Listening from here on: anything revoked before is in the table, and nothing is cached yet.
    cache.trust();
  };
  await connect();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      cache.distrust();
      const held = client;
      client = null;
      if (held) {
        held.removeListener('notification', onNotification);
        await held.query(`UNLISTEN ${SESSIONS_REVOKED_CHANNEL}`).catch(() => undefined);
        held.release();
      }
    },
  };
}
