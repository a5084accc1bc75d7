import { ASSISTANT_MESSAGES, DEFAULT_ASSISTANT_PATH } from '@hireloop/contracts';
import { createFileRoute, useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { PageShell } from '../components/layout/page-shell';
import { Skeleton } from '../components/ui/skeleton';
import { authProvidersQueryOptions, useAuthProviders } from '../features/auth/api/get-auth-providers';
import { ConnectPanel } from '../features/auth/components/auth-dialog';
import { usePageTitle } from '../lib/page-title';
import { useRobotsMeta } from '../lib/robots-meta';

const CONNECT_PATH = '/mysalt-callback';
const NO_CALLBACK = { userToken: '', apiKey: '', failure: null };

/** The longest credential the server takes (`AssistantAuthBody`). */
const CREDENTIAL_MAX = 1000;

/**
 * A credential from the address: text (the router reads `?user_token=123` as a number), or
 * `null` when the parameter is there but unreadable: given twice (an array), JSON (an object), or
 * longer than the server takes. Cut to its first 1000 characters it would only be refused later
 * as a wrong token, which it is not.
 */
function credentialOf(value: unknown): string | null {
  if (value === undefined) return '';
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  return text !== null && text.length <= CREDENTIAL_MAX ? text : null;
}

/**
 * What the assistant's redirect says (ADR 043, 127): the credentials to connect with, or why not.
 * An `error` (OAuth's `error=access_denied` when the person denied the connection at the
 * assistant) is a failed connection, in the spec's words ('Authentication failed'); the
 * `error_description` that may come with it is not shown: anyone can put any text in a link, and
 * the page would say it in Hireloop's voice. Credentials the page cannot read fail the same way,
 * instead of leaving empty fields that say nothing.
 */
function readCallback(search: Record<string, unknown>): { userToken: string; apiKey: string; failure: string | null } {
  const userToken = credentialOf(search.user_token);
  const apiKey = credentialOf(search.api_key);
  if (search.error !== undefined || userToken === null || apiKey === null) return { userToken: '', apiKey: '', failure: ASSISTANT_MESSAGES.authFailed };
  return { userToken, apiKey, failure: null };
}

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
  const [callback, setCallback] = useState(() => readCallback(search));
  // A new visit while the page is still shown: Back pressed during the redirect home, before the
  // home page had replaced this one. The router keeps this page mounted then, and it stayed on
  // "Redirecting to the job board..." for good (ADR 127). The address leaving and coming back
  // starts a fresh panel, with none of the first visit's credentials.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [shownAt, setShownAt] = useState({ pathname, visit: 0 });
  if (pathname !== shownAt.pathname) {
    setShownAt({ pathname, visit: pathname === CONNECT_PATH ? shownAt.visit + 1 : shownAt.visit });
    if (pathname === CONNECT_PATH) setCallback(NO_CALLBACK);
  }
  const navigate = useNavigate();
  const providers = useAuthProviders();
  usePageTitle('Connect AI Assistant');
  useRobotsMeta('noindex, nofollow');

  // Whatever the assistant put in the address (credentials, an error, a state) leaves it at once.
  const carriesParameters = Object.keys(search).length > 0;
  useEffect(() => {
    if (carriesParameters) void navigate({ to: CONNECT_PATH, replace: true });
  }, [carriesParameters, navigate]);

  const goHome = useCallback(() => void navigate({ to: '/' }), [navigate]);
  const settings = providers.data?.assistant ?? (providers.isError ? FALLBACK_SETTINGS : null);

  return (
    <PageShell className="flex items-start justify-center sm:py-16">
      {settings ? (
        <ConnectPanel key={shownAt.visit} settings={settings} userToken={callback.userToken} apiKey={callback.apiKey} failure={callback.failure} onRedirectHome={goHome} />
      ) : (
        <Skeleton className="h-96 w-full max-w-lg" aria-label="Loading" />
      )}
    </PageShell>
  );
}

/** When the providers cannot be read: the default path (a failed connect then says why). */
const FALLBACK_SETTINGS = { path: DEFAULT_ASSISTANT_PATH, name: 'MySALT AI', signInUrl: '', signUpUrl: '', dashboardUrl: '/dashboard', origin: '' };
