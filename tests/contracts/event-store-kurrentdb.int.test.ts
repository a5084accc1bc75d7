/**
 * The event-store contract against KurrentDB (ADR 075): a server at TEST_KURRENTDB_URL, or one in a
 * container where a container runtime answers; otherwise the suite is skipped with one line
 * saying why. Each test gets its own stream namespace, so it starts with an empty log.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@hireloop/platform/config';
import { createKurrentDbEventStore, EventStoreUnavailableError } from '@hireloop/platform/event-store/kurrentdb';
import { createMemoryOutboxStore } from '@hireloop/platform/outbox';
import { createRuntime } from '../../cli/src/runtime';
import { kurrentdbUrl, skipLoudly } from '../support/containers';
import { createTestDatabase } from '../support/postgres';
import { eventStoreContract, type EventStoreFactory } from './event-store.contract';

const server = await kurrentdbUrl();
afterAll(async () => {
  if (server.url !== null) await server.stop();
});

// Without a server: one line on stderr saying so, and the suite below reported as skipped.
skipLoudly('the KurrentDB event-store contract suite (tests/contracts/event-store-kurrentdb.int.test.ts)', server);

describe.runIf(server.url !== null)('on a KurrentDB server', () => {
  const factory: EventStoreFactory = async () => {
    if (server.url === null) throw new Error('no KurrentDB server');
    const outbox = createMemoryOutboxStore();
    const store = await createKurrentDbEventStore({ connectionString: server.url, namespace: `t${randomUUID().replaceAll('-', '')}-`, outbox, pollIntervalMs: 250 });
    return { store, outbox, teardown: () => store.close() };
  };
  eventStoreContract('kurrentdb', factory, { eventIdsUniqueAcrossStreams: false });
});

describe('kurrentdb event store start-up', () => {
  it('refuses to start, naming KURRENTDB_URL, when the server cannot be reached', async () => {
    const started = Date.now();
    const opening = createKurrentDbEventStore({ connectionString: 'kurrentdb://127.0.0.1:1?tls=false', outbox: createMemoryOutboxStore(), connectTimeoutMs: 5_000 });
    await expect(opening).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(opening).rejects.toThrow(/^KurrentDB at kurrentdb:\/\/127\.0\.0\.1:1\?tls=false \(KURRENTDB_URL\) cannot be reached: .+\. Start it, or set KURRENTDB_URL to a running server\.$/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a connection string that is not KurrentDB\'s, naming KURRENTDB_URL and hiding its password', async () => {
    const opening = createKurrentDbEventStore({ connectionString: 'postgres://admin:secret@127.0.0.1:5432/x', outbox: createMemoryOutboxStore() });
    await expect(opening).rejects.toThrow(/KURRENTDB_URL is not a KurrentDB connection string/);
    await expect(opening).rejects.not.toThrow(/secret/);
  });

  it('stops the runtime of EVENT_STORE=kurrentdb at start, naming KURRENTDB_URL, and leaves nothing open', async () => {
    const database = await createTestDatabase('hl_kurrent_start');
    try {
      const starting = createRuntime(loadConfig({ DATABASE_URL: database.url, EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://127.0.0.1:1?tls=false' }));
      await expect(starting).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(starting).rejects.toThrow(/\(KURRENTDB_URL\) cannot be reached/);
      // The refused runtime closed its pool before rejecting: no session of it is left on the database.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const sessions = async (): Promise<number> =>
          (await admin.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows[0]!.count;
        // A closed connection's server process may take a moment to leave the list.
        let left = await sessions();
        for (const deadline = Date.now() + 5_000; left > 0 && Date.now() < deadline; left = await sessions()) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(left).toBe(0);
      } finally {
        await admin.end();
      }
    } finally {
      await database.drop();
    }
  });
});
