/**
 * A stand-in for the parts of `@kurrent/kurrentdb-client` the KurrentDB adapter calls, in memory,
 * for machines where no KurrentDB server runs (ADR 075). It is NOT KurrentDB: it runs the
 * adapter's own logic (positions, paging, filters, batches, errors, wake-ups) against the
 * client's documented behaviour, modelled where it is least convenient for the adapter:
 *
 * - $all positions as KurrentDB writes them: every event its own prepare position, the events
 *   of one write sharing the commit position of the write's last event;
 * - a read of $all from a position that includes the event at that position;
 * - system events (`$`-types in `$`-streams) in the log from the start;
 * - metadata sent by a multi-stream append must be a map of strings (the client refuses others);
 * - a missing stream read throws `StreamNotFoundError`; a wrong expected revision throws the
 *   client's `WrongExpectedVersionError` with the stream's current state.
 * The contract suite on a real server (KURRENTDB_URL or a container) is the proof; this is not.
 */
import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  STREAM_NAME,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendStreamRequest,
  type AppendStreamState,
  type Filter,
  type KurrentDBClient,
  type Position,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';

interface StoredRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: string;
  metadata: string;
  position: Position;
}

interface EventInput {
  id: string;
  type: string;
  data: unknown;
  metadata?: unknown;
}

const isString = (value: unknown): boolean => typeof value === 'string';

