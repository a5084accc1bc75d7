import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoadingPage } from './components/layout/page-shell';
import './index.css';
import { queryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';
import { RouteError } from './routes/-components/route-error-boundary';

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders read through React Query, which decides freshness; the router should not cache on top.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  // Every route's pending and error screens unless it names its own (ADR 060): a page waiting for
  // its loader shows "Loading...", a failed one says why with Try again, a 404 shows the route's
  // not-found screen. Defaults here, so a new route cannot forget them.
  defaultPendingComponent: LoadingPage,
  defaultErrorComponent: RouteError,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
