import { JOB_MAX_PAGE } from '@hireloop/contracts';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { searchObject, searchPage } from '../lib/search-params';
import { jobListQueryOptions } from '../features/jobs/api/get-jobs';
import { JOBS_PAGE_SIZE } from '../features/jobs/lib/pagination';
import { signedInUser } from '../lib/route-loader';
import { MyJobsPage } from './-components/my-jobs-page';

const MyJobsSearch = searchObject({ page: searchPage(JOB_MAX_PAGE) });

/** `/dashboard/jobs`: a company's own jobs (not nested in the dashboard's layout). */
export const Route = createFileRoute('/dashboard_/jobs')({
  validateSearch: MyJobsSearch.validate,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  loaderDeps: ({ search }) => search,
  // A company's own jobs, the query its page reads, started without holding the page (a job list
  // is refetched on mount, spec part 1 §7: waiting here would ask twice); others see the page's
  // sign-in or refusal.
  loader: async ({ context, deps }) => {
    const queryClient = await context.loadQueryClient();
    const user = await signedInUser(queryClient);
    if (user?.type === 'company') void queryClient.prefetchQuery(jobListQueryOptions({ mine: true, status: 'all', page: deps.page, pageSize: JOBS_PAGE_SIZE }));
  },
  component: MyJobsRoute,
});

function MyJobsRoute() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MyJobsPage page={page} onPageChange={(next) => void navigate({ search: { page: next } })} />;
}
