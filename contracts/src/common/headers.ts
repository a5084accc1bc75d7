/**
 * The API's own headers. No zod here: the browser's first page reads these without loading a
 * schema library (ADR 014); `./http` re-exports them.
 */

/**
 * Read-your-writes: every command answer carries the global position of the last event it
 * wrote in this header; a query that sends it back as `X-Min-Position` is answered only once
 * the read models it uses have caught up (bounded wait).
 */
export const POSITION_HEADER = 'x-position';
export const MIN_POSITION_HEADER = 'x-min-position';
/** Was set on a query answer when the wait for `X-Min-Position` timed out; since ADR 050 such a wait answers 503 with Retry-After instead. */
export const STALE_HEADER = 'x-read-model-stale';
/** Paged lists carry their total here. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * A board search that found nothing names here the search it suggests instead, its words
 * corrected to ones the board holds ("Did you mean kubernetes?", ADR 090): percent-encoded UTF-8
 * (`encodeURIComponent`), absent when there is nothing to suggest.
 */
export const DID_YOU_MEAN_HEADER = 'x-did-you-mean';
