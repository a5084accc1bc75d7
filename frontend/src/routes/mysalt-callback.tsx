import { DEFAULT_ASSISTANT_PATH } from '@hireloop/contracts';
import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { useCallback, useEffect, useState } from 'react';
import { PageShell } from '../components/layout/page-shell';
import { Skeleton } from '../components/ui/skeleton';
import { useAuthProviders } from '../features/auth/api/get-auth-providers';
import { ConnectPanel } from '../features/auth/components/connect-panel';
import { usePageTitle } from '../lib/page-title';
import { searchText } from '../lib/search-params';

/** The assistant sends the person here with their credentials (spec part 2, "/mysalt-callback"). */
const ConnectSearch = z.object({ user_token: searchText(1000), api_key: searchText(1000) });

/**
 * `/mysalt-callback`: the AI-assistant connect page (ADR 043). The credentials are read from the
 * address once and the address is rewritten without them (out of the history and any Referer).
 */
export const Route = createFileRoute('/mysalt-callback')({
  validateSearch: ConnectSearch,
  search: { middlewares: [stripSearchParams({ user_token: '', api_key: '' })] },
  component: ConnectPage,
});

function ConnectPage() {
  const search = Route.useSearch();
  const [credentials] = useState(() => ({ userToken: search.user_token, apiKey: search.api_key }));
  const navigate = useNavigate();
  const providers = useAuthProviders();
  usePageTitle('Connect AI Assistant');

  useEffect(() => {
    if (search.user_token || search.api_key) void navigate({ to: '/mysalt-callback', search: { user_token: '', api_key: '' }, replace: true });
  }, [search.user_token, search.api_key, navigate]);

  const goHome = useCallback(() => void navigate({ to: '/' }), [navigate]);
  const settings = providers.data?.assistant ?? (providers.isError ? FALLBACK_SETTINGS : null);

  return (
    <PageShell className="flex items-start justify-center sm:py-16">
      {settings ? (
        <ConnectPanel settings={settings} userToken={credentials.userToken} apiKey={credentials.apiKey} onRedirectHome={goHome} />
      ) : (
        <Skeleton className="h-96 w-full max-w-lg" aria-label="Loading" />
      )}
    </PageShell>
  );
}

/** When the providers cannot be read: the default path (a failed connect then says why). */
const FALLBACK_SETTINGS = { path: DEFAULT_ASSISTANT_PATH, name: 'MySALT AI', signInUrl: '', signUpUrl: '', dashboardUrl: '/dashboard', origin: '' };
