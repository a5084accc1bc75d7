import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { SignInErrorParam } from '../features/auth/lib/login-return';
import { JOB_BOARD_SEARCH_DEFAULTS, JobBoardSearch } from '../features/jobs/lib/board-search';
import { HomePage } from './-components/home';
import { SignInErrorAlert } from './-components/sign-in-error-alert';

const HomeSearch = z.object({
  /** Why a sign-in through another site came back without a session. */
  error: SignInErrorParam,
  // Visitors see the job board here: its filters live in the address too.
  ...JobBoardSearch.shape,
});

export const Route = createFileRoute('/')({
  validateSearch: HomeSearch,
  search: { middlewares: [stripSearchParams(JOB_BOARD_SEARCH_DEFAULTS)] },
  component: Home,
});

function Home() {
  const { error, ...board } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HomePage
      board={{
        search: board,
        onSearchChange: (next, { replace }) =>
          void navigate({ search: (previous) => ({ ...previous, ...next }), replace, resetScroll: false }),
      }}
      banner={
        error ? (
          <SignInErrorAlert
            code={error}
            onDismiss={() =>
              void navigate({ search: (previous) => ({ ...previous, error: undefined }), replace: true })
            }
          />
        ) : null
      }
    />
  );
}
