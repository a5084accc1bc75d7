import { PostJobResponse, type PostJobBody } from '@hireloop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { jobListsKey } from './get-jobs';

/** `POST /api/jobs` (companies): answers `{ success: true, job }`. */
export async function postJob(body: PostJobBody): Promise<PostJobResponse> {
  return PostJobResponse.parse(await sendJson('POST', '/api/jobs', body));
}

export function usePostJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postJob,
    // The new job belongs on the board and in the company's own jobs: refresh every job list
    // (every page and search of `['/api/jobs', params]`), not the job detail pages.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobListsKey }),
  });
}
