import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { JOB_BOARD_SEARCH_DEFAULTS, JobBoardSearch } from '../features/jobs/lib/board-search';
import { JobBoardPage } from './-components/job-board-page';

/** `/jobs?search=&location=&type=&status=&page=` (defaults left out of the address). */
export const Route = createFileRoute('/jobs')({
  validateSearch: JobBoardSearch,
  search: { middlewares: [stripSearchParams(JOB_BOARD_SEARCH_DEFAULTS)] },
  component: JobsRoute,
});

function JobsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <JobBoardPage
      search={search}
      onSearchChange={(next, { replace }) => void navigate({ search: next, replace, resetScroll: false })}
    />
  );
}
