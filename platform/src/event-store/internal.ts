/**
 * Pieces shared by the event store adapters. Not part of the public port.
 */
import { isDatabaseUnavailable } from '../database/availability';
import { comparePositions, maxPosition, type Position } from './position';
import {
  NO_STREAM_VERSION,
  WrongExpectedVersionError,
  type ExpectedVersion,
  type ReadAllOptions,
  type ReadAllResult,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './types';

export const DEFAULT_BATCH_SIZE = 500;

export function batchSizeOf(options: ReadAllOptions | undefined): number {
  const size = options?.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batchSize must be a positive integer, got ${String(size)}`);
  return size;
}

/** Throws `WrongExpectedVersionError` unless `current` satisfies `expected`. */
export function checkExpectedVersion(streamId: string, expected: ExpectedVersion, current: number): void {
  if (expected === 'any') return;
  const wanted = expected === 'no_stream' ? NO_STREAM_VERSION : expected;
  if (current !== wanted) throw new WrongExpectedVersionError(streamId, expected, current);
}

/**
 * A generation counter that subscriptions wait on. `notify()` bumps the generation and wakes
 * every waiter; a waiter that passes the generation it saw *before* reading returns at once if
 * something happened in between, so no wake-up is lost.
 */
export class ChangeNotifier {
  private generation = 0;
  private readonly waiters = new Set<() => void>();

  get current(): number {
    return this.generation;
  }

  notify(): void {
    this.generation += 1;
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Resolves on the next change after `seen`, on `signal` abort, or after `timeoutMs` (never when null). */
  wait(seen: number, timeoutMs: number | null, signal: AbortSignal): Promise<void> {
    if (this.generation !== seen || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      this.waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
      if (timeoutMs !== null) timer = setTimeout(done, timeoutMs);
    });
  }
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * `pending`: events exist that are not readable yet (e.g. written by transactions that are still
 * open, or hidden behind one); the loop then re-reads soon instead of waiting a full poll interval.
 */
export type DriverReadResult = ReadAllResult & { pending?: boolean };

/** First and longest quick re-read delay while events are pending. */
const PENDING_RETRY_MIN_MS = 20;
/** The longest pause before a batch is handed again to a handler the database failed. */
const OUTAGE_RETRY_MAX_MS = 5_000;

export interface SubscriptionDriver {
  readAll(from: Position, options: ReadAllOptions): Promise<DriverReadResult>;
  notifier: ChangeNotifier;
  /** Poll even without a notification after this long; null waits for notifications only. */
  pollIntervalMs: number | null;
  /** Delay before retrying after a failed read. */
  retryDelayMs: number;
  /** Called before the first read (e.g. to start listening); a failure only means "poll". */
  start?(): Promise<void>;
  /** Called before each wait (e.g. to re-establish a lost listener); failures are ignored. */
  beforeWait?(): Promise<void>;
  /** Called once the loop has ended. */
  finish?(): Promise<void>;
}

/**
 * The subscription loop shared by the adapters: read a batch, hand it to the handler, wait for
 * a change (or the poll interval), repeat. Read errors are retried; so is a handler that failed
 * because the database could not be reached (the same batch again, with backoff up to 5 s: an
 * outage is not the handler's fault, ADR 050); any other handler error stops the subscription
 * and goes to `onError`.
 */
export function startSubscription(
  driver: SubscriptionDriver,
  from: Position,
  handler: (events: RecordedEvent[], nextPosition: Position) => Promise<void>,
  options: SubscribeOptions | undefined,
  onEnded: (subscription: Subscription) => void,
): Subscription {
  const batchSize = batchSizeOf(options);
  const readOptions: ReadAllOptions = { batchSize, ...(options?.eventTypes ? { eventTypes: options.eventTypes } : {}) };
  const controller = new AbortController();
  const { signal } = controller;
  let position = from;
  let pendingDelay = PENDING_RETRY_MIN_MS;
  let outageDelay = driver.retryDelayMs;

  const reportHandlerError = (error: unknown): void => {
    if (options?.onError) {
      try {
        options.onError(error);
      } catch {
        // An error reporter that throws has nowhere left to report to.
      }
    } else {
      console.error('Event store subscription stopped: the handler threw', error);
    }
  };

  const loop = async (): Promise<void> => {
    try {
      await driver.start?.();
    } catch {
      // Without push notifications the loop still makes progress by polling.
    }
    try {
      while (!signal.aborted) {
        const seen = driver.notifier.current;
        let result: DriverReadResult;
        try {
          result = await driver.readAll(position, readOptions);
        } catch {
          if (signal.aborted) break;
          await sleep(driver.retryDelayMs, signal);
          continue;
        }
        if (signal.aborted) break;
        // Also with no events when the reader moved past events of other types only: a
        // subscriber's checkpoint then follows the log, so a read-your-writes wait for the
        // position of such an event (a sign-in after a sign-up) ends at once.
        if (result.events.length > 0 || comparePositions(result.nextPosition, position) > 0) {
          try {
            await handler(result.events, result.nextPosition);
            outageDelay = driver.retryDelayMs;
          } catch (error) {
            if (isDatabaseUnavailable(error) && !signal.aborted) {
              await sleep(outageDelay, signal);
              outageDelay = Math.min(outageDelay * 2, OUTAGE_RETRY_MAX_MS);
              continue;
            }
            reportHandlerError(error);
            break;
          }
        }
        // Moving on means the transaction waited for last time has ended: the next wait starts short again (ADR 083).
        if (comparePositions(result.nextPosition, position) > 0) pendingDelay = PENDING_RETRY_MIN_MS;
        position = maxPosition(position, result.nextPosition);
        if (result.events.length >= batchSize) continue; // there may be more right away
        if (signal.aborted) break;
        try {
          await driver.beforeWait?.();
        } catch {
          // Keep polling.
        }
        let timeout = driver.pollIntervalMs;
        if (result.pending) {
          // Something is committed (or about to be) but hidden behind an open transaction:
          // look again soon, backing off up to the poll interval.
          timeout = timeout === null ? pendingDelay : Math.min(timeout, pendingDelay);
          pendingDelay = Math.min(pendingDelay * 2, driver.pollIntervalMs ?? 1_000);
        } else {
          pendingDelay = PENDING_RETRY_MIN_MS;
        }
        await driver.notifier.wait(seen, timeout, signal);
      }
    } finally {
      try {
        await driver.finish?.();
      } finally {
        onEnded(subscription);
      }
    }
  };

  const running = loop().catch(() => {
    // finish() failed: nothing more to release.
  });
  const subscription: Subscription = {
    async stop() {
      controller.abort();
      await running;
    },
  };
  return subscription;
}
