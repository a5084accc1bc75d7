import { z } from 'zod';
import { Role } from '../auth/api';

/**
 * The admin activity log (issue 14, ADR 035): a read model over every event whose actor is an
 * admin or a super admin. Each entry says who (the admin's user id; the name is looked up when
 * read), what (an action from the catalogue below), when, and what it was done to (an entity
 * type and id). Nothing of the event's payload is kept but ids and the enumerated values listed
 * in `details` (a role, a visibility): no names, no messages, no tokens or links.
 */

/** What an activity was done to; `link` in the answer says where the SPA shows it, when it does. */
export const ADMIN_ACTIVITY_ENTITY_TYPES = ['job', 'company', 'candidate', 'user', 'invitation', 'application', 'projection'] as const;
export const AdminActivityEntityType = z.enum(ADMIN_ACTIVITY_ENTITY_TYPES);
export type AdminActivityEntityType = z.infer<typeof AdminActivityEntityType>;

/** Every action the log knows, with the text the Activities tab shows and the kind of thing it was done to. */
export const ADMIN_ACTIVITY_ACTIONS = {
  'job.posted': { label: 'Posted a job', entityType: 'job' },
  'job.edited': { label: 'Edited a job', entityType: 'job' },
  'job.closed': { label: 'Closed a job', entityType: 'job' },
  'job.reopened': { label: 'Reopened a job', entityType: 'job' },
  'user.created': { label: 'Created an account', entityType: 'user' },
  'user.role_changed': { label: 'Changed a user role', entityType: 'user' },
  'user.erased': { label: 'Erased a person', entityType: 'user' },
  'company.created': { label: 'Added a company', entityType: 'company' },
  'company.updated': { label: 'Updated a company profile', entityType: 'company' },
  'candidate.created': { label: 'Added a candidate', entityType: 'candidate' },
  'candidate.updated': { label: 'Updated a candidate profile', entityType: 'candidate' },
  'candidate.visibility_changed': { label: 'Changed a profile’s visibility', entityType: 'candidate' },
  'candidate.summary_requested': { label: 'Asked for a new AI summary', entityType: 'candidate' },
  'candidate.contacted': { label: 'Contacted a candidate', entityType: 'candidate' },
  'invitation.sent': { label: 'Invited a candidate to apply', entityType: 'invitation' },
  'invitation.offer_stage': { label: 'Moved a request to the offer stage', entityType: 'invitation' },
  'application.submitted': { label: 'Applied to a job', entityType: 'application' },
  'application.viewed': { label: 'Marked an application viewed', entityType: 'application' },
  'application.interview_invited': { label: 'Invited an applicant to interview', entityType: 'application' },
  'application.declined': { label: 'Declined an application', entityType: 'application' },
  'application.withdrawn': { label: 'Withdrew an application', entityType: 'application' },
  'projection.rebuild_requested': { label: 'Asked for a read model to be rebuilt', entityType: 'projection' },
  'projection.parked_retried': { label: 'Retried a read model’s parked events', entityType: 'projection' },
} as const satisfies Record<string, { label: string; entityType: AdminActivityEntityType }>;
export type AdminActivityAction = keyof typeof ADMIN_ACTIVITY_ACTIONS;
export const ADMIN_ACTIVITY_ACTION_NAMES = Object.keys(ADMIN_ACTIVITY_ACTIONS) as [AdminActivityAction, ...AdminActivityAction[]];
export const AdminActivityAction = z.enum(ADMIN_ACTIVITY_ACTION_NAMES, {
  error: `action must be one of: ${ADMIN_ACTIVITY_ACTION_NAMES.join(', ')}`,
});

