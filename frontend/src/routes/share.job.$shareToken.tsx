import { createFileRoute } from '@tanstack/react-router';
import { sharedJobQueryOptions } from '../features/jobs/api/get-job';
import { JobDetailPage } from './-components/job-detail-page';

/** `/share/job/{shareToken}`: the job page behind a shared link (spec part 1, §2). */
export const Route = createFileRoute('/share/job/$shareToken')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(sharedJobQueryOptions(params.shareToken)),
  component: SharedJobRoute,
});

function SharedJobRoute() {
  const { shareToken } = Route.useParams();
  return <JobDetailPage by={{ shareToken }} />;
}
