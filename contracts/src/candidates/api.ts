import { z } from 'zod';
import { Availability, WorkPreference } from '../profiles/events';
import { CANDIDATE_MAX_COUNT, CANDIDATE_PAGE_SIZE, CANDIDATE_SEARCH_MAX_LENGTH, LOOKING_STATUSES } from './constants';

// The plain values live in ./constants (no zod), so the browser's first page can use them without classic zod.
export * from './constants';

export const LookingStatus = z.enum(LOOKING_STATUSES);
export type LookingStatus = z.infer<typeof LookingStatus>;

/**
 * An anonymous candidate card (part 1 §3 "Anonymous candidate card", part 2 §3 "Candidate list
 * item"): only public profiles have one, and it never carries a name, contact details, links or
 * pictures. `id` is the profile id (View Profile goes to /profile/{id}).
 */
export const CandidateCard = z.object({
  id: z.string(),
  title: z.string(),
  location: z.string(),
  experience: z.string(),
  availability: Availability,
  /** 'active' when available immediately, else 'passive'. */
  lookingStatus: LookingStatus,
  workPreference: WorkPreference,
  skills: z.array(z.string()),
});
export type CandidateCard = z.infer<typeof CandidateCard>;

const queryText = z
  .string()
  .max(CANDIDATE_SEARCH_MAX_LENGTH, `At most ${CANDIDATE_SEARCH_MAX_LENGTH} characters`)
  .optional()
  .transform((value) => value?.trim() ?? '');

/**
 * `GET /api/candidates`: the anonymous cards, newest first, filtered on the server with the
 * spec's client-side rules (part 2 §5 "Candidate filters"): case-insensitive substrings; `search`
 * matches the title or any skill, `location` the location, `skills` any skill, `lookingStatus` is
 * equal unless empty (All). `count` is how many to answer (the spec sends count=100 or 5),
 * `page` is 1-based pages of `count`; `random=true` answers `count` random cards (the side
 * panel) and ignores the filters and page. The total of matches is in the `x-total-count` header.
 */
export const CandidateListQuery = z.object({
  search: queryText,
  location: queryText,
  skills: queryText,
  lookingStatus: z
    .union([LookingStatus, z.literal(''), z.literal('all')], { error: 'lookingStatus must be active, passive or all' })
    .optional()
    .transform((value) => (value === 'active' || value === 'passive' ? value : null)),
  count: z.coerce
    .number({ error: `count must be a whole number from 1 to ${CANDIDATE_MAX_COUNT}` })
    .int(`count must be a whole number from 1 to ${CANDIDATE_MAX_COUNT}`)
    .min(1, `count must be a whole number from 1 to ${CANDIDATE_MAX_COUNT}`)
    .max(CANDIDATE_MAX_COUNT, `count must be a whole number from 1 to ${CANDIDATE_MAX_COUNT}`)
    .default(CANDIDATE_PAGE_SIZE),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000, 'page must be a whole number from 1 to 10000')
    .default(1),
  random: z
    .enum(['true', 'false'], { error: 'random must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type CandidateListQuery = z.output<typeof CandidateListQuery>;
export const CandidateList = z.array(CandidateCard);

/** `GET /api/candidates/events` (Server-Sent Events, event {@link CANDIDATES_CHANGED_EVENT}): the pool of cards changed at this log position. */
export const CandidatesChanged = z.object({ position: z.string() });
