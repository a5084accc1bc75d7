import { createFileRoute } from '@tanstack/react-router';
import { LoadingPage } from '../components/layout/page-shell';
import { jobQueryOptions } from '../features/jobs/api/get-job';
import { orNotFound } from '../lib/route-loader';
import { JobDetailPage } from './-components/job-detail-page';
import { JobNotFoundPage } from './-components/job-not-found-page';
import { RouteError } from './-components/route-error-boundary';

/** `/job/{jobId}`: the public job page (spec part 1, §2). */
export const Route = createFileRoute('/job/$jobId')({
  // The page reads the same query (no second request); a missing job is the page's "Job Not Found".
  loader: ({ context, params }) => orNotFound(context.queryClient.ensureQueryData(jobQueryOptions(params.jobId))),
  pendingComponent: LoadingPage,
  errorComponent: RouteError,
  notFoundComponent: JobNotFoundPage,
  component: JobRoute,
});

function JobRoute() {
  const { jobId } = Route.useParams();
  return <JobDetailPage by={{ jobId }} />;
}
