import { hashToken } from './tokens';

/**
 * API keys for AI assistants (ADR 042): `hlk_` and 43 URL-safe characters (256 random bits).
 * Only the SHA-256 hash is stored (like session tokens); the first characters are kept apart so
 * the user can tell keys apart, and the key itself is shown once, when it is made.
 */
export const API_KEY_PREFIX = 'hlk_';
/** How many characters of a key (its marker included) are kept to show in lists. */
export const API_KEY_SHOWN_CHARS = 12;

const API_KEY_SHAPE = /^hlk_[A-Za-z0-9_-]{43}$/;

/** A new key from a URL-safe random token of 32 bytes (`ids.newToken(32)`). */
export function newApiKey(randomToken: string): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomToken}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, API_KEY_SHOWN_CHARS) };
}

/** Whether a text has the shape of a key (checked before any lookup: anything else is refused at once). */
export const looksLikeApiKey = (text: string): boolean => API_KEY_SHAPE.test(text);

export const hashApiKey = (key: string): string => hashToken(key);
