import { batchSizeOf, ChangeNotifier, checkExpectedVersion, startSubscription } from './internal';
import { encodePosition, START, type Position } from './position';
import {
  DuplicateEventError,
  NO_STREAM_VERSION,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type RecordedEvent,
  type Subscription,
} from './types';

/**
 * An in-process event store for tests and single-process development. Events are stored as
 * JSON (like the PostgreSQL adapter's jsonb), and callers get copies, so mutating a returned
 * event never changes the log.
 */
export function createMemoryEventStore(): EventStore {
  const log: RecordedEvent[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  const eventIds = new Set<string>();
  const notifier = new ChangeNotifier();
  const subscriptions = new Set<Subscription>();
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

  return {
    async append(streamId, newEvents: readonly NewEvent[], options): Promise<AppendResult> {
      assertOpen();
      const stream = streams.get(streamId);
      const current = stream ? stream.length - 1 : NO_STREAM_VERSION;
      checkExpectedVersion(streamId, options?.expectedVersion ?? 'any', current);
      if (newEvents.length === 0) {
        return { nextExpectedVersion: current, position: stream?.at(-1)?.position ?? START };
      }
      const batchIds = new Set<string>();
      for (const event of newEvents) {
        const id = event.metadata.eventId;
        if (eventIds.has(id) || batchIds.has(id)) throw new DuplicateEventError(`Event ${id} has already been stored`);
        batchIds.add(id);
      }

      const recordedAt = new Date().toISOString();
      const recorded = newEvents.map(
        (event, offset): RecordedEvent => ({
          type: event.type,
          data: toJson(event.data),
          metadata: toJson(event.metadata),
          streamId,
          streamVersion: current + 1 + offset,
          position: encodePosition(0, log.length + 1 + offset),
          recordedAt,
        }),
      );
      // Everything above can throw; nothing below does, so the append is atomic.
      const target = stream ?? [];
      if (!stream) streams.set(streamId, target);
      for (const event of recorded) {
        log.push(event);
        target.push(event);
        eventIds.add(event.metadata.eventId);
      }
      notifier.notify();
      const last = recorded.at(-1)!;
      return { nextExpectedVersion: last.streamVersion, position: last.position };
    },

    async readStream(streamId, options) {
      assertOpen();
      const stream = streams.get(streamId) ?? [];
      const fromVersion = Math.max(0, options?.fromVersion ?? 0);
      return { events: stream.slice(fromVersion).map(copy), version: stream.length - 1 };
    },

    readAll,

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
