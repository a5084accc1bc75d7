import { createFileRoute } from '@tanstack/react-router';
import { jobQueryOptions } from '../features/jobs/api/get-job';
import { JobDetailPage } from './-components/job-detail-page';

/** `/job/{jobId}`: the public job page (spec part 1, §2). */
export const Route = createFileRoute('/job/$jobId')({
  // Starts the request with the route's code (and on hover of a link here); a failure shows on the page.
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(jobQueryOptions(params.jobId)),
  component: JobRoute,
});

function JobRoute() {
  const { jobId } = Route.useParams();
  return <JobDetailPage by={{ jobId }} />;
}
