import { sampleProfileContent } from '@hireloop/contracts/testing/profiles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../lib/api-client';
import BoardAside from './board-aside';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAside(profileAnswer: () => Response) {
  resetPositionForTests();
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/profile') return profileAnswer();
    throw new TypeError(`fetch failed: ${url}`);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => <BoardAside viewer={{ userId: 'u1', type: 'candidate', isAdmin: false, companyId: null }} ads />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/jobs'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('the board’s promotions for a candidate', () => {
  it('offers "Let AI build your profile" to a candidate without a profile', async () => {
    renderAside(() => json(404, { success: false, error: 'Profile not found' }));
    const slot = within(await screen.findByRole('region', { name: 'From Hireloop' }));
    expect(slot.getByText('Let AI build your profile')).toBeInTheDocument();
  });

  it('does not offer to build a profile to a candidate who has one', async () => {
    const profile = {
      ...sampleProfileContent(),
      id: 'p1',
      userId: 'u1',
      isPrivate: false,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    renderAside(() => json(200, profile));
    const slot = within(await screen.findByRole('region', { name: 'From Hireloop' }));
    expect(slot.getByText('Keep your profile current')).toBeInTheDocument();
    expect(slot.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('Let AI build your profile')).not.toBeInTheDocument();
  });
});
