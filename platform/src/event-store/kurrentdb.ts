import {
  BACKWARDS,
  END,
  KurrentDBClient,
  ErrorType,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  convertToCommandError,
  isCommandError,
  type AllStreamSubscription,
  type AppendStreamRequest,
  type Filter,
} from '@kurrent/kurrentdb-client';
import type { OutboxMessage, OutboxStore } from '../outbox/types';
import { batchSizeOf, ChangeNotifier, checkExpectedVersion, startSubscription, type DriverReadResult } from './internal';
import { allFilter, fromCurrentState, fromKurrentPosition, fromKurrentRecord, toEventData, toReadPosition, toStreamState, type KurrentRecord } from './kurrentdb-codec';
import { maxPosition, START, type Position } from './position';
import {
  EventStoreUnavailableError,
  NO_STREAM_VERSION,
  WrongExpectedVersionError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type RecordedEvent,
  type StreamAppend,
  type Subscription,
} from './types';

/**
 * KurrentDB adapter of the event store (ADR 075), on `@kurrent/kurrentdb-client`.
 *
 * - Appends: `appendToStream` with the expected revision; several streams at once with the
 *   client's `multiStreamAppend` (KurrentDB 25.1 or later), all or nothing.
 * - Reads: streams with `readStream`; the log with `readAll` on `$all` and a server-side filter
 *   (system events excluded). KurrentDB commits one write at a time, so $all has no gaps to wait
 *   for: what a reader sees is final.
 * - Positions: $all's (commit, prepare) pair as the opaque fixed-width position.
 * - Subscriptions: the shared catch-up loop reads $all in batches; a live filtered
 *   `subscribeToAll` from the end wakes it when something is written (polling is the fallback).
 * - Checkpoints are not kept here: read models and reactions keep theirs with their own data.
 * - The outbox: KurrentDB cannot hold it in the append's transaction; messages go to the given
 *   outbox store right after the events are committed (ADR 075 says what that costs).
 */
export { EventStoreUnavailableError };

export interface KurrentDbEventStoreOptions {
  /** `kurrentdb://host:2113?tls=false`, as KURRENTDB_URL holds it. */
  connectionString: string;
  /**
   * Every stream name starts with this (and $all reads only these streams): tests, or
   * deployments sharing one server. Default none. Stream ids in and out of the port are without it.
   */
  namespace?: string;
  /** Where outbox messages wait, written after the events they came with (see above). */
  outbox: OutboxStore & { add(messages: readonly OutboxMessage[]): unknown };
  /** An outbox write that failed after its events were committed. Default: console.error. */
  onOutboxError?: (error: unknown, messages: readonly OutboxMessage[]) => void;
  /** Subscriptions re-read at least this often even without a wake-up. Default 1,000 ms. */
  pollIntervalMs?: number;
  /** How long opening may take before start-up is refused. Default 5,000 ms. */
  connectTimeoutMs?: number;
  /** A client to use instead of one made from the connection string (a stand-in in tests); `close()` disposes it. */
  client?: KurrentDBClient;
}

export interface KurrentDbEventStore extends EventStore {
  readonly outbox: OutboxStore;
  readonly client: KurrentDBClient;
}

/** The connection string without credentials, for messages. */
export const kurrentDbLabel = (url: string): string => url.replace(/\/\/[^@\s/,]*@/g, '//[REDACTED]@');

/** The client's "no such stream" (the read then yields nothing instead, depending on the path taken). */
const isMissingStream = (error: unknown): boolean =>
  error instanceof Error && isCommandError(error) && (error.type === ErrorType.STREAM_NOT_FOUND || error.type === ErrorType.NO_STREAM);

/** The client's bare errors say only their class ("UnavailableError"): said in words. */
const describe = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  if (isCommandError(error) && error.type === ErrorType.UNAVAILABLE) return 'no server answered (unavailable)';
  return error.message && error.message !== error.name ? error.message : error.name;
};

