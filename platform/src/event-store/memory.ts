import { createMemoryOutboxStore } from '../outbox/memory';
import type { OutboxMessage, OutboxStore } from '../outbox/types';
import { batchSizeOf, ChangeNotifier, checkExpectedVersion, startSubscription } from './internal';
import { encodePosition, START, type Position } from './position';
import {
  DuplicateEventError,
  NO_STREAM_VERSION,
  type AppendResult,
  type EventStore,
  type LegacyRedaction,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type RecordedEvent,
  type StreamAppend,
  type Subscription,
} from './types';

/**
 * An in-process event store for tests and single-process development. Events are stored as
 * JSON (like the PostgreSQL adapter's jsonb), and callers get copies, so mutating a returned
 * event never changes the log.
 */
export function createMemoryEventStore(): EventStore & LegacyRedaction & { readonly outbox: OutboxStore } {
  const log: RecordedEvent[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  const eventIds = new Set<string>();
  const notifier = new ChangeNotifier();
  const subscriptions = new Set<Subscription>();
  const outbox = createMemoryOutboxStore();
  let closed = false;

  const assertOpen = (): void => {
    if (closed) throw new Error('The event store is closed');
  };
  const copy = (event: RecordedEvent): RecordedEvent => structuredClone(event);
  const toJson = <T>(value: T): T => (value === undefined ? (null as T) : (JSON.parse(JSON.stringify(value)) as T));

  /** Index in `log` of the first event after `from`. Positions are `encodePosition(0, index + 1)`. */
  const indexAfter = (from: Position): number => {
    if (from === START) return 0;
    // Positions are fixed-width strings, so a binary search by string comparison works even for
    // positions this store did not produce.
    let low = 0;
    let high = log.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (log[middle]!.position <= from) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  const readAll = async (from: Position, options?: ReadAllOptions): Promise<ReadAllResult> => {
    assertOpen();
    const batchSize = batchSizeOf(options);
    const types = options?.eventTypes ? new Set(options.eventTypes) : null;
    const events: RecordedEvent[] = [];
    let nextPosition = from;
    for (let index = indexAfter(from); index < log.length && events.length < batchSize; index++) {
      const event = log[index]!;
      nextPosition = event.position; // skipped events of other types still advance the reader
      if (types === null || types.has(event.type)) events.push(copy(event));
    }
    return { events, nextPosition };
  };

  /** Checks every append first, then records them all: nothing below the checks throws. */
  const commit = (appends: readonly StreamAppend[], messages: readonly OutboxMessage[] = []): AppendResult[] => {
    assertOpen();
    if (new Set(appends.map((append) => append.streamId)).size !== appends.length) throw new Error('appendToStreams: a stream may appear once');
    const batchIds = new Set<string>();
    const planned = appends.map(({ streamId, events, expectedVersion }) => {
      const stream = streams.get(streamId);
      const current = stream ? stream.length - 1 : NO_STREAM_VERSION;
      checkExpectedVersion(streamId, expectedVersion ?? 'any', current);
      for (const event of events) {
        const id = event.metadata.eventId;
        if (eventIds.has(id) || batchIds.has(id)) throw new DuplicateEventError(`Event ${id} has already been stored`);
        batchIds.add(id);
      }
      return { streamId, events, current, data: events.map((event) => ({ data: toJson(event.data), metadata: toJson(event.metadata) })) };
    });

    const recordedAt = new Date().toISOString();
    const results = planned.map(({ streamId, events, current, data }): AppendResult => {
      const stream = streams.get(streamId);
      if (events.length === 0) return { nextExpectedVersion: current, position: stream?.at(-1)?.position ?? START };
      const target = stream ?? [];
      if (!stream) streams.set(streamId, target);
      events.forEach((event, offset) => {
        const recorded: RecordedEvent = {
          type: event.type,
          ...data[offset]!,
          streamId,
          streamVersion: current + 1 + offset,
          position: encodePosition(0, log.length + 1),
          recordedAt,
        };
        log.push(recorded);
        target.push(recorded);
        eventIds.add(event.metadata.eventId);
      });
      const last = target.at(-1)!;
      return { nextExpectedVersion: last.streamVersion, position: last.position };
    });
    outbox.add(messages);
    if (results.length > 0) notifier.notify();
    return results;
  };

  return {
    async append(streamId, newEvents: readonly NewEvent[], options): Promise<AppendResult> {
      return commit([{ streamId, events: newEvents, expectedVersion: options?.expectedVersion }], options?.outbox)[0]!;
    },

    async appendToStreams(appends, options) {
      return commit(appends, options?.outbox);
    },

    outbox,

    async readStream(streamId, options) {
      assertOpen();
      const stream = streams.get(streamId) ?? [];
      const fromVersion = Math.max(0, options?.fromVersion ?? 0);
      return { events: stream.slice(fromVersion).map(copy), version: stream.length - 1 };
    },

    readAll,

    async redactLegacyEvent(eventId, data) {
      assertOpen();
      const event = log.find((recorded) => recorded.metadata.eventId === eventId);
      if (event) event.data = toJson(data);
    },

    async headPosition() {
      assertOpen();
      return log.at(-1)?.position ?? START;
    },

    subscribe(from, handler, options) {
      assertOpen();
      const subscription = startSubscription(
        { readAll, notifier, pollIntervalMs: null, retryDelayMs: 100 },
        from,
        handler,
        options,
        (ended) => subscriptions.delete(ended),
      );
      subscriptions.add(subscription);
      return subscription;
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
    },
  };
}
