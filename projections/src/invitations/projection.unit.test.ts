import { describe, expect, it } from 'vitest';
import { ERASED, type InterviewAvailabilitySubmitted, type InvitationMovedToOfferStage, type InvitationRevealed, type InvitationSent } from '@hireloop/contracts';
import { projectionSpec } from '../shared/projection-spec';
import { invitationsProjection } from './projection';
import { invitationStatus } from './queries';

const spec = projectionSpec(invitationsProjection);
const stream = 'invitation-0123456789abcdef0123456789abcdef';
const sent: InvitationSent = {
  invitationId: '0123456789abcdef0123456789abcdef',
  jobId: 'job-1',
  companyId: 'company-1',
  candidateUserId: 'user-ada',
  candidateProfileId: 'profile-1',
  message: 'We loved your pipeline work.',
  tokenHash: 'hash-1',
  sentBy: 'user-owner',
  sentAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-12-25T10:00:00.000Z',
};
const revealed: InvitationRevealed = { invitationId: sent.invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId: 'user-ada', revealedAt: '2026-11-26T10:00:00.000Z' };
const submitted: InterviewAvailabilitySubmitted = {
  invitationId: sent.invitationId,
  jobId: 'job-1',
  companyId: 'company-1',
  candidateUserId: 'user-ada',
  availableDays: ['Monday'],
  availableTimes: ['9:00 AM - 12:00 PM', '3:00 PM - 6:00 PM'],
  timezone: 'Europe/Berlin',
  additionalNotes: 'Mornings are best.',
  submittedAt: '2026-11-26T11:00:00.000Z',
};
const { sentBy: _sentBy, ...document } = sent;
const moved: InvitationMovedToOfferStage = { invitationId: sent.invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId: 'user-ada', movedBy: 'user-owner', movedAt: '2026-11-27T09:00:00.000Z' };
const base = { _id: sent.invitationId, ...document, viewedAt: null, revealedAt: null, availability: null, offerStageAt: null };

