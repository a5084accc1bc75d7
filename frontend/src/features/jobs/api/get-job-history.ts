import { JobHistory } from '@hireloop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api-client';

/** `GET /api/jobs/{jobId}/history` (ADR 079): its key is the path it GETs. */
export const jobHistoryPath = (jobId: string) => `/api/jobs/${encodeURIComponent(jobId)}/history`;

export const jobHistoryQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: [jobHistoryPath(jobId)] as const,
    queryFn: async ({ signal }) => parseAnswer(JobHistory, await getJson(jobHistoryPath(jobId), { signal }), jobHistoryPath(jobId)),
  });

export function useJobHistory(jobId: string) {
  return useQuery(jobHistoryQueryOptions(jobId));
}
