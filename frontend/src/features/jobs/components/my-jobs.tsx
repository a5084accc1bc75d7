import type { Job } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { ClockIcon, LockIcon, MapPinIcon, RotateCcwIcon, UsersIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { clientErrorText, NetworkError } from '../../../lib/api-client';
import { useSubmitOnce } from '../../../lib/submit-once';
import { cn } from '../../../lib/utils';
import { useChangeJobStatus, type JobStatusAction } from '../api/change-job-status';
import { useJobList } from '../api/get-jobs';
import { formatRelativeAge } from '../lib/format-job';
import { JOBS_PAGE_SIZE, pageCountOf, showingRange, showingText } from '../lib/pagination';
import { JobStatusBadge } from './job-details';
import { ApplicantsDialog } from './applicants-dialog';
import { EditJobButton } from './edit-job-button';
import { Pagination } from '../../../components/ui/pagination';

export const JOB_STATUS_TEXT = {
  closed: 'Job closed',
  reopened: 'Job reopened',
  closeFailed: 'Could not close the job',
  reopenFailed: 'Could not reopen the job',
} as const;

interface MyJobsProps {
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * A company's own jobs, open and closed (`GET /api/jobs?mine=true&status=all`), with Close Job
 * (after a confirmation) and Reopen Job.
 */
export function MyJobs({ page, onPageChange }: MyJobsProps) {
  const list = useJobList({ mine: true, status: 'all', page, pageSize: JOBS_PAGE_SIZE });
  const changeStatus = useChangeJobStatus();
  const [confirming, setConfirming] = useState<{ job: Job; open: boolean } | null>(null);
  const [applicantsOf, setApplicantsOf] = useState<{ job: Job; open: boolean } | null>(null);
  const [openedAt] = useState(() => Date.now());
  const now = new Date(list.dataUpdatedAt || openedAt);

  // One change at a time: a double click reaches the button before the mutation's pending state
  // has disabled it, and the second request would close (or reopen) the job again — refused, with
  // its failure toast next to the success.
  const once = useSubmitOnce();
  const change = async (job: Job, action: JobStatusAction) => {
    try {
      await changeStatus.mutateAsync({ job, action });
    } catch (error) {
      toast({
        title: action === 'close' ? JOB_STATUS_TEXT.closeFailed : JOB_STATUS_TEXT.reopenFailed,
        description: (error instanceof NetworkError ? error.message : clientErrorText(error)) ?? undefined,
        variant: 'destructive',
      });
      return;
    }
    setConfirming((current) => (current ? { ...current, open: false } : current));
    toast({ title: action === 'close' ? JOB_STATUS_TEXT.closed : JOB_STATUS_TEXT.reopened, description: job.title, variant: 'success' });
  };

  const busyWith = changeStatus.isPending ? changeStatus.variables?.job.id : undefined;

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <div className="grid gap-3" role="status" aria-label="Loading your jobs">
        {[0, 1, 2].map((index) => (
          <Card key={index}>
            <CardHeader>
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </CardHeader>
          </Card>
        ))}
      </div>
    );
  } else if (list.isError) {
    content = (
      <Alert variant="destructive">
        <AlertTitle>Could not load your jobs</AlertTitle>
        <AlertDescription>
          <p>
            {list.error instanceof NetworkError
              ? list.error.message
              : (clientErrorText(list.error) ?? 'Please try again.')}
          </p>
          <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (list.data.total === 0) {
    content = (
      <Card>
        <CardContent className="grid justify-items-center gap-1 py-12 text-center">
          <p className="text-lg font-semibold">No jobs posted yet</p>
          <p className="text-sm text-muted-foreground">Jobs you post appear here, open and closed.</p>
        </CardContent>
      </Card>
    );
  } else {
    const range = showingRange(list.data.page, list.data.jobs.length, list.data.total, list.data.pageSize);
    content = (
      <>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {showingText(range)}
        </p>
        <ul className={cn('grid gap-3 transition-opacity', list.isPlaceholderData && 'opacity-60')} aria-label="My jobs">
          {list.data.jobs.map((job) => {
            const busy = busyWith === job.id;
            return (
              <li key={job.id}>
                <Card role="article" aria-labelledby={`my-job-${job.id}`}>
                  <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
                    <div className="grid gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <h2 id={`my-job-${job.id}`} className="text-base font-semibold">
                          <Link
                            to="/job/$jobId"
                            params={{ jobId: job.id }}
                            className="rounded-sm outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                          >
                            {job.title}
                          </Link>
                        </h2>
                        <JobStatusBadge isActive={job.isActive} />
                        <Badge variant="secondary">{job.type}</Badge>
                      </div>
                      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                        <span className="inline-flex items-center gap-1.5">
                          <MapPinIcon className="size-4" aria-hidden="true" />
                          {job.location}
                        </span>
                        <span className="inline-flex items-center gap-1.5">
                          <ClockIcon className="size-4" aria-hidden="true" />
                          Posted <time dateTime={job.createdAt}>{formatRelativeAge(job.createdAt, now)}</time>
                        </span>
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setApplicantsOf({ job, open: true })}>
                        <UsersIcon aria-hidden="true" />
                        Applicants
                      </Button>
                      <EditJobButton job={job} />
                      {job.isActive ? (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={busy}
                          aria-haspopup="dialog"
                          onClick={() => setConfirming({ job, open: true })}
                        >
                          <LockIcon aria-hidden="true" />
                          Close Job
                        </Button>
                      ) : (
                        <Button variant="outline" size="sm" disabled={busy} onClick={once(() => change(job, 'reopen'))}>
                          <RotateCcwIcon aria-hidden="true" />
                          {busy ? 'Reopening...' : 'Reopen Job'}
                        </Button>
                      )}
                    </div>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
        <Pagination page={list.data.page} pageCount={pageCountOf(list.data.total, list.data.pageSize)} onPageChange={onPageChange} />
      </>
    );
  }

  const closingBusy = confirming !== null && busyWith === confirming.job.id;

  return (
    <div className="grid gap-4">
      {content}
      {applicantsOf ? (
        <ApplicantsDialog
          job={applicantsOf.job}
          open={applicantsOf.open}
          onOpenChange={(open) => setApplicantsOf((current) => (current ? { ...current, open } : current))}
        />
      ) : null}
      {confirming ? (
        <Dialog
          open={confirming.open}
          onOpenChange={(open) => {
            if (!closingBusy) setConfirming((current) => (current ? { ...current, open } : current));
          }}
        >
          <DialogContent className="sm:max-w-md">
            <DialogHeader>
              <DialogTitle>Close this job?</DialogTitle>
              <DialogDescription>
                {confirming.job.title} will stop accepting applications and leave the open jobs on the board. You can
                reopen it at any time.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button
                variant="outline"
                disabled={closingBusy}
                onClick={() => setConfirming((current) => (current ? { ...current, open: false } : current))}
              >
                Cancel
              </Button>
              <Button variant="destructive" disabled={closingBusy} onClick={once(() => change(confirming.job, 'close'))}>
                {closingBusy ? 'Closing...' : 'Close Job'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </div>
  );
}
