import { describe, expect, it } from 'vitest';
import { CANDIDATE_INVITATION_MESSAGES, INVITATION_MESSAGES, type AvailabilityBody, type InvitationEvent, type InvitationSent, type JobPosted } from '@hireloop/contracts';
import { jobDecider, type JobState } from '../jobs/decider';
import { fold } from '../shared/decider';
import { deciderSpec } from '../shared/decider-spec';
import { invitationDecider, invitationIdFor, type InvitationCommand, type InvitationSender } from './decider';

const spec = deciderSpec(invitationDecider);

const posted: JobPosted = {
  jobId: 'job-1',
  shareToken: 'share-1',
  companyId: 'company-1',
  postedBy: 'user-owner',
  title: 'Senior Data Engineer',
  company: 'Northwind',
  location: 'Austin, TX',
  salary: null,
  type: 'Full-time',
  remote: false,
  description: 'Pipelines.',
  requirements: [],
  skills: ['Kafka'],
  experience: 'Entry level',
  benefits: null,
  source: 'internal',
  externalUrl: null,
};
const openJob = fold(jobDecider, [{ type: 'JobPosted', data: posted }]);
const closedJob = fold(jobDecider, [
  { type: 'JobPosted', data: posted },
  { type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: '2026-11-20T00:00:00.000Z' } },
]);
const importedJob = fold(jobDecider, [{ type: 'JobPosted', data: { ...posted, companyId: null, source: 'indeed', externalUrl: 'https://jobs.example/1' } }]);

const owner: InvitationSender = { userId: 'user-owner', type: 'company', role: 'company', companyId: 'company-1' };
const otherCompany: InvitationSender = { userId: 'user-other', type: 'company', role: 'company', companyId: 'company-2' };
const candidateCaller: InvitationSender = { userId: 'user-candidate', type: 'candidate', role: 'candidate', companyId: null };
const admin: InvitationSender = { userId: 'user-admin', type: 'candidate', role: 'admin', companyId: null };
const superAdminOfAnotherCompany: InvitationSender = { userId: 'user-super', type: 'company', role: 'super_admin', companyId: 'company-2' };

const candidate = { profileId: 'profile-1', userId: 'user-ada', isPublic: true };
const invitationId = invitationIdFor('job-1', 'user-ada');
const NOW = '2026-11-25T10:00:00.000Z';
const EXPIRES = '2026-12-25T10:00:00.000Z';
const AFTER_EXPIRY = '2026-12-25T10:00:00.001Z';

const send = (overrides: Partial<Extract<InvitationCommand, { type: 'SendInvitation' }>['data']> = {}): InvitationCommand => ({
  type: 'SendInvitation',
  data: { invitationId, job: openJob, candidate, message: 'We loved your pipeline work.', tokenHash: 'hash-1', by: owner, now: NOW, expiresAt: EXPIRES, ...overrides },
});
const sent = (overrides: Partial<InvitationSent> = {}): InvitationEvent => ({
  type: 'InvitationSent',
  data: {
    invitationId,
    jobId: 'job-1',
    companyId: 'company-1',
    candidateUserId: 'user-ada',
    candidateProfileId: 'profile-1',
    message: 'We loved your pipeline work.',
    tokenHash: 'hash-1',
    sentBy: 'user-owner',
    sentAt: NOW,
    expiresAt: EXPIRES,
    ...overrides,
  },
});
const revealed: InvitationEvent = { type: 'InvitationRevealed', data: { invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId: 'user-ada', revealedAt: '2026-11-26T10:00:00.000Z' } };
const availability: AvailabilityBody = { availableDays: ['Monday', 'Wednesday'], availableTimes: ['9:00 AM - 12:00 PM'], timezone: 'America/New_York', additionalNotes: 'Mornings are best.' };
const submitted: InvitationEvent = {
  type: 'InterviewAvailabilitySubmitted',
  data: { invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId: 'user-ada', ...availability, submittedAt: '2026-11-26T11:00:00.000Z' },
};
const reveal = (tokenHash = 'hash-1', now = '2026-11-26T10:00:00.000Z'): InvitationCommand => ({ type: 'RevealProfile', data: { tokenHash, now } });
const submit = (tokenHash = 'hash-1', now = '2026-11-26T11:00:00.000Z'): InvitationCommand => ({ type: 'SubmitAvailability', data: { tokenHash, now, availability } });

