import type { CompanyInvitation, InvitationStatus, OfferedAvailability } from '@hireloop/contracts';

/** How a request's state reads on a card and in the list (part 1 §4, plus `expired`, ADR 031). */
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  email_sent: 'Email Sent',
  viewed: 'Viewed',
  candidate_accepted: 'Candidate Accepted',
  interview_scheduled: 'Interview Scheduled',
  offer_stage: 'Offer Stage',
  expired: 'Expired',
  declined: 'Declined',
};

/** A request still open: the same candidate cannot be asked again for that job until it expires (a declined one included). */
export const isOpenRequest = (request: Pick<CompanyInvitation, 'status'>) => request.status !== 'expired';

/** The company's requests by candidate (profile id), newest first as the list gives them. */
export function requestsByCandidate(requests: readonly CompanyInvitation[]): Map<string, CompanyInvitation[]> {
  const byCandidate = new Map<string, CompanyInvitation[]>();
  for (const request of requests) {
    const list = byCandidate.get(request.candidateId) ?? [];
    list.push(request);
    byCandidate.set(request.candidateId, list);
  }
  return byCandidate;
}

/** The times a candidate offered, in one line: "Monday, Wednesday · 9:00 AM - 12:00 PM (America/New_York)". */
export const describeAvailability = (availability: Pick<OfferedAvailability, 'availableDays' | 'availableTimes' | 'timezone'>) =>
  `${availability.availableDays.join(', ')} · ${availability.availableTimes.join(', ')} (${availability.timezone})`;
