import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { createPostgresAccountSecrets } from './postgres';
import type { AccountSecrets } from './types';

/**
 * The session cache (ADR 029) against a real PostgreSQL: two stores on their own pools stand for
 * two processes (the command service signs out, the query service answers reads). What one of them
 * revokes, the other stops answering as soon as the notification arrives; what bypasses the store
 * is seen after `maxAgeMs`; a cache that cannot listen remembers nothing.
 */
let db: TestDatabase;
const pools: pg.Pool[] = [];
const stores: AccountSecrets[] = [];

beforeAll(async () => {
  db = await createTestDatabase('hl_sessions');
});

afterAll(async () => {
  for (const store of stores) await store.close();
  for (const pool of pools) await pool.end();
  await db?.drop();
});

async function store(cacheSessions?: Parameters<typeof createPostgresAccountSecrets>[0]['cacheSessions']) {
  const pool = new pg.Pool({ connectionString: db.url, max: 3 });
  pools.push(pool);
  // As every pool of the app has (cli/src/runtime.ts): a connection the test kills may report a
  // second error after it was handed back, which pg-pool re-emits on the pool.
  pool.on('error', () => undefined);
  // Counted from the pool's first connection on.
  const reads = countQueries(pool);
  const secrets = await createPostgresAccountSecrets({ pool, cacheSessions });
  stores.push(secrets);
  return { pool, secrets, reads };
}

let sequence = 0;
async function session(secrets: AccountSecrets, userId: string) {
  const tokenHash = `hash-${++sequence}-${userId}`;
  const now = new Date();
  await secrets.createSession({ tokenHash, userId, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + 3_600_000).toISOString() });
  return tokenHash;
}

/** Counts the queries a pool sends, to tell a cached answer from a database read. */
function countQueries(pool: pg.Pool) {
  const counter = { sessions: 0 };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('FROM auth_sessions WHERE token_hash')) counter.sessions++;
      return query(...args);
    };
  });
  return counter;
}

const eventually = async (check: () => Promise<boolean>, ms = 5000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not within time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('sessions remembered by a process', () => {
  it('answers a session looked up before from memory, and a new lookup after a revocation from the table', async () => {
    const { secrets, reads } = await store({});
    const tokenHash = await session(secrets, 'ada');
    const first = await secrets.findActiveSession(tokenHash, new Date());
    expect(first).toMatchObject({ tokenHash, userId: 'ada', revokedAt: null });
    const readsAfterFirst = reads.sessions;
    expect(readsAfterFirst).toBe(1);
    for (let i = 0; i < 5; i++) expect(await secrets.findActiveSession(tokenHash, new Date())).toEqual(first);
    expect(reads.sessions).toBe(readsAfterFirst);
    await secrets.revokeSession(tokenHash, new Date());
    // The same process evicts at once: no notification to wait for.
    expect(await secrets.findActiveSession(tokenHash, new Date())).toBeNull();
  });

  it('stops answering a session another process revoked, all of a user’s sessions, or a user forgotten', async () => {
    const reader = await store({});
    const writer = await store();
    const one = await session(writer.secrets, 'grace');
    const two = await session(writer.secrets, 'grace');
    const other = await session(writer.secrets, 'linus');
    for (const hash of [one, two, other]) expect(await reader.secrets.findActiveSession(hash, new Date())).not.toBeNull();

    await writer.secrets.revokeSession(one, new Date());
    await eventually(async () => (await reader.secrets.findActiveSession(one, new Date())) === null);
    expect(await reader.secrets.findActiveSession(two, new Date())).not.toBeNull();

    expect(await writer.secrets.revokeAllSessions('grace', new Date())).toBe(1);
    await eventually(async () => (await reader.secrets.findActiveSession(two, new Date())) === null);
    expect(await reader.secrets.findActiveSession(other, new Date())).not.toBeNull();

    await writer.secrets.forgetUser('linus');
    await eventually(async () => (await reader.secrets.findActiveSession(other, new Date())) === null);
  });

  it('never answers an expired session from memory', async () => {
    const { secrets } = await store({});
    const tokenHash = await session(secrets, 'hopper');
    const found = await secrets.findActiveSession(tokenHash, new Date());
    expect(found).not.toBeNull();
    expect(await secrets.findActiveSession(tokenHash, new Date(new Date(found!.expiresAt).getTime() + 1))).toBeNull();
  });

  it('sees a revocation that bypassed the store after maxAgeMs at worst', async () => {
    // The cache's own clock, moved by hand: its age limit is timer logic, not something to sleep through.
    let clock = 1_000_000;
    const { pool, secrets } = await store({ maxAgeMs: 300, now: () => clock });
    const tokenHash = await session(secrets, 'babbage');
    expect(await secrets.findActiveSession(tokenHash, new Date())).not.toBeNull();
    // A hand-written UPDATE: no notification.
    await pool.query('UPDATE auth_sessions SET revoked_at = now() WHERE token_hash = $1', [tokenHash]);
    clock += 299;
    expect(await secrets.findActiveSession(tokenHash, new Date())).not.toBeNull();
    clock += 1;
    expect(await secrets.findActiveSession(tokenHash, new Date())).toBeNull();
  });

  it('remembers nothing while its notification connection is down, and listens again', async () => {
    const errors: unknown[] = [];
    const { secrets, reads } = await store({ reconnectMs: 100, onError: (error) => errors.push(error) });
    const tokenHash = await session(secrets, 'turing');
    await secrets.findActiveSession(tokenHash, new Date());
    // Kill the listening connection from the server side.
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`);
      await eventually(async () => errors.length > 0);
      const before = reads.sessions;
      await admin.query('UPDATE auth_sessions SET revoked_at = now() WHERE token_hash = $1', [tokenHash]);
      // Not listening: read from the table, so the revocation made behind its back is seen at once.
      expect(await secrets.findActiveSession(tokenHash, new Date())).toBeNull();
      expect(reads.sessions).toBeGreaterThan(before);
      // Listening again: a new session is remembered again, and a revocation by another process evicts it.
      const again = await session(secrets, 'turing');
      await eventually(async () => {
        await secrets.findActiveSession(again, new Date());
        const counted = reads.sessions;
        await secrets.findActiveSession(again, new Date());
        return reads.sessions === counted;
      });
      const writer = await store();
      await writer.secrets.revokeSession(again, new Date());
      await eventually(async () => (await secrets.findActiveSession(again, new Date())) === null);
    } finally {
      await admin.end();
    }
  });
});
