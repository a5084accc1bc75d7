import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { ProfileLoadingPage } from './profile-loading-page';
import { ProfileRouteError } from './profile-page';

afterEach(() => {
  document.head.querySelectorAll('meta[name="robots"]').forEach((tag) => tag.remove());
});

/** The route's error screen as the router shows it when the loader throws `error`. */
function renderError(error: Error) {
  const reset = vi.fn();
  const rootRoute = createRootRoute();
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/profile/$id',
    component: () => <ProfileRouteError error={error} reset={reset} />,
  });
  const jobs = createRoute({ getParentRoute: () => rootRoute, path: '/jobs', component: () => <h1>Jobs</h1> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, jobs]),
    history: createMemoryHistory({ initialEntries: ['/profile/p1'] }),
  });
  render(<RouterProvider router={router} />);
  return { reset, user: userEvent.setup({ delay: null }) };
}

describe('the profile route around the page', () => {
  it("turns the loader's 404 into 'Profile Not Found', titled and kept from robots", async () => {
    renderError(new ApiError(404, '{"success":false,"error":"Profile not found"}', 'Not Found'));
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Browse' })).toHaveAttribute('href', '/jobs');
    expect(document.title).toBe('Candidate Profile | Hireloop');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('offers to try again after any other failure', async () => {
    const { reset, user } = renderError(new NetworkError());
    expect(screen.queryByRole('heading', { name: 'Profile Not Found' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('shows the tagline while loading, already titled and kept from robots', () => {
    render(<ProfileLoadingPage />);
    expect(screen.getByRole('status')).toHaveTextContent('A job board for tech job seekers and the companies hiring them.');
    expect(document.title).toBe('Candidate Profile | Hireloop');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });
});
