import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { jobListLazyOptions } from '../features/jobs/api/get-jobs';
import { JOB_BOARD_SEARCH_DEFAULTS, JobBoardSearch } from '../features/jobs/lib/board-search';
import { JOBS_PAGE_SIZE } from '../features/jobs/lib/pagination';
import { prefetchLazyQuery } from '../lib/lazy-query';
import { JobBoardPage } from './-components/job-board-page';

/** `/jobs?search=&location=&type=&status=&page=` (defaults left out of the address). */
export const Route = createFileRoute('/jobs')({
  validateSearch: JobBoardSearch.validate,
  search: { middlewares: [stripSearchParams(JOB_BOARD_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Starts the page's read without holding the page: it keeps the last page on screen while the
  // next loads, as the filters change with typing (ADR 060).
  loader: ({ deps }) => prefetchLazyQuery(jobListLazyOptions({ ...deps, pageSize: JOBS_PAGE_SIZE })),
  // Read without React Query: its client is not part of the board's first load (ADR 122).
  staticData: { withoutQueryClient: true },
  component: JobsRoute,
});

function JobsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <JobBoardPage
      search={search}
      onSearchChange={(update, { replace }) => void navigate({ search: update, replace, resetScroll: false })}
    />
  );
}
