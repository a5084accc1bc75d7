/**
 * The candidates API's plain values, without zod: the SPA's first page imports them (ADR 014).
 */

/** Browse Candidates shows 12 a page (part 2 §9); the spec's own fetch asks for 100. */
export const CANDIDATE_PAGE_SIZE = 12;
export const CANDIDATE_MAX_COUNT = 100;
export const CANDIDATE_SEARCH_MAX_LENGTH = 200;
/** The side panel: 5 random cards, asked for again every 120 s (part 1 §9). */
export const SIDE_PANEL_COUNT = 5;
export const SIDE_PANEL_REFRESH_MS = 120_000;

export const LOOKING_STATUSES = ['active', 'passive'] as const;

/** The texts of a card's availability (part 1 §3). */
export const AVAILABILITY_TEXT = { immediate: 'Available immediately', open: 'Open to opportunities' } as const;

/** `GET /api/candidates/events` (Server-Sent Events): the event's name. */
export const CANDIDATES_CHANGED_EVENT = 'candidates-changed';
