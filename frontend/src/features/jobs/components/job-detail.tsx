import type { Job } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ArrowLeftIcon, Building2Icon, BriefcaseIcon, DollarSignIcon, GlobeIcon, MapPinIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { pageTitle, useDocumentTitle } from '../../../lib/page-title';
import { useJob } from '../api/get-job';
import { formatSalary, jobDocumentTitle } from '../lib/format-job';
import type { JobViewer } from '../lib/viewer';
import { ApplyButton } from './apply-button';
import { JobDescription, JobOverview, JobStatusBadge } from './job-details';
import { MatchScoreBadge } from '../../../components/match-score-badge';
import { ShareButtons } from './share-buttons';
import { canEditJob, EditJobButton } from './edit-job-button';

/** Spec part 1, §2 and §8. */
export const JOB_NOT_FOUND_TITLE = 'Job Not Found';
export const JOB_NOT_FOUND_TEXT = "The job you're looking for doesn't exist or the link has expired.";

interface JobDetailProps {
  /** `/job/{jobId}` or `/share/job/{shareToken}`. */
  by: { jobId: string } | { shareToken: string };
  viewer: JobViewer | null;
  viewerLoading?: boolean;
  /** Shown under the overview once the job is known (the page puts the company's profile there). */
  aside?: (job: Job) => ReactNode;
}

/** The public job page (spec part 1, §2 "Job detail"). */
export function JobDetail({ by, viewer, viewerLoading, aside }: JobDetailProps) {
  const job = useJob(by);
  const notFound = job.isError || (!job.isPending && !job.data);
  useDocumentTitle(job.data ? jobDocumentTitle(job.data) : notFound ? pageTitle(JOB_NOT_FOUND_TITLE) : null);

  if (job.isPending) return <JobDetailSkeleton />;
  if (notFound || !job.data) return <JobNotFound />;
  return <JobDetailContent job={job.data} viewer={viewer} viewerLoading={viewerLoading} aside={aside} />;
}

function BackToJobs() {
  return (
    <Button variant="ghost" size="sm" className="w-fit" asChild>
      <Link to="/jobs">
        <ArrowLeftIcon aria-hidden="true" />
        Back to Jobs
      </Link>
    </Button>
  );
}

export function JobNotFound() {
  return (
    <div className="grid justify-items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{JOB_NOT_FOUND_TITLE}</h1>
      <p className="max-w-md text-muted-foreground">{JOB_NOT_FOUND_TEXT}</p>
      <Button asChild>
        <Link to="/jobs">
          <ArrowLeftIcon aria-hidden="true" />
          Back to Jobs
        </Link>
      </Button>
    </div>
  );
}

function JobDetailSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading job">
      <Skeleton className="h-8 w-32" />
      <Card>
        <CardHeader className="gap-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-9 w-72" />
        </CardHeader>
        <CardContent className="grid gap-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </CardContent>
      </Card>
    </div>
  );
}

function JobDetailContent({ job, viewer, viewerLoading, aside }: { job: Job; viewer: JobViewer | null; viewerLoading?: boolean; aside?: JobDetailProps['aside'] }) {
  return (
    <article className="grid gap-6" aria-labelledby="job-title">
      <BackToJobs />
      <Card>
        <CardHeader className="gap-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <h1 id="job-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
                  {job.title}
                </h1>
                <JobStatusBadge isActive={job.isActive} />
                <MatchScoreBadge score={job.matchScore} />
              </div>
              <dl className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-muted-foreground">
                <div className="inline-flex items-center gap-1.5">
                  <dt>
                    <Building2Icon className="size-4" aria-hidden="true" />
                    <span className="sr-only">Company</span>
                  </dt>
                  <dd className="font-medium text-foreground">{job.company}</dd>
                </div>
                <div className="inline-flex items-center gap-1.5">
                  <dt>
                    <MapPinIcon className="size-4" aria-hidden="true" />
                    <span className="sr-only">Location</span>
                  </dt>
                  <dd className="inline-flex items-center gap-1.5">
                    {job.location}
                    {job.remote ? (
                      <Badge variant="success">
                        <GlobeIcon aria-hidden="true" />
                        Remote
                      </Badge>
                    ) : null}
                  </dd>
                </div>
                <div className="inline-flex items-center gap-1.5">
                  <dt>
                    <DollarSignIcon className="size-4" aria-hidden="true" />
                    <span className="sr-only">Salary</span>
                  </dt>
                  <dd>{formatSalary(job.salary)}</dd>
                </div>
                <div className="inline-flex items-center gap-1.5">
                  <dt>
                    <BriefcaseIcon className="size-4" aria-hidden="true" />
                    <span className="sr-only">Type</span>
                  </dt>
                  <dd>{job.type}</dd>
                </div>
              </dl>
            </div>
            <ApplyButton
              job={job}
              viewer={viewer}
              viewerLoading={viewerLoading}
              label="Apply Now"
              checkApplied
              size="lg"
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {canEditJob(job, viewer) ? <EditJobButton job={job} /> : null}
            <ShareButtons job={job} />
          </div>
        </CardHeader>
      </Card>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <Card>
          <CardContent className="pt-5">
            <JobDescription job={job} />
          </CardContent>
        </Card>
        <div className="grid gap-6">
          <Card>
            <CardContent className="pt-5">
              <JobOverview job={job} narrow />
            </CardContent>
          </Card>
          {aside?.(job)}
        </div>
      </div>
    </article>
  );
}
