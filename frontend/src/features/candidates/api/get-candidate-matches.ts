import { CANDIDATE_MATCHES_MAX_IDS, type CandidateMatch, CandidateMatches } from '@hireloop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api-client';

/** `GET /api/candidates/matches?jobId=…&ids=…` (issue 24). */
export const candidateMatchesPath = (jobId: string, ids: readonly string[]) =>
  `/api/candidates/matches?${new URLSearchParams({ jobId, ids: ids.join(',') }).toString()}`;

export async function getCandidateMatches(jobId: string, ids: readonly string[]): Promise<CandidateMatches> {
  const path = candidateMatchesPath(jobId, ids);
  return parseAnswer(CandidateMatches, await getJson(path), path);
}

/**
 * Each card asks for its own match, and the cards of one render are asked for in one call: the
 * asks made in the same task are gathered per job and sent together (at most
 * `CANDIDATE_MATCHES_MAX_IDS` ids a call). A card without a match (no longer public) gets null.
 */
type Waiting = { ids: Set<string>; answers: Array<{ id: string; resolve: (match: CandidateMatch | null) => void; reject: (error: unknown) => void }> };
const waiting = new Map<string, Waiting>();

function sendWaiting(jobId: string) {
  const batch = waiting.get(jobId);
  waiting.delete(jobId);
  if (!batch) return;
  const ids = [...batch.ids];
  for (let start = 0; start < ids.length; start += CANDIDATE_MATCHES_MAX_IDS) {
    const chunk = ids.slice(start, start + CANDIDATE_MATCHES_MAX_IDS);
    const asked = batch.answers.filter((answer) => chunk.includes(answer.id));
    getCandidateMatches(jobId, chunk).then(
      (answer) => {
        const byId = new Map(answer.matches.map((match) => [match.candidateId, match]));
        for (const { id, resolve } of asked) resolve(byId.get(id) ?? null);
      },
      (error: unknown) => {
        for (const { reject } of asked) reject(error);
      },
    );
  }
}

export function loadCandidateMatch(jobId: string, candidateId: string): Promise<CandidateMatch | null> {
  return new Promise((resolve, reject) => {
    let batch = waiting.get(jobId);
    if (!batch) {
      batch = { ids: new Set(), answers: [] };
      waiting.set(jobId, batch);
      setTimeout(() => sendWaiting(jobId), 0);
    }
    batch.ids.add(candidateId);
    batch.answers.push({ id: candidateId, resolve, reject });
  });
}

/** Every match of every job: what a new post or a closed job changes. */
export const candidateMatchesKey = ['/api/candidates/matches'] as const;

export const candidateMatchQueryOptions = (jobId: string, candidateId: string) =>
  queryOptions({
    queryKey: [...candidateMatchesKey, jobId, candidateId] as const,
    queryFn: () => loadCandidateMatch(jobId, candidateId),
    staleTime: 60_000,
  });

/** How one card matches the chosen job; nothing asked while no job is chosen. */
export function useCandidateMatch(jobId: string | null, candidateId: string) {
  return useQuery({ ...candidateMatchQueryOptions(jobId ?? '', candidateId), enabled: jobId !== null });
}
