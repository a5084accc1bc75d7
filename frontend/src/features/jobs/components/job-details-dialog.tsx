import type { Job } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { DollarSignIcon, GlobeIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { formatSalary } from '../lib/format-job';
import type { JobViewer } from '../lib/viewer';
import { ApplyButton } from './apply-button';
import { JobDescription, JobOverview, JobStatusBadge } from './job-details';
import { MatchScoreBadge } from '../../../components/match-score-badge';

interface JobDetailsDialogProps {
  job: Job;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  now: Date;
  viewer: JobViewer | null;
  viewerLoading?: boolean;
}

/** The board's job-details dialog (spec part 1, §2): the whole job without leaving the board. */
export function JobDetailsDialog({ job, open, onOpenChange, now, viewer, viewerLoading }: JobDetailsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{job.title}</DialogTitle>
          <DialogDescription>
            {job.company} · {job.location}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <JobStatusBadge isActive={job.isActive} />
          {job.remote ? (
            <Badge variant="success">
              <GlobeIcon aria-hidden="true" />
              Remote
            </Badge>
          ) : null}
          <Badge variant="secondary">{job.type}</Badge>
          <MatchScoreBadge score={job.matchScore} />
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <DollarSignIcon className="size-4" aria-hidden="true" />
            {formatSalary(job.salary)}
          </span>
        </div>
        <JobDescription job={job} headingLevel="h3" />
        <JobOverview job={job} headingLevel="h3" now={now} />
        <DialogFooter>
          <Button variant="outline" asChild>
            <Link to="/job/$jobId" params={{ jobId: job.id }}>
              Open Job Page
            </Link>
          </Button>
          <ApplyButton job={job} viewer={viewer} viewerLoading={viewerLoading} label="Apply Now" />
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