export async function createKurrentDbEventStore(options: KurrentDbEventStoreOptions): Promise<KurrentDbEventStore> {
  const namespace = options.namespace ?? '';
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const label = kurrentDbLabel(options.connectionString);
  let client: KurrentDBClient;
  try {
    client = options.client ?? KurrentDBClient.connectionString(options.connectionString);
  } catch (error) {
    throw new EventStoreUnavailableError(`KURRENTDB_URL is not a KurrentDB connection string (${label}): ${describe(error)}`, { cause: error });
  }

  const stored = (streamId: string): string => `${namespace}${streamId}`;
  const streamOf = (name: string): string => (name.startsWith(namespace) ? name.slice(namespace.length) : name);
  const baseFilter = allFilter(namespace).server;
  const notifier = new ChangeNotifier();
  const subscriptions = new Set<Subscription>();
  let closed = false;
  const assertOpen = (): void => {
    if (closed) throw new Error('The event store is closed');
  };

  /** The last event of a stream: its version and position (`-1` and START when there is none). */
  async function streamHead(streamId: string): Promise<{ version: number; position: Position }> {
    try {
      for await (const resolved of client.readStream(stored(streamId), { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        const event = resolved.event as KurrentRecord | undefined;
        if (event) return { version: Number(event.revision), position: event.position ? fromKurrentPosition(event.position) : START };
      }
    } catch (error) {
      if (isMissingStream(error)) return { version: NO_STREAM_VERSION, position: START };
      throw error;
    }
    return { version: NO_STREAM_VERSION, position: START };
  }

  /** The position of the event at `version` in a stream (what an append reports), read back. */
  async function positionAt(streamId: string, version: number): Promise<Position> {
    for await (const resolved of client.readStream(stored(streamId), { fromRevision: BigInt(version), maxCount: 1 })) {
      const event = resolved.event as KurrentRecord | undefined;
      if (event?.position) return fromKurrentPosition(event.position);
    }
    throw new Error(`KurrentDB did not return the position of event ${version} of stream ${streamId} just written`);
  }

  const conflict = async (streamId: string, expected: StreamAppend['expectedVersion'], error?: unknown): Promise<WrongExpectedVersionError> => {
    const actual = error instanceof KurrentWrongExpectedVersionError ? fromCurrentState(error.actualState) : (await streamHead(streamId)).version;
    return new WrongExpectedVersionError(streamId, expected ?? 'any', actual);
  };

  async function appendOne({ streamId, events, expectedVersion }: StreamAppend): Promise<AppendResult> {
    const expected = expectedVersion ?? 'any';
    const state = toStreamState(expected);
    if (state === null) throw await conflict(streamId, expected);
    if (events.length === 0) {
      const head = await streamHead(streamId);
      checkExpectedVersion(streamId, expected, head.version);
      return { nextExpectedVersion: head.version, position: head.position };
    }
    let version: number;
    try {
      const result = await client.appendToStream(stored(streamId), events.map(toEventData), { streamState: state });
      version = Number(result.nextExpectedRevision);
    } catch (error) {
      if (error instanceof KurrentWrongExpectedVersionError) throw await conflict(streamId, expected, error);
      throw error;
    }
    return { nextExpectedVersion: version, position: await positionAt(streamId, version) };
  }

  async function appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    const requests: AppendStreamRequest[] = [];
    for (const { streamId, events, expectedVersion } of appends) {
      const state = toStreamState(expectedVersion ?? 'any');
      if (state === null) throw await conflict(streamId, expectedVersion);
      requests.push({ streamName: stored(streamId), events: events.map(toEventData), expectedState: state });
    }
    try {
      const result = await client.multiStreamAppend(requests);
      const revisions = new Map(result.responses.map((response) => [streamOf(response.streamName), Number(response.revision)]));
      return Promise.all(
        appends.map(async ({ streamId }) => {
          const version = revisions.get(streamId);
          if (version === undefined) throw new Error(`KurrentDB did not report stream ${streamId} of a multi-stream append`);
          return { nextExpectedVersion: version, position: await positionAt(streamId, version) };
        }),
      );
    } catch (thrown) {
      // The append session's stream may reject with the raw gRPC error before the client converts it.
      const error = thrown instanceof Error ? convertToCommandError(thrown) : thrown;
      if (error instanceof KurrentWrongExpectedVersionError) {
        const streamId = streamOf(error.streamName);
        throw await conflict(streamId, appends.find((append) => append.streamId === streamId)?.expectedVersion, error);
      }
      if (error instanceof Error && isCommandError(error) && error.type === ErrorType.UNSUPPORTED) {
        throw new Error('Appending to several streams at once needs KurrentDB 25.1 or later (multi-stream append); this server is older', { cause: error });
      }
      throw error;
    }
  }

  async function commit(appends: readonly StreamAppend[], messages: readonly OutboxMessage[] = []): Promise<AppendResult[]> {
    assertOpen();
    if (new Set(appends.map((append) => append.streamId)).size !== appends.length) throw new Error('appendToStreams: a stream may appear once');
    const writing = appends.filter((append) => append.events.length > 0);
    // Appends without events only check their expected version, before the write (not atomically with it).
    const checked = new Map(
      await Promise.all(appends.filter((append) => append.events.length === 0).map(async (append) => [append.streamId, await appendOne(append)] as const)),
    );
    // One stream written: the ordinary append, which every KurrentDB version has; several: one multi-stream append.
    const written = writing.length === 1 ? [await appendOne(writing[0]!)] : writing.length > 1 ? await appendMany(writing) : [];
    const byStream = new Map(writing.map((append, index) => [append.streamId, written[index]!]));
    const results = appends.map((append) => checked.get(append.streamId) ?? byStream.get(append.streamId)!);
    if (writing.length > 0) notifier.notify();
    if (messages.length > 0) {
      try {
        await options.outbox.add(messages);
      } catch (error) {
        (options.onOutboxError ?? ((failure: unknown) => console.error('Outbox messages lost after their events were committed to KurrentDB', failure)))(error, messages);
      }
    }
    return results;
  }

  async function headPosition(): Promise<Position> {
    assertOpen();
    for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: baseFilter })) {
      const event = resolved.event as KurrentRecord | undefined;
      if (event?.position) return fromKurrentPosition(event.position);
    }
    return START;
  }

  /**
   * A batch of $all after `from`. The head is taken first: when the read runs out before the
   * batch is full, everything up to that head has been seen (a filtered reader may move there).
   */
  async function readBatch(from: Position, readOptions?: ReadAllOptions): Promise<DriverReadResult> {
    assertOpen();
    const batchSize = batchSizeOf(readOptions);
    const head = await headPosition();
    if (head === START || (from !== START && from >= head)) return { events: [], nextPosition: from };
    const { server, types } = allFilter(namespace, readOptions?.eventTypes);
    const events: RecordedEvent[] = [];
    let seen = from;
    let full = false;
    for await (const resolved of client.readAll({ fromPosition: toReadPosition(from), filter: server })) {
      const record = resolved.event as KurrentRecord | undefined;
      if (!record?.position) continue;
      const position = fromKurrentPosition(record.position);
      // A read from a position may start at that position's own event: only what is after it counts.
      if (from !== START && position <= from) continue;
      if (namespace !== '' && !record.streamId.startsWith(namespace)) continue;
      seen = position;
      if (types && !types.has(record.type)) continue;
      events.push(fromKurrentRecord(record, streamOf));
      if (events.length >= batchSize) {
        full = true;
        break;
      }
    }
    return { events, nextPosition: full ? seen : maxPosition(seen, head) };
  }

  async function readAll(from: Position, readOptions?: ReadAllOptions): Promise<ReadAllResult> {
    const { events, nextPosition } = await readBatch(from, readOptions);
    return { events, nextPosition };
  }

  const wakeUp = createWakeUp(client, baseFilter, notifier);

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
        start() {
          listening = true;
          wakeUp.acquire();
          return Promise.resolve();
        },
        beforeWait() {
          wakeUp.ensure();
          return Promise.resolve();
        },
        async finish() {
          if (listening) await wakeUp.release();
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

  // Fail fast: a server that cannot be reached stops start-up, naming the variable.
  const timeoutMs = options.connectTimeoutMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      headPosition(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    await client.dispose().catch(() => undefined);
    throw new EventStoreUnavailableError(`KurrentDB at ${label} (KURRENTDB_URL) cannot be reached: ${describe(error)}. Start it, or set KURRENTDB_URL to a running server.`, { cause: error });
  } finally {
    clearTimeout(timer);
  }

  return {
    client,
    outbox: options.outbox,
    append: (streamId: string, events: readonly NewEvent[], appendOptions?: AppendOptions) =>
      commit([{ streamId, events, expectedVersion: appendOptions?.expectedVersion }], appendOptions?.outbox).then((results) => results[0]!),
    appendToStreams: (appends, appendOptions) => commit(appends, appendOptions?.outbox),
    async readStream(streamId, readOptions) {
      assertOpen();
      const fromVersion = Math.max(0, readOptions?.fromVersion ?? 0);
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(stored(streamId), { fromRevision: BigInt(fromVersion) })) {
          const record = resolved.event as KurrentRecord | undefined;
          if (record) events.push(fromKurrentRecord(record, streamOf));
        }
      } catch (error) {
        if (isMissingStream(error)) return { events: [], version: NO_STREAM_VERSION };
        throw error;
      }
      const last = events.at(-1);
      if (last) return { events, version: last.streamVersion };
      return { events, version: fromVersion === 0 ? NO_STREAM_VERSION : (await streamHead(streamId)).version };
    },
    readAll,
    headPosition,
    subscribe,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await wakeUp.close();
      await client.dispose();
    },
  };
}

