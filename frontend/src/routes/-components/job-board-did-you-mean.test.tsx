import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../lib/api-client';
import { AuthDialogProvider } from '../../features/auth/components/auth-dialog-provider';
import { JOB_BOARD_SEARCH_DEFAULTS, type JobBoardSearch, type JobBoardSearchUpdate } from '../../features/jobs/lib/board-search';
import { JobBoard } from '../../features/jobs/components/job-board';

/** "Did you mean kubernetes?" (ADR 090): the board shows the server's suggestion, and one click searches it. */
function renderBoard(search: JobBoardSearch, didYouMean: string | null) {
  resetPositionForTests();
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    asked.push(String(input));
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-total-count': '0' };
    if (didYouMean !== null) headers['x-did-you-mean'] = encodeURIComponent(didYouMean);
    return new Response('[]', { status: 200, headers });
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
  return { asked, finalSearch: () => updates.reduce<JobBoardSearch>((current, update) => update(current), search) };
}

afterEach(() => vi.unstubAllGlobals());

describe('the board’s "Did you mean"', () => {
  it('offers the suggested search when nothing matched, and searches it on a click, from page 1', async () => {
    const user = userEvent.setup();
    const board = renderBoard({ ...JOB_BOARD_SEARCH_DEFAULTS, search: 'kubernets zürch', location: 'berlin', page: 3 }, 'kubernetes zürich');
    await screen.findByText('No jobs found');
    expect(board.asked.some((url) => url.includes('search=kubernets'))).toBe(true);
    const suggestion = screen.getByRole('button', { name: 'kubernetes zürich' });
    expect(suggestion.parentElement).toHaveTextContent('Did you mean kubernetes zürich?');
    await user.click(suggestion);
    expect(board.finalSearch()).toMatchObject({ search: 'kubernetes zürich', location: 'berlin', page: 1 });
  });

  it('says nothing more when the server suggests nothing', async () => {
    renderBoard({ ...JOB_BOARD_SEARCH_DEFAULTS, search: 'xyzzyq' }, null);
    await screen.findByText('No jobs found');
    expect(screen.queryByText(/Did you mean/)).toBeNull();
  });
});
