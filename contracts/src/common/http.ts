import { z } from 'zod';

/**
 * Read-your-writes: every command answer carries the global position of the last event it
 * wrote in this header; a query that sends it back as `X-Min-Position` is answered only once
 * the read models it uses have caught up (bounded wait).
 */
export const POSITION_HEADER = 'x-position';
export const MIN_POSITION_HEADER = 'x-min-position';
/** Set on a query answer when the wait for `X-Min-Position` timed out (data may be stale). */
export const STALE_HEADER = 'x-read-model-stale';
/** Paged lists carry their total here. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * The response schema of a redirect: no body, a Location header. (`type: 'null'` is what tells
 * @fastify/swagger that the answer has no content.)
 */
export const redirectTo = (description: string) =>
  z.void().meta({ type: 'null', description, headers: { location: { type: 'string', description: 'Where the browser goes next.' } } });