describe('sending an invitation', () => {
  it('a company invites a candidate with a profile to its own open job', () => {
    spec.given([]).when(send()).then([sent()]);
  });

  it('an admin invites for any company, and the invitation belongs to the job’s company', () => {
    spec.given([]).when(send({ by: admin })).then([sent({ sentBy: 'user-admin' })]);
    spec.given([]).when(send({ by: superAdminOfAnotherCompany })).then([sent({ sentBy: 'user-super' })]);
  });

  it('a company inviting to another company’s job is refused (403)', () => {
    spec.given([]).when(send({ by: otherCompany })).thenThrows(INVITATION_MESSAGES.notYourJob);
    expect(() => invitationDecider.decide(send({ by: otherCompany }), invitationDecider.initialState())).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });

  it('a candidate cannot invite anyone', () => {
    spec.given([]).when(send({ by: candidateCaller })).thenThrows(INVITATION_MESSAGES.companiesOnly);
  });

  it('the job must exist, be posted on Hireloop and be open', () => {
    spec.given([]).when(send({ job: { status: 'none' } as JobState })).thenThrows(INVITATION_MESSAGES.jobNotFound);
    spec.given([]).when(send({ job: importedJob, by: admin })).thenThrows(INVITATION_MESSAGES.jobNotOnHireloop);
    spec.given([]).when(send({ job: closedJob })).thenThrows(INVITATION_MESSAGES.jobClosed);
  });

  it('the candidate must have a profile', () => {
    spec.given([]).when(send({ candidate: null })).thenThrows(INVITATION_MESSAGES.candidateNotFound);
  });

  it('a company cannot invite a private profile, even by its right id: it answers like a missing one (ADR 077); an admin can', () => {
    const hidden = { ...candidate, isPublic: false };
    spec.given([]).when(send({ candidate: hidden })).thenThrows(INVITATION_MESSAGES.candidateNotFound);
    expect(() => invitationDecider.decide(send({ candidate: hidden }), invitationDecider.initialState())).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(invitationDecider.decide(send({ candidate: hidden, by: admin }), invitationDecider.initialState())).toHaveLength(1);
  });

  it('one open invitation per candidate and job, whatever its state', () => {
    spec.given([sent()]).when(send({ tokenHash: 'hash-2' })).thenThrows(INVITATION_MESSAGES.alreadyInvited);
    spec.given([sent(), revealed, submitted]).when(send({ tokenHash: 'hash-2', now: '2026-12-01T00:00:00.000Z' })).thenThrows(INVITATION_MESSAGES.alreadyInvited);
  });

  it('once the link expired, the candidate may be invited again, with a new token', () => {
    spec.given([sent()]).when(send({ tokenHash: 'hash-2', now: AFTER_EXPIRY, expiresAt: '2027-01-24T10:00:00.001Z' })).then([
      sent({ tokenHash: 'hash-2', sentAt: AFTER_EXPIRY, expiresAt: '2027-01-24T10:00:00.001Z' }),
    ]);
  });
});

describe('revealing the profile (by token, no sign-in)', () => {
  it('the candidate reveals their profile to the company', () => {
    spec.given([sent()]).when(reveal()).then([revealed]);
  });

  it('revealing twice changes nothing and succeeds (idempotent)', () => {
    spec.given([sent(), revealed]).when(reveal()).then([]);
    spec.given([sent(), revealed, submitted]).when(reveal()).then([]);
  });

  it('an unknown token, a wrong one or an expired link gets the spec’s not-found answer', () => {
    spec.given([]).when(reveal()).thenThrows(INVITATION_MESSAGES.notFound);
    spec.given([sent()]).when(reveal('hash-x')).thenThrows(INVITATION_MESSAGES.notFound);
    spec.given([sent()]).when(reveal('hash-1', EXPIRES)).thenThrows(INVITATION_MESSAGES.notFound);
  });

  it('the token of an earlier, expired invitation no longer works once a new one was sent', () => {
    const later = sent({ tokenHash: 'hash-2', sentAt: AFTER_EXPIRY, expiresAt: '2027-01-24T10:00:00.001Z' });
    spec.given([sent(), later]).when(reveal('hash-1', '2026-12-26T00:00:00.000Z')).thenThrows(INVITATION_MESSAGES.notFound);
  });
});

