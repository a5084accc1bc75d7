import { expect } from 'vitest';
import type { Decider, DomainEvent } from './decider';

/**
 * given(events).when(command).then(events) | .thenThrows(message)
 * Tests read as the business rule they check.
 */
export const deciderSpec = <Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) => ({
  given: (events: Event[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: Event[]) => expect(run()).toEqual(expected),
        thenThrows: (message: string | RegExp) => expect(run).toThrow(message),
      };
    },
  }),
});
