import { z } from 'zod';
import type { EventSchemas } from '../common/events';

/** Stream `application-<sha256(jobId:candidateUserId)>`: one application per candidate per job. */
export const ApplicationSubmitted = z.object({
  applicationId: z.string(),
  jobId: z.string(),
  candidateUserId: z.string(),
  submittedAt: z.string(),
});
export type ApplicationSubmitted = z.infer<typeof ApplicationSubmitted>;

/**
 * The statuses of an application's timeline (issue 13): `applied` when submitted; the company
 * moves it to `viewed`, `interview` or `declined`; the candidate may withdraw it; and one left
 * `applied` or `viewed` for 30 days without a move becomes `no_response` by itself.
 */
export const APPLICATION_STATUSES = ['applied', 'viewed', 'interview', 'declined', 'withdrawn', 'no_response'] as const;
export const ApplicationStatus = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

/** Days without a move after which an `applied` or `viewed` application is marked `no_response`. */
export const NO_RESPONSE_AFTER_DAYS = 30;

/** A move of an application along its timeline: who (a user id; null for the system) and when. */
const ApplicationMove = z.object({
  applicationId: z.string(),
  jobId: z.string(),
  candidateUserId: z.string(),
  at: z.string(),
  by: z.string().nullable(),
});
export const ApplicationViewed = ApplicationMove;
export type ApplicationViewed = z.infer<typeof ApplicationViewed>;
export const ApplicationInterviewInvited = ApplicationMove;
export type ApplicationInterviewInvited = z.infer<typeof ApplicationInterviewInvited>;
export const ApplicationDeclined = ApplicationMove;
export type ApplicationDeclined = z.infer<typeof ApplicationDeclined>;
export const ApplicationWithdrawn = ApplicationMove;
export type ApplicationWithdrawn = z.infer<typeof ApplicationWithdrawn>;
export const ApplicationMarkedNoResponse = ApplicationMove;
export type ApplicationMarkedNoResponse = z.infer<typeof ApplicationMarkedNoResponse>;

export type ApplicationMoveData = z.infer<typeof ApplicationMove>;

export type ApplicationEvent =
  | { type: 'ApplicationSubmitted'; data: ApplicationSubmitted }
  | { type: 'ApplicationViewed'; data: ApplicationViewed }
  | { type: 'ApplicationInterviewInvited'; data: ApplicationInterviewInvited }
  | { type: 'ApplicationDeclined'; data: ApplicationDeclined }
  | { type: 'ApplicationWithdrawn'; data: ApplicationWithdrawn }
  | { type: 'ApplicationMarkedNoResponse'; data: ApplicationMarkedNoResponse };

/** The status each event moves an application to. */
export const APPLICATION_EVENT_STATUS: Record<ApplicationEvent['type'], ApplicationStatus> = {
  ApplicationSubmitted: 'applied',
  ApplicationViewed: 'viewed',
  ApplicationInterviewInvited: 'interview',
  ApplicationDeclined: 'declined',
  ApplicationWithdrawn: 'withdrawn',
  ApplicationMarkedNoResponse: 'no_response',
};

export const ApplicationEventSchemas = {
  ApplicationSubmitted,
  ApplicationViewed,
  ApplicationInterviewInvited,
  ApplicationDeclined,
  ApplicationWithdrawn,
  ApplicationMarkedNoResponse,
} satisfies EventSchemas<ApplicationEvent>;