/**
 * One live `subscribeToAll` per store, from the end of $all with the store's filter, shared by its
 * subscriptions: anything that arrives (or a filter checkpoint) wakes them to read. Opened by the
 * first subscription, closed with the last; a dropped one is opened again before the next wait.
 */
function createWakeUp(client: KurrentDBClient, filter: Filter, notifier: ChangeNotifier) {
  let users = 0;
  let live: AllStreamSubscription | null = null;
  const open = (): void => {
    if (live || users === 0) return;
    const subscription = client.subscribeToAll({
      fromPosition: END,
      filter: { ...filter, checkpointInterval: 1, checkpointReached: () => notifier.notify() },
    });
    const drop = (): void => {
      if (live === subscription) live = null;
    };
    subscription.on('data', () => notifier.notify());
    subscription.on('error', drop);
    subscription.on('end', drop);
    subscription.on('close', drop);
    live = subscription;
    // Anything written while it was opening: read again.
    notifier.notify();
  };
  const shut = async (): Promise<void> => {
    const current = live;
    live = null;
    if (current) await current.unsubscribe().catch(() => undefined);
  };
  return {
    acquire(): void {
      users += 1;
      open();
    },
    ensure(): void {
      open();
    },
    async release(): Promise<void> {
      users -= 1;
      if (users === 0) await shut();
    },
    close: shut,
  };
}
