import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../../lib/api-client';
import { jobHistoryQueryOptions } from '../api/get-job-history';
import { JobHistoryCard } from './job-history';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderHistory(entries: unknown[]) {
  resetPositionForTests();
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/jobs/j1/history') return json({ jobId: 'j1', entries });
    throw new TypeError(`fetch failed: ${url}`);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <JobHistoryCard jobId="j1" />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
afterEach(() => vi.unstubAllGlobals());

describe('a job page’s History', () => {
  it('lists posted, each change with old and new terms, and status changes with dates', async () => {
    renderHistory([
      { at: '2026-11-01T09:00:00.000Z', kind: 'posted', changes: [] },
      {
        at: '2026-11-05T09:00:00.000Z',
        kind: 'changed',
        changes: [
          { field: 'salary', from: null, to: '$150k' },
          { field: 'remote', from: false, to: true },
        ],
      },
      { at: '2026-11-06T09:00:00.000Z', kind: 'changed', changes: [] },
      { at: '2026-11-09T09:00:00.000Z', kind: 'closed', changes: [] },
    ]);
    const history = within(await screen.findByRole('region', { name: 'History' }));
    expect(history.getByText('Posted')).toBeInTheDocument();
    expect(history.getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(history.getByText('Salary:', { exact: false })).toHaveTextContent('Salary: not given → $150,000');
    expect(history.getByText('Remote:', { exact: false })).toHaveTextContent('Remote: no → yes');
    expect(history.getByText('Details updated')).toBeInTheDocument();
    expect(history.getByText('Closed')).toBeInTheDocument();
  });

  it('shows nothing for a job that has only been posted', async () => {
    const { container, queryClient } = renderHistory([{ at: '2026-11-01T09:00:00.000Z', kind: 'posted', changes: [] }]);
    // The answer has arrived (not merely: nothing shown yet while it loads).
    await vi.waitFor(() => expect(queryClient.getQueryData(jobHistoryQueryOptions('j1').queryKey)).toMatchObject({ entries: [{ kind: 'posted' }] }));
    expect(container).toBeEmptyDOMElement();
  });
});
