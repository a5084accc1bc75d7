import { z } from 'zod';
import { JobHistoryChange } from '../jobs/history';
import { ApplicationStatus } from './events';

/** One step of an application's timeline: the status it moved to, and when. */
export const ApplicationStep = z.object({ status: ApplicationStatus, at: z.string() });
export type ApplicationStep = z.infer<typeof ApplicationStep>;

/** One of the signed-in candidate's applications, as the dashboard's Applications card lists it. */
export const CandidateApplication = z.object({
  applicationId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  location: z.string(),
  appliedAt: z.string(),
  /** Whether the job still takes applications (closed jobs stay listed). */
  jobIsOpen: z.boolean(),
  /** Where the application is now, and every step to it, oldest first (issue 13). */
  status: ApplicationStatus,
  timeline: z.array(ApplicationStep),
  /**
   * The job's terms that changed since the candidate applied (title, salary, location, type,
   * remote): what they applied to against what the job says now (ADR 079). Empty: unchanged.
   */
  changedSinceApplied: z.array(JobHistoryChange),
});
export type CandidateApplication = z.infer<typeof CandidateApplication>;

/** `GET /api/applications`: the signed-in candidate's applications, newest first (part 2 §2). */
export const MyApplicationsResponse = z.object({ applications: z.array(CandidateApplication) });
export type MyApplicationsResponse = z.infer<typeof MyApplicationsResponse>;

/** The moves a company makes (`POST /api/jobs/{jobId}/applicants/{candidateUserId}/status`). */
export const COMPANY_APPLICATION_MOVES = ['viewed', 'interview', 'declined'] as const;
export const MoveApplicationBody = z.object({
  status: z.enum(COMPANY_APPLICATION_MOVES, { error: `status must be one of ${COMPANY_APPLICATION_MOVES.join(', ')}.` }),
});
export type MoveApplicationBody = z.infer<typeof MoveApplicationBody>;

/** The answer of a move or a withdrawal: the application's status after it. */
export const ApplicationMoved = z.object({ success: z.literal(true), status: ApplicationStatus });
export type ApplicationMoved = z.infer<typeof ApplicationMoved>;

/** An application to one of the company's jobs (`GET /api/jobs/{jobId}/applicants`). */
export const JobApplicant = z.object({
  applicationId: z.string(),
  candidateUserId: z.string(),
  /** The applicant's name as their account has it: applying is telling the company who you are. */
  candidateName: z.string(),
  /** Their profile's id and title, when they have a profile. */
  profileId: z.string().nullable(),
  candidateTitle: z.string(),
  appliedAt: z.string(),
  status: ApplicationStatus,
  timeline: z.array(ApplicationStep),
});
export type JobApplicant = z.infer<typeof JobApplicant>;
export const JobApplicantsResponse = z.object({ applicants: z.array(JobApplicant) });
export type JobApplicantsResponse = z.infer<typeof JobApplicantsResponse>;

export const APPLICATION_MESSAGES = {
  notFound: 'Application not found',
  closed: 'This application is closed: it was declined or withdrawn.',
  notYourJob: 'Only the company that posted this job can see and move its applications.',
  companiesOnly: 'Only company accounts can move applications.',
} as const;
