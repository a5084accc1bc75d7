import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { JOB_BOARD_SEARCH_DEFAULTS, JobBoardSearch } from '../features/jobs/lib/board-search';
import { SignInPage } from './-components/sign-in-page';

/** `/signin` shows what `/` shows (spec part 1, §2), and offers the Sign In dialog to visitors. */
export const Route = createFileRoute('/signin')({
  validateSearch: JobBoardSearch,
  search: { middlewares: [stripSearchParams(JOB_BOARD_SEARCH_DEFAULTS)] },
  component: SignInRoute,
});

function SignInRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SignInPage
      board={{
        search,
        onSearchChange: (next, { replace }) => void navigate({ search: next, replace, resetScroll: false }),
      }}
    />
  );
}
