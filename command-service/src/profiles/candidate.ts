import { candidateStreamId, type Availability } from '@hireloop/contracts';
import { loadUserAccount } from '../auth/accounts';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { profileDecider } from './decider';

/** The candidate behind a profile id (a card's id), as the commands about them need it. */
export interface Candidate {
  profileId: string;
  /** The account's user id, or the person id of a candidate an admin added (ADR 038): whose key seals their data. */
  userId: string;
  /** First and last name ('' when neither is given). */
  name: string;
  isPublic: boolean;
  availability: Availability;
  /** Where mail to them goes: the account's address, or the profile's for a candidate an admin added. */
  email: string;
  /** An admin added them and they have no account (no inbox, no sign-in) yet: they have not claimed their profile. */
  addedByAdmin: boolean;
}

/**
 * The candidate behind a profile id, read from the profile's stream: consistent, no read model. An
 * erased candidate has none (nothing can be sealed for them any more, ADR 019). A candidate an admin
 * added has no account: theirs is a person id whose account stream stays empty until they claim
 * the profile (their account is then made under that id) or are erased.
 */
export async function loadCandidate(deps: CommandServiceDeps, profileId: string): Promise<Candidate | null> {
  const { state } = await loadState(deps.eventStore, candidateStreamId(profileId), profileDecider);
  if (state.status !== 'created') return null;
  const account = await loadUserAccount(deps, state.userId);
  // An added candidate has no account until they claim their profile (ADR 038): then they are an account's like any other.
  const addedByAdmin = state.source === 'admin' && account.status === 'none';
  if (!addedByAdmin && account.status !== 'registered') return null;
  const { firstName, lastName, isPublic, availability } = state.content;
  const email = account.status === 'registered' ? account.email : state.content.email;
  return { profileId, userId: state.userId, name: [firstName, lastName].filter(Boolean).join(' '), isPublic, availability, email, addedByAdmin };
}

/**
 * Where a mail to the candidate goes, read again when it is sent: the account's address and name,
 * or, for a candidate an admin added, their profile's. Null once they are erased.
 */
export async function candidateMailbox(deps: CommandServiceDeps, candidate: Candidate): Promise<{ email: string; name: string } | null> {
  const account = await loadUserAccount(deps, candidate.userId);
  if (account.status === 'registered') return { email: account.email, name: candidate.name || account.name };
  if (candidate.addedByAdmin && account.status === 'none' && candidate.email) return { email: candidate.email, name: candidate.name };
  return null;
}
