import { AiSummaryResponse } from '@hireloop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorStatus, getJson, parseAnswer, sendJson } from '../../../lib/api-client';

/** Part 2 §9: the AI summary is cached for 5 minutes, with one retry. */
export const AI_SUMMARY_STALE_TIME_MS = 5 * 60 * 1000;
export const AI_SUMMARY_RETRIES = 1;
/** How often to ask again while the summary is being generated. */
export const AI_SUMMARY_POLL_MS = 2000;

/** `GET /api/candidates/{id}/ai-summary`: its key is the path it GETs. */
export const aiSummaryPath = (profileId: string) => `/api/candidates/${encodeURIComponent(profileId)}/ai-summary`;
export const aiSummaryQueryKey = (profileId: string) => [aiSummaryPath(profileId)] as const;

const STATUSES: ReadonlyArray<AiSummaryResponse['status']> = ['ready', 'pending', 'failed'];

function readSummary(body: unknown, path: string): AiSummaryResponse {
  const answer = parseAnswer(AiSummaryResponse, body, path);
  if (!STATUSES.includes(answer.status)) throw new Error(`Unexpected answer from ${path}: unknown status`);
  return answer;
}

/** The candidate's AI summary: `ready` (the result), `pending` (being generated) or `failed`. */
export async function getAiSummary(profileId: string, { signal }: { signal?: AbortSignal } = {}): Promise<AiSummaryResponse> {
  const path = aiSummaryPath(profileId);
  return readSummary(await getJson(path, { signal }), path);
}

/**
 * `POST /api/candidates/{id}/ai-summary/regenerate` (no body; the owner or a company): 202
 * `{ status: 'pending' }`. The summary then comes from polling the GET.
 */
export async function regenerateAiSummary(profileId: string): Promise<AiSummaryResponse> {
  const path = `${aiSummaryPath(profileId)}/regenerate`;
  return readSummary(await sendJson('POST', path), path);
}

const isRefusal = (error: unknown) => {
  const status = errorStatus(error);
  return status !== null && status >= 400 && status < 500;
};

export const aiSummaryQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: aiSummaryQueryKey(profileId),
    queryFn: ({ signal }) => getAiSummary(profileId, { signal }),
    staleTime: AI_SUMMARY_STALE_TIME_MS,
    // One retry of a failure; a refusal (a plan without summaries, ADR 070) is not asked again.
    retry: (failures, error) => failures < AI_SUMMARY_RETRIES && !isRefusal(error),
    // Asks again until the summary is ready or has failed.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? AI_SUMMARY_POLL_MS : false),
  });

export function useAiSummary(profileId: string) {
  return useQuery(aiSummaryQueryOptions(profileId));
}

/** Regenerate: the summary shows as being generated at once, and polling picks up the new one. */
export function useRegenerateAiSummary(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateAiSummary(profileId),
    onSuccess: (answer) => {
      queryClient.setQueryData<AiSummaryResponse>(aiSummaryQueryKey(profileId), answer);
    },
  });
}
