import {
  DomainError,
  ERASED,
  INVITATION_MESSAGES,
  candidateStreamId,
  invitationIdOfToken,
  invitationStreamId,
  userFromRegistration,
  userStreamId,
  type UserRegistered,
} from '@hireloop/contracts';
import { hashPassword } from '@hireloop/platform/accounts/password';
import { emailHash, hashToken } from '@hireloop/platform/accounts/tokens';
import { maxPosition } from '@hireloop/platform/event-store';
import { decideReservation, record, startSession, type RegisteredAccount, type SignedIn } from '../auth/accounts';
import { emailReservationDecider } from '../auth/email-reservation';
import { throttleSignUp } from '../auth/throttle';
import { userAccountDecider } from '../auth/user-account';
import { invitationDecider, invitationOfToken } from '../invitations/decider';
import { profileDecider, type ProfileState } from '../profiles/decider';
import { appendDecisions, decideOn, type CommandContext } from '../shared/command-handler';
import { fold } from '../shared/decider';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { addedCandidateEmailStreamId } from '../admin-people/added-candidates';

/**
 * The account a candidate an admin added makes from their invitation (ADR 038): a candidate's,
 * under their person id (so `profile-of-<userId>` names the profile they already have, ADR 077, and their key
 * stays theirs, ADR 019), with the profile's address, name and facts, as sign-up would have
 * registered them. Anyone whose profile is not an added candidate's already has an account: a 409.
 */
export function claimRegistration(profile: ProfileState, personId: string, now: string): UserRegistered {
  if (profile.status !== 'created' || profile.userId !== personId) throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
  if (profile.source !== 'admin') throw new DomainError('conflict', INVITATION_MESSAGES.claimAccountExists);
  const { firstName, lastName, email, phone, location, title, skills } = profile.content;
  const address = email.trim().toLowerCase();
  // Erased fields read as ERASED: nothing to make an account of (the erasure answers first anyway).
  if (!address || address === ERASED.toLowerCase()) throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
  return {
    userId: personId,
    type: 'candidate',
    role: 'candidate',
    name: [firstName, lastName].filter(Boolean).join(' '),
    email: address,
    phone,
    location,
    currentRole: title,
    skills,
    companyId: null,
    registeredAt: now,
  };
}

/**
 * `POST /api/invitations/{token}/claim`: the holder of an open invitation to a candidate an admin
 * added makes that person's account, with a password; they are signed in at once, as after
 * sign-up. The token was mailed to the profile's address, so using it proves they read that
 * mailbox. One atomic append across four streams:
 * - `user-<personId>`: `UserRegistered` (sealed as any sign-up's) and `AddedProfileClaimed` (ids only);
 * - `email-<sha256>`: `EmailReserved`, sign-up's one account per address (held by an account: 409);
 * - `added-candidate-email-<sha256>`: `EmailReservationReleased`, the added reservation claimed.
 * Two claims (or a claim and a sign-up) at once: the expected versions make the second a 409.
 *
 * Unlike sign-up, the password hash is stored *after* the append: the user id is the person's,
 * not a new one, so a claim that lost a race must not overwrite or delete the winner's hash. If
 * storing it fails, the account exists without a password; its owner can reset it by mail.
 */
export async function claimAddedProfile(deps: CommandServiceDeps, token: string, password: string, address: string, correlationId: string): Promise<SignedIn> {
  await throttleSignUp(deps, address);
  const invitationId = invitationIdOfToken(token);
  if (!invitationId) throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
  const now = deps.clock.now().toISOString();
  const { state: invitationState } = await loadState(deps.eventStore, invitationStreamId(invitationId), invitationDecider);
  const invitation = invitationOfToken(invitationState, hashToken(token), now);
  const personId = invitation.candidateUserId;

  // The account first: an erased person (404) or one with an account (409) answers before the profile is read.
  const { state: account } = await loadState(deps.eventStore, userStreamId(personId), userAccountDecider);
  if (account.status === 'erased') throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
  if (account.status === 'registered') throw new DomainError('conflict', INVITATION_MESSAGES.claimAccountExists);
  const { state: profile } = await loadState(deps.eventStore, candidateStreamId(invitation.candidateProfileId), profileDecider);
  const registration = claimRegistration(profile, personId, now);

  const context: CommandContext = { actor: { userId: personId, role: 'candidate' }, correlationId, clock: deps.clock, ids: deps.ids };
  let position: string;
  try {
    const decisions = [
      await decideReservation(deps, registration.email, personId),
      await decideOn(deps.eventStore, addedCandidateEmailStreamId(emailHash(registration.email)), emailReservationDecider, {
        type: 'ReleaseClaimedEmail',
        data: { email: registration.email, userId: personId },
      }),
      await decideOn(deps.eventStore, userStreamId(personId), userAccountDecider, {
        type: 'ClaimAddedProfile',
        data: { registration, profileId: invitation.candidateProfileId, invitationId },
      }),
    ];
    position = await appendDecisions(deps.eventStore, decisions, context);
  } catch (error) {
    // The address is an account's (sign-up's 409), or another claim or sign-up came first.
    if (error instanceof DomainError && (error.code === 'conflict' || error.code === 'version_conflict')) {
      throw new DomainError('conflict', INVITATION_MESSAGES.claimAccountExists);
    }
    throw error;
  }
  await deps.secrets.setPasswordHash(personId, await hashPassword(password), deps.clock.now());

  const registered = fold(userAccountDecider, [{ type: 'UserRegistered', data: registration }]) as RegisteredAccount;
  const signedIn = await record(deps, registered, { type: 'RecordSignIn', data: { userId: personId, method: 'signup' } }, context);
  const sessionToken = await startSession(deps, personId);
  return { user: userFromRegistration(registration, null), token: sessionToken, position: maxPosition(position, signedIn.position) };
}