/** The event types the log records when an admin is their actor, and the action each one is. */
export const ADMIN_ACTIVITY_EVENTS = {
  JobPosted: 'job.posted',
  JobEdited: 'job.edited',
  JobClosed: 'job.closed',
  JobReopened: 'job.reopened',
  UserRegistered: 'user.created',
  UserRoleChanged: 'user.role_changed',
  PersonErased: 'user.erased',
  CompanyRegistered: 'company.created',
  CompanyProfileUpdated: 'company.updated',
  CandidateProfileCreated: 'candidate.created',
  CandidateProfileUpdated: 'candidate.updated',
  CandidateProfileVisibilityChanged: 'candidate.visibility_changed',
  CandidateSummaryRequested: 'candidate.summary_requested',
  CandidateContacted: 'candidate.contacted',
  InvitationSent: 'invitation.sent',
  InvitationMovedToOfferStage: 'invitation.offer_stage',
  ApplicationSubmitted: 'application.submitted',
  ApplicationViewed: 'application.viewed',
  ApplicationInterviewInvited: 'application.interview_invited',
  ApplicationDeclined: 'application.declined',
  ApplicationWithdrawn: 'application.withdrawn',
  ProjectionRebuildRequested: 'projection.rebuild_requested',
  ProjectionParkedRetried: 'projection.parked_retried',
} as const satisfies Record<string, AdminActivityAction>;

/**
 * Event types that are never an entry, even with an admin as actor, and why. A new event type
 * goes in one list or the other (a unit test holds every event schema of `contracts` to it).
 */
export const ADMIN_ACTIVITY_EXCLUDED_EVENTS: Readonly<Record<string, string>> = {
  UserSignedIn: 'the admin’s own session, not an action on the marketplace',
  UserSignedOut: 'the admin’s own session',
  SignInFailed: 'anyone may type a wrong password for an admin’s address',
  PasswordResetRequested: 'anyone may ask for a reset of an admin’s address',
  PasswordChanged: 'the admin’s own credentials',
  InboxReadUpTo: 'a candidate reading their own inbox',
  CandidateReplied: 'a candidate answering a company in their own conversation (ADR 069)',
  ConversationReadByCompany: 'a company user reading their company’s conversation',
  JobSearchSaved: 'a candidate’s own saved search (only candidates keep them, ADR 067)',
  JobSearchAlertsChanged: 'a candidate’s own job alerts, or their mail’s unsubscribe link',
  JobSearchDeleted: 'a candidate’s own saved search',
  JobAlertMatched: 'the job alert reaction, by the system',
  JobAlertSent: 'the job alert reaction, by the system',
  EmailReserved: 'bookkeeping of an account, holds an address',
  EmailReservationReleased: 'bookkeeping of an account, holds an address',
  IdentityLinked: 'the admin’s own sign-in method',
  AddedProfileClaimed: 'the candidate’s own account, made by the invitation token’s holder',
  CandidateProfileIdAssigned: 'bookkeeping of a new profile (its id, ADR 077), appended with CandidateProfileCreated, which is the activity',
  IdentityUnlinked: 'follows an erasure, by the system',
  JobImported: 'imports run as the system',
  ImportedJobRevised: 'imports run as the system',
  ImportedJobSeen: 'imports run as the system',
  ImportRunCompleted: 'imports run as the system',
  ImportRunFailed: 'imports run as the system',
  ApplicationMarkedNoResponse: 'the system marks it after 30 days',
  CandidateSummaryGenerated: 'the AI reaction, by the system',
  CandidateSummaryFailed: 'the AI reaction, by the system',
  InvitationRevealed: 'the candidate’s answer, by the token’s holder',
  InvitationViewed: 'the candidate opening their invitation, by the token’s holder or the invitee',
  InterviewAvailabilitySubmitted: 'the candidate’s answer, by the token’s holder',
  InvitationDeclined: 'the candidate’s answer, by the token’s holder or the invitee',
  SubscriptionCheckoutStarted: 'a company’s own billing',
  FreePlanActivated: 'a company’s own billing',
  SubscriptionTrialing: 'the payment provider, by the system',
  SubscriptionActivated: 'the payment provider, by the system',
  SubscriptionPastDue: 'the payment provider, by the system',
  SubscriptionCanceled: 'the payment provider, by the system',
  SubscriptionPlanChangeScheduled: 'the payment provider, by the system',
  JobPostingCounted: 'follows a job posted, which is its own entry',
  CandidateViewCounted: 'a company user opening a profile; admins are never counted',
  InviteRequestCounted: 'follows an invitation sent, which is its own entry; admins are never counted',
  ApiKeyCreated: 'the user’s own credentials (ADR 042; only candidates hold keys)',
  ApiKeyRevoked: 'the user’s own credentials (ADR 042)',
};

