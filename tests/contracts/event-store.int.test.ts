import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createMemoryEventStore,
  createPostgresEventStore,
  decodePosition,
  encodePosition,
  START,
  type GroupCommitOptions,
  type PostgresEventStore,
  type RecordedEvent,
} from '@hireloop/platform/event-store';
import { SchemaNotMigratedError } from '@hireloop/platform/migrations/required-tables';
import { createMigratedSchema, createTestDatabase, type TestDatabase } from '../support/postgres';
import {
  delay,
  eventStoreContract,
  eventStoreGapSafetyContract,
  newEvent,
  streamName,
  untilReadable,
  waitFor,
  type EventStoreFactory,
  type HoldOpenAppend,
} from './event-store.contract';

// One database for this file; every test gets its own migrated schema in it, so tests start empty.
let database: Promise<TestDatabase> | undefined;
const testDatabase = (): Promise<TestDatabase> => (database ??= createTestDatabase('hl_event_store'));
const freshSchema = async (): Promise<string> => createMigratedSchema((await testDatabase()).url, 'es');

afterAll(async () => {
  if (database) await (await database).drop();
});

/** Writes events through the store's own SQL in a transaction that stays open until commit/rollback. */
const holdOpenAppendFor =
  (store: PostgresEventStore, url: string): HoldOpenAppend =>
  async (streamId, events) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let done = false;
    const finish = async (sql: 'COMMIT' | 'ROLLBACK'): Promise<void> => {
      if (done) return;
      done = true;
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    try {
      await client.query('BEGIN');
      await store.appendInTransaction(client, streamId, events);
    } catch (error) {
      await finish('ROLLBACK');
      throw error;
    }
    return { commit: () => finish('COMMIT'), rollback: () => finish('ROLLBACK') };
  };

const postgresFactory: EventStoreFactory = async () => {
  const { url } = await testDatabase();
  const store = await createPostgresEventStore({ connectionString: url, schema: await freshSchema(), pollIntervalMs: 250 });
  return { store, outbox: store.outbox, teardown: () => store.close(), holdOpenAppend: holdOpenAppendFor(store, url) };
};

const factories: [string, EventStoreFactory][] = [
  [
    'memory',
    async () => {
      const store = createMemoryEventStore();
      return { store, outbox: store.outbox, teardown: () => store.close() };
    },
  ],
  ['postgres', postgresFactory],
];

for (const [name, factory] of factories) eventStoreContract(name, factory);

eventStoreGapSafetyContract('postgres', postgresFactory);

