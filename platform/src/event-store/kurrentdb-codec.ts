/**
 * The pure parts of the KurrentDB adapter (ADR 075): positions, events and metadata as KurrentDB
 * stores them, the server-side filters and the expected-version mapping. No I/O here, so they are
 * unit-tested on machines without a KurrentDB server.
 */
import {
  ANY,
  NO_STREAM,
  START as KURRENT_START,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
  type AppendStreamState,
  type Filter,
  type JSONEventData,
  type Position as KurrentPosition,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import { decodePosition, encodePosition, START, type Position } from './position';
import { NO_STREAM_VERSION, type Actor, type EventMetadata, type ExpectedVersion, type NewEvent, type RecordedEvent } from './types';

/** KurrentDB's $all position as Hireloop's opaque position: `<commit, 20 digits>.<prepare, 20 digits>`. */
export const fromKurrentPosition = (position: KurrentPosition): Position => encodePosition(position.commit, position.prepare);

/**
 * Where a $all read starts. KurrentDB orders $all by (commit, prepare), the same order as the
 * fixed-width string, so a position read back maps onto the exact record it came from.
 */
export const toReadPosition = (position: Position): ReadPosition => {
  if (position === START) return KURRENT_START;
  const { major, minor } = decodePosition(position);
  return { commit: major, prepare: minor };
};

/**
 * Metadata keys as stored. The v2 append protocol behind multi-stream appends takes string
 * values only (the client refuses anything else), so single-stream appends store the same string
 * map and one decoder reads both. `$correlationId` and `$causationId` are KurrentDB's own names
 * (its `$by_correlation_id` projection reads them).
 */
const KEYS = {
  eventId: 'eventId',
  occurredAt: 'occurredAt',
  actor: 'actor',
  correlationId: '$correlationId',
  causationId: '$causationId',
  schemaVersion: 'schemaVersion',
} as const;

export type StoredMetadata = Record<string, string>;

export function encodeMetadata(metadata: EventMetadata): StoredMetadata {
  return {
    [KEYS.eventId]: metadata.eventId,
    [KEYS.occurredAt]: metadata.occurredAt,
    [KEYS.actor]: JSON.stringify(metadata.actor),
    [KEYS.correlationId]: metadata.correlationId,
    ...(metadata.causationId === null ? {} : { [KEYS.causationId]: metadata.causationId }),
    [KEYS.schemaVersion]: String(metadata.schemaVersion),
  };
}

/** An event in the log that Hireloop did not write (or that lost its metadata): named, not guessed at. */
export class ForeignEventError extends Error {
  override readonly name = 'ForeignEventError';
}

const isActor = (value: unknown): value is Actor =>
  value === 'system' ||
  (value !== null &&
    typeof value === 'object' &&
    typeof (value as { userId?: unknown }).userId === 'string' &&
    typeof (value as { role?: unknown }).role === 'string');

export function decodeMetadata(stored: unknown, where: string): EventMetadata {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored) || stored instanceof Uint8Array) {
    throw new ForeignEventError(`${where} has no Hireloop metadata`);
  }
  const fields = stored as Record<string, unknown>;
  const text = (key: string): string => {
    const value = fields[key];
    if (typeof value !== 'string') throw new ForeignEventError(`${where}: metadata field ${key} is missing`);
    return value;
  };
  let actor: unknown;
  try {
    actor = JSON.parse(text(KEYS.actor));
  } catch (error) {
    if (error instanceof ForeignEventError) throw error;
    throw new ForeignEventError(`${where}: metadata field ${KEYS.actor} is not JSON`);
  }
  if (!isActor(actor)) throw new ForeignEventError(`${where}: metadata field ${KEYS.actor} is not an actor`);
  const schemaVersion = Number(text(KEYS.schemaVersion));
  if (!Number.isInteger(schemaVersion)) throw new ForeignEventError(`${where}: metadata field ${KEYS.schemaVersion} is not an integer`);
  const causation = fields[KEYS.causationId];
  return {
    eventId: text(KEYS.eventId),
    occurredAt: text(KEYS.occurredAt),
    actor,
    correlationId: text(KEYS.correlationId),
    causationId: typeof causation === 'string' ? causation : null,
    schemaVersion,
  };
}

/** A new event as KurrentDB's client takes it: the event id is KurrentDB's record id (its idempotency key). */
export function toEventData(event: NewEvent): JSONEventData {
  return {
    id: event.metadata.eventId,
    contentType: 'application/json',
    type: event.type,
    // `undefined` is stored as JSON null, like the other adapters' jsonb.
    data: (event.data === undefined ? null : event.data) as JSONEventData['data'],
    metadata: encodeMetadata(event.metadata),
  };
}

/** The fields of a KurrentDB recorded event this adapter reads. */
export interface KurrentRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  isJson: boolean;
  position?: KurrentPosition;
}

/** A stored record as the port's event; `streamOf` takes the deployment's namespace off the stream name. */
export function fromKurrentRecord(record: KurrentRecord, streamOf: (stored: string) => string = (stored) => stored): RecordedEvent {
  const where = `Event ${record.id} (${record.type}) in stream ${record.streamId}`;
  if (!record.position) throw new ForeignEventError(`${where} came without its $all position (KurrentDB 22.6 or later is needed)`);
  if (!record.isJson) throw new ForeignEventError(`${where} is not JSON`);
  return {
    type: record.type,
    data: record.data === undefined ? null : record.data,
    metadata: decodeMetadata(record.metadata, where),
    streamId: streamOf(record.streamId),
    streamVersion: Number(record.revision),
    position: fromKurrentPosition(record.position),
    recordedAt: record.created.toISOString(),
  };
}

/**
 * The port's expected version as KurrentDB's stream state. `null`: a version no stream can be
 * at (below -1), which the adapter answers with a conflict without asking the server (KurrentDB
 * reads -2 as "any").
 */
export function toStreamState(expected: ExpectedVersion): AppendStreamState | null {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === NO_STREAM_VERSION) return NO_STREAM;
  if (!Number.isInteger(expected) || expected < NO_STREAM_VERSION) return null;
  return BigInt(expected);
}

/** KurrentDB's current stream state (a revision or `no_stream`) as the port's version number. */
export function fromCurrentState(state: unknown): number {
  if (typeof state === 'bigint') return Number(state);
  if (typeof state === 'number') return state;
  return NO_STREAM_VERSION;
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The server-side filter of a $all read. With a namespace (tests, or deployments sharing a
 * server) it is the namespace's stream prefix, and event types are then filtered in the adapter
 * (KurrentDB filters on one of stream name or event type). Without one: the wanted event types,
 * or else every event that is not a system event (types starting with `$`).
 */
export function allFilter(namespace: string, eventTypes?: readonly string[]): { server: Filter; types: ReadonlySet<string> | null } {
  const types = eventTypes ? new Set(eventTypes) : null;
  if (namespace !== '') return { server: streamNameFilter({ prefixes: [namespace] }), types };
  if (types) {
    // No type matches nothing: a pattern that matches no name.
    const regex = types.size === 0 ? '^$.' : `^(?:${[...types].map(escapeRegex).join('|')})$`;
    return { server: eventTypeFilter({ regex }), types };
  }
  return { server: excludeSystemEvents(), types: null };
}