/** Enumerated facts an entry may keep beside the ids (never free text). */
export const AdminActivityDetails = z.object({
  /** user.role_changed */
  fromRole: Role.optional(),
  toRole: Role.optional(),
  /** candidate.visibility_changed */
  visibility: z.enum(['public', 'private']).optional(),
  /** For invitations and applications: the job, whose title the answer shows. */
  jobId: z.string().optional(),
});
export type AdminActivityDetails = z.infer<typeof AdminActivityDetails>;

/**
 * One entry as `GET /api/admin/activities` answers it. The spec's "Admin activity" is `id,
 * description, action, entityType, createdAt`; the rest is what the filters, the link and the
 * live stream need. `adminName` and `entityLabel` are read when answering, from the read models
 * that hold them (an erased person reads as erased).
 */
export const AdminActivity = z.object({
  id: z.string(),
  description: z.string(),
  action: AdminActivityAction,
  actionLabel: z.string(),
  entityType: AdminActivityEntityType,
  entityId: z.string(),
  entityLabel: z.string().nullable(),
  /** Where the SPA shows the subject, or null when it has no page. */
  link: z.string().nullable(),
  details: AdminActivityDetails,
  adminId: z.string(),
  adminName: z.string(),
  adminRole: Role,
  createdAt: z.string(),
  /** The event's place in the log: newest first is highest first; usable as X-Min-Position. */
  position: z.string(),
});
export type AdminActivity = z.infer<typeof AdminActivity>;
export const AdminActivityList = z.array(AdminActivity);

export const ADMIN_ACTIVITY_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_ACTIVITY_DEFAULT_PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (`2026-11-26`, the whole day in UTC) or an instant (ISO 8601); refused otherwise. */
const dateBound = (name: string, edge: 'start' | 'end') =>
  z
    .string()
    .trim()
    .max(40, `${name} must be a date (YYYY-MM-DD) or an ISO 8601 time`)
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const isDay = DAY.test(value);
      const time = Date.parse(isDay ? `${value}T00:00:00.000Z` : value);
      if (Number.isNaN(time) || (!isDay && !/^\d{4}-\d{2}-\d{2}T/.test(value))) {
        context.addIssue({ code: 'custom', message: `${name} must be a date (YYYY-MM-DD) or an ISO 8601 time` });
        return z.NEVER;
      }
      // `to=2026-11-26` holds the whole of that day: the bound is the next midnight, exclusive.
      return new Date(isDay && edge === 'end' ? time + 86_400_000 : time).toISOString();
    });

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`);

/**
 * `GET /api/admin/activities`: newest first; `admin` (a user id), `action` and a date range
 * (`from` inclusive, `to` inclusive of its day, or exclusive when an instant) filter; `page`
 * (1-based) and `pageSize` (up to 100, default 25) page. The total of matches is in the
 * `x-total-count` header.
 */
export const AdminActivityListQuery = z
  .object({
    admin: z
      .string()
      .trim()
      .max(100, 'admin must be a user id')
      .optional()
      .transform((value) => value || null),
    action: z
      .union([AdminActivityAction, z.literal('')], { error: `action must be one of: ${ADMIN_ACTIVITY_ACTION_NAMES.join(', ')}` })
      .optional()
      .transform((value) => value || null),
    from: dateBound('from', 'start'),
    to: dateBound('to', 'end'),
    page: whole('page', 1, 10_000).default(1),
    pageSize: whole('pageSize', 1, 100).default(ADMIN_ACTIVITY_DEFAULT_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, { message: 'from must be before to', path: ['from'] });
export type AdminActivityListQuery = z.output<typeof AdminActivityListQuery>;

/** The Server-Sent Event of `GET /api/admin/activities/stream`: one new entry, as the list shows it. */
export const ADMIN_ACTIVITY_EVENT = 'admin-activity';

