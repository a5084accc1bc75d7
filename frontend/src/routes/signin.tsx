import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { JOB_BOARD_SEARCH_DEFAULTS, JobBoardSearch } from '../features/jobs/lib/board-search';
import { jobListQueryOptions } from '../features/jobs/api/get-jobs';
import { JOBS_PAGE_SIZE } from '../features/jobs/lib/pagination';
import { loadDashboardData } from './-components/dashboard-data';
import { SignInPage } from './-components/sign-in-page';

/** `/signin` shows what `/` shows (spec part 1, §2), and offers the Sign In dialog to visitors. */
export const Route = createFileRoute('/signin')({
  validateSearch: JobBoardSearch.validate,
  search: { middlewares: [stripSearchParams(JOB_BOARD_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Signed in, the dashboard's data; a visitor's board starts its read without holding the page (ADR 060).
  loader: async ({ context, deps }) => {
    const queryClient = await context.loadQueryClient();
    if (await loadDashboardData(queryClient)) return;
    void queryClient.prefetchQuery(jobListQueryOptions({ ...deps, pageSize: JOBS_PAGE_SIZE }));
  },
  component: SignInRoute,
});

function SignInRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SignInPage
      board={{
        search,
        onSearchChange: (update, { replace }) => void navigate({ search: update, replace, resetScroll: false }),
      }}
    />
  );
}
