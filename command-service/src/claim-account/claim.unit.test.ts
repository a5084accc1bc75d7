import { describe, expect, it } from 'vitest';
import { ERASED, INVITATION_MESSAGES, type CandidateProfileCreated, type InvitationSent, type UserRegistered } from '@hireloop/contracts';
import { sampleProfileContent } from '@hireloop/contracts/testing/profiles';
import { legacyProfileIdFor as profileIdFor } from '@hireloop/platform/accounts/profile-id';
import { emailReservationDecider } from '../auth/email-reservation';
import { userAccountDecider } from '../auth/user-account';
import { invitationDecider, invitationOfToken } from '../invitations/decider';
import { profileDecider } from '../profiles/decider';
import { fold } from '../shared/decider';
import { deciderSpec } from '../shared/decider-spec';
import { claimRegistration } from './claim';

/** The rules of claiming an added candidate's profile from an invitation (ADR 038). */
const NOW = '2026-11-26T10:00:00.000Z';
const personId = 'person-1';
const profileId = profileIdFor(personId);

const added = (overrides: Partial<CandidateProfileCreated> = {}): CandidateProfileCreated => ({
  profileId,
  userId: personId,
  ...sampleProfileContent({ title: 'Analyst', skills: ['Math', 'Engines'], experience: '10+', summary: 'Engines.', phone: '+44 555 0101', email: 'ada.lovelace@people.example' }),
  source: 'admin',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const profileOf = (data: CandidateProfileCreated) => fold(profileDecider, [{ type: 'CandidateProfileCreated', data }]);

const registration: UserRegistered = {
  userId: personId,
  type: 'candidate',
  role: 'candidate',
  name: 'Ada Lovelace',
  email: 'ada.lovelace@people.example',
  phone: '+44 555 0101',
  location: 'London, UK',
  currentRole: 'Analyst',
  skills: ['Math', 'Engines'],
  companyId: null,
  registeredAt: NOW,
};

describe('the account a claim registers', () => {
  it('is the added profile’s person, a candidate, with the profile’s address, name and facts', () => {
    expect(claimRegistration(profileOf(added()), personId, NOW)).toEqual(registration);
  });

  it('a profile without a last name gives the first name alone; the address is lower-cased', () => {
    expect(claimRegistration(profileOf(added({ lastName: '', email: ' Ada@People.Example ' })), personId, NOW)).toMatchObject({ name: 'Ada', email: 'ada@people.example' });
  });

  it('a profile made by an account (sign-up, resume, wizard) already has its account: 409', () => {
    for (const source of ['wizard', 'resume', undefined] as const) {
      expect(() => claimRegistration(profileOf(added({ source })), personId, NOW)).toThrow(INVITATION_MESSAGES.claimAccountExists);
    }
  });

  it('no profile, another person’s, or one whose address reads as erased: the invitation’s not-found answer', () => {
    expect(() => claimRegistration({ status: 'none' }, personId, NOW)).toThrow(INVITATION_MESSAGES.notFound);
    expect(() => claimRegistration(profileOf(added()), 'someone-else', NOW)).toThrow(INVITATION_MESSAGES.notFound);
    expect(() => claimRegistration(profileOf(added({ email: ERASED })), personId, NOW)).toThrow(INVITATION_MESSAGES.notFound);
  });
});

describe('the account stream of the person (ClaimAddedProfile)', () => {
  const spec = deciderSpec(userAccountDecider);
  const claim = { type: 'ClaimAddedProfile' as const, data: { registration, profileId, invitationId: 'inv-1' } };

  it('a person without an account: registered under their id, with the claim as the proof (ids only)', () => {
    spec
      .given([])
      .when(claim)
      .then([
        { type: 'UserRegistered', data: registration },
        { type: 'AddedProfileClaimed', data: { userId: personId, profileId, invitationId: 'inv-1', claimedAt: NOW } },
      ]);
  });

  it('a second claim (or any account already there): 409 "This profile already has an account. Sign in instead."', () => {
    spec.given([{ type: 'UserRegistered', data: registration }]).when(claim).thenThrows(INVITATION_MESSAGES.claimAccountExists);
  });

  it('an erased person: the invitation’s not-found answer', () => {
    spec.given([{ type: 'PersonErased', data: { userId: personId, erasedAt: NOW } }]).when(claim).thenThrows(INVITATION_MESSAGES.notFound);
  });

  it('only a candidate’s account can be claimed', () => {
    spec.given([]).when({ ...claim, data: { ...claim.data, registration: { ...registration, role: 'admin' } } }).thenThrows('candidate');
    spec.given([]).when({ ...claim, data: { ...claim.data, registration: { ...registration, type: 'company', companyId: 'c1' } } }).thenThrows('candidate');
  });

  it('the claimed account is an account like any other: sign-ins are recorded, the claim changes nothing more', () => {
    const state = fold(userAccountDecider, [
      { type: 'UserRegistered', data: registration },
      { type: 'AddedProfileClaimed', data: { userId: personId, profileId, invitationId: 'inv-1', claimedAt: NOW } },
    ]);
    expect(state).toMatchObject({ status: 'registered', userId: personId, email: registration.email, role: 'candidate' });
  });
});

describe('the added candidate’s reservation (ReleaseClaimedEmail)', () => {
  const spec = deciderSpec(emailReservationDecider);
  const reserved = { type: 'EmailReserved' as const, data: { email: registration.email, userId: personId, reservedAt: '2026-11-20T10:00:00.000Z' } };
  const release = (userId: string) => ({ type: 'ReleaseClaimedEmail' as const, data: { email: registration.email, userId } });

  it('held by the person: released as claimed', () => {
    spec
      .given([reserved])
      .when(release(personId))
      .then([{ type: 'EmailReservationReleased', data: { email: registration.email, userId: personId, reason: 'claimed by the person' } }]);
  });

  it('held by someone else, or by nobody: nothing of theirs to release', () => {
    spec.given([reserved]).when(release('someone-else')).then([]);
    spec.given([]).when(release(personId)).then([]);
  });
});

describe('the token of a claim', () => {
  const sent: InvitationSent = {
    invitationId: 'inv-1',
    jobId: 'job-1',
    companyId: 'company-1',
    candidateUserId: personId,
    candidateProfileId: profileId,
    message: '',
    tokenHash: 'a'.repeat(64),
    sentBy: 'admin-1',
    sentAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-20T10:00:00.000Z',
  };
  const invitation = fold(invitationDecider, [{ type: 'InvitationSent', data: sent }]);

  it('opens the invitation while it is open, with its hash only', () => {
    expect(invitationOfToken(invitation, 'a'.repeat(64), NOW)).toMatchObject({ candidateUserId: personId, candidateProfileId: profileId });
  });

  it('a wrong, unknown or expired token: the invitation’s not-found answer', () => {
    expect(() => invitationOfToken(invitation, 'b'.repeat(64), NOW)).toThrow(INVITATION_MESSAGES.notFound);
    expect(() => invitationOfToken({ status: 'none' }, 'a'.repeat(64), NOW)).toThrow(INVITATION_MESSAGES.notFound);
    expect(() => invitationOfToken(invitation, 'a'.repeat(64), '2026-12-20T10:00:00.000Z')).toThrow(INVITATION_MESSAGES.notFound);
  });
});
