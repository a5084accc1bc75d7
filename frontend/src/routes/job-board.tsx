import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { JOB_BOARD_SEARCH_DEFAULTS, JobBoardSearch } from '../features/jobs/lib/board-search';
import { JobBoardPage } from './-components/job-board-page';

/** `/job-board`: the same board as `/jobs`. */
export const Route = createFileRoute('/job-board')({
  validateSearch: JobBoardSearch,
  search: { middlewares: [stripSearchParams(JOB_BOARD_SEARCH_DEFAULTS)] },
  component: JobBoardRoute,
});

function JobBoardRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <JobBoardPage
      search={search}
      onSearchChange={(next, { replace }) => void navigate({ search: next, replace, resetScroll: false })}
    />
  );
}
