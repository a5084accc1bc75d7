import { type AdminCreateJobBody, type Job, JobList, PostJobResponse } from '@hireloop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, parseAnswer, sendJson } from '../../../lib/api-client';

/** The prefix of every job list the app caches (the board's own keys start with the path too). */
const jobListsKey = ['/api/jobs'] as const;

/** Part 2 §9: the Job Management grid shows the first 6 jobs of `GET /api/jobs`. */
export const ADMIN_JOB_GRID_SIZE = 6;

/** `GET /api/jobs` as the spec calls it (no parameters: the newest open jobs); the grid shows the first 6. */
export const adminJobGridQueryOptions = () =>
  queryOptions({
    queryKey: [...jobListsKey, 'admin-grid'] as const,
    queryFn: async ({ signal }) => parseAnswer(JobList, await getJson('/api/jobs', { signal }), '/api/jobs').slice(0, ADMIN_JOB_GRID_SIZE),
  });

export const useAdminJobGrid = () => useQuery(adminJobGridQueryOptions());

/**
 * The jobs an admin may invite candidates to: open jobs posted on Hireloop for a company (an
 * imported job lives on another site, and a job without a company has no one to reveal the
 * candidate to: the invitation route refuses both).
 */
export const invitableJobsQueryOptions = () =>
  queryOptions({
    queryKey: [...jobListsKey, 'admin-invitable'] as const,
    queryFn: async ({ signal }) => {
      const path = '/api/jobs?status=open&page=1&pageSize=100';
      return parseAnswer(JobList, await getJson(path, { signal }), '/api/jobs').filter((job) => job.source === 'internal' && job.isActive && job.companyId !== null);
    },
    staleTime: 30_000,
  });

export const useInvitableJobs = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...invitableJobsQueryOptions(), enabled });

/** `POST /api/admin/jobs` (part 2 §7). */
export async function createAdminJob(body: AdminCreateJobBody): Promise<Job> {
  const path = '/api/admin/jobs';
  return parseAnswer(PostJobResponse, await sendJson('POST', path, body), path).job;
}

export function useCreateAdminJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminJob,
    // Every job list shows it: the grid, the invite pickers, the board.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobListsKey }),
  });
}
