import { z } from 'zod';
import { AlertFrequency } from './events';

/** How many searches one candidate may keep. */
export const MAX_SAVED_SEARCHES = 10;
/** Jobs listed in one alert mail; the rest are counted and one link leads to the board. */
export const JOBS_PER_ALERT_MAIL = 20;

export const SAVED_SEARCH_MESSAGES = {
  candidatesOnly: 'Saved searches are for candidate accounts.',
  notFound: 'Saved search not found',
  empty: 'Add keywords, a location or a job type to save this search',
  tooMany: `You can save at most ${MAX_SAVED_SEARCHES} searches. Delete one first.`,
  duplicate: 'You have already saved this search.',
  badFrequency: 'Alerts must be instant, daily or off',
  saved: 'Search saved',
  unsubscribed: 'You will no longer get job alerts for this search.',
  badLink: 'This unsubscribe link is not valid. Sign in to manage your job alerts from your dashboard.',
} as const;

const text = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((value) => value?.trim().replace(/\s+/g, ' ') ?? '');

/** `POST /api/saved-searches`: the board's own filters (part 1 §5) and how often to be told. */
export const SaveSearchBody = z
  .object({
    keywords: text(200),
    location: text(200),
    type: text(50),
    frequency: z.enum(['instant', 'daily'], { error: 'Alerts must be instant or daily' }).default('daily'),
  })
  .refine((search) => search.keywords !== '' || search.location !== '' || search.type !== '', { error: SAVED_SEARCH_MESSAGES.empty });
export type SaveSearchBody = z.input<typeof SaveSearchBody>;

/** `PATCH /api/saved-searches/:searchId`. */
export const ChangeAlertsBody = z.object({ frequency: z.enum(['instant', 'daily', 'off'], { error: SAVED_SEARCH_MESSAGES.badFrequency }) });
export type ChangeAlertsBody = z.infer<typeof ChangeAlertsBody>;

export const SavedSearch = z.object({
  id: z.string(),
  keywords: z.string(),
  location: z.string(),
  type: z.string(),
  frequency: AlertFrequency,
  createdAt: z.string(),
  /** When an alert was last mailed for it, or null. */
  lastAlertAt: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;

export const SavedSearchList = z.object({ savedSearches: z.array(SavedSearch), max: z.number().int() });
export type SavedSearchList = z.infer<typeof SavedSearchList>;

export const SavedSearchAnswer = z.object({ success: z.literal(true), savedSearch: SavedSearch });
export type SavedSearchAnswer = z.infer<typeof SavedSearchAnswer>;

/** `POST /api/saved-searches/unsubscribe`: the token from an alert mail's link; no sign-in. */
export const UnsubscribeBody = z.object({ token: z.string().min(1, SAVED_SEARCH_MESSAGES.badLink).max(200, SAVED_SEARCH_MESSAGES.badLink) });
export const UnsubscribeAnswer = z.object({ success: z.literal(true), message: z.string() });
export type UnsubscribeAnswer = z.infer<typeof UnsubscribeAnswer>;
