import { createHash } from 'node:crypto';

/**
 * The id a candidate's profile had before ADR 077: sha256 of `candidate-profile:<userId>`, its
 * first 32 hex digits shaped as a UUID (8-4-4-4-12). Anyone who saw a user id could derive it, so
 * no new profile gets one: new profiles have random ids, recorded in `profile-of-<userId>`. Only
 * used to find a profile created before then (its events hold this id and stay valid).
 */
export function legacyProfileIdFor(userId: string): string {
  const hex = createHash('sha256').update(`candidate-profile:${userId}`).digest('hex').slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
