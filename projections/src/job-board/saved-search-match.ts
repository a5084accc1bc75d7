import { JobListQuery, type JobContent } from '@hireloop/contracts';
import { matchesFilter } from '@hireloop/platform/read-store';
import { jobSearch } from './job-search';
import { boardFields } from './projection';
import { jobSearchQuery } from './queries';

/** A board search as a candidate saved it: the board's keywords, location and type (ADR 067). */
export interface SavedBoardSearch {
  keywords: string;
  location: string;
  type: string;
}

/**
 * Whether a job matches a saved search by the board's own rules: the search becomes the board's
 * `JobSearch` (`jobSearch`, as `GET /api/jobs` does), its read-store filter (`jobSearchQuery`, the
 * reference the in-memory index agrees with) is evaluated on the fields the board precomputes for
 * the job (`boardFields`). A job alert therefore mails exactly the new jobs the board would list
 * for that search.
 */
export function jobMatchesSavedSearch(job: JobContent, search: SavedBoardSearch): boolean {
  const query = JobListQuery.parse({ search: search.keywords, location: search.location, type: search.type, status: 'open' });
  const { filter } = jobSearchQuery(jobSearch(query));
  return matchesFilter({ _id: 'job', ...job, ...boardFields(job), isActive: true }, filter);
}
