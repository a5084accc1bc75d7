import { z } from 'zod';
import type { EventSchemas } from '../common/events';

/** How often a saved search mails new matching jobs; `off`: never (the search stays saved). */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export const AlertFrequency = z.enum(ALERT_FREQUENCIES);
export type AlertFrequency = z.infer<typeof AlertFrequency>;

/**
 * Stream `saved-searches-<userId>` (ADR 067): a candidate's saved board searches and the job
 * alerts it mailed. The keywords and location the candidate typed are theirs to have forgotten
 * (sealed under their key, `personalDataRules`); the type and the frequency are not personal.
 */
export const JobSearchSaved = z.object({
  searchId: z.string(),
  userId: z.string(),
  keywords: z.string(),
  location: z.string(),
  type: z.string(),
  frequency: AlertFrequency,
  savedAt: z.string(),
});
export type JobSearchSaved = z.infer<typeof JobSearchSaved>;

export const JobSearchAlertsChanged = z.object({
  searchId: z.string(),
  userId: z.string(),
  frequency: AlertFrequency,
  /** Who changed it: the signed-in candidate, or the unsubscribe link of an alert mail. */
  via: z.enum(['account', 'unsubscribe_link']),
  changedAt: z.string(),
});
export type JobSearchAlertsChanged = z.infer<typeof JobSearchAlertsChanged>;

export const JobSearchDeleted = z.object({ searchId: z.string(), userId: z.string(), deletedAt: z.string() });
export type JobSearchDeleted = z.infer<typeof JobSearchDeleted>;

/** New matching jobs kept for the next daily alert. */
export const JobAlertMatched = z.object({ searchId: z.string(), userId: z.string(), jobIds: z.array(z.string()), matchedAt: z.string() });
export type JobAlertMatched = z.infer<typeof JobAlertMatched>;

/**
 * One alert mail, queued in the outbox with this event (ADR 053). Its unsubscribe link's token is
 * in the mail only; the log keeps its hash, which the link is checked against.
 */
export const JobAlertSent = z.object({
  searchId: z.string(),
  userId: z.string(),
  jobIds: z.array(z.string()),
  frequency: z.enum(['instant', 'daily']),
  unsubscribeTokenHash: z.string(),
  sentAt: z.string(),
});
export type JobAlertSent = z.infer<typeof JobAlertSent>;

export type SavedSearchEvent =
  | { type: 'JobSearchSaved'; data: JobSearchSaved }
  | { type: 'JobSearchAlertsChanged'; data: JobSearchAlertsChanged }
  | { type: 'JobSearchDeleted'; data: JobSearchDeleted }
  | { type: 'JobAlertMatched'; data: JobAlertMatched }
  | { type: 'JobAlertSent'; data: JobAlertSent };

/** One candidate's saved searches and their alerts (ADR 067). */
export const savedSearchStreamId = (userId: string) => `saved-searches-${userId}`;

export const SavedSearchEventSchemas = { JobSearchSaved, JobSearchAlertsChanged, JobSearchDeleted, JobAlertMatched, JobAlertSent } satisfies EventSchemas<SavedSearchEvent>;