export function createKurrentDbStandIn(): KurrentDBClient & { calls: Record<string, number> } {
  const log: StoredRecord[] = [];
  const streams = new Map<string, StoredRecord[]>();
  const live = new Set<EventEmitter & { filter?: Filter }>();
  const calls: Record<string, number> = {};
  let offset = 100n;
  const count = (name: string): void => void (calls[name] = (calls[name] ?? 0) + 1);

  const current = (stream: string): bigint | typeof NO_STREAM => {
    const events = streams.get(stream);
    return events && events.length > 0 ? BigInt(events.length - 1) : NO_STREAM;
  };
  const check = (stream: string, expected: AppendStreamState): void => {
    if (expected === ANY) return;
    const actual = current(stream);
    const holds = expected === NO_STREAM ? actual === NO_STREAM : expected === 'stream_exists' ? actual !== NO_STREAM : actual === expected;
    if (!holds) throw new WrongExpectedVersionError(undefined, { streamName: stream, expected, current: actual });
  };
  const matches = (record: StoredRecord, filter: Filter | undefined): boolean => {
    if (!filter) return true;
    const subject = filter.filterOn === STREAM_NAME ? record.streamId : record.type;
    if ('prefixes' in filter) return filter.prefixes.some((prefix) => subject.startsWith(prefix));
    return new RegExp(filter.regex).test(subject);
  };
  const resolved = (record: StoredRecord) => ({
    event: {
      streamId: record.streamId,
      id: record.id,
      revision: record.revision,
      type: record.type,
      created: record.created,
      data: JSON.parse(record.data) as unknown,
      metadata: JSON.parse(record.metadata) as unknown,
      isJson: true,
      position: record.position,
    },
    commitPosition: record.position.commit,
  });
  const compare = (a: Position, b: Position): number => (a.commit === b.commit ? Number(a.prepare - b.prepare) : Number(a.commit - b.commit));

  /** One write: all or nothing, events of several streams in request order. */
  const write = (requests: { stream: string; events: EventInput[]; expected: AppendStreamState }[]): { stream: string; revision: bigint }[] => {
    for (const { stream, expected } of requests) check(stream, expected);
    const created = new Date();
    const total = requests.reduce((sum, request) => sum + request.events.length, 0);
    const commit = offset + BigInt(total - 1) * 10n;
    const results = requests.map(({ stream, events }) => {
      const target = streams.get(stream) ?? [];
      streams.set(stream, target);
      for (const event of events) {
        const record: StoredRecord = {
          streamId: stream,
          id: event.id,
          revision: BigInt(target.length),
          type: event.type,
          created,
          data: JSON.stringify(event.data),
          metadata: JSON.stringify(event.metadata ?? {}),
          position: { commit, prepare: offset },
        };
        offset += 10n;
        target.push(record);
        log.push(record);
      }
      return { stream, revision: BigInt(target.length - 1) };
    });
    for (const subscriber of live) for (const record of log.slice(log.length - total)) if (matches(record, subscriber.filter)) subscriber.emit('data', resolved(record));
    return results;
  };

  // KurrentDB's own events, there before any of ours.
  write([{ stream: '$settings', events: [{ id: crypto.randomUUID(), type: '$settings', data: {} }], expected: ANY }]);
  write([{ stream: '$scavenges', events: [{ id: crypto.randomUUID(), type: '$scavengeStarted', data: {} }], expected: ANY }]);

  async function* iterate<T>(items: T[]): AsyncIterableIterator<T> {
    await Promise.resolve();
    for (const item of items) yield item;
  }

  const standIn = {
    calls,
    appendToStream(stream: string, events: EventInput | EventInput[], options: { streamState?: AppendStreamState } = {}) {
      count('appendToStream');
      try {
        const [result] = write([{ stream, events: Array.isArray(events) ? events : [events], expected: options.streamState ?? ANY }]);
        return Promise.resolve({ success: true, nextExpectedRevision: result!.revision, position: log.at(-1)!.position });
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    multiStreamAppend(requests: AppendStreamRequest[]) {
      count('multiStreamAppend');
      for (const request of requests) {
        for (const event of request.events) {
          const metadata = event.metadata as unknown;
          if (metadata != null && (typeof metadata !== 'object' || Array.isArray(metadata) || !Object.values(metadata).every(isString))) {
            return Promise.reject(new Error('multiStreamAppend requires metadata to be a plain object with string keys and string values.'));
          }
        }
      }
      try {
        const results = write(requests.map((request) => ({ stream: request.streamName, events: request.events as EventInput[], expected: request.expectedState })));
        return Promise.resolve({ position: log.at(-1)!.position.commit, responses: results.map(({ stream, revision }) => ({ streamName: stream, revision })) });
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    readStream(stream: string, options: { fromRevision?: bigint | typeof START | typeof END; direction?: string; maxCount?: number | bigint } = {}) {
      count('readStream');
      const events = streams.get(stream);
      if (!events) {
        const missing: AsyncIterableIterator<never> = {
          next: () => Promise.reject(new StreamNotFoundError(undefined, stream)),
          [Symbol.asyncIterator]() {
            return this;
          },
        };
        return missing;
      }
      const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
      let selected: StoredRecord[];
      if (options.direction === BACKWARDS) {
        const from = options.fromRevision === END || options.fromRevision === undefined ? events.length - 1 : Number(options.fromRevision);
        selected = events.slice(0, from + 1).reverse().slice(0, max);
      } else {
        const from = options.fromRevision === START || options.fromRevision === undefined ? 0 : Number(options.fromRevision);
        selected = events.slice(from, from + max);
      }
      return iterate(selected.map(resolved));
    },
    readAll(options: { fromPosition?: ReadPosition; direction?: string; maxCount?: number | bigint; filter?: Filter } = {}) {
      count('readAll');
      const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
      const from = options.fromPosition ?? (options.direction === BACKWARDS ? END : START);
      let selected: StoredRecord[];
      if (options.direction === BACKWARDS) {
        selected = [...log].reverse().filter((record) => from === END || from === START || compare(record.position, from) <= 0);
      } else {
        // Inclusive of the event at `from`.
        selected = log.filter((record) => from === START || (from !== END && compare(record.position, from) >= 0));
      }
      return iterate(selected.filter((record) => matches(record, options.filter)).slice(0, max).map(resolved));
    },
    subscribeToAll(options: { fromPosition?: ReadPosition; filter?: Filter } = {}) {
      count('subscribeToAll');
      if (options.fromPosition !== END) throw new Error('the stand-in only subscribes from the end');
      const subscription = Object.assign(new EventEmitter(), {
        filter: options.filter,
        unsubscribe: () => {
          live.delete(subscription);
          subscription.emit('close');
          return Promise.resolve();
        },
      });
      live.add(subscription);
      return subscription;
    },
    dispose: () => Promise.resolve(),
  };
  return standIn as unknown as KurrentDBClient & { calls: Record<string, number> };
}