describe('invitations read model', () => {
  it('a sent invitation is listed with its token hash, never the token', async () => {
    await spec.given([{ streamId: stream, type: 'InvitationSent', data: sent }]).then('invitations', [base]);
  });

  it('the first view is kept; a later one changes nothing (ADR 070)', async () => {
    const viewed = { invitationId: sent.invitationId, jobId: sent.jobId, companyId: sent.companyId, candidateUserId: sent.candidateUserId, viewedAt: '2026-11-25T12:00:00.000Z' };
    await spec
      .given([
        { streamId: stream, type: 'InvitationSent', data: sent },
        { streamId: stream, type: 'InvitationViewed', data: viewed },
        { streamId: stream, type: 'InvitationViewed', data: { ...viewed, viewedAt: '2026-11-26T12:00:00.000Z' } },
      ])
      .then('invitations', [{ ...base, viewedAt: '2026-11-25T12:00:00.000Z' }]);
  });

  it('the reveal and the offered times follow', async () => {
    await spec
      .given([
        { streamId: stream, type: 'InvitationSent', data: sent },
        { streamId: stream, type: 'InvitationRevealed', data: revealed },
        { streamId: stream, type: 'InterviewAvailabilitySubmitted', data: submitted },
      ])
      .then('invitations', [
        {
          ...base,
          revealedAt: revealed.revealedAt,
          availability: { availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM', '3:00 PM - 6:00 PM'], timezone: 'Europe/Berlin', additionalNotes: 'Mornings are best.', submittedAt: submitted.submittedAt },
        },
      ]);
  });

  it('the company moves it to the offer stage', async () => {
    await spec
      .given([
        { streamId: stream, type: 'InvitationSent', data: sent },
        { streamId: stream, type: 'InvitationRevealed', data: revealed },
        { streamId: stream, type: 'InterviewAvailabilitySubmitted', data: submitted },
        { streamId: stream, type: 'InvitationMovedToOfferStage', data: moved },
      ])
      .then('invitations', [
        {
          ...base,
          revealedAt: revealed.revealedAt,
          availability: { availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM', '3:00 PM - 6:00 PM'], timezone: 'Europe/Berlin', additionalNotes: 'Mornings are best.', submittedAt: submitted.submittedAt },
          offerStageAt: moved.movedAt,
        },
      ]);
  });

  it('a new invitation after an expired one replaces it, with its own token', async () => {
    const again = { ...sent, tokenHash: 'hash-2', sentAt: '2027-01-01T00:00:00.000Z', expiresAt: '2027-01-31T00:00:00.000Z' };
    await spec
      .given([
        { streamId: stream, type: 'InvitationSent', data: sent },
        { streamId: stream, type: 'InvitationRevealed', data: revealed },
        { streamId: stream, type: 'InterviewAvailabilitySubmitted', data: submitted },
        { streamId: stream, type: 'InvitationMovedToOfferStage', data: moved },
        { streamId: stream, type: 'InvitationSent', data: again },
      ])
      .then('invitations', [{ ...base, tokenHash: 'hash-2', sentAt: again.sentAt, expiresAt: again.expiresAt }]);
  });

  it('erasing the candidate scrubs the message, the notes and the time zone', async () => {
    await spec
      .given([
        { streamId: stream, type: 'InvitationSent', data: sent },
        { streamId: stream, type: 'InvitationRevealed', data: revealed },
        { streamId: stream, type: 'InterviewAvailabilitySubmitted', data: submitted },
        { streamId: 'user-user-ada', type: 'PersonErased', data: { userId: 'user-ada', erasedAt: '2026-11-27T00:00:00.000Z' } },
      ])
      .then('invitations', [
        {
          ...base,
          message: ERASED,
          revealedAt: revealed.revealedAt,
          availability: { availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM', '3:00 PM - 6:00 PM'], timezone: ERASED, additionalNotes: ERASED, submittedAt: submitted.submittedAt },
        },
      ]);
  });
});

describe('a request’s status for the company', () => {
  const at = (iso: string) => new Date(iso);
  const doc = { viewedAt: null, revealedAt: null, availability: null, offerStageAt: null, expiresAt: sent.expiresAt };
  it('moves from email_sent to viewed (ADR 070) to candidate_accepted to interview_scheduled', () => {
    expect(invitationStatus(doc, at('2026-11-25T11:00:00.000Z'))).toBe('email_sent');
    expect(invitationStatus({ ...doc, viewedAt: '2026-11-25T12:00:00.000Z' }, at('2026-11-25T13:00:00.000Z'))).toBe('viewed');
    expect(invitationStatus({ ...doc, viewedAt: '2026-11-25T12:00:00.000Z' }, at(sent.expiresAt))).toBe('expired');
    expect(invitationStatus({ ...doc, viewedAt: '2026-11-25T12:00:00.000Z', revealedAt: revealed.revealedAt }, at('2026-11-26T10:30:00.000Z'))).toBe('candidate_accepted');
    expect(invitationStatus({ ...doc, revealedAt: revealed.revealedAt }, at('2026-11-26T10:30:00.000Z'))).toBe('candidate_accepted');
    expect(invitationStatus({ ...doc, revealedAt: revealed.revealedAt, availability: { ...submitted } }, at('2026-11-27T00:00:00.000Z'))).toBe('interview_scheduled');
    expect(invitationStatus({ ...doc, revealedAt: revealed.revealedAt, availability: { ...submitted }, offerStageAt: moved.movedAt }, at('2026-11-27T10:00:00.000Z'))).toBe('offer_stage');
  });

  it('is expired once the link is 30 days old without times offered; times offered stay scheduled', () => {
    expect(invitationStatus(doc, at(sent.expiresAt))).toBe('expired');
    expect(invitationStatus({ ...doc, revealedAt: revealed.revealedAt }, at('2027-01-01T00:00:00.000Z'))).toBe('expired');
    expect(invitationStatus({ ...doc, revealedAt: revealed.revealedAt, availability: { ...submitted } }, at('2027-01-01T00:00:00.000Z'))).toBe('interview_scheduled');
    expect(invitationStatus({ ...doc, revealedAt: revealed.revealedAt, availability: { ...submitted }, offerStageAt: moved.movedAt }, at('2027-01-01T00:00:00.000Z'))).toBe('offer_stage');
  });
});
