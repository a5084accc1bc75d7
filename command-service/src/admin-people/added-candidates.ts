import { candidateStreamId } from '@hireloop/contracts';
import { emailHash } from '@hireloop/platform/accounts/tokens';
import { emailReservationDecider } from '../auth/email-reservation';
import { findProfileId } from '../profiles/profile-id';
import { profileDecider } from '../profiles/decider';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';

/**
 * Stream `added-candidate-email-<sha256(email)>`: one candidate added by an admin per address
 * (ADR 038), by the event store's expected-version check, as `email-<sha256>` is one account per
 * address. Holds `EmailReserved` / `EmailReservationReleased` (sealed with the person's key).
 */
export const addedCandidateEmailStreamId = (emailHash: string) => `added-candidate-email-${emailHash}`;

/** The profile of a candidate an admin added, by their person id; null for anyone else. */
export async function loadAddedCandidateProfile(deps: CommandServiceDeps, personId: string) {
  const { profileId } = await findProfileId(deps, personId);
  if (profileId === null) return null;
  const { state } = await loadState(deps.eventStore, candidateStreamId(profileId), profileDecider);
  return state.status === 'created' && state.source === 'admin' ? state : null;
}

/** The person id of the candidate an admin added with this address, if any (their reservation, consistent). */
export async function addedCandidateIdForEmail(deps: CommandServiceDeps, email: string): Promise<string | null> {
  const { state } = await loadState(deps.eventStore, addedCandidateEmailStreamId(emailHash(email.trim().toLowerCase())), emailReservationDecider);
  return state.reservedBy;
}
