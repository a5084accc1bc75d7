import type { OutboxMessage } from '../outbox/types';
import type { Position } from './position';

/**
 * Who caused an event: a signed-in user, or the system itself (imports, reactions, seeds).
 * `via` says how a user acted when it was not their own session: `api-key:<keyId>` for an AI
 * assistant calling the MCP endpoint with one of the user's API keys (ADR 042). The user stays
 * the actor (their role, their rights); the key is the means.
 */
export type Actor = { userId: string; role: string; via?: `api-key:${string}` } | 'system';

export interface EventMetadata {
  eventId: string;
  occurredAt: string; // ISO 8601
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  schemaVersion: number;
}

/** An event as a decider produces it, before it is stored. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/** An event as the store gives it back. */
export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  /** 0-based index of the event within its stream. */
  streamVersion: number;
  position: Position;
  recordedAt: string; // ISO 8601, the store's clock
}

/**
 * - 'any': no check.
 * - 'no_stream': the stream must not exist yet.
 * - a number: the stream's current version (version of its last event; 0 after one event).
 */
export type ExpectedVersion = 'any' | 'no_stream' | number;

export const NO_STREAM_VERSION = -1;

export interface StreamAppend {
  streamId: string;
  events: readonly NewEvent[];
  expectedVersion?: ExpectedVersion;
}

/** What an append may carry besides its events. */
export interface AppendOptions {
  expectedVersion?: ExpectedVersion;
  /**
   * Work the change asks for (a mail), stored in the same transaction as the events: both are
   * kept or neither is (ADR 053). The outbox relay delivers them after the commit.
   */
  outbox?: readonly OutboxMessage[];
}

export interface AppendResult {
  /** The stream's version after the append (version of the last event written). */
  nextExpectedVersion: number;
  /** Global position of the last event written. */
  position: Position;
}

export interface ReadAllOptions {
  /** Only these event types (the store may filter server-side). */
  eventTypes?: readonly string[];
  /** Maximum number of events returned. Default 500. */
  batchSize?: number;
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /**
   * The position to pass as `from` next time. With a type filter this may be
   * beyond the last returned event (events of other types were skipped).
   * Never beyond an event that is not yet visible (gap-safety).
   */
  nextPosition: Position;
}

export interface Subscription {
  /** Stops delivering and resolves once the handler is no longer running. */
  stop(): Promise<void>;
}

export interface SubscribeOptions extends ReadAllOptions {
  /** Called when the handler throws; the subscription stops after that. */
  onError?: (error: unknown) => void;
}

export interface EventStore {
  /**
   * Appends atomically. Throws `WrongExpectedVersionError` when the stream's version is not
   * the expected one (including when two writers race at the same expected version: exactly
   * one wins).
   */
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;

  /**
   * Appends to several streams all-or-nothing (one transaction): if any stream's expected
   * version does not hold, or anything else fails, no stream gets any event. Results are in the
   * order of `appends`. For steps that must never be half done, like creating an account
   * (email reservation, company, user).
   */
  appendToStreams(appends: readonly StreamAppend[], options?: Pick<AppendOptions, 'outbox'>): Promise<AppendResult[]>;

  /**
   * All events of one stream in order; `[]` with version -1 when it does not exist.
   * `personalData: 'closed'`: its personal fields read as they do once their person is erased,
   * with no key looked up and nothing decrypted, for a caller that uses none of them (ADR 114);
   * only the personal-data layer (ADR 019) acts on it, a store without personal data ignores it.
   */
  readStream(streamId: string, options?: { fromVersion?: number; personalData?: 'closed' }): Promise<{ events: RecordedEvent[]; version: number }>;

  /**
   * `readStream` for many streams in one round trip, answered in the order of `streamIds` (ADR
   * 094: an import reads hundreds of job streams a batch). Optional: where a store lacks it,
   * callers read the streams one by one.
   */
  readStreams?(streamIds: readonly string[]): Promise<Array<{ events: RecordedEvent[]; version: number }>>;

  /** Events strictly after `from` in global order (`START` for the beginning). Gap-safe. */
  readAll(from: Position, options?: ReadAllOptions): Promise<ReadAllResult>;

  /** The position of the last visible event (`START` when empty). */
  headPosition(): Promise<Position>;

  /**
   * Calls `handler` for every event after `from`, in global order, then for new ones as they
   * are appended (push or poll, adapter's choice). The handler runs one event batch at a time.
   * With a type filter it is also called with no events when the log moved on past events of
   * other types only, so the subscriber may record how far it has read.
   */
  subscribe(from: Position, handler: (events: RecordedEvent[], nextPosition: Position) => Promise<void>, options?: SubscribeOptions): Subscription;

  close(): Promise<void>;
}

/**
 * A store that can rewrite one stored event's data in place. For one use only: erasing the
 * personal data of events written in the clear before it was sealed (ADR 019). Events are
 * otherwise never rewritten.
 */
export interface LegacyRedaction {
  redactLegacyEvent(eventId: string, data: unknown): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
  }
}

/** An event id that is already in the store: a reaction delivered twice appends nothing new. */
export class DuplicateEventError extends Error {
  override readonly name = 'DuplicateEventError';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * The configured event store cannot be reached (or its address is not one) at start-up: one
 * sentence for the person starting Hireloop, naming the variable to fix (KURRENTDB_URL, ADR 075).
 */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}
