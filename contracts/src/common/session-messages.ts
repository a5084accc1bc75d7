/**
 * The text of a 401 for a session that ran out, in a module of its own: the browser's API client,
 * on every first page, checks for it without bringing every other message (ADR 102).
 */
export const SESSION_EXPIRED_MESSAGE = 'Session expired';
