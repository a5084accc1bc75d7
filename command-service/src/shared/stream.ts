import type { EventStore, RecordedEvent } from '@hireloop/platform/event-store';
import { fold, type Decider, type DomainEvent } from './decider';

/** The schema version every event is written with today. */
export const SCHEMA_VERSION = 1;

/** A stored event as the command side works with it: checked, current shape, and when it happened. */
export type StoredEvent<Event extends DomainEvent> = Event & { occurredAt: string };

/** A stream's events cannot be read: unknown type or data its schema refuses (never silently folded). */
export class CorruptStreamError extends Error {
  override readonly name = 'CorruptStreamError';
}

/**
 * One stored event in the decider's terms: upcast step by step from the version it was written
 * with to the current one, then parsed with the event type's schema.
 */
export function toDomainEvent<Event extends DomainEvent>(decider: Pick<Decider<never, Event, never>, 'schemas' | 'upcasters'>, recorded: RecordedEvent): StoredEvent<Event> {
  const schemas = decider.schemas as Record<string, { safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { message: string } } } | undefined>;
  const schema = schemas[recorded.type];
  const where = `${recorded.streamId} at version ${recorded.streamVersion}`;
  if (!schema) throw new CorruptStreamError(`Unknown event type ${recorded.type} in ${where}`);
  let data = recorded.data;
  for (let version = recorded.metadata.schemaVersion ?? 1; version < SCHEMA_VERSION; version++) {
    const step = decider.upcasters?.[recorded.type]?.[version];
    if (step) data = step(data);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new CorruptStreamError(`${recorded.type} in ${where} does not match its schema: ${parsed.error.message}`);
  return { type: recorded.type, data: parsed.data, occurredAt: recorded.metadata.occurredAt } as StoredEvent<Event>;
}

/** The one way to load a stream: read, upcast and parse every event, fold. */
export async function loadState<Event extends DomainEvent, State>(
  store: Pick<EventStore, 'readStream'>,
  streamId: string,
  decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve' | 'schemas' | 'upcasters'>,
): Promise<{ state: State; version: number; events: StoredEvent<Event>[] }> {
  return foldRecorded(decider, await store.readStream(streamId));
}

/** `loadState` of a stream already read (`EventStore.readStreams` reads many at once). */
export function foldRecorded<Event extends DomainEvent, State>(
  decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve' | 'schemas' | 'upcasters'>,
  { events: recorded, version }: { events: readonly RecordedEvent[]; version: number },
): { state: State; version: number; events: StoredEvent<Event>[] } {
  const events = recorded.map((event) => toDomainEvent<Event>(decider, event));
  return { state: fold(decider, events), version, events };
}

/**
 * Folded states of streams, each as of a version (ADR 114), for streams whose events are never
 * rewritten (no personal data: ADR 019 rewrites only those) and that grow with use, such as a
 * company's subscription stream, which counts every job it posts. Bounded: the states used least
 * recently go first.
 */
export class FoldedStates<State> {
  private readonly states = new Map<string, { version: number; state: State }>();
  constructor(private readonly max = 10_000) {}

  get(streamId: string): { version: number; state: State } | undefined {
    const known = this.states.get(streamId);
    if (known) {
      this.states.delete(streamId);
      this.states.set(streamId, known);
    }
    return known;
  }

  set(streamId: string, version: number, state: State): void {
    this.states.delete(streamId);
    if (this.states.size >= this.max) this.states.delete(this.states.keys().next().value!);
    this.states.set(streamId, { version, state });
  }
}

/**
 * `loadState` through `states`: the stream is still read on every call (what another process
 * appended counts), but from the version folded last time, whose event tells that the stream is
 * where it was; only the events after it are parsed and folded. The same state and version as
 * `loadState`.
 */
export async function loadStateSince<Event extends DomainEvent, State>(
  store: Pick<EventStore, 'readStream'>,
  streamId: string,
  decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve' | 'schemas' | 'upcasters'>,
  states: FoldedStates<State>,
): Promise<{ state: State; version: number }> {
  const known = states.get(streamId);
  const read = known ? await store.readStream(streamId, { fromVersion: known.version }) : null;
  // Not the event folded last time (a store that lost it): the whole stream again.
  if (!known || !read || read.events[0]?.streamVersion !== known.version) {
    const { state, version } = await loadState(store, streamId, decider);
    if (version >= 0) states.set(streamId, version, state);
    return { state, version };
  }
  let state = known.state;
  for (const recorded of read.events) if (recorded.streamVersion > known.version) state = decider.evolve(state, toDomainEvent<Event>(decider, recorded));
  states.set(streamId, read.version, state);
  return { state, version: read.version };
}
