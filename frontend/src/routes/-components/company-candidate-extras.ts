import { JOB_MAX_PAGE_SIZE } from '@hireloop/contracts';
import type { CandidateCardExtras } from '../../features/candidates/components/browse-candidates';
import { useRequestToApply } from '../../features/invitations/hooks/use-request-to-apply';
import { useJobList } from '../../features/jobs/api/get-jobs';

/**
 * What a company's candidate cards get, wherever they are shown (Browse Candidates, the job board's
 * side panel): Request to Apply (part 1 §6), which asks about one of the company's open jobs, so
 * those are read here (`GET /api/jobs?mine=true`), and where its requests stand.
 */
export function useCompanyCandidateExtras(): CandidateCardExtras {
  const myJobs = useJobList({ mine: true, status: 'open', pageSize: JOB_MAX_PAGE_SIZE });
  return useRequestToApply({ jobs: myJobs.data?.jobs, jobsFailed: myJobs.isError, retryJobs: () => void myJobs.refetch() });
}
