import { z } from 'zod';
import { Job } from '../jobs/api';

/** The spec's texts (part 1 §2, §5, §8; part 2 §8), verbatim, and the API's own clear 4xx answers. */
export const INVITATION_MESSAGES = {
  /** Unknown, malformed and expired tokens all get this one answer (ADR 031). */
  notFound: 'Invitation Not Found - This invitation link is invalid or has expired.',
  notFoundTitle: 'Invitation Not Found',
  selectionRequiredTitle: 'Selection Required',
  selectionRequired: 'Please select at least one day and time slot.',
  /** The API's answer to an availability without a day or a slot: the dialog's title and text. */
  selectionRequiredError: 'Selection Required - Please select at least one day and time slot.',
  profileRevealed: 'Profile Revealed',
  revealFailed: 'Failed to reveal profile. Please try again.',
  availabilityFailed: 'Failed to submit availability. Please try again.',
  revealFirst: 'Failed to submit availability. Please reveal your profile first.',
  // Changing the times offered (ADR 118): allowed until the company moves the request to the offer stage.
  changeAvailability: 'Change Availability',
  updateAvailability: 'Update Availability',
  availabilityUpdated: 'Availability Updated',
  availabilityUpdatedText: 'The company has your new times.',
  availabilityAfterOffer: 'Failed to submit availability. The company already moved this request to the offer stage; reply to them directly to change your times.',
  timezone: 'Timezone must be an IANA time zone, such as America/New_York.',
  // Declining a request (ADR 104): the candidate's way to say no, in the app or by the mail's link.
  decline: 'Decline Invitation',
  declineConfirmTitle: 'Decline this invitation?',
  declineConfirm: 'The company is told you are not interested in this role. Your name and email stay hidden from them. This cannot be undone.',
  declined: 'Invitation Declined',
  declinedBanner: 'You declined this invitation. The company has been told you are not interested in this role.',
  declineFailed: 'Failed to decline the invitation. Please try again.',
  alreadyDeclined: 'You declined this invitation.',
  declineAfterOffer: 'Failed to decline the invitation: the company already moved it to the offer stage.',
  offerDeclined: 'Failed to move to offer stage: the candidate declined this request.',
  // Sending (part 2 §8 and §6 of part 1).
  sent: 'Job invitation sent successfully',
  sendFailed: 'Failed to send job invitation',
  bulkFailed: 'Failed to send bulk invitations',
  bulkSelectionRequired: 'Selection Required',
  mustAddJobFirst: 'Must Add Job First',
  mustAddJob: 'Must add a job to request a candidate to apply',
  companiesOnly: 'Failed to send job invitation: only companies and admins can invite candidates.',
  notYourJob: 'Failed to send job invitation: you can only invite candidates to your own company’s jobs.',
  jobNotFound: 'Failed to send job invitation: job not found.',
  jobClosed: 'Failed to send job invitation: this job is closed.',
  jobNotOnHireloop: 'Failed to send job invitation: candidates can only be invited to jobs posted on Hireloop.',
  candidateNotFound: 'Failed to send job invitation: candidate not found or private.',
  alreadyInvited: 'Failed to send job invitation: this candidate already has an open invitation to this job.',
  listCompaniesOnly: 'Only company accounts have invitation requests.',
  // Moving a request to the offer stage (part 1 §4).
  offerStage: 'Moved to Offer Stage',
  offerStageFailed: 'Failed to move to offer stage',
  offerCompaniesOnly: 'Failed to move to offer stage: only companies and admins can move requests.',
  offerNotFound: 'Failed to move to offer stage: request not found.',
  offerNotYours: 'Failed to move to offer stage: this request belongs to another company.',
  offerBeforeInterview: 'Failed to move to offer stage: the candidate has not offered interview times yet.',
  offerExpired: 'Failed to move to offer stage: this request expired before the candidate offered interview times.',
  tooManyMoves: (minutes: number) => `Failed to move to offer stage: you have moved many requests in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  // Claiming an added candidate's profile from the invitation (ADR 038): the account is made by the token.
  claimAccountExists: 'This profile already has an account. Sign in instead.',
  claimSignedIn: 'You are signed in to another account. Sign out first to create the account of this profile.',
  claimFailed: 'Failed to create your account. Please try again.',
  tooManyInvitations: (minutes: number) => `Failed to send job invitation: you have sent many invitations in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** 'Bulk Invitation Complete: Successfully invited X of Y candidates' (part 2 §8). */
export const bulkInvitationComplete = (succeeded: number, total: number) => `Bulk Invitation Complete: Successfully invited ${succeeded} of ${total} candidates`;

export const INTERVIEW_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export const INTERVIEW_TIME_SLOTS = ['9:00 AM - 12:00 PM', '12:00 PM - 3:00 PM', '3:00 PM - 6:00 PM'] as const;
export type InterviewDay = (typeof INTERVIEW_DAYS)[number];
export type InterviewTimeSlot = (typeof INTERVIEW_TIME_SLOTS)[number];

/** An invitation link works for 30 days from sending. */
export const INVITATION_TTL_DAYS = 30;
export const INVITATION_MESSAGE_MAX_LENGTH = 2000;
export const BULK_INVITATION_MAX_CANDIDATES = 100;

/**
 * A token is `<invitationId>.<secret>`: the id (32 hex digits) names the stream, the secret is 256
 * random bits (43 base64url characters). Only the sha256 of the whole token is stored (ADR 031).
 */
const TOKEN_PATTERN = /^([0-9a-f]{32})\.[A-Za-z0-9_-]{43}$/;
export const invitationIdOfToken = (token: string): string | null => TOKEN_PATTERN.exec(token)?.[1] ?? null;

export const InvitationTokenParams = z.object({ token: z.string().max(200) });

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
};

