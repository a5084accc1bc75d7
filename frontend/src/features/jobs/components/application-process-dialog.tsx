import { Link } from '@tanstack/react-router';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useJob } from '../api/get-job';
import { isExternalJob } from '../lib/format-job';
import type { JobViewer } from '../lib/viewer';
import { ApplyButton } from './apply-button';
import { JOB_NOT_FOUND_TEXT, JOB_NOT_FOUND_TITLE } from './job-detail';

/** The steps of applying on Hireloop, as the product does them (ADR 033: the application's timeline). */
export const APPLICATION_STEPS = [
  { title: 'Apply', text: 'Send your Hireloop profile to the company with one click.' },
  { title: 'The company reviews', text: 'Your application and its status show on your dashboard.' },
  { title: 'Hear back', text: 'Companies typically respond within 24-48 hours.' },
] as const;

interface ApplicationProcessDialogProps {
  jobId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewer: JobViewer | null;
  viewerLoading?: boolean;
}

/**
 * The application-process dialog (spec part 1 §2), opened by `/?apply={jobId}`: the job, how
 * applying goes, and the real Apply (sign in first for a visitor, the leave-site confirmation for
 * an external job, Applied once done). The spec's was simulated; this one applies (ADR 044).
 */
export function ApplicationProcessDialog({ jobId, open, onOpenChange, viewer, viewerLoading }: ApplicationProcessDialogProps) {
  const job = useJob({ jobId });
  const notFound = job.isError || (!job.isPending && !job.data);
  const data = job.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {data ? (
          <>
            <DialogHeader>
              <DialogTitle>Apply to {data.title}</DialogTitle>
              <DialogDescription>
                {data.company} · {data.location}
              </DialogDescription>
            </DialogHeader>
            {isExternalJob(data) ? (
              <p className="text-sm text-muted-foreground">This job is posted on another site: Apply Now takes you there.</p>
            ) : (
              <ol aria-label="How applying works" className="grid gap-3">
                {APPLICATION_STEPS.map((step, index) => (
                  <li key={step.title} className="flex gap-3">
                    <span className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground" aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className="grid gap-0.5">
                      <span className="font-medium">{step.title}</span>
                      <span className="text-sm text-muted-foreground">{step.text}</span>
                    </span>
                  </li>
                ))}
              </ol>
            )}
            {!viewer && !isExternalJob(data) && data.isActive ? (
              <p className="text-sm text-muted-foreground">Sign in or create a candidate account to apply; you come back here after.</p>
            ) : null}
            <DialogFooter>
              <Button variant="outline" asChild>
                <Link to="/job/$jobId" params={{ jobId: data.id }}>
                  View Job Details
                </Link>
              </Button>
              <ApplyButton job={data} viewer={viewer} viewerLoading={viewerLoading} label="Apply Now" checkApplied={viewer?.type === 'candidate'} confirm={false} />
            </DialogFooter>
          </>
        ) : notFound ? (
          <DialogHeader>
            <DialogTitle>{JOB_NOT_FOUND_TITLE}</DialogTitle>
            <DialogDescription>{JOB_NOT_FOUND_TEXT}</DialogDescription>
          </DialogHeader>
        ) : (
          <div role="status" aria-label="Loading job" className="grid gap-3">
            <DialogTitle className="sr-only">Loading job</DialogTitle>
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
