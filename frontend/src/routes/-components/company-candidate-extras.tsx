import { JOB_MAX_PAGE_SIZE } from '@hireloop/contracts';
import { useState } from 'react';
import type { CandidateCardExtras } from '../../features/candidates/components/browse-candidates';
import { CandidateMatchDetails, MatchJobPicker } from '../../features/candidates/components/candidate-match';
import { useRequestToApply } from '../../features/invitations/hooks/use-request-to-apply';
import { useJobList } from '../../features/jobs/api/get-jobs';

/**
 * What a company's candidate cards get, wherever they are shown (Browse Candidates, the job board's
 * side panel): Request to Apply (part 1 §6), which asks about one of the company's open jobs, so
 * those are read here (`GET /api/jobs?mine=true`), and where its requests stand; and the match of
 * each card against the open job the company chooses (issue 24).
 */
export function useCompanyCandidateExtras(): CandidateCardExtras {
  const myJobs = useJobList({ mine: true, status: 'open', pageSize: JOB_MAX_PAGE_SIZE });
  const requestToApply = useRequestToApply({ jobs: myJobs.data?.jobs, jobsFailed: myJobs.isError, retryJobs: () => void myJobs.refetch() });
  const [chosenJobId, setChosenJobId] = useState<string | null>(null);
  const openJobs = myJobs.data?.jobs ?? [];
  // A job closed since it was chosen is no longer offered, nor scored against.
  const matchJob = openJobs.find((job) => job.id === chosenJobId) ?? null;
  return {
    ...requestToApply,
    notice: (
      <>
        <MatchJobPicker jobs={openJobs} jobId={matchJob?.id ?? null} onJobChange={setChosenJobId} />
        {requestToApply.notice}
      </>
    ),
    details: (card) => (
      <>
        <CandidateMatchDetails jobId={matchJob?.id ?? null} jobTitle={matchJob?.title ?? ''} candidateId={card.id} />
        {requestToApply.details(card)}
      </>
    ),
  };
}
