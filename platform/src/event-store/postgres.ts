import { createHash } from 'node:crypto';
import pg from 'pg';
import { survivePoolErrors } from '../database/availability';
import { requireTables } from '../migrations/required-tables';
import { createPostgresOutboxStore, insertOutboxMessages } from '../outbox/postgres';
import type { OutboxMessage, OutboxStore } from '../outbox/types';
import { batchSizeOf, ChangeNotifier, checkExpectedVersion, startSubscription, type DriverReadResult } from './internal';
import { decodePosition, encodePosition, maxPosition, START, type Position } from './position';
import {
  NO_STREAM_VERSION,
  DuplicateEventError, WrongExpectedVersionError,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type LegacyRedaction,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type RecordedEvent,
  type StreamAppend,
  type Subscription,
} from './types';

/**
 * PostgreSQL adapter of the event store.
 *
 * Gap safety (the approach of Marten and Emmett): every row records the id of the transaction
 * that wrote it (`transaction_id`, an xid8). Sequence values are handed out before commit, so a
 * transaction that commits late can leave a row with a smaller `global_seq` behind rows that are
 * already visible. Readers therefore only see rows whose transaction id is below the xmin of
 * their snapshot (every transaction below it has finished, so nothing can still appear there),
 * ordered by (transaction_id, global_seq), and positions encode that pair.
 */

export const NOTIFY_CHANNEL = 'hireloop_events';

/** Named by the migration that makes the table (platform/migrations/0001_baseline.sql). */
const STREAM_VERSION_CONSTRAINT = 'events_stream_version_key';
const EVENT_ID_CONSTRAINT = 'events_event_id_key';

/** How often `append` retries an `'any'` append that lost a race for the next stream version. */
const ANY_VERSION_ATTEMPTS = 20;

export interface PostgresEventStoreOptions {
  connectionString?: string;
  /** Use this pool instead of creating one; `close()` then leaves it open. */
  pool?: pg.Pool;
  /** Schema holding the `events` table, made by the migrations (ADR 022). Default `public`. */
  schema?: string;
  /** Subscriptions re-read at least this often even without a notification. Default 500 ms. */
  pollIntervalMs?: number;
  /**
   * Group commit (ADR 076): appends (one or several streams, without outbox messages) that arrive
   * while others are being written share one statement, so one transaction and one WAL flush. `false` writes every append on its own.
   * Default on.
   */
  groupCommit?: boolean | GroupCommitOptions;
}

export interface GroupCommitOptions {
  /** Appends in one group at most. Default 64. */
  maxAppends?: number;
  /** Groups written at once, each on its own connection. Default 2 (ADR 093). */
  maxInFlight?: number;
  /** How long an append that finds no group writing waits for company before it is written (ms). Default 0. */
  windowMs?: number;
}

export interface PostgresEventStore extends EventStore, LegacyRedaction {
  readonly pool: pg.Pool;
  /** The schema-qualified, quoted name of the events table. */
  readonly table: string;
  /**
   * The append of `append()`, inside a transaction the caller owns (BEGIN … COMMIT around it),
   * e.g. to store events together with other rows. After a `WrongExpectedVersionError` (or any
   * other error) the caller must roll back. After COMMIT, call `signalAppended()` to wake
   * subscribers at once (they find the events by polling otherwise).
   */
  appendInTransaction(
    client: pg.ClientBase,
    streamId: string,
    events: readonly NewEvent[],
    options?: { expectedVersion?: ExpectedVersion },
  ): Promise<AppendResult>;
  /** Wakes subscribers in every process (LISTEN/NOTIFY), coalesced with other recent appends. */
  signalAppended(): void;
  /** The outbox messages appends carried (`outbox_messages` in the same schema), for the relay (ADR 053). */
  readonly outbox: OutboxStore;
}