describe('the signed-in invitee, by the invitation’s id (ADR 062)', () => {
  const asInvitee = (userId: string, now: string) => ({ inviteeUserId: userId, now });

  it('reveals and offers times without the mail’s token', () => {
    spec.given([sent()]).when({ type: 'RevealProfile', data: asInvitee('user-ada', '2026-11-26T10:00:00.000Z') }).then([revealed]);
    spec.given([sent(), revealed]).when({ type: 'SubmitAvailability', data: { ...asInvitee('user-ada', '2026-11-26T11:00:00.000Z'), availability } }).then([submitted]);
  });

  it('anyone else, no invitation and an expired one get one not-found answer', () => {
    spec.given([sent()]).when({ type: 'RevealProfile', data: asInvitee('user-grace', '2026-11-26T10:00:00.000Z') }).thenThrows(CANDIDATE_INVITATION_MESSAGES.notFound);
    spec.given([]).when({ type: 'RevealProfile', data: asInvitee('user-ada', '2026-11-26T10:00:00.000Z') }).thenThrows(CANDIDATE_INVITATION_MESSAGES.notFound);
    spec.given([sent()]).when({ type: 'RevealProfile', data: asInvitee('user-ada', EXPIRES) }).thenThrows(CANDIDATE_INVITATION_MESSAGES.notFound);
    spec.given([sent(), revealed]).when({ type: 'SubmitAvailability', data: { ...asInvitee('user-grace', '2026-11-26T11:00:00.000Z'), availability } }).thenThrows(CANDIDATE_INVITATION_MESSAGES.notFound);
  });
});

describe('viewing the invitation (ADR 070)', () => {
  const viewed = (viewedAt: string): InvitationEvent => ({ type: 'InvitationViewed', data: { invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId: 'user-ada', viewedAt } });
  const view = (access: { tokenHash: string } | { inviteeUserId: string }, now: string): InvitationCommand => ({ type: 'ViewInvitation', data: { ...access, now } });

  it('the first view, by token or signed in by id, is recorded once; later views record nothing', () => {
    spec.given([sent()]).when(view({ tokenHash: 'hash-1' }, '2026-11-26T09:00:00.000Z')).then([viewed('2026-11-26T09:00:00.000Z')]);
    spec.given([sent()]).when(view({ inviteeUserId: 'user-ada' }, '2026-11-26T09:00:00.000Z')).then([viewed('2026-11-26T09:00:00.000Z')]);
    spec.given([sent(), viewed('2026-11-26T09:00:00.000Z')]).when(view({ inviteeUserId: 'user-ada' }, '2026-11-27T09:00:00.000Z')).then([]);
    spec.given([sent(), viewed('2026-11-26T09:00:00.000Z'), revealed]).when(view({ tokenHash: 'hash-1' }, '2026-11-27T09:00:00.000Z')).then([]);
  });

  it('nobody else records a view: a wrong token, another person, an expired or unknown invitation get the not-found answer', () => {
    spec.given([sent()]).when(view({ tokenHash: 'hash-x' }, '2026-11-26T09:00:00.000Z')).thenThrows(INVITATION_MESSAGES.notFound);
    spec.given([sent()]).when(view({ inviteeUserId: 'user-grace' }, '2026-11-26T09:00:00.000Z')).thenThrows(CANDIDATE_INVITATION_MESSAGES.notFound);
    spec.given([sent()]).when(view({ tokenHash: 'hash-1' }, EXPIRES)).thenThrows(INVITATION_MESSAGES.notFound);
    spec.given([]).when(view({ inviteeUserId: 'user-ada' }, '2026-11-26T09:00:00.000Z')).thenThrows(CANDIDATE_INVITATION_MESSAGES.notFound);
  });
});

