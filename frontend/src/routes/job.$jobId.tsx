import { createFileRoute } from '@tanstack/react-router';
import { jobQueryOptions } from '../features/jobs/api/get-job';
import { orNotFound } from '../lib/route-loader';
import { JobDetailPage } from './-components/job-detail-page';
import { JobNotFoundPage } from './-components/job-not-found-page';

/** `/job/{jobId}`: the public job page (spec part 1, §2). */
export const Route = createFileRoute('/job/$jobId')({
  // The page reads the same query (no second request); a missing job is the page's "Job Not Found".
  loader: async ({ context, params }) => orNotFound((await context.loadQueryClient()).ensureQueryData(jobQueryOptions(params.jobId))),
  notFoundComponent: JobNotFoundPage,
  component: JobRoute,
});

function JobRoute() {
  const { jobId } = Route.useParams();
  return <JobDetailPage by={{ jobId }} />;
}
