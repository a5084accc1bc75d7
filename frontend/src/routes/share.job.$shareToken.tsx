import { createFileRoute } from '@tanstack/react-router';
import { sharedJobQueryOptions } from '../features/jobs/api/get-job';
import { orNotFound } from '../lib/route-loader';
import { JobDetailPage } from './-components/job-detail-page';
import { JobNotFoundPage } from './-components/job-not-found-page';

/** `/share/job/{shareToken}`: the job page behind a shared link (spec part 1, §2). */
export const Route = createFileRoute('/share/job/$shareToken')({
  loader: async ({ context, params }) => orNotFound((await context.loadQueryClient()).ensureQueryData(sharedJobQueryOptions(params.shareToken))),
  notFoundComponent: JobNotFoundPage,
  component: SharedJobRoute,
});

function SharedJobRoute() {
  const { shareToken } = Route.useParams();
  return <JobDetailPage by={{ shareToken }} />;
}
