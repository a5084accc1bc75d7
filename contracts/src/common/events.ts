import type { z } from 'zod';

/**
 * The current schema of every event type a stream may hold: what the command side parses each
 * stored event with before folding it (a decider never sees unchecked data).
 */
export type EventSchemas<Event extends { type: string; data: unknown }> = {
  readonly [Type in Event['type']]: z.ZodType<Extract<Event, { type: Type }>['data']>;
};

/**
 * How a stored event of an older schema version becomes the current one: for an event type,
 * the step from version N to N + 1. Old events are upcast on read, never rewritten.
 */
export type Upcasters = {
  readonly [type: string]: { readonly [fromVersion: number]: (data: unknown) => unknown } | undefined;
};
