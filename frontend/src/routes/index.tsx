import { createFileRoute, stripSearchParams, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { SignInErrorParam } from '../features/auth/lib/login-return-search';
import { JOB_BOARD_SEARCH_DEFAULTS, JobBoardSearch } from '../features/jobs/lib/board-search';
import { searchObject } from '../lib/search-params';
import { jobListQueryOptions } from '../features/jobs/api/get-jobs';
import { JOBS_PAGE_SIZE } from '../features/jobs/lib/pagination';
import { loadDashboardData } from './-components/dashboard-data';
import { HomePage } from './-components/home';
import { SignInErrorAlert } from './-components/sign-in-error-alert';

// `/?apply={jobId}` (part 1 §2): the job's application-process dialog, loaded only for such a link.
const ApplyFromLink = lazy(() => import('./-components/apply-from-link').then((module) => ({ default: module.ApplyFromLink })));

const HomeSearch = searchObject({
  /** Why a sign-in through another site came back without a session. */
  error: SignInErrorParam,
  // Visitors see the job board here: its filters live in the address too.
  ...JobBoardSearch.fields,
});

export const Route = createFileRoute('/')({
  validateSearch: HomeSearch.validate,
  search: { middlewares: [stripSearchParams(JOB_BOARD_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Signed in, the dashboard's data; a visitor's board starts its read without holding the page (ADR 060).
  loader: async ({ context, deps }) => {
    const queryClient = await context.loadQueryClient();
    if (await loadDashboardData(queryClient)) return;
    void queryClient.prefetchQuery(jobListQueryOptions({ ...deps, pageSize: JOBS_PAGE_SIZE }));
  },
  component: Home,
});

/** `?apply=` as the address has it (read here, in the route's lazy component, not in its search schema: the first load stays as small). */
function useApplyParam(): string | null {
  const apply: unknown = useRouterState({ select: (state) => (state.location.search as unknown as { apply?: unknown }).apply });
  return typeof apply === 'string' && apply.trim() !== '' ? apply.trim() : typeof apply === 'number' ? String(apply) : null;
}

function Home() {
  const { error, ...board } = Route.useSearch();
  const navigate = Route.useNavigate();
  const applyJobId = useApplyParam();
  const [applyOpen, setApplyOpen] = useState(true);
  return (
    <>
      {applyJobId ? (
        <Suspense fallback={null}>
          <ApplyFromLink
            key={applyJobId}
            jobId={applyJobId}
            open={applyOpen}
            onOpenChange={(open) => {
              setApplyOpen(open);
              // Closed: the address forgets the job (and a later link opens its dialog again).
              if (!open)
                void navigate({ search: (previous) => ({ ...previous, apply: undefined }) as typeof previous, replace: true }).then(() =>
                  setApplyOpen(true),
                );
            }}
          />
        </Suspense>
      ) : null}
      <HomePage
        board={{
          search: board,
          onSearchChange: (update, { replace }) => void navigate({ search: update, replace, resetScroll: false }),
        }}
        banner={
          error ? (
            <SignInErrorAlert
              code={error}
              onDismiss={() => void navigate({ search: (previous) => ({ ...previous, error: undefined }), replace: true })}
            />
          ) : null
        }
      />
    </>
  );
}
