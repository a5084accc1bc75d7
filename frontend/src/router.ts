import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { LoadingPage } from './components/layout/page-shell';
import { routeTree } from './routeTree.gen';
import { RouteError } from './routes/-components/route-error-boundary';

/**
 * The app's router, one configuration for the browser (`main.tsx`) and for the first screens
 * rendered at build time (`prerender/render-shell.tsx`, with its own `history`, ADR 086): both
 * must render the same tree.
 */
export function createAppRouter(loadQueryClient: () => Promise<QueryClient>, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { loadQueryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Loaders read through React Query, which decides freshness; the router should not cache on top.
    defaultPreloadStaleTime: 0,
    // In the browser. Rendered on a server, the router would write an inline script for it, which
    // the Content-Security-Policy refuses (and the browser's render has no such element).
    scrollRestoration: history === undefined,
    // Every route's pending and error screens unless it names its own (ADR 060): a page waiting for
    // its loader shows "Loading...", a failed one says why with Try again, a 404 shows the route's
    // not-found screen. Defaults here, so a new route cannot forget them.
    defaultPendingComponent: LoadingPage,
    defaultErrorComponent: RouteError,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
