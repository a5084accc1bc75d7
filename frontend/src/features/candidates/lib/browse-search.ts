import { CANDIDATE_SEARCH_MAX_LENGTH, LOOKING_STATUSES } from '@hireloop/contracts';
import { searchChoice, searchObject, searchPage, searchText } from '../../../lib/search-params';

/**
 * Browse Candidates' state in the address (`/browse-candidates?search=react&lookingStatus=active&page=2`).
 * Anything missing or invalid falls back to its default; `lookingStatus` '' is All Candidates.
 */
export interface BrowseCandidatesSearch {
  search: string;
  location: string;
  skills: string;
  lookingStatus: '' | (typeof LOOKING_STATUSES)[number];
  page: number;
}
export const BrowseCandidatesSearch = searchObject<BrowseCandidatesSearch>({
  search: searchText(CANDIDATE_SEARCH_MAX_LENGTH),
  location: searchText(CANDIDATE_SEARCH_MAX_LENGTH),
  skills: searchText(CANDIDATE_SEARCH_MAX_LENGTH),
  lookingStatus: searchChoice(LOOKING_STATUSES, ''),
  page: searchPage(10_000),
});

export const BROWSE_CANDIDATES_SEARCH_DEFAULTS: BrowseCandidatesSearch = {
  search: '',
  location: '',
  skills: '',
  lookingStatus: '',
  page: 1,
};

export type BrowseCandidatesFilters = Omit<BrowseCandidatesSearch, 'page'>;

/**
 * The next state as a function of the current one: the router hands in the newest address (a
 * navigation still on its way included), so a debounced change never builds on a stale copy.
 */
export type BrowseCandidatesSearchUpdate = <Current extends BrowseCandidatesSearch>(current: Current) => Current;

/** Part 2 §5: any filter change goes back to page 1. */
export function withCandidateFilterChange<Current extends BrowseCandidatesSearch>(
  current: Current,
  change: Partial<BrowseCandidatesFilters>,
): Current {
  return { ...current, ...change, page: 1 };
}

/** The Select's value for All Candidates (a Radix Select item cannot have an empty value). */
export const ALL_CANDIDATES = 'all';

export const LOOKING_STATUS_OPTIONS = [
  { value: ALL_CANDIDATES, label: 'All Candidates' },
  { value: 'active', label: 'Actively Looking' },
  { value: 'passive', label: 'Passively Looking' },
] as const;

export function lookingStatusFromSelect(value: string): BrowseCandidatesSearch['lookingStatus'] {
  return value === 'active' || value === 'passive' ? value : '';
}
