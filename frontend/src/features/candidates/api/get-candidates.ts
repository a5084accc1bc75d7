import { CANDIDATE_PAGE_SIZE, type CandidateCard, CandidateList, type LookingStatus, SIDE_PANEL_COUNT, SIDE_PANEL_REFRESH_MS, TOTAL_COUNT_HEADER } from '@hireloop/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJsonWithHeaders, parseAnswer } from '../../../lib/api-client';

/** What Browse Candidates asks `GET /api/candidates` for (part 2 §5): the server filters and pages. */
export interface CandidateListParams {
  search?: string;
  location?: string;
  skills?: string;
  /** '' is All Candidates. */
  lookingStatus?: LookingStatus | '';
  page?: number;
  count?: number;
}

export type NormalizedCandidateListParams = Required<CandidateListParams>;

export function normalizeCandidateListParams(params: CandidateListParams): NormalizedCandidateListParams {
  return {
    search: params.search?.trim() ?? '',
    location: params.location?.trim() ?? '',
    skills: params.skills?.trim() ?? '',
    lookingStatus: params.lookingStatus ?? '',
    page: params.page ?? 1,
    count: params.count ?? CANDIDATE_PAGE_SIZE,
  };
}

/** The key prefix of every candidate list (Browse's pages and the side panel's sample). */
export const candidateListsKey = ['/api/candidates'] as const;

export const candidateListQueryKey = (params: CandidateListParams) =>
  [...candidateListsKey, normalizeCandidateListParams(params)] as const;

/** `/api/candidates?…`: empty filters left out; count and page always sent. */
export function candidateListPath(params: CandidateListParams): string {
  const { search, location, skills, lookingStatus, page, count } = normalizeCandidateListParams(params);
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (location) query.set('location', location);
  if (skills) query.set('skills', skills);
  if (lookingStatus) query.set('lookingStatus', lookingStatus);
  query.set('count', String(count));
  query.set('page', String(page));
  return `/api/candidates?${query.toString()}`;
}

/** The side panel's sample (part 1 §9). */
export const RANDOM_CANDIDATES_PATH = `/api/candidates?random=true&count=${SIDE_PANEL_COUNT}`;

/** One page of anonymous cards and how many match in all (`x-total-count`). */
export interface CandidateListPage {
  candidates: CandidateCard[];
  total: number;
  page: number;
  count: number;
}

/** A total header the page itself cannot contradict: missing or broken, it is what the pages prove. */
function readTotal(header: string | null, page: number, shown: number, count: number): number {
  const floor = (Math.max(1, page) - 1) * count + shown;
  const total = header === null || header.trim() === '' ? Number.NaN : Number(header);
  return Number.isSafeInteger(total) && total >= 0 ? total : shown === 0 ? 0 : floor;
}

/** `GET /api/candidates?…`: one page of cards, newest first, with the total of matches. */
export async function getCandidateList(
  params: CandidateListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CandidateListPage> {
  const normalized = normalizeCandidateListParams(params);
  const path = candidateListPath(normalized);
  const { body, headers } = await getJsonWithHeaders(path, { signal });
  const candidates = parseAnswer(CandidateList, body, path);
  return {
    candidates,
    total: readTotal(headers.get(TOTAL_COUNT_HEADER), normalized.page, candidates.length, normalized.count),
    page: normalized.page,
    count: normalized.count,
  };
}

/** `GET /api/candidates?random=true&count=5`: the side panel's random cards. */
export async function getRandomCandidates({ signal }: { signal?: AbortSignal } = {}): Promise<CandidateCard[]> {
  const { body } = await getJsonWithHeaders(RANDOM_CANDIDATES_PATH, { signal });
  return parseAnswer(CandidateList, body, RANDOM_CANDIDATES_PATH);
}

export const candidateListQueryOptions = (params: CandidateListParams) =>
  queryOptions({
    queryKey: candidateListQueryKey(params),
    queryFn: ({ signal }) => getCandidateList(params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useCandidateList(params: CandidateListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...candidateListQueryOptions(params), enabled });
}

export const randomCandidatesQueryOptions = () =>
  queryOptions({
    queryKey: [...candidateListsKey, 'random', SIDE_PANEL_COUNT] as const,
    queryFn: ({ signal }) => getRandomCandidates({ signal }),
    // Part 1 §9: asked for again every 120 s, whether or not the tab is in front.
    refetchInterval: SIDE_PANEL_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export function useRandomCandidates() {
  return useQuery(randomCandidatesQueryOptions());
}
