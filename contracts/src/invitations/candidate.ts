import { z } from 'zod';

/**
 * The candidate's own invitations in the app (ADR 062): their dashboard and inbox list them, and the
 * signed-in invitee opens, reveals and answers one by its id, without the mail's token.
 */

/** Where an invitation stands for the candidate; `expired`: the link ran out before they offered times. */
export const CANDIDATE_INVITATION_STATUSES = ['new', 'revealed', 'availability_submitted', 'offer_stage', 'expired', 'declined'] as const;
export const CandidateInvitationStatus = z.enum(CANDIDATE_INVITATION_STATUSES);
export type CandidateInvitationStatus = z.infer<typeof CandidateInvitationStatus>;

/** What the candidate's list says of each state. */
export const CANDIDATE_INVITATION_STATUS_LABELS: Record<CandidateInvitationStatus, string> = {
  new: 'New',
  revealed: 'Profile revealed',
  availability_submitted: 'Availability sent',
  offer_stage: 'Offer stage',
  expired: 'Expired',
  declined: 'Declined',
};

export const CANDIDATE_INVITATION_MESSAGES = {
  title: 'Invitations to Apply',
  empty: 'No invitations yet. Companies that want you to apply will appear here.',
  open: 'Open invitation',
  candidatesOnly: 'Only candidates have invitations to apply.',
  /** Another person's invitation, an unknown id and an expired one all get this one answer. */
  notFound: 'Invitation Not Found - This invitation is not yours or has expired.',
} as const;

/** One row of the candidate's list: the job, the company, the state and when each step happened. */
export const CandidateInvitation = z.object({
  invitationId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  location: z.string(),
  jobIsOpen: z.boolean(),
  status: CandidateInvitationStatus,
  sentAt: z.string(),
  expiresAt: z.string(),
  revealedAt: z.string().nullable(),
  availabilitySubmittedAt: z.string().nullable(),
  offerStageAt: z.string().nullable(),
  /** When the candidate declined it (ADR 104); null while they have not. */
  declinedAt: z.string().nullable(),
});
export type CandidateInvitation = z.infer<typeof CandidateInvitation>;

/** `GET /api/my-invitations`: the signed-in candidate's invitations, newest first. */
export const CandidateInvitationsResponse = z.object({ success: z.literal(true), invitations: z.array(CandidateInvitation) });
export type CandidateInvitationsResponse = z.infer<typeof CandidateInvitationsResponse>;

/** `/api/my-invitations/{invitationId}`: an invitation id is 32 hex digits (the head of the mail's token). */
export const MyInvitationParams = z.object({ invitationId: z.string().regex(/^[0-9a-f]{32}$/, 'An invitation id is 32 hexadecimal digits') });

/**
 * The candidate's state of an invitation, from the dates the read model keeps: offer stage and
 * times offered stand after the link expired; a link left unanswered for 30 days is expired.
 */
export function candidateInvitationStatus(
  row: { revealedAt: string | null; availabilitySubmittedAt: string | null; offerStageAt: string | null; declinedAt?: string | null; expiresAt: string },
  now: Date,
): CandidateInvitationStatus {
  if (row.declinedAt) return 'declined';
  if (row.offerStageAt) return 'offer_stage';
  if (row.availabilitySubmittedAt) return 'availability_submitted';
  if (now.toISOString() >= row.expiresAt) return 'expired';
  return row.revealedAt ? 'revealed' : 'new';
}
