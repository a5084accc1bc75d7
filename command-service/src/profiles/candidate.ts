import { candidateStreamId, type Availability } from '@hireloop/contracts';
import { loadUserAccount } from '../auth/accounts';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { profileDecider } from './decider';

/** The candidate behind a profile id (a card's id), as the commands about them need it. */
export interface Candidate {
  profileId: string;
  userId: string;
  /** First and last name ('' when neither is given). */
  name: string;
  isPublic: boolean;
  availability: Availability;
}

/**
 * The candidate behind a profile id, read from the profile's stream: consistent, no read model. An
 * erased candidate has none (nothing can be sealed for them any more, ADR 019).
 */
export async function loadCandidate(deps: CommandServiceDeps, profileId: string): Promise<Candidate | null> {
  const { state } = await loadState(deps.eventStore, candidateStreamId(profileId), profileDecider);
  if (state.status !== 'created') return null;
  if ((await loadUserAccount(deps, state.userId)).status !== 'registered') return null;
  const { firstName, lastName, isPublic, availability } = state.content;
  return { profileId, userId: state.userId, name: [firstName, lastName].filter(Boolean).join(' '), isPublic, availability };
}
