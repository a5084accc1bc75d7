import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { resetPositionForTests } from '../lib/api-client';
import { AuthDialogProvider } from '../features/auth/components/auth-dialog-provider';
import type { JobBoardSearch, JobBoardSearchUpdate } from '../features/jobs/lib/board-search';
import { JobBoard } from '../features/jobs/components/job-board';

/**
 * The board alone at `/jobs` for a visitor, its `GET /api/jobs` answered by `answer`, and the
 * address held where it was: `search` never changes, the changes the board asks for are kept in
 * `updates`, and `finalSearch()` is where TanStack Router would end (each applied to the newest).
 */
export function renderJobBoard(search: JobBoardSearch, answer: (url: string) => Response) {
  resetPositionForTests();
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return answer(String(input));
  });
  const updates: JobBoardSearchUpdate[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <AuthDialogProvider>
        <JobBoard search={search} onSearchChange={(update) => updates.push(update)} viewer={null} />
      </AuthDialogProvider>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/jobs'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const finalSearch = () => updates.reduce<JobBoardSearch>((current, update) => update(current), search);
  return { asked, updates, finalSearch };
}

/** No jobs: an empty page with `X-Total-Count: 0`, and these headers besides. */
export const noJobs = (headers: Record<string, string> = {}) => new Response('[]', { status: 200, headers: { 'content-type': 'application/json', 'x-total-count': '0', ...headers } });
