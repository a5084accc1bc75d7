import pRetry from 'p-retry';
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
import { type FoldedStates, loadState, loadStateSince, SCHEMA_VERSION, type StoredEvent } from './stream';

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

/**
 * The one retry policy of the command side (ADR 052): a command whose outcome does not depend on
 * who wins a race is decided again after another writer changed one of its streams first, after a
 * backoff that grows (5 ms, 10 ms, … up to 100 ms) with jitter (each wait times 1 to 2 at random),
 * so that many writers on one stream (25 job posts of one company, 50 webhook deliveries) spread
 * out instead of colliding again in step.
 */
export const CONFLICT_RETRY = { retries: 20, factor: 2, minTimeout: 5, maxTimeout: 100, randomize: true } as const;
/** How often a command is tried in all before the client gets the 412. */
export const CONFLICT_ATTEMPTS = CONFLICT_RETRY.retries + 1;

/**
 * Runs `attempt` (read, decide, append at the versions read) again on a version conflict, by the
 * policy above; a conflict still there after `CONFLICT_ATTEMPTS` is the 412 `version_conflict`.
 * Any other error, a refusal of the decider included, ends it at once.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await pRetry(attempt, { ...CONFLICT_RETRY, shouldRetry: ({ error }) => error instanceof WrongExpectedVersionError });
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) throw new DomainError('version_conflict', MESSAGES.versionConflict);
    throw error;
  }
}

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
  /** Folded states kept between calls, for a stream that grows with use (ADR 114). */
  states?: FoldedStates<State>,
): Promise<Decision<Event>> {
  const { state, version } = states ? await loadStateSince(store, streamId, decider, states) : await loadState(store, streamId, decider);
  const resolved = typeof command === 'function' ? await (command as (state: State) => Command | Promise<Command>)(state) : command;
  return { streamId, events: decider.decide(resolved, state), version };
}

/**
 * `decideOn` for a stream named by an id made just now (a new job's): nothing can be in it yet, so
 * it is not read (one round trip less per job post, ADR 099). The append still expects no stream,
 * so were something there, it would be refused, not overwritten.
 */
export function decideOnNewStream<Command, Event extends DomainEvent, State>(streamId: string, decider: Decider<Command, Event, State>, command: Command): Decision<Event> {
  return { streamId, events: decider.decide(command, decider.initialState()), version: NO_STREAM_VERSION };
}

const expectedVersionOf = (version: number): ExpectedVersion => (version === NO_STREAM_VERSION ? 'no_stream' : version);

/**
 * Load the stream, fold it, decide, append at the version we read.
 *
 * When another writer appended in between, the command is decided again on the new state (by
 * `retryOnConflict`): the decider sees what really happened, so a close that raced another close
 * becomes a no-op, and nobody gets a concurrency error for an action that did not conflict. Only
 * a caller that names `expectedVersion` (the client acted on a version it saw: the outcome depends
 * on the race) gets the 412 at once — never a lost update either way.
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
  const once = async (): Promise<CommandResult<Event>> => {
    const { events, version } = await decideOn(store, streamId, decider, command);
    if (events.length === 0) return { events: [], nextExpectedVersion: version, position: '' };
    const expectedVersion = options.expectedVersion ?? expectedVersionOf(version);
    const occurredAt = context.clock.now().toISOString();
    const outbox = options.outbox ? await options.outbox(events, { version: version + events.length }) : [];
    const result = await store.append(streamId, toNewEvents(events, context, occurredAt), { expectedVersion, outbox });
    return { events: events.map((event) => ({ ...event, occurredAt })), ...result };
  };
  if (options.expectedVersion === undefined) return retryOnConflict(once);
  try {
    return await once();
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) throw new DomainError('version_conflict', MESSAGES.versionConflict);
    throw error;
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
 * Appends decisions on several streams all-or-nothing, each at the version it was decided at,
 * every event stamped with one time; answers the position of the last. A conflict is the store's
 * `WrongExpectedVersionError`, for `handleDecisions` (or a caller's own answer) to act on.
 */
async function appendAll<Event extends DomainEvent>(
  store: EventStore,
  decisions: readonly Decision<Event>[],
  context: CommandContext,
  occurredAt = context.clock.now().toISOString(),
  outbox: readonly OutboxMessage[] = [],
) {
  const writes = decisions.filter((decision) => decision.events.length > 0);
  if (writes.length === 0) return '';
  const results = await store.appendToStreams(
    writes.map((decision) => ({ streamId: decision.streamId, events: toNewEvents(decision.events, context, occurredAt), expectedVersion: expectedVersionOf(decision.version) })),
    { outbox },
  );
  return results.map((result) => result.position).reduce(maxPosition, '');
}

/**
 * Appends decisions on several streams all-or-nothing, each at the version it was decided at.
 * A conflict is a 412 (for a command whose outcome depends on the race: use `handleDecisions`
 * for one that can be decided again).
 */
export async function appendDecisions(store: EventStore, decisions: readonly Decision<DomainEvent>[], context: CommandContext, options: { outbox?: readonly OutboxMessage[] } = {}) {
  try {
    return await appendAll(store, decisions, context, undefined, options.outbox);
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) throw new DomainError('version_conflict', MESSAGES.versionConflict);
    throw error;
  }
}

/**
 * `handleCommand` for a command that spans streams: `decide` reads what it needs and answers the
 * decisions to append together (none: nothing is appended) and anything the caller wants back;
 * after a conflict it is called again on what is there now (`retryOnConflict`).
 */
export async function handleDecisions<Result>(
  store: EventStore,
  /** `outbox`: work the decisions ask for (mails), committed with them and delivered after (ADR 053). */
  decide: () => Promise<{ decisions: readonly Decision<DomainEvent>[]; result: Result; outbox?: readonly OutboxMessage[] }>,
  context: CommandContext,
): Promise<Result & { position: string; occurredAt: string }> {
  return retryOnConflict(async () => {
    const { decisions, result, outbox } = await decide();
    const occurredAt = context.clock.now().toISOString();
    const position = await appendAll(store, decisions, context, occurredAt, outbox);
    return { ...result, position, occurredAt };
  });
}
