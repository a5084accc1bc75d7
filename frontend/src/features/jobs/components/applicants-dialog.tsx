import type { Job, JobApplicant, MoveApplicationBody } from '@hireloop/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { APPLICATION_STATUS_TEXT, FINAL_APPLICATION_STATUSES, formatDay } from '../../../lib/application-status';
import { clientErrorText, NetworkError } from '../../../lib/api-client';
import { useApplicants, useMoveApplication } from '../api/applicants';

const MOVE_TEXT: Record<MoveApplicationBody['status'], string> = {
  viewed: 'Mark viewed',
  interview: 'Invite to interview',
  declined: 'Decline',
};

/**
 * The applications to one of the company's jobs (issue 13, ADR 033): who applied, where each
 * application is on its timeline, and the company's moves — Mark viewed, Invite to interview,
 * Decline — for those not declined or withdrawn.
 */
export function ApplicantsDialog({
  job,
  open,
  onOpenChange,
}: {
  job: Pick<Job, 'id' | 'title'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const applicants = useApplicants(job.id, { enabled: open });
  const move = useMoveApplication(job.id);

  const moveTo = (applicant: JobApplicant, status: MoveApplicationBody['status']) =>
    move.mutate(
      { candidateUserId: applicant.candidateUserId, status },
      {
        onError: (error) =>
          toast({
            title: 'Could not update the application',
            description: (error instanceof NetworkError ? error.message : clientErrorText(error)) ?? undefined,
            variant: 'destructive',
          }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Applicants</DialogTitle>
          <DialogDescription>{job.title}</DialogDescription>
        </DialogHeader>
        {applicants.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Loading the applicants">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : applicants.isError ? (
          <div role="alert" className="grid gap-2 text-sm">
            <p>
              {applicants.error instanceof NetworkError
                ? applicants.error.message
                : (clientErrorText(applicants.error) ?? 'Could not load the applicants.')}
            </p>
            <div>
              <Button variant="outline" size="sm" onClick={() => void applicants.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        ) : applicants.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No applications yet.</p>
        ) : (
          <ul aria-label="Applicants" className="grid divide-y">
            {applicants.data.map((applicant) => {
              const busy = move.isPending && move.variables?.candidateUserId === applicant.candidateUserId;
              const moves = FINAL_APPLICATION_STATUSES.includes(applicant.status)
                ? []
                : (['viewed', 'interview', 'declined'] as const).filter(
                    (status) => status !== applicant.status && !(status === 'viewed' && applicant.status !== 'applied'),
                  );
              return (
                <li
                  key={applicant.applicationId}
                  className="grid gap-1 py-3 first:pt-0 last:pb-0"
                  aria-label={applicant.candidateName || 'Applicant'}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{applicant.candidateName || 'A candidate'}</span>
                    {applicant.candidateTitle ? <span className="text-sm text-muted-foreground">{applicant.candidateTitle}</span> : null}
                    <Badge variant={applicant.status === 'interview' ? 'default' : 'secondary'}>
                      {APPLICATION_STATUS_TEXT[applicant.status]}
                    </Badge>
                  </div>
                  <ol
                    aria-label={`Timeline of ${applicant.candidateName || 'the application'}`}
                    className="flex flex-wrap gap-x-3 text-xs text-muted-foreground"
                  >
                    {applicant.timeline.map((step, index) => (
                      <li key={`${step.status}-${index}`}>
                        {APPLICATION_STATUS_TEXT[step.status]} <time dateTime={step.at}>{formatDay(step.at)}</time>
                      </li>
                    ))}
                  </ol>
                  <div className="flex flex-wrap gap-2">
                    {applicant.profileId ? (
                      <Button asChild variant="link" size="sm" className="h-8 px-0">
                        <a href={`/profile/${applicant.profileId}`} target="_blank" rel="noreferrer">
                          View Profile
                        </a>
                      </Button>
                    ) : null}
                    {moves.map((status) => (
                      <Button
                        key={status}
                        size="sm"
                        variant={status === 'declined' ? 'outline' : 'secondary'}
                        disabled={busy}
                        onClick={() => moveTo(applicant, status)}
                      >
                        {MOVE_TEXT[status]}
                      </Button>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
