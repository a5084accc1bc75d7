import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { provideQueryObserver } from '../lib/lazy-query';
import { createAppRouter } from '../router';

/**
 * The HTML of a page's first screen as a visitor's browser first renders it (no session, no
 * answer yet: the job board's list as its loading skeleton), for the server to send inside the
 * root element (ADR 086). Run at build time (`scripts/prerender-shells.ts`), never in the browser:
 * nothing in the SPA imports this module.
 */
export async function renderShell(url: string): Promise<string> {
  const queryClient = new QueryClient();
  provideQueryObserver(QueryObserver);
  const router = createAppRouter(async () => queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  queryClient.clear();
  return html;
}
