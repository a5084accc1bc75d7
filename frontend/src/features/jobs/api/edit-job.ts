import { EditJobResponse, type EditJobBody, type Job } from '@hireloop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseAnswer, sendJson } from '../../../lib/api-client';
import { jobQueryKey, sharedJobQueryKey } from './get-job';
import { jobListsKey } from './get-jobs';

/** `PUT /api/jobs/{jobId}` (the company that posted it, or an admin; ADR 064): answers `{ success: true, jobId }`. */
export async function editJob(jobId: string, body: EditJobBody): Promise<EditJobResponse> {
  const path = `/api/jobs/${encodeURIComponent(jobId)}`;
  return parseAnswer(EditJobResponse, await sendJson('PUT', path, body), path);
}

export function useEditJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ job, body }: { job: Pick<Job, 'id' | 'shareToken'>; body: EditJobBody }) => editJob(job.id, body),
    // The answer's position makes the next reads wait for the edit (read-your-writes): refetch
    // every list the job may sit in and exactly its two detail pages.
    onSuccess: (_answer, { job }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobListsKey }),
        queryClient.invalidateQueries({ queryKey: jobQueryKey(job.id), exact: true }),
        queryClient.invalidateQueries({ queryKey: sharedJobQueryKey(job.shareToken), exact: true }),
      ]),
  });
}