/** A pool or a client: what a statement needs. */
interface Queryable {
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(text: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult<Row>>;
}

/**
 * A statement prepared once per connection and then executed by name. The append statements
 * cost the server more to plan (0.23–0.29 ms, EXPLAIN ANALYZE) than to run for a group of four
 * appends (0.38 ms); a prepared statement is planned a few times and then runs a cached generic
 * plan (ADR 093). The name is derived from the text, so stores on other schemas sharing a pool
 * never reuse one another's statement.
 */
const prepared = (text: string) => {
  const name = `hireloop_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  return (values: unknown[]): pg.QueryConfig => ({ name, text, values });
};

interface EventRow {
  /** `encodePosition(transaction_id, global_seq)`, made by the server. */
  position: string;
  stream_id: string;
  stream_version: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  /** `recorded_at` as `Date.prototype.toISOString` writes it. */
  recorded_at: string;
}

/**
 * The position (both parts are non-negative: 20 digits, zero-padded, is `encodePosition`) and the
 * ISO time (milliseconds truncated, as the driver's `Date` truncates them) are written by the
 * server: parsing a timestamp into a `Date` and formatting it again, and two `BigInt`s, were a
 * tenth of a rebuild's JavaScript per event (ADR 100).
 */
const COLUMNS = `lpad(e.transaction_id::text, 20, '0') || '.' || lpad(e.global_seq::text, 20, '0') AS position, e.stream_id,
  e.stream_version::text AS stream_version, e.type, e.data, e.metadata,
  to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at`;

/**
 * `horizon(xmin)`: every transaction id below it has ended, among those that can write this
 * database's log. ADR 001 took the snapshot's xmin, the oldest transaction open anywhere on the
 * server; but only a transaction of this database can write this table, so one that
 * `pg_stat_activity` shows running in another database is passed over (ADR 092: on a shared
 * server another database's long transaction held every reader here for seconds). An id is
 * passed over only when it is known to be another database's (the same transaction: running ids
 * are unique); one not found there (ended meanwhile, a prepared transaction, a backend the role
 * may not see) counts, as before. The least of those in progress, or the snapshot's xmax.
 *
 * `pg_stat_activity` is read after the snapshot is taken, so another database's transaction that
 * ends in between is not found there and counts: that horizon falls below one an earlier read
 * reported, and `readAll` came back without events `headPosition` had just shown (ADR 128). A
 * horizon once found stays true (every id below it has ended, and new ids are only handed out
 * above the xmax it is at most), so the statement takes the highest one this store has seen
 * (`$1`, an xid8 as text) as a floor: the store's reads never move back.
 */
const horizonOver = (floor: string): string => `snapshot AS MATERIALIZED (SELECT pg_current_snapshot() AS s),
  horizon AS MATERIALIZED (
    SELECT greatest(coalesce(min(x), pg_snapshot_xmax((SELECT s FROM snapshot))), ${floor}::text::xid8) AS xmin
      FROM pg_snapshot_xip((SELECT s FROM snapshot)) AS x
     WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity a
                        WHERE a.backend_xid = x::xid AND a.datid IS NOT NULL
                          AND a.datid <> (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())))`;

const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  streamId: row.stream_id,
  streamVersion: Number(row.stream_version),
  position: row.position,
  recordedAt: row.recorded_at,
});

/** Errors thrown by `appendInTransaction` because a concurrent writer took the stream version. */
const lostRaces = new WeakSet<WrongExpectedVersionError>();

const isDatabaseError = (error: unknown): error is pg.DatabaseError => error instanceof pg.DatabaseError;

export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
  const ownsPool = options.pool === undefined;
  // Clients that lose their connection (idle or checked out) must not crash the process; the next query reports it.
  const pool = options.pool ?? survivePoolErrors(new pg.Pool({ connectionString: options.connectionString }));
  const schema = options.schema ?? 'public';
  const table = `${quoteIdentifier(schema)}.events`;
  const outboxTable = `${quoteIdentifier(schema)}.outbox_messages`;
  const outboxListeners = new Set<() => void>();
  const pollIntervalMs = options.pollIntervalMs ?? 500;

  try {
    await requireTables(pool, ['events'], schema);
  } catch (error) {
    if (ownsPool) await pool.end().catch(() => {});
    throw error;
  }

  const notifier = new ChangeNotifier();
  const listener = createListener(pool, notifier);
  const subscriptions = new Set<Subscription>();
  let closed = false;

  const assertOpen = (): void => {
    if (closed) throw new Error('The event store is closed');
  };

  // The highest horizon a read of this store has found: a floor for the next ones (`horizonOver`).
  let horizonFloor = 0n;
  const raiseHorizonFloor = (found: string): void => {
    const value = BigInt(found);
    if (value > horizonFloor) horizonFloor = value;
  };

  // One stream's append: the stream's head, the expected-version check and the insert. Rows are
  // inserted in array order, so global_seq follows stream_version. Nothing is inserted when the
  // check fails.
  const appendStatement = prepared(
    `WITH head AS (
       SELECT COALESCE((SELECT h.stream_version FROM ${table} h WHERE h.stream_id = $1 ORDER BY h.stream_version DESC LIMIT 1), -1) AS current
     ), allowed AS (SELECT current FROM head WHERE $3::bigint IS NULL OR current = $3::bigint)
     INSERT INTO ${table} (stream_id, stream_version, event_id, type, data, metadata)
     SELECT $1, allowed.current + x.ordinality, (x.event->'metadata'->>'eventId')::uuid, x.event->>'type',
            x.event->'data', x.event->'metadata'
       FROM allowed, jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(event, ordinality)
      ORDER BY x.ordinality
     RETURNING transaction_id::text AS transaction_id, global_seq::text AS global_seq,
               stream_version::text AS stream_version`,
  );

  // A group of appends (see appendGroup): every stream's head read and its expected version
  // checked inside the one statement.
  const appendGroupStatement = prepared(
    `WITH input AS MATERIALIZED (
       SELECT a.ordinality AS ord, (a.item->>'u')::int AS unit, a.item->>'s' AS stream_id, (a.item->>'w')::bigint AS wanted, a.item->'e' AS events
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS a(item, ordinality)
     ), checked AS (
       SELECT i.ord, i.unit, i.stream_id, i.events, head.current, (i.wanted IS NULL OR head.current = i.wanted) AS holds
         FROM input i CROSS JOIN LATERAL (
           SELECT COALESCE((SELECT h.stream_version FROM ${table} h WHERE h.stream_id = i.stream_id ORDER BY h.stream_version DESC LIMIT 1), -1) AS current
         ) head
     ), allowed AS (
       -- An append is written whole or not at all: every one of its streams' checks must hold.
       SELECT c.* FROM checked c WHERE NOT EXISTS (SELECT 1 FROM checked f WHERE f.unit = c.unit AND NOT f.holds)
     )
     INSERT INTO ${table} (stream_id, stream_version, event_id, type, data, metadata)
     SELECT a.stream_id, a.current + x.ordinality, (x.event->'metadata'->>'eventId')::uuid, x.event->>'type',
            x.event->'data', x.event->'metadata'
       FROM allowed a, jsonb_array_elements(a.events) WITH ORDINALITY AS x(event, ordinality)
      ORDER BY a.ord, x.ordinality
     RETURNING transaction_id::text AS transaction_id, global_seq::text AS global_seq, stream_id,
               stream_version::text AS stream_version`,
  );

  // A group whose appends are each to one stream (the usual case; ADR 098): one row of input per
  // event, its stream's head read by one index probe, and an event written only when its stream's
  // expected version holds. All of a stream's events share its head and its check, so an append is
  // still written whole or not at all. `OFFSET 0` keeps the head's subquery from being evaluated
  // again for the WHERE clause; rows are inserted in input order, so global_seq follows
  // stream_version. The NOTIFY that wakes other processes' subscribers is sent by this
  // transaction's commit (once, when a row was written), not by a statement of its own (ADR 098).
  const appendStreamsStatement = prepared(
    `WITH written AS (
       INSERT INTO ${table} (stream_id, stream_version, event_id, type, data, metadata)
       SELECT i.stream_id, i.current + i.offset_in_stream, (i.metadata->>'eventId')::uuid, i.type, i.data, i.metadata
         FROM (SELECT x.ordinality AS ord, x.e->>'s' AS stream_id, (x.e->>'w')::bigint AS wanted, (x.e->>'o')::bigint AS offset_in_stream,
                      x.e->>'t' AS type, x.e->'d' AS data, x.e->'m' AS metadata,
                      COALESCE((SELECT h.stream_version FROM ${table} h WHERE h.stream_id = x.e->>'s' ORDER BY h.stream_version DESC LIMIT 1), -1) AS current
                 FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(e, ordinality) OFFSET 0) i
        WHERE i.wanted IS NULL OR i.wanted = i.current
        ORDER BY i.ord
       RETURNING transaction_id::text AS transaction_id, global_seq::text AS global_seq, stream_id, stream_version::text AS stream_version
     )
     SELECT w.transaction_id, w.global_seq, w.stream_id, w.stream_version, (SELECT pg_notify('${NOTIFY_CHANNEL}', '')) IS NULL AS signalled
       FROM written w`,
  );

  async function appendInTransaction(
    client: Queryable,
    streamId: string,
    events: readonly NewEvent[],
    appendOptions?: { expectedVersion?: ExpectedVersion },
  ): Promise<AppendResult> {
    const expected = appendOptions?.expectedVersion ?? 'any';
    if (events.length === 0) {
      const last = await client.query<{ stream_version: string; transaction_id: string; global_seq: string }>(
        `SELECT stream_version::text AS stream_version, transaction_id::text AS transaction_id, global_seq::text AS global_seq
           FROM ${table} e WHERE e.stream_id = $1 ORDER BY e.stream_version DESC LIMIT 1`,
        [streamId],
      );
      const head = last.rows[0];
      const current = head ? Number(head.stream_version) : NO_STREAM_VERSION;
      checkExpectedVersion(streamId, expected, current);
      return { nextExpectedVersion: current, position: head ? encodePosition(BigInt(head.transaction_id), BigInt(head.global_seq)) : START };
    }

    const payload = JSON.stringify(
      events.map((event) => ({ type: event.type, data: event.data ?? null, metadata: event.metadata })),
    );
    const wanted = expected === 'any' ? null : expected === 'no_stream' ? NO_STREAM_VERSION : expected;
    let inserted: pg.QueryResult<{ transaction_id: string; global_seq: string; stream_version: string }>;
    try {
      // One statement: one round trip, its own transaction when the caller has none.
      inserted = await client.query(appendStatement([streamId, payload, wanted]));
    } catch (error) {
      if (isDatabaseError(error) && error.code === '23505' && error.constraint === STREAM_VERSION_CONSTRAINT) {
        // A concurrent writer committed the same stream version first.
        const conflict = new WrongExpectedVersionError(streamId, expected, wanted === null ? NO_STREAM_VERSION : wanted + 1);
        lostRaces.add(conflict);
        throw conflict;
      }
      if (isDatabaseError(error) && error.code === '23505' && error.constraint === EVENT_ID_CONSTRAINT) {
        throw new DuplicateEventError(`An event with one of these ids has already been stored (${error.detail ?? 'event_id'})`, {
          cause: error,
        });
      }
      throw error;
    }
    if (inserted.rows.length === 0) {
      // The expected version did not hold: report the stream's real version.
      const { rows } = await client.query<{ version: string | null }>(`SELECT max(stream_version)::text AS version FROM ${table} WHERE stream_id = $1`, [streamId]);
      throw new WrongExpectedVersionError(streamId, expected, rows[0]?.version == null ? NO_STREAM_VERSION : Number(rows[0].version));
    }

    let lastRow = inserted.rows[0]!;
    for (const row of inserted.rows) if (BigInt(row.global_seq) > BigInt(lastRow.global_seq)) lastRow = row;
    return {
      nextExpectedVersion: Number(lastRow.stream_version),
      position: encodePosition(BigInt(lastRow.transaction_id), BigInt(lastRow.global_seq)),
    };
  }

  async function currentVersion(streamId: string): Promise<number> {
    const result = await pool.query<{ version: string | null }>(
      `SELECT max(stream_version)::text AS version FROM ${table} WHERE stream_id = $1`,
      [streamId],
    );
    const version = result.rows[0]?.version;
    return version === null || version === undefined ? NO_STREAM_VERSION : Number(version);
  }

  /**
   * Tells subscribers that events were committed: local ones at once, other processes through
   * one `pg_notify` AFTER the commit. A NOTIFY inside the append's transaction takes a
   * cluster-wide lock at commit and serialised every append behind it (commit rate cut to
   * 0.15–0.7× at 16 clients); here at most one notification is in flight per process, and
   * appends that commit meanwhile share the next one. A NOTIFY takes a transaction id, so its
   * commit is a WAL record like an append's: it is committed without waiting for the flush
   * (`synchronous_commit` off for that transaction only), since the events it announces are
   * already durable and a notification lost in a crash costs a remote subscriber one poll.
   */
  const notifyStatement = prepared(`SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`);
  let notifying = false;
  let notifyAgain = false;
  function signalAppended(): void {
    notifier.notify();
    if (notifying) {
      notifyAgain = true;
      return;
    }
    notifying = true;
    void (async () => {
      do {
        notifyAgain = false;
        // A lost notification only delays remote subscribers until their next poll.
        await pool.query(notifyStatement([NOTIFY_CHANNEL, ''])).catch(() => undefined);
      } while (notifyAgain && !closed);
      notifying = false;
    })();
  }

  /**
   * Runs `appends` in one transaction, with the outbox messages they carry; an 'any' append that
   * lost a version race is tried again.
   */
  async function commit(appends: readonly StreamAppend[], outbox: readonly OutboxMessage[] = []): Promise<AppendResult[]> {
    assertOpen();
    if (appends.length > 1 && new Set(appends.map((append) => append.streamId)).size !== appends.length) throw new Error('appendToStreams: a stream may appear once');
    const unit = appends.map(({ streamId, events, expectedVersion }) => ({ streamId, events, expectedVersion: expectedVersion ?? 'any' }));
    const oneStatement = outbox.length === 0 && unit.length > 0 && unit.every((one) => one.events.length > 0);
    // Without outbox messages: one statement, shared with the appends to other streams waiting meanwhile.
    if (group && oneStatement) return group.append(unit);
    // Several streams without group commit: one statement too (an import's batch), not a round trip each.
    if (oneStatement && unit.length > 1) return unwrap((await appendGroup([unit]))[0]!);
    return commitAlone(unit, outbox);
  }

  /** `commit` without group commit: one stream in one statement, several in a transaction of their own. */
  async function commitAlone(appends: GroupedUnit, outbox: readonly OutboxMessage[] = []): Promise<AppendResult[]> {
    if (appends.length === 1 && outbox.length === 0) {
      const { streamId, events, expectedVersion } = appends[0]!;
      return [await appendAlone(streamId, events, expectedVersion)];
    }
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      const results: AppendResult[] = [];
      try {
        await client.query('BEGIN');
        for (const { streamId, events, expectedVersion } of appends) {
          results.push(await appendInTransaction(client, streamId, events, { expectedVersion: expectedVersion ?? 'any' }));
        }
        await insertOutboxMessages(client, outboxTable, outbox);
        await client.query('COMMIT');
      } catch (error) {
        let broken: Error | undefined;
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        client.release(broken);
        if (error instanceof WrongExpectedVersionError && lostRaces.has(error)) {
          const expected = appends.find((append) => append.streamId === error.streamId)?.expectedVersion ?? 'any';
          // 'any' has no expectation to violate: try again on top of the winner.
          if (expected === 'any' && attempt < ANY_VERSION_ATTEMPTS) continue;
          throw new WrongExpectedVersionError(error.streamId, expected, await currentVersion(error.streamId).catch(() => error.actual));
        }
        throw error;
      }
      client.release();
      signalAppended();
      if (outbox.length > 0) for (const listener of outboxListeners) listener();
      return results;
    }
  }

  /** One stream's append as one statement, committed on its own (no BEGIN/COMMIT round trips). */
  async function appendAlone(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await appendInTransaction(pool, streamId, events, { expectedVersion });
        if (events.length > 0) signalAppended();
        return result;
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && lostRaces.has(error)) {
          // 'any' has no expectation to violate: try again on top of the winner.
          if (expectedVersion === 'any' && attempt < ANY_VERSION_ATTEMPTS) continue;
          throw new WrongExpectedVersionError(streamId, expectedVersion, await currentVersion(streamId).catch(() => error.actual));
        }
        throw error;
      }
    }
  }

  /**
   * Several appends (each to one or more streams, no stream in two of them) as one statement:
   * one transaction, one WAL flush. Each stream's expected version is checked inside the
   * statement; an append with a stream whose check fails writes nothing and is reported alone,
   * the others commit. A statement the server refuses (a concurrent writer took a version, an
   * event id already stored, a bad value) writes nothing, and every append of the group is then
   * written alone, so each gets its own outcome.
   */
  async function appendGroup(units: readonly GroupedUnit[]): Promise<Array<AppendResult[] | Error>> {
    const alone = (unit: GroupedUnit) => commitAlone(unit).catch((error: unknown) => asError(error));
    // One append to one stream: its own statement is the same thing. One append to many streams (an
    // import's batch) goes through the statement below: a BEGIN, a statement per stream and a COMMIT
    // cost a round trip each (ADR 094).
    if (units.length === 1 && units[0]!.length === 1) return [await alone(units[0]!)];
    const wantedOf = (expectedVersion: ExpectedVersion) => (expectedVersion === 'any' ? null : expectedVersion === 'no_stream' ? NO_STREAM_VERSION : expectedVersion);
    const oneStreamEach = units.every((unit) => unit.length === 1);
    let statement: pg.QueryConfig;
    if (oneStreamEach) {
      // One row per event, written as text: its stream, the stream's expected version, its place in the append.
      const rows: string[] = [];
      for (const unit of units) {
        const { streamId, events, expectedVersion } = unit[0]!;
        const head = `{"s":${JSON.stringify(streamId)},"w":${JSON.stringify(wantedOf(expectedVersion))},"o":`;
        for (let index = 0; index < events.length; index++) {
          const event = events[index]!;
          rows.push(`${head}${index + 1},"t":${JSON.stringify(event.type)},"d":${JSON.stringify(event.data ?? null)},"m":${JSON.stringify(event.metadata)}}`);
        }
      }
      statement = appendStreamsStatement([`[${rows.join(',')}]`]);
    } else {
      const payload = JSON.stringify(
        units.flatMap((unit, index) =>
          unit.map(({ streamId, events, expectedVersion }) => ({
            u: index,
            s: streamId,
            w: wantedOf(expectedVersion),
            e: events.map((event) => ({ type: event.type, data: event.data ?? null, metadata: event.metadata })),
          })),
        ),
      );
      statement = appendGroupStatement([payload]);
    }
    let inserted: pg.QueryResult<{ transaction_id: string; global_seq: string; stream_id: string; stream_version: string }>;
    try {
      inserted = await pool.query(statement);
    } catch (error) {
      // Refused by the server: nothing was written; each append alone says what is wrong with it.
      if (isDatabaseError(error)) return Promise.all(units.map(alone));
      // The connection failed: the group may or may not have committed, as a lone append's would.
      return units.map(() => asError(error));
    }
    // Each stream's last row.
    const last = new Map<string, { transaction_id: string; global_seq: string; stream_version: string }>();
    for (const row of inserted.rows) {
      const seen = last.get(row.stream_id);
      if (!seen || BigInt(row.global_seq) > BigInt(seen.global_seq)) last.set(row.stream_id, row);
    }
    if (inserted.rows.length > 0) {
      // The one-stream statement's commit has notified other processes already.
      if (oneStreamEach) notifier.notify();
      else signalAppended();
    }
    const outcomes: Array<AppendResult[] | Error | null> = units.map((unit) => {
      const results: AppendResult[] = [];
      for (const { streamId } of unit) {
        const row = last.get(streamId);
        if (!row) return null;
        results.push({ nextExpectedVersion: Number(row.stream_version), position: encodePosition(BigInt(row.transaction_id), BigInt(row.global_seq)) });
      }
      return results;
    });
    if (outcomes.every((outcome) => outcome !== null)) return outcomes as Array<AppendResult[] | Error>;
    return Promise.all(
      units.map(async (unit, index): Promise<AppendResult[] | Error> => {
        const outcome = outcomes[index];
        if (outcome) return outcome;
        // An expected version did not hold: report the first stream whose did not, with its real version.
        let first: WrongExpectedVersionError | null = null;
        for (const { streamId, expectedVersion } of unit) {
          const current = await currentVersion(streamId).catch(() => NO_STREAM_VERSION);
          const holds = expectedVersion === 'any' || current === (expectedVersion === 'no_stream' ? NO_STREAM_VERSION : expectedVersion);
          first ??= holds ? null : new WrongExpectedVersionError(streamId, expectedVersion, current);
          if (first) break;
        }
        return first ?? new WrongExpectedVersionError(unit[0]!.streamId, unit[0]!.expectedVersion, await currentVersion(unit[0]!.streamId).catch(() => NO_STREAM_VERSION));
      }),
    );
  }

  const group = groupCommitOptions(options.groupCommit) ? new GroupCommitQueue(appendGroup, groupCommitOptions(options.groupCommit)!) : null;

  async function append(streamId: string, events: readonly NewEvent[], appendOptions?: AppendOptions): Promise<AppendResult> {
    return (await commit([{ streamId, events, expectedVersion: appendOptions?.expectedVersion }], appendOptions?.outbox))[0]!;
  }

  async function readAll(from: Position, readOptions?: ReadAllOptions): Promise<ReadAllResult> {
    const { events, nextPosition } = await readBatch(from, readOptions);
    return { events, nextPosition };
  }

  /**
   * The safe high-water mark: the last event below the oldest transaction in progress that may
   * be this database's (`horizonOver`: every transaction there has ended, so nothing can appear at or
   * before it any more), and whether rows exist beyond it. Computed once per read with two index seeks.
   */
  async function horizon(): Promise<{ head: { transaction_id: string; global_seq: string } | null; pending: boolean }> {
    const result = await pool.query<{ horizon: string; head_transaction_id: string | null; head_global_seq: string | null; pending: boolean }>(
      `WITH ${horizonOver('$1')},
            head AS MATERIALIZED (
              SELECT h.transaction_id, h.global_seq FROM ${table} h
               WHERE h.transaction_id < (SELECT xmin FROM horizon)
               ORDER BY h.transaction_id DESC, h.global_seq DESC LIMIT 1)
       SELECT (SELECT xmin::text FROM horizon) AS horizon,
              (SELECT transaction_id::text FROM head) AS head_transaction_id,
              (SELECT global_seq::text FROM head) AS head_global_seq,
              -- ORDER BY … LIMIT 1 makes this an index seek; a bare EXISTS was planned as a
              -- sequential scan (the planner guesses a third of the rows match).
              EXISTS (SELECT 1 FROM (SELECT p.transaction_id FROM ${table} p WHERE p.transaction_id >= (SELECT xmin FROM horizon)
                                       ORDER BY p.transaction_id LIMIT 1) beyond) AS pending`,
      [horizonFloor.toString()],
    );
    const row = result.rows[0];
    if (row) raiseHorizonFloor(row.horizon);
    return {
      head: row?.head_transaction_id && row.head_global_seq ? { transaction_id: row.head_transaction_id, global_seq: row.head_global_seq } : null,
      pending: row?.pending === true,
    };
  }

  /** `readAll`, plus whether rows exist beyond the visibility horizon (for the subscription loop). */
  async function readBatch(from: Position, readOptions?: ReadAllOptions): Promise<DriverReadResult> {
    assertOpen();
    const batchSize = batchSizeOf(readOptions);
    const after = from === START ? { major: 0n, minor: 0n } : decodePosition(from);
    const { head, pending } = await horizon();
    if (!head) return { events: [], nextPosition: from, pending };
    const headPosition = encodePosition(BigInt(head.transaction_id), BigInt(head.global_seq));
    if (from !== START && from >= headPosition) return { events: [], nextPosition: from, pending };

    // A plain index range up to the high-water mark: linear in what it returns.
    const params: unknown[] = [after.major.toString(), after.minor.toString(), head.transaction_id, head.global_seq, batchSize];
    let typeFilter = '';
    if (readOptions?.eventTypes) {
      params.push([...readOptions.eventTypes]);
      typeFilter = 'AND e.type = ANY($6::text[])';
    }
    const result = await pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${table} e
        WHERE (e.transaction_id, e.global_seq) > ($1::text::xid8, $2::bigint)
          AND (e.transaction_id, e.global_seq) <= ($3::text::xid8, $4::bigint)
          ${typeFilter}
        ORDER BY e.transaction_id, e.global_seq
        LIMIT $5`,
      params,
    );
    const events = result.rows.map(toRecordedEvent);
    let nextPosition = maxPosition(from, events.at(-1)?.position ?? START);
    // Everything visible after `from` has been returned (or skipped by the type filter).
    if (events.length < batchSize) nextPosition = maxPosition(nextPosition, headPosition);
    return { events, nextPosition, pending };
  }

  async function readStream(
    streamId: string,
    readOptions?: { fromVersion?: number },
  ): Promise<{ events: RecordedEvent[]; version: number }> {
    assertOpen();
    const fromVersion = Math.max(0, readOptions?.fromVersion ?? 0);
    const result = await pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${table} e WHERE e.stream_id = $1 AND e.stream_version >= $2 ORDER BY e.stream_version`,
      [streamId, fromVersion],
    );
    const events = result.rows.map(toRecordedEvent);
    const last = events.at(-1);
    if (last) return { events, version: last.streamVersion };
    return { events, version: fromVersion === 0 ? NO_STREAM_VERSION : await currentVersion(streamId) };
  }

  /** Every stream's events in one statement: an import's batch reads hundreds at once. */
  async function readStreams(streamIds: readonly string[]): Promise<Array<{ events: RecordedEvent[]; version: number }>> {
    assertOpen();
    const byStream = new Map<string, RecordedEvent[]>();
    if (streamIds.length > 0) {
      const result = await pool.query<EventRow>(
        `SELECT ${COLUMNS} FROM ${table} e WHERE e.stream_id = ANY($1::text[]) ORDER BY e.stream_id, e.stream_version`,
        [[...new Set(streamIds)]],
      );
      for (const row of result.rows) {
        const event = toRecordedEvent(row);
        const events = byStream.get(event.streamId);
        if (events) events.push(event);
        else byStream.set(event.streamId, [event]);
      }
    }
    return streamIds.map((streamId) => {
      const events = byStream.get(streamId) ?? [];
      return { events, version: events.at(-1)?.streamVersion ?? NO_STREAM_VERSION };
    });
  }

  async function headPosition(): Promise<Position> {
    assertOpen();
    const result = await pool.query<{ horizon: string; transaction_id: string | null; global_seq: string | null }>(
      `WITH ${horizonOver('$1')},
            head AS MATERIALIZED (
              SELECT e.transaction_id, e.global_seq FROM ${table} e
               WHERE e.transaction_id < (SELECT xmin FROM horizon)
               ORDER BY e.transaction_id DESC, e.global_seq DESC LIMIT 1)
       SELECT (SELECT xmin::text FROM horizon) AS horizon,
              (SELECT transaction_id::text FROM head) AS transaction_id,
              (SELECT global_seq::text FROM head) AS global_seq`,
      [horizonFloor.toString()],
    );
    const row = result.rows[0];
    if (row) raiseHorizonFloor(row.horizon);
    return row?.transaction_id && row.global_seq ? encodePosition(BigInt(row.transaction_id), BigInt(row.global_seq)) : START;
  }

  function subscribe(
    from: Position,
    handler: (events: RecordedEvent[], nextPosition: Position) => Promise<void>,
    subscribeOptions?: Parameters<EventStore['subscribe']>[2],
  ): Subscription {
    assertOpen();
    let listening = false;
    const subscription = startSubscription(
      {
        readAll: readBatch,
        notifier,
        pollIntervalMs,
        retryDelayMs: pollIntervalMs,
        async start() {
          listening = true;
          await listener.acquire();
        },
        beforeWait: () => listener.ensure(),
        async finish() {
          if (listening) await listener.release();
        },
      },
      from,
      handler,
      subscribeOptions,
      (ended) => subscriptions.delete(ended),
    );
    subscriptions.add(subscription);
    return subscription;
  }

  return {
    pool,
    table,
    append,
    appendToStreams: (appends, appendOptions) => commit(appends, appendOptions?.outbox),
    outbox: createPostgresOutboxStore({
      pool,
      table: outboxTable,
      onAdded(listener) {
        outboxListeners.add(listener);
        return () => outboxListeners.delete(listener);
      },
    }),
    appendInTransaction,
    signalAppended,
    readStream,
    readStreams,
    readAll,
    async redactLegacyEvent(eventId, data) {
      assertOpen();
      await pool.query(`UPDATE ${table} SET data = $2 WHERE event_id = $1`, [eventId, JSON.stringify(data)]);
    },
    headPosition,
    subscribe,
    async close() {
      if (closed) return;
      closed = true;
      await group?.idle();
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await listener.close();
      if (ownsPool) await pool.end();
    },
  };
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** A grouped append's outcome, as the caller of `append` sees it: its results, or its error thrown. */
const unwrap = (outcome: AppendResult[] | Error): AppendResult[] => {
  if (outcome instanceof Error) throw outcome;
  return outcome;
};

/** What one `append` or `appendToStreams` call writes: distinct streams, all or nothing. */
type GroupedUnit = ReadonlyArray<{ streamId: string; events: readonly NewEvent[]; expectedVersion: ExpectedVersion }>;

/** The settings of group commit, or null when it is off. */
function groupCommitOptions(setting: boolean | GroupCommitOptions | undefined): Required<GroupCommitOptions> | null {
  if (setting === false) return null;
  const given = setting === true || setting === undefined ? {} : setting;
  return { maxAppends: given.maxAppends ?? 64, maxInFlight: given.maxInFlight ?? 2, windowMs: given.windowMs ?? 0 };
}

/**
 * Gathers appends into groups. An append that finds a free slot is written at once
 * (alone, as without group commit: no added latency when appends are few); appends that arrive
 * while `maxInFlight` groups are being written wait and go together, all of them in one group,
 * when a slot frees up (ADR 098). A
 * stream is in at most one group at a time, and its appends go in the order they came, so two
 * appends to one stream are never raced against each other here.
 */
class GroupCommitQueue {
  private readonly waiting: Array<{ unit: GroupedUnit; resolve: (results: AppendResult[]) => void; reject: (error: Error) => void }> = [];
  private readonly streamsWriting = new Set<string>();
  private inFlight = 0;
  private scheduled = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly write: (units: readonly GroupedUnit[]) => Promise<Array<AppendResult[] | Error>>,
    private readonly options: Required<GroupCommitOptions>,
  ) {}

  append(unit: GroupedUnit): Promise<AppendResult[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ unit, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Pumps once the current turn of the event loop is over, so appends made in the same turn
   * (requests read from the same socket poll, callers woken by the same group's end) go
   * together; with `windowMs`, an append that finds nothing being written waits that long.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      this.pump();
    };
    if (this.options.windowMs > 0 && this.inFlight === 0) setTimeout(run, this.options.windowMs);
    else setImmediate(run);
  }

  /** Resolves when nothing waits and nothing is being written. */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const taken: typeof this.waiting = [];
      const streams = new Set<string>();
      // Everything waiting goes in one group (up to maxAppends), not shared out between the free
      // slots: a group's fixed cost (its statement, its commit's WAL flush) is then shared by the
      // most appends, and a second slot only takes what arrives while a group is written (ADR 098).
      for (let index = 0; index < this.waiting.length && taken.length < this.options.maxAppends; ) {
        const candidate = this.waiting[index]!;
        if (candidate.unit.some(({ streamId }) => this.streamsWriting.has(streamId) || streams.has(streamId))) {
          index++;
          continue;
        }
        for (const { streamId } of candidate.unit) streams.add(streamId);
        taken.push(candidate);
        this.waiting.splice(index, 1);
      }
      if (taken.length === 0) break; // every waiting append's stream is being written: its group's end pumps again
      this.inFlight++;
      for (const stream of streams) this.streamsWriting.add(stream);
      void this.write(taken.map((one) => one.unit))
        .then(
          (outcomes) => taken.forEach((one, index) => settle(one, outcomes[index]!)),
          (error: unknown) => taken.forEach((one) => one.reject(asError(error))),
        )
        .finally(() => {
          this.inFlight--;
          for (const stream of streams) this.streamsWriting.delete(stream);
          if (this.waiting.length > 0) this.schedule();
          if (this.inFlight === 0 && this.waiting.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
    }
  }
}

const settle = (one: { resolve: (results: AppendResult[]) => void; reject: (error: Error) => void }, outcome: AppendResult[] | Error): void =>
  outcome instanceof Error ? one.reject(outcome) : one.resolve(outcome);

/**
 * One LISTEN connection per store, shared by its subscriptions: taken from the pool by the
 * first subscription and destroyed (not returned to the pool) when the last one stops.
 */
function createListener(pool: pg.Pool, notifier: ChangeNotifier) {
  let users = 0;
  let connection: { client: pg.PoolClient; destroy(): void } | null = null;
  let closed = false;
  // Connects and disconnects run one at a time.
  let queue: Promise<void> = Promise.resolve();
  const serially = (task: () => Promise<void>): Promise<void> => {
    const next = queue.then(task);
    queue = next.catch(() => {});
    return next;
  };

  const disconnect = async (): Promise<void> => {
    const current = connection;
    if (!current) return;
    connection = null;
    try {
      await current.client.query(`UNLISTEN ${NOTIFY_CHANNEL}`);
    } catch {
      // The connection is destroyed below either way.
    }
    current.destroy();
  };

  const connect = async (): Promise<void> => {
    if (connection || users === 0 || closed) return;
    const client = await pool.connect();
    let destroyed = false;
    const current = {
      client,
      destroy(): void {
        if (destroyed) return;
        destroyed = true;
        client.release(true); // never hand a LISTENing connection back to the pool
      },
    };
    client.on('notification', (message) => {
      if (message.channel === NOTIFY_CHANNEL) notifier.notify();
    });
    client.on('error', () => {
      // Lost connection: drop it; subscriptions poll until `ensure` reconnects.
      if (connection === current) connection = null;
      current.destroy();
    });
    try {
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      current.destroy();
      throw error;
    }
    connection = current;
    // Anything committed while we were connecting: read again.
    notifier.notify();
  };

  return {
    acquire(): Promise<void> {
      users += 1;
      return serially(connect);
    },
    ensure(): Promise<void> {
      return connection || users === 0 || closed ? Promise.resolve() : serially(connect);
    },
    release(): Promise<void> {
      users -= 1;
      return serially(async () => {
        if (users === 0) await disconnect();
      });
    },
    close(): Promise<void> {
      closed = true;
      return serially(disconnect);
    },
  };
}
