import { createHash } from 'node:crypto';

/**
 * The id of a candidate's profile, derived from the user id (ADR 024): sha256 of
 * `candidate-profile:<userId>`, its first 32 hex digits shaped as a UUID (8-4-4-4-12). So the
 * owner's routes (by user) and the public ones (by profile id) find the same stream
 * `candidate-<profileId>` without a read model, and "one profile per candidate" is the stream's
 * own uniqueness. The id reveals nothing about the user id (a one-way hash).
 */
export function profileIdFor(userId: string): string {
  const hex = createHash('sha256').update(`candidate-profile:${userId}`).digest('hex').slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
