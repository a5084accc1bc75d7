import { DEFAULT_ASSISTANT_PATH } from '@hireloop/contracts';
import { createFileRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { PageShell } from '../components/layout/page-shell';
import { Skeleton } from '../components/ui/skeleton';
import { authProvidersQueryOptions, useAuthProviders } from '../features/auth/api/get-auth-providers';
import { ConnectPanel } from '../features/auth/components/auth-dialog';
import { usePageTitle } from '../lib/page-title';
import { useRobotsMeta } from '../lib/robots-meta';

/** A credential from the address: text of at most 1000 characters, else nothing (the router reads `?user_token=123` as a number). */
const credentialOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 1000) : '');

/**
 * `/mysalt-callback`: the AI-assistant connect page (ADR 043). The credentials are read from the
 * address once and the address is rewritten without them (out of the history and any Referer).
 * The address is read in the page, not validated by the route: the route tree is part of every
 * first load, the page is not (ADR 014).
 */
export const Route = createFileRoute('/mysalt-callback')({
  // The assistant's settings start loading with the page, not waited for: when they fail the page
  // still connects with the default path.
  loader: ({ context }) => void context.loadQueryClient().then((queryClient) => queryClient.prefetchQuery(authProvidersQueryOptions())),
  component: ConnectPage,
});

function ConnectPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const [credentials] = useState(() => ({ userToken: credentialOf(search.user_token), apiKey: credentialOf(search.api_key) }));
  const navigate = useNavigate();
  const providers = useAuthProviders();
  usePageTitle('Connect AI Assistant');
  useRobotsMeta('noindex, nofollow');

  useEffect(() => {
    if (search.user_token !== undefined || search.api_key !== undefined) void navigate({ to: '/mysalt-callback', replace: true });
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