const unique = <T>(values: T[]) => [...new Set(values)];

/** `POST /api/invitations/{token}/availability` (part 1 §3 "Availability payload", §5). */
export const AvailabilityBody = z.object({
  availableDays: z
    .array(z.enum(INTERVIEW_DAYS, { error: `Days must be among ${INTERVIEW_DAYS.join(', ')}` }))
    .min(1, INVITATION_MESSAGES.selectionRequiredError)
    .transform(unique),
  availableTimes: z
    .array(z.enum(INTERVIEW_TIME_SLOTS, { error: `Time slots must be among ${INTERVIEW_TIME_SLOTS.join(', ')}` }))
    .min(1, INVITATION_MESSAGES.selectionRequiredError)
    .transform(unique),
  timezone: z.string().trim().max(64).refine(isTimeZone, INVITATION_MESSAGES.timezone),
  additionalNotes: z.string().trim().max(2000, 'Additional notes must be at most 2000 characters').default(''),
});
export type AvailabilityBody = z.output<typeof AvailabilityBody>;

/** The times a candidate offered, as they stand (the latest answer; ADR 118). */
export const OfferedAvailability = z.object({
  availableDays: z.array(z.string()),
  availableTimes: z.array(z.string()),
  timezone: z.string(),
  additionalNotes: z.string(),
  submittedAt: z.string(),
});
export type OfferedAvailability = z.infer<typeof OfferedAvailability>;

/** What the invitation page shows of the company (part 1 §2: description, industry and size). */
export const InvitationCompany = z.object({ name: z.string(), description: z.string(), industry: z.string(), size: z.string() });

/** `GET /api/invitations/{token}` (part 1 §3 "Invitation response"). Never the candidate's name or email. */
export const InvitationResponse = z.object({
  success: z.literal(true),
  job: Job,
  company: InvitationCompany,
  invitation: z.object({ message: z.string(), sentAt: z.string(), expiresAt: z.string() }),
  /** What the invitation is about, as the anonymous card shows it. */
  candidate: z.object({ candidateId: z.string(), title: z.string() }),
  hasRevealed: z.boolean(),
  hasSubmittedAvailability: z.boolean(),
  /**
   * The times the candidate offered, as they stand (null before): the page shows them and the
   * dialog starts from them when the candidate changes them (ADR 118). Only the link's holder reads it.
   */
  availability: OfferedAvailability.nullable(),
  /** The company moved the request to the offer stage: the times offered can no longer change (ADR 118). */
  inOfferStage: z.boolean(),
  /** The candidate declined the request (ADR 104): the page shows it and offers nothing more. */
  hasDeclined: z.boolean(),
  /**
   * The invitation's candidate was added by an admin and has no account yet (nor was erased): whoever
   * holds the link may create the account of that profile (`POST /api/invitations/{token}/claim`, ADR 038).
   */
  canClaimAccount: z.boolean(),
  /**
   * Whether the company already knows who the candidate is, and why (ADR 066, ADR 070): they
   * applied to one of its jobs, or revealed their profile to it from another of its invitations;
   * null when it does not (this invitation's own reveal is `hasRevealed`). The page's privacy text
   * says what is true.
   */
  knownToCompany: z.enum(['applied', 'revealed']).nullable(),
});
export type InvitationResponse = z.infer<typeof InvitationResponse>;

/** `POST /api/invitations/{token}/view`, `POST /api/my-invitations/{invitationId}/view`: when it was first viewed (ADR 070). */
export const ViewInvitationResponse = z.object({ success: z.literal(true), viewedAt: z.string() });
export type ViewInvitationResponse = z.infer<typeof ViewInvitationResponse>;