describe('submitting interview availability (by token, no sign-in)', () => {
  it('after the reveal, the candidate offers days and slots', () => {
    spec.given([sent(), revealed]).when(submit()).then([submitted]);
  });

  it('before the reveal it is refused (409)', () => {
    spec.given([sent()]).when(submit()).thenThrows(INVITATION_MESSAGES.revealFirst);
    expect(() => invitationDecider.decide(submit(), fold(invitationDecider, [sent()]))).toThrow(expect.objectContaining({ code: 'conflict' }));
  });

  it('the same answer again (a double click, a second tab, a retry) changes nothing and mails nothing', () => {
    spec.given([sent(), revealed, submitted]).when(submit('hash-1', '2026-11-26T11:05:00.000Z')).then([]);
    // The days in another order are the same answer.
    spec
      .given([sent(), revealed, submitted])
      .when({ type: 'SubmitAvailability', data: { tokenHash: 'hash-1', now: '2026-11-26T11:05:00.000Z', availability: { ...availability, availableDays: ['Wednesday', 'Monday'] } } })
      .then([]);
  });

  it('later, the candidate changes the times offered: the latest answer stands (ADR 118)', () => {
    const changed: AvailabilityBody = { availableDays: ['Tuesday'], availableTimes: ['3:00 PM - 6:00 PM'], timezone: 'Europe/Berlin', additionalNotes: 'Afternoons now.' };
    const later = '2026-11-27T08:00:00.000Z';
    spec
      .given([sent(), revealed, submitted])
      .when({ type: 'SubmitAvailability', data: { tokenHash: 'hash-1', now: later, availability: changed } })
      .then([{ type: 'InterviewAvailabilitySubmitted', data: { invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId: 'user-ada', ...changed, submittedAt: later } }]);
    expect(fold(invitationDecider, [sent(), revealed, submitted, { type: 'InterviewAvailabilitySubmitted', data: { invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId: 'user-ada', ...changed, submittedAt: later } }])).toMatchObject({
      status: 'availability_submitted',
      availability: { ...changed, submittedAt: later },
    });
  });

  it('an expired link gets the not-found answer', () => {
    spec.given([sent(), revealed]).when(submit('hash-1', AFTER_EXPIRY)).thenThrows(INVITATION_MESSAGES.notFound);
    expect(() => invitationDecider.decide(submit('hash-1', AFTER_EXPIRY), fold(invitationDecider, [sent(), revealed]))).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('moving a request to the offer stage (company side)', () => {
  const MOVED_AT = '2026-11-27T09:00:00.000Z';
  const offer = (by: InvitationSender = owner, now = MOVED_AT): InvitationCommand => ({ type: 'MoveToOfferStage', data: { by, now } });
  const moved = (movedBy = 'user-owner', movedAt = MOVED_AT): InvitationEvent => ({
    type: 'InvitationMovedToOfferStage',
    data: { invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId: 'user-ada', movedBy, movedAt },
  });
  const code = (command: InvitationCommand, events: InvitationEvent[]) => {
    try {
      invitationDecider.decide(command, fold(invitationDecider, events));
      return 'none';
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  it('the owner company moves a request whose candidate offered interview times', () => {
    spec.given([sent(), revealed, submitted]).when(offer()).then([moved()]);
    expect(fold(invitationDecider, [sent(), revealed, submitted, moved()])).toMatchObject({ status: 'offer_stage', offerStageAt: MOVED_AT });
  });

  it('an admin or a super admin moves it for the job’s company', () => {
    spec.given([sent(), revealed, submitted]).when(offer(admin)).then([moved('user-admin')]);
    spec.given([sent(), revealed, submitted]).when(offer(superAdminOfAnotherCompany)).then([moved('user-super')]);
  });

  it('before the candidate offered interview times it is refused (409)', () => {
    spec.given([sent()]).when(offer()).thenThrows(INVITATION_MESSAGES.offerBeforeInterview);
    spec.given([sent(), revealed]).when(offer()).thenThrows(INVITATION_MESSAGES.offerBeforeInterview);
    expect(code(offer(), [sent(), revealed])).toBe('conflict');
  });

  it('twice changes nothing and succeeds (idempotent)', () => {
    spec.given([sent(), revealed, submitted, moved()]).when(offer(owner, '2026-11-28T09:00:00.000Z')).then([]);
  });

  it('another company is refused (403); a candidate too; an unknown request is a 404', () => {
    spec.given([sent(), revealed, submitted]).when(offer(otherCompany)).thenThrows(INVITATION_MESSAGES.offerNotYours);
    expect(code(offer(otherCompany), [sent(), revealed, submitted])).toBe('forbidden');
    spec.given([sent(), revealed, submitted]).when(offer(candidateCaller)).thenThrows(INVITATION_MESSAGES.offerCompaniesOnly);
    expect(code(offer(candidateCaller), [sent(), revealed, submitted])).toBe('forbidden');
    spec.given([]).when(offer()).thenThrows(INVITATION_MESSAGES.offerNotFound);
    expect(code(offer(), [])).toBe('not_found');
  });

  it('a request that expired before times were offered is refused (409); one with times offered may still move after 30 days', () => {
    spec.given([sent()]).when(offer(owner, AFTER_EXPIRY)).thenThrows(INVITATION_MESSAGES.offerExpired);
    spec.given([sent(), revealed]).when(offer(owner, AFTER_EXPIRY)).thenThrows(INVITATION_MESSAGES.offerExpired);
    expect(code(offer(owner, AFTER_EXPIRY), [sent(), revealed])).toBe('conflict');
    spec.given([sent(), revealed, submitted]).when(offer(owner, AFTER_EXPIRY)).then([moved('user-owner', AFTER_EXPIRY)]);
  });

  it('once in the offer stage, the candidate cannot offer times again, and revealing again changes nothing', () => {
    spec.given([sent(), revealed, submitted, moved()]).when(submit('hash-1', '2026-11-28T09:00:00.000Z')).thenThrows(INVITATION_MESSAGES.availabilityAfterOffer);
    expect(code(submit('hash-1', '2026-11-28T09:00:00.000Z'), [sent(), revealed, submitted, moved()])).toBe('conflict');
    spec.given([sent(), revealed, submitted, moved()]).when(reveal('hash-1', '2026-11-28T09:00:00.000Z')).then([]);
  });

  it('a new invitation after expiry starts over, out of the offer stage', () => {
    const later = sent({ tokenHash: 'hash-2', sentAt: AFTER_EXPIRY, expiresAt: '2027-01-24T10:00:00.001Z' });
    expect(fold(invitationDecider, [sent(), revealed, submitted, moved(), later])).toMatchObject({ status: 'sent', offerStageAt: null, availability: null });
  });
});

describe('declining a request (ADR 104)', () => {
  const DECLINED_AT = '2026-11-26T12:00:00.000Z';
  const decline = (access: { tokenHash: string } | { inviteeUserId: string } = { tokenHash: 'hash-1' }, now = DECLINED_AT): InvitationCommand => ({ type: 'DeclineInvitation', data: { ...access, now } });
  const declined: InvitationEvent = { type: 'InvitationDeclined', data: { invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId: 'user-ada', declinedAt: DECLINED_AT } };
  const moved: InvitationEvent = { type: 'InvitationMovedToOfferStage', data: { invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId: 'user-ada', movedBy: 'user-owner', movedAt: '2026-11-27T09:00:00.000Z' } };

  it('the candidate declines by token or signed in by id, before or after revealing', () => {
    spec.given([sent()]).when(decline()).then([declined]);
    spec.given([sent()]).when(decline({ inviteeUserId: 'user-ada' })).then([declined]);
    spec.given([sent(), revealed, submitted]).when(decline()).then([declined]);
    expect(fold(invitationDecider, [sent(), declined])).toMatchObject({ status: 'declined', declinedAt: DECLINED_AT });
  });

  it('declining twice changes nothing and succeeds (a double click, a second tab)', () => {
    spec.given([sent(), declined]).when(decline()).then([]);
  });

  it('nobody else declines: a wrong token, another person or an expired link get the not-found answer', () => {
    spec.given([sent()]).when(decline({ tokenHash: 'hash-x' })).thenThrows(INVITATION_MESSAGES.notFound);
    spec.given([sent()]).when(decline({ inviteeUserId: 'user-bo' })).thenThrows(CANDIDATE_INVITATION_MESSAGES.notFound);
    spec.given([sent()]).when(decline({ tokenHash: 'hash-1' }, AFTER_EXPIRY)).thenThrows(INVITATION_MESSAGES.notFound);
  });

  it('once declined, no reveal, no times and no offer stage; once in the offer stage, no decline (409)', () => {
    spec.given([sent(), declined]).when(reveal()).thenThrows(INVITATION_MESSAGES.alreadyDeclined);
    spec.given([sent(), revealed, declined]).when(submit()).thenThrows(INVITATION_MESSAGES.alreadyDeclined);
    spec.given([sent(), revealed, submitted, declined]).when({ type: 'MoveToOfferStage', data: { by: owner, now: '2026-11-27T09:00:00.000Z' } }).thenThrows(INVITATION_MESSAGES.offerDeclined);
    spec.given([sent(), revealed, submitted, moved]).when(decline()).thenThrows(INVITATION_MESSAGES.declineAfterOffer);
  });
});

describe('invitation ids', () => {
  it('are stable per candidate and job, differ between pairs, and are 32 hex digits', () => {
    expect(invitationIdFor('job-1', 'user-ada')).toBe(invitationId);
    expect(invitationIdFor('job-2', 'user-ada')).not.toBe(invitationId);
    expect(invitationId).toMatch(/^[0-9a-f]{32}$/);
  });
});
