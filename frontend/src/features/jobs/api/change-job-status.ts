import { type Job, JobStatusChange } from '@hireloop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseAnswer, sendJson } from '../../../lib/api-client';
import { jobQueryKey, sharedJobQueryKey } from './get-job';
import { jobListsKey } from './get-jobs';

export type JobStatusAction = 'close' | 'reopen';

/**
 * Closes or reopens a job (the company that posted it, or an admin): `POST /api/jobs/{jobId}/close`
 * and `/reopen` answer `{ success: true, jobId, isActive }`.
 */
export async function changeJobStatus(jobId: string, action: JobStatusAction): Promise<JobStatusChange> {
  const path = `/api/jobs/${encodeURIComponent(jobId)}/${action}`;
  return parseAnswer(JobStatusChange, await sendJson('POST', path), path);
}

export function useChangeJobStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ job, action }: { job: Pick<Job, 'id' | 'shareToken'>; action: JobStatusAction }) =>
      changeJobStatus(job.id, action),
    onSuccess: (_answer, { job }) =>
      Promise.all([
        // Every list the job may sit in (board pages and searches, the company's own jobs)…
        queryClient.invalidateQueries({ queryKey: jobListsKey }),
        // …and exactly its two detail pages.
        queryClient.invalidateQueries({ queryKey: jobQueryKey(job.id), exact: true }),
        queryClient.invalidateQueries({ queryKey: sharedJobQueryKey(job.shareToken), exact: true }),
      ]),
  });
}
