import { INVITATION_MESSAGES, type CandidateCard, type Job } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useCompanyInvitations } from '../api/invitations';
import { CandidateRequestStates, RequestToApplyButton, RequestToApplyDialog } from '../components/request-to-apply';
import { requestsByCandidate } from '../lib/status';

/** What Request to Apply adds to a company's candidate cards (the shape of the candidates feature's card extras). */
export interface RequestToApplyExtras {
  notice: ReactNode;
  details: (card: CandidateCard) => ReactNode;
  actions: (card: CandidateCard) => ReactNode;
  dialogs: ReactNode;
}

/**
 * Request to Apply on a company's candidate cards (part 1 §4, §6): the button (or "Must Add Job
 * First" and its alert), the dialog that sends the request, and each card's requests with their
 * states, from the company's list.
 */
export function useRequestToApply({ jobs, jobsFailed, retryJobs }: { jobs: readonly Job[] | undefined; jobsFailed: boolean; retryJobs: () => void }): RequestToApplyExtras {
  const requests = useCompanyInvitations();
  const [requesting, setRequesting] = useState<CandidateCard | null>(null);
  const [mustAddJob, setMustAddJob] = useState(false);
  const byCandidate = requestsByCandidate(requests.data ?? []);

  // Without its jobs the company cannot ask about one: say so (the buttons wait for them).
  const jobsNotice = jobsFailed ? (
    <Alert variant="destructive">
      <AlertTitle>Could not load your jobs</AlertTitle>
      <AlertDescription>
        <p>Request to Apply needs your open jobs.</p>
        <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={retryJobs}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  ) : null;

  return {
    notice: jobsNotice ?? (mustAddJob ? (
      <Alert variant="destructive">
        <AlertTitle>{INVITATION_MESSAGES.mustAddJobFirst}</AlertTitle>
        <AlertDescription>
          <p>{INVITATION_MESSAGES.mustAddJob}</p>
          <Button variant="outline" size="sm" className="mt-2 text-foreground" asChild>
            <Link to="/dashboard">Post a Job</Link>
          </Button>
        </AlertDescription>
      </Alert>
    ) : null),
    details: (card) => <CandidateRequestStates requests={byCandidate.get(card.id) ?? []} />,
    actions: (card) => <RequestToApplyButton jobs={jobs} onRequest={() => setRequesting(card)} onMustAddJob={() => setMustAddJob(true)} />,
    dialogs: (
      <RequestToApplyDialog
        candidate={requesting}
        jobs={jobs ?? []}
        requests={requests.data ?? []}
        onOpenChange={(open) => !open && setRequesting(null)}
      />
    ),
  };
}