export const RevealResponse = z.object({ success: z.literal(true), message: z.literal(INVITATION_MESSAGES.profileRevealed), hasRevealed: z.literal(true) });
export const DeclineResponse = z.object({ success: z.literal(true), message: z.literal(INVITATION_MESSAGES.declined), hasDeclined: z.literal(true) });
export const AvailabilityResponse = z.object({ success: z.literal(true), hasSubmittedAvailability: z.literal(true) });

const message = z.string().trim().max(INVITATION_MESSAGE_MAX_LENGTH, `Message must be at most ${INVITATION_MESSAGE_MAX_LENGTH} characters`).default('');
const id = z.string().trim().min(1).max(100);

/** `POST /api/job-invitations/send` (part 2 §7). */
export const SendInvitationBody = z.object({ jobId: id, candidateId: id, message });
export type SendInvitationBody = z.output<typeof SendInvitationBody>;

/** The company-side states of a request (part 1 §4), plus `expired` for a link unused for 30 days. */
export const INVITATION_STATUSES = ['email_sent', 'viewed', 'candidate_accepted', 'interview_scheduled', 'offer_stage', 'expired', 'declined'] as const;
export const InvitationStatus = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

export const SendInvitationResponse = z.object({
  success: z.literal(true),
  message: z.literal(INVITATION_MESSAGES.sent),
  invitationId: z.string(),
  status: InvitationStatus,
  expiresAt: z.string(),
});
export type SendInvitationResponse = z.infer<typeof SendInvitationResponse>;

/** `POST /api/job-invitations/bulk` (part 2 §7): one invitation per candidate; the others skipped, with why. */
export const BulkInvitationBody = z.object({
  jobId: z.string({ error: INVITATION_MESSAGES.bulkSelectionRequired }).trim().min(1, INVITATION_MESSAGES.bulkSelectionRequired).max(100),
  candidateIds: z
    .array(id, { error: INVITATION_MESSAGES.bulkSelectionRequired })
    .min(1, INVITATION_MESSAGES.bulkSelectionRequired)
    .max(BULK_INVITATION_MAX_CANDIDATES, `At most ${BULK_INVITATION_MAX_CANDIDATES} candidates at once`),
  message,
});
export type BulkInvitationBody = z.output<typeof BulkInvitationBody>;

export const SKIP_REASONS = ['candidate_not_found', 'already_invited', 'duplicate', 'plan_limit'] as const;
export const SkippedCandidate = z.object({ candidateId: z.string(), reason: z.enum(SKIP_REASONS), message: z.string() });
export type SkippedCandidate = z.infer<typeof SkippedCandidate>;

export const BulkInvitationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  summary: z.object({ succeeded: z.number().int(), total: z.number().int(), skipped: z.number().int() }),
  invited: z.array(z.object({ candidateId: z.string(), invitationId: z.string() })),
  skipped: z.array(SkippedCandidate),
});
export type BulkInvitationResponse = z.infer<typeof BulkInvitationResponse>;

/** `POST /api/job-invitations/{invitationId}/offer-stage`: the id is the one the company's list gives. */
export const InvitationIdParams = z.object({ invitationId: z.string().trim().min(1).max(100) });

export const OfferStageResponse = z.object({
  success: z.literal(true),
  message: z.literal(INVITATION_MESSAGES.offerStage),
  invitationId: z.string(),
  status: z.literal('offer_stage'),
  offerStageAt: z.string(),
});
export type OfferStageResponse = z.infer<typeof OfferStageResponse>;

/** One of a company's requests, as its list and the candidate cards show it. */
export const CompanyInvitation = z.object({
  invitationId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  candidateId: z.string(),
  candidateTitle: z.string(),
  status: InvitationStatus,
  sentAt: z.string(),
  expiresAt: z.string(),
  /** When the candidate first opened the invitation page (ADR 070); null before. */
  viewedAt: z.string().nullable(),
  revealedAt: z.string().nullable(),
  /** When the company moved it to the offer stage; null before. */
  offerStageAt: z.string().nullable(),
  /** When the candidate declined it (ADR 104); null while they have not. */
  declinedAt: z.string().nullable(),
  availability: OfferedAvailability.nullable(),
  /** The candidate's name and email: null until they revealed their profile to this company. */
  candidate: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type CompanyInvitation = z.infer<typeof CompanyInvitation>;

/** `GET /api/job-invitations`: the signed-in company's requests, newest first. */
export const CompanyInvitationsResponse = z.object({ success: z.literal(true), invitations: z.array(CompanyInvitation) });
export type CompanyInvitationsResponse = z.infer<typeof CompanyInvitationsResponse>;