describe('postgres event store', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const openStore = async (options: { schema: string; pool?: pg.Pool; pollIntervalMs?: number; groupCommit?: boolean | GroupCommitOptions }): Promise<PostgresEventStore> => {
    const { url } = await testDatabase();
    const store = await createPostgresEventStore({ connectionString: url, ...options });
    cleanups.push(() => store.close());
    return store;
  };

  const openPool = async (): Promise<pg.Pool> => {
    const { url } = await testDatabase();
    const pool = new pg.Pool({ connectionString: url });
    cleanups.push(() => pool.end());
    return pool;
  };

  describe('group commit (ADR 076)', () => {
    const transactionOf = (position: string): bigint => decodePosition(position).major;

    it('writes concurrent appends to different streams in one transaction (one group at a time), in the order they were made', async () => {
      const store = await openStore({ schema: await freshSchema(), groupCommit: { maxInFlight: 1 } });
      const streams = Array.from({ length: 8 }, () => streamName());
      const results = await Promise.all(streams.map((streamId, index) => store.append(streamId, [newEvent('Grouped', { index })], { expectedVersion: 'no_stream' })));
      expect(new Set(results.map((result) => transactionOf(result.position))).size).toBe(1);
      await untilReadable(store, results.at(-1)!.position);
      const { events } = await store.readAll(START);
      expect(events.map((event) => event.streamId)).toEqual(streams);
      expect(events.map((event) => event.position)).toEqual(results.map((result) => result.position));
    });

    it('writes multi-stream appends made meanwhile in the same transaction as one-stream ones (one group at a time)', async () => {
      const store = await openStore({ schema: await freshSchema(), groupCommit: { maxInFlight: 1 } });
      const results = await Promise.all([
        store.appendToStreams([
          { streamId: streamName(), events: [newEvent('Job')], expectedVersion: 'no_stream' },
          { streamId: streamName(), events: [newEvent('Counted')], expectedVersion: 'no_stream' },
        ]),
        store.append(streamName(), [newEvent('Single')], { expectedVersion: 'no_stream' }).then((result) => [result]),
      ]);
      expect(new Set(results.flat().map((result) => transactionOf(result.position))).size).toBe(1);
    });

    it('writes every append waiting in one group, and what arrives meanwhile in a group of its own (ADR 098)', async () => {
      const store = await openStore({ schema: await freshSchema(), groupCommit: { maxInFlight: 2 } });
      const append = () => store.append(streamName(), [newEvent('Shared')], { expectedVersion: 'no_stream' });
      const first = Array.from({ length: 8 }, append);
      // The next turn of the event loop: the first eight are being written.
      const later = await new Promise<Array<Promise<{ position: string }>>>((resolve) => setImmediate(() => resolve(Array.from({ length: 4 }, append))));
      const firstTransactions = (await Promise.all(first)).map((result) => transactionOf(result.position));
      const laterTransactions = (await Promise.all(later)).map((result) => transactionOf(result.position));
      expect(new Set(firstTransactions).size).toBe(1);
      expect(new Set(laterTransactions).size).toBe(1);
      expect(laterTransactions[0]).not.toBe(firstTransactions[0]);
    });

    it('writes every append in its own transaction when turned off', async () => {
      const store = await openStore({ schema: await freshSchema(), groupCommit: false });
      const results = await Promise.all(Array.from({ length: 4 }, () => store.append(streamName(), [newEvent('Alone')], { expectedVersion: 'no_stream' })));
      expect(new Set(results.map((result) => transactionOf(result.position))).size).toBe(4);
    });

    it('writes a group append by append when a writer outside it takes a version, and keeps the order gap-safe', async () => {
      const { url } = await testDatabase();
      const store = await openStore({ schema: await freshSchema() });
      const pool = await openPool();
      const contested = streamName('contested');
      const held = await holdOpenAppendFor(store, url)(contested, [newEvent('Held')]);
      cleanups.push(() => held.rollback());
      const [anyVersion, exact, bystander] = [
        store.append(contested, [newEvent('Any')], { expectedVersion: 'any' }),
        store.append(streamName('exact'), [newEvent('Exact')], { expectedVersion: 'no_stream' }),
        store.append(streamName('bystander'), [newEvent('Bystander')], { expectedVersion: 'no_stream' }),
      ];
      // The group's statement waits on the held row's version.
      const waiting = async (): Promise<number> =>
        Number(
          (
            await pool.query<{ count: string }>(
              `SELECT count(*)::text AS count FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
              [new URL(url).pathname.slice(1)],
            )
          ).rows[0]!.count,
        );
      for (let attempt = 0; (await waiting()) === 0; attempt++) {
        if (attempt > 500) throw new Error('the group never waited for the held append');
        await delay(10);
      }
      expect((await store.readAll(START)).events).toEqual([]);
      await held.commit();
      const results = await Promise.all([anyVersion, exact, bystander]);
      expect(results.map((result) => result.nextExpectedVersion)).toEqual([1, 0, 0]);
      await untilReadable(store, results.reduce((last, result) => (result.position > last ? result.position : last), START));
      const { events } = await store.readAll(START);
      expect(events[0]!.type).toBe('Held');
      expect(events.map((event) => event.type).sort()).toEqual(['Any', 'Bystander', 'Exact', 'Held']);
      expect((await store.readStream(contested)).events.map((event) => event.type)).toEqual(['Held', 'Any']);
    });
  });

  it('reads many streams in one call, each as readStream reads it, in the order asked (ADR 094)', async () => {
    const store = await openStore({ schema: await freshSchema() });
    const [a, b, missing] = [streamName('a'), streamName('b'), streamName('missing')];
    await store.appendToStreams([
      { streamId: a, events: [newEvent('A1'), newEvent('A2')], expectedVersion: 'no_stream' },
      { streamId: b, events: [newEvent('B1')], expectedVersion: 'no_stream' },
    ]);
    await store.append(a, [newEvent('A3')], { expectedVersion: 1 });
    const read = await store.readStreams!([b, missing, a, b]);
    expect(read).toEqual([await store.readStream(b), { events: [], version: -1 }, await store.readStream(a), await store.readStream(b)]);
    expect(read[2]!.events.map((event) => event.type)).toEqual(['A1', 'A2', 'A3']);
    expect(read[2]!.version).toBe(2);
    expect(await store.readStreams!([])).toEqual([]);
  });

  it('lets several stores with their own pools share a schema', async () => {
    const schema = await freshSchema();
    const stores = await Promise.all(Array.from({ length: 4 }, () => openStore({ schema })));
    await stores[0]!.append('shared', [newEvent('Written')], { expectedVersion: 'no_stream' });
    for (const store of stores) expect((await store.readStream('shared')).version).toBe(0);
  });

  it('keeps stores on different schemas apart when they share one connection (prepared statements)', async () => {
    const { url } = await testDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    cleanups.push(() => pool.end());
    const [first, second] = await Promise.all([openStore({ schema: await freshSchema(), pool }), openStore({ schema: await freshSchema(), pool })]);
    // Alone, then grouped (appends made in one turn), on the one connection both stores use.
    await first!.append('apart', [newEvent('First')], { expectedVersion: 'no_stream' });
    await second!.append('apart', [newEvent('Second')], { expectedVersion: 'no_stream' });
    await Promise.all([first!.append('grouped-a', [newEvent('First')]), first!.append('grouped-b', [newEvent('First')])]);
    await Promise.all([second!.append('grouped-a', [newEvent('Second')]), second!.append('grouped-b', [newEvent('Second')])]);
    for (const [store, type] of [[first!, 'First'], [second!, 'Second']] as const) {
      for (const stream of ['apart', 'grouped-a', 'grouped-b']) expect((await store.readStream(stream)).events.map((event) => event.type)).toEqual([type]);
    }
  });

  it('refuses to start on a schema the migrations did not make, saying what to run', async () => {
    const { url } = await testDatabase();
    const pool = await openPool();
    await pool.query('CREATE SCHEMA es_not_migrated');
    const starting = createPostgresEventStore({ connectionString: url, schema: 'es_not_migrated' });
    await expect(starting).rejects.toThrow(SchemaNotMigratedError);
    await expect(starting).rejects.toThrow(/es_not_migrated\.events.*hireloop -- migrate/);
  });

  it('keeps existing events when a store starts on a schema that already exists', async () => {
    const schema = await freshSchema();
    const first = await openStore({ schema });
    await first.append('kept', [newEvent('Kept')]);
    await first.close();
    const second = await openStore({ schema });
    expect((await second.readStream('kept')).events.map((event) => event.type)).toEqual(['Kept']);
  });

  it("reads each event's position and time as the driver's values would make them (ADR 100), whatever the session's time zone", async () => {
    const schema = await freshSchema();
    const { url } = await testDatabase();
    // A session far from UTC: the times read must not depend on it.
    const pool = new pg.Pool({ connectionString: url, options: '-c TimeZone=Asia/Kathmandu' });
    cleanups.push(() => pool.end());
    const store = await openStore({ schema, pool });
    await store.append(streamName(), [newEvent('Timed'), newEvent('Timed'), newEvent('Timed')]);
    // Times with microseconds (truncated to milliseconds, as a Date truncates them), a whole second, and an old one.
    const times = ['2026-11-28 02:40:01.123999+00', '2026-11-28 02:40:02+00', '1999-12-31 23:59:59.999500+00'];
    await pool.query(
      `UPDATE ${schema}.events e SET recorded_at = t.at::timestamptz
         FROM (SELECT global_seq, row_number() OVER (ORDER BY global_seq) AS n FROM ${schema}.events) s
         JOIN unnest($1::text[]) WITH ORDINALITY AS t(at, n) ON t.n = s.n
        WHERE e.global_seq = s.global_seq`,
      [times],
    );
    const { rows } = await pool.query<{ transaction_id: string; global_seq: string; recorded_at: Date }>(
      `SELECT transaction_id::text, global_seq::text, recorded_at FROM ${schema}.events ORDER BY transaction_id, global_seq`,
    );
    const { events } = await store.readAll(START);
    expect(events.map((event) => [event.position, event.recordedAt])).toEqual(
      rows.map((row) => [encodePosition(BigInt(row.transaction_id), BigInt(row.global_seq)), new Date(row.recorded_at).toISOString()]),
    );
    expect(events.map((event) => event.recordedAt)).toEqual(['2026-11-28T02:40:01.123Z', '2026-11-28T02:40:02.000Z', '1999-12-31T23:59:59.999Z']);
  });

  it('orders by transaction id first: an older transaction that writes later is read first', async () => {
    const store = await openStore({ schema: await freshSchema() });
    const { url } = await testDatabase();
    const older = new pg.Client({ connectionString: url });
    await older.connect();
    cleanups.push(() => older.end());
    await older.query('BEGIN');
    await older.query('SELECT pg_current_xact_id()'); // takes its transaction id now
    const newer = newEvent('Newer');
    const { position } = await store.append(streamName(), [newer]); // larger transaction id, smaller sequence value
    const olderEvent = newEvent('Older');
    await store.appendInTransaction(older, streamName(), [olderEvent]); // smaller id, larger sequence value
    expect((await store.readAll(START)).events).toEqual([]);
    await older.query('COMMIT');
    await untilReadable(store, position);

    const { events } = await store.readAll(START);
    expect(events.map((event) => event.metadata.eventId)).toEqual([olderEvent.metadata.eventId, newer.metadata.eventId]);
    expect(events[0]!.position < events[1]!.position).toBe(true);
  });

  it("reads past a transaction open in another database, and still stops at one open in this database (ADR 092)", async () => {
    const store = await openStore({ schema: await freshSchema() });
    const elsewhere = await createTestDatabase('hl_elsewhere');
    cleanups.push(() => elsewhere.drop());
    const other = new pg.Client({ connectionString: elsewhere.url });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query('BEGIN');
    await other.query('SELECT pg_current_xact_id()'); // an id, held open: another database's
    const first = await store.append(streamName(), [newEvent('WhileAnotherDatabaseWaits')]);
    await untilReadable(store, first.position);

    const { url } = await testDatabase();
    const mine = new pg.Client({ connectionString: url });
    await mine.connect();
    cleanups.push(() => mine.end());
    await mine.query('BEGIN');
    await mine.query('SELECT pg_current_xact_id()'); // an id of this database: it could still write the log
    const second = await store.append(streamName(), [newEvent('BehindThisDatabasesTransaction')]);
    expect((await store.readAll(first.position)).events).toEqual([]);
    await mine.query('COMMIT');
    await untilReadable(store, second.position);
    expect((await store.readAll(first.position)).events.map((event) => event.position)).toEqual([second.position]);
    await other.query('ROLLBACK');
  });

  it('wakes a subscription through LISTEN/NOTIFY when another process appends', async () => {
    const schema = await freshSchema();
    const subscriber = await openStore({ schema, pollIntervalMs: 60_000 });
    const writer = await openStore({ schema });
    const received: RecordedEvent[] = [];
    const subscription = subscriber.subscribe(START, async (events) => {
      received.push(...events);
    });
    await delay(300); // let the first (empty) read and the LISTEN happen
    await writer.append(streamName(), [newEvent('Pushed')]);
    await waitFor(() => received.length === 1, 'the notified event', 10_000);
    await subscription.stop();
  });

  it('wakes a subscription in another process through the NOTIFY inside a group\'s transaction (ADR 098)', async () => {
    const schema = await freshSchema();
    const subscriber = await openStore({ schema, pollIntervalMs: 60_000 });
    const writer = await openStore({ schema, groupCommit: { maxInFlight: 1 } });
    const received: RecordedEvent[] = [];
    const subscription = subscriber.subscribe(START, async (events) => {
      received.push(...events);
    });
    // The subscriber's LISTEN is in place once its connection has run it.
    const listening = async () =>
      (await writer.pool.query<{ listening: boolean }>(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN hireloop_events' AND state = 'idle') AS listening`)).rows[0]!.listening;
    for (const deadline = Date.now() + 10_000; !(await listening()); ) {
      if (Date.now() > deadline) throw new Error('Timed out waiting for the LISTEN');
      await delay(10);
    }
    const results = await Promise.all(Array.from({ length: 3 }, () => writer.append(streamName(), [newEvent('Grouped')], { expectedVersion: 'no_stream' })));
    expect(new Set(results.map((result) => decodePosition(result.position).major)).size).toBe(1);
    await waitFor(() => received.length === 3, 'the notified group', 10_000);
    await subscription.stop();
  });

  it('finds events written without a notification by polling', async () => {
    const store = await openStore({ schema: await freshSchema(), pollIntervalMs: 200 });
    const received: RecordedEvent[] = [];
    const subscription = store.subscribe(START, async (events) => {
      received.push(...events);
    });
    await delay(300);
    const event = newEvent('Silent');
    await store.pool.query(
      `INSERT INTO ${store.table} (stream_id, stream_version, event_id, type, data, metadata) VALUES ($1, 0, $2, $3, $4, $5)`,
      [streamName(), event.metadata.eventId, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)],
    );
    await waitFor(() => received.length === 1, 'the polled event', 5_000);
    await subscription.stop();
  });

  it('releases the LISTEN connection when the last subscription stops', async () => {
    const { url } = await testDatabase();
    const pool = await openPool();
    const store = await openStore({ schema: await freshSchema(), pool });
    const listeners = async (): Promise<number> => {
      const result = await pool.query<{ count: string }>(
        `SELECT count(*)::text AS count FROM pg_stat_activity
          WHERE datname = $1 AND query ILIKE '%LISTEN hireloop_events' AND pid <> pg_backend_pid()`,
        [new URL(url).pathname.slice(1)],
      );
      return Number(result.rows[0]!.count);
    };
    const first = store.subscribe(START, async () => {});
    const second = store.subscribe(START, async () => {});
    await delay(300);
    expect(await listeners()).toBe(1);
    await first.stop();
    expect(await listeners()).toBe(1);
    await second.stop();
    let remaining = await listeners();
    for (let attempt = 0; attempt < 50 && remaining > 0; attempt++) {
      await delay(20);
      remaining = await listeners();
    }
    expect(remaining).toBe(0);
  });

  it('leaves a pool it was given open on close, and ends a pool it created', async () => {
    const pool = await openPool();
    const borrowing = await openStore({ schema: await freshSchema(), pool });
    await borrowing.close();
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);

    const { url } = await testDatabase();
    const owning = await createPostgresEventStore({ connectionString: url, schema: await freshSchema() });
    await owning.close();
    expect(owning.pool.ended).toBe(true);
  });
});
