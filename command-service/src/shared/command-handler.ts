import { DomainError, MESSAGES } from '@hireloop/contracts';
import {
  NO_STREAM_VERSION,
  WrongExpectedVersionError,
  type Actor,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
} from '@hireloop/platform/event-store/index';
import type { Clock, IdGenerator } from '@hireloop/platform/runtime';
import { fold, type Decider, type DomainEvent } from './decider';

/** Who asks, and the request this command belongs to (for the audit trail). */
export interface CommandContext {
  actor: Actor;
  correlationId: string;
  causationId?: string | null;
  clock: Clock;
  ids: IdGenerator;
}

export const SCHEMA_VERSION = 1;

export const toNewEvents = (events: readonly DomainEvent[], context: CommandContext): NewEvent[] => {
  const occurredAt = context.clock.now().toISOString();
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

export interface CommandResult<Event> extends AppendResult {
  events: Event[];
}

/**
 * Load the stream, fold it, decide, append at the version we read.
 * A concurrent writer in between makes the append fail with a 412 — never a lost update.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command | ((state: State) => Command | Promise<Command>),
  context: CommandContext,
  options: { expectedVersion?: ExpectedVersion } = {},
): Promise<CommandResult<Event>> {
  const { events: recorded, version } = await store.readStream(streamId);
  const state = fold(decider, recorded.map((event) => ({ type: event.type, data: event.data }) as Event));
  const resolved = typeof command === 'function' ? await (command as (state: State) => Command | Promise<Command>)(state) : command;
  const events = decider.decide(resolved, state);
  if (events.length === 0) return { events, nextExpectedVersion: version, position: '' };
  const expectedVersion = options.expectedVersion ?? (version === NO_STREAM_VERSION ? 'no_stream' : version);
  try {
    const result = await store.append(streamId, toNewEvents(events, context), { expectedVersion });
    return { events, ...result };
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) throw new DomainError('version_conflict', MESSAGES.versionConflict);
    throw error;
  }
}
