import type { EventSchemas, Upcasters } from '@hireloop/contracts';

/** An event as a decider sees it: what happened, without storage details. */
export type DomainEvent<Type extends string = string, Data = unknown> = { type: Type; data: Data };

/**
 * The three pure functions of a stream's business rules.
 * Time and ids arrive inside the command; a rule that is broken throws a DomainError.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
  /** The current schema of each event type of the stream: stored events are parsed with it. */
  schemas: EventSchemas<Event>;
  /** Steps from older schema versions of an event type to the current one. */
  upcasters?: Upcasters;
}

export const fold = <Event extends DomainEvent, State>(decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve'>, events: readonly Event[]): State =>
  events.reduce(decider.evolve, decider.initialState());

/** Makes a `switch` exhaustive: adding a command or event type without handling it fails to compile. */
export const assertNever = (value: never): never => {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
};
