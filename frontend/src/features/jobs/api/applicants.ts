import { ApplicationMoved, type JobApplicant, JobApplicantsResponse, type MoveApplicationBody } from '@hireloop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, parseAnswer, sendJson, UnexpectedAnswerError } from '../../../lib/api-client';

/** `GET /api/jobs/{jobId}/applicants`: the applications to one of the company's jobs, newest first (issue 13). */
export const applicantsPath = (jobId: string) => `/api/jobs/${encodeURIComponent(jobId)}/applicants`;
export const applicantsQueryKey = (jobId: string) => [applicantsPath(jobId)] as const;

export async function getApplicants(jobId: string, { signal }: { signal?: AbortSignal } = {}): Promise<JobApplicant[]> {
  const path = applicantsPath(jobId);
  const answer = parseAnswer(JobApplicantsResponse, await getJson(path, { signal }), path);
  if (!Array.isArray(answer.applicants)) throw new UnexpectedAnswerError(path, 'a list of applicants');
  return answer.applicants;
}

export const applicantsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: applicantsQueryKey(jobId),
    queryFn: ({ signal }) => getApplicants(jobId, { signal }),
    refetchOnMount: 'always',
  });

export function useApplicants(jobId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...applicantsQueryOptions(jobId), enabled });
}

/** `POST /api/jobs/{jobId}/applicants/{candidateUserId}/status`: the company moves an application. */
export async function moveApplication(
  jobId: string,
  candidateUserId: string,
  status: MoveApplicationBody['status'],
): Promise<ApplicationMoved> {
  const path = `${applicantsPath(jobId)}/${encodeURIComponent(candidateUserId)}/status`;
  return parseAnswer(ApplicationMoved, await sendJson('POST', path, { status }), path);
}

export function useMoveApplication(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ candidateUserId, status }: { candidateUserId: string; status: MoveApplicationBody['status'] }) =>
      moveApplication(jobId, candidateUserId, status),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: applicantsQueryKey(jobId),
        exact: true,
      }),
  });
}
