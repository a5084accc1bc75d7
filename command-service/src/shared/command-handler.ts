import { DomainError, MESSAGES } from '@hireloop/contracts';
import {
  NO_STREAM_VERSION,
  maxPosition,
  WrongExpectedVersionError,
  type Actor,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
} from '@hireloop/platform/event-store';
import type { OutboxMessage } from '@hireloop/platform/outbox';
import type { Clock, IdGenerator } from '@hireloop/platform/runtime';
import type { Decider, DomainEvent } from './decider';
import { loadState, SCHEMA_VERSION, type StoredEvent } from './stream';

/** Who asks, and the request this command belongs to (for the audit trail). */
export interface CommandContext {
  actor: Actor;
  correlationId: string;
  causationId?: string | null;
  clock: Clock;
  ids: IdGenerator;
}

export const toNewEvents = (events: readonly DomainEvent[], context: CommandContext, occurredAt = context.clock.now().toISOString()): NewEvent[] => {
  return events.map((event) => ({
    type: event.type,
    data: event.data,
    metadata: {
      eventId: context.ids.newId(),
      occurredAt,
      actor: context.actor,
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
      schemaVersion: SCHEMA_VERSION,
    },
  }));
};

export interface CommandResult<Event extends DomainEvent> extends AppendResult {
  /** The events appended, as stored: with the time they were recorded as happening. */
  events: StoredEvent<Event>[];
}

/**
 * The work decided events ask for (a mail), given the stream's version once they are appended:
 * committed with them and delivered after (ADR 053). Called again when the command is decided again.
 */
export type OutboxFor<Event, Extra = object> = (events: readonly Event[], after: { version: number } & Extra) => readonly OutboxMessage[] | Promise<readonly OutboxMessage[]>;

/** How often a command is decided again after another writer changed its stream first. */
export const CONFLICT_ATTEMPTS = 5;

/** What `decideOn` found: the events to append to one stream and the version they were decided at. */
export interface Decision<Event> {
  streamId: string;
  events: Event[];
  version: number;
}

/** Load the stream, fold it, decide: the first half of a command, for callers that append themselves. */
export async function decideOn<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command | ((state: State) => Command | Promise<Command>),
): Promise<Decision<Event>> {
  const { state, version } = await loadState(store, streamId, decider);
  const resolved = typeof command === 'function' ? await (command as (state: State) => Command | Promise<Command>)(state) : command;
  return { streamId, events: decider.decide(resolved, state), version };
}

const expectedVersionOf = (version: number): ExpectedVersion => (version === NO_STREAM_VERSION ? 'no_stream' : version);

/**
 * Load the stream, fold it, decide, append at the version we read.
 *
 * When another writer appended in between, the command is decided again on the new state (up to
 * `CONFLICT_ATTEMPTS` times): the decider sees what really happened, so a close that raced
 * another close becomes a no-op, and nobody gets a concurrency error for an action that did not
 * conflict. Only a caller that names `expectedVersion` (the client acted on a version it saw)
 * gets the 412 — never a lost update either way.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command | ((state: State) => Command | Promise<Command>),
  context: CommandContext,
  options: {
    expectedVersion?: ExpectedVersion;
    /** Work the decided events ask for (a mail), committed with them and delivered after (ADR 053). */
    outbox?: OutboxFor<Event>;
  } = {},
): Promise<CommandResult<Event>> {
  for (let attempt = 1; ; attempt++) {
    const { events, version } = await decideOn(store, streamId, decider, command);
    if (events.length === 0) return { events: [], nextExpectedVersion: version, position: '' };
    const expectedVersion = options.expectedVersion ?? expectedVersionOf(version);
    const occurredAt = context.clock.now().toISOString();
    try {
      const outbox = options.outbox ? await options.outbox(events, { version: version + events.length }) : [];
      const result = await store.append(streamId, toNewEvents(events, context, occurredAt), { expectedVersion, outbox });
      return { events: events.map((event) => ({ ...event, occurredAt })), ...result };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (options.expectedVersion === undefined && attempt < CONFLICT_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        continue;
      }
      throw new DomainError('version_conflict', MESSAGES.versionConflict);
    }
  }
}

/**
 * `handleCommand`, also answering the state the command was (last) decided on and the state after
 * its events: for answers that show where the stream now stands, a no-op included, without
 * reading the stream again.
 */
export async function handleCommandWithState<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: (state: State) => Command | Promise<Command>,
  context: CommandContext,
  options: { outbox?: OutboxFor<Event, { decidedOn: State }> } = {},
): Promise<CommandResult<Event> & { decidedOn: State; state: State }> {
  let decidedOn = decider.initialState();
  const outboxFor = options.outbox;
  const result = await handleCommand(
    store,
    streamId,
    decider,
    (state: State) => {
      decidedOn = state;
      return command(state);
    },
    context,
    { outbox: outboxFor && ((events, after) => outboxFor(events, { ...after, decidedOn })) },
  );
  return { ...result, decidedOn, state: result.events.reduce(decider.evolve, decidedOn) };
}

/**
 * Appends decisions on several streams all-or-nothing, each at the version it was decided at.
 * A conflict is a 412 (the caller decides whether to decide again).
 */
export async function appendDecisions(store: EventStore, decisions: readonly Decision<DomainEvent>[], context: CommandContext, options: { outbox?: readonly OutboxMessage[] } = {}) {
  const writes = decisions.filter((decision) => decision.events.length > 0);
  try {
    const results = await store.appendToStreams(
      writes.map((decision) => ({ streamId: decision.streamId, events: toNewEvents(decision.events, context), expectedVersion: expectedVersionOf(decision.version) })),
      { outbox: options.outbox },
    );
    return results.map((result) => result.position).reduce(maxPosition, '');
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) throw new DomainError('version_conflict', MESSAGES.versionConflict);
    throw error;
  }
}
