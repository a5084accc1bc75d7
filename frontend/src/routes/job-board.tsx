import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { jobListQueryOptions } from '../features/jobs/api/get-jobs';
import { JOB_BOARD_SEARCH_DEFAULTS, JobBoardSearch } from '../features/jobs/lib/board-search';
import { JOBS_PAGE_SIZE } from '../features/jobs/lib/pagination';
import { JobBoardPage } from './-components/job-board-page';

/** `/job-board`: the same board as `/jobs`. */
export const Route = createFileRoute('/job-board')({
  validateSearch: JobBoardSearch.validate,
  search: { middlewares: [stripSearchParams(JOB_BOARD_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Starts the page's read without holding the page: it keeps the last page on screen while the
  // next loads, as the filters change with typing (ADR 060).
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(jobListQueryOptions({ ...deps, pageSize: JOBS_PAGE_SIZE })),
  component: JobBoardRoute,
});

function JobBoardRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <JobBoardPage
      search={search}
      onSearchChange={(update, { replace }) => void navigate({ search: update, replace, resetScroll: false })}
    />
  );
}
