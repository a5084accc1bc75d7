import { createFileRoute, redirect } from '@tanstack/react-router';
import { exchangeAuthCode } from '../features/auth/api/exchange-code';
import { completeLoginReturn, LoginReturnSearch } from '../features/auth/lib/login-return';
import { setAuthToken } from '../lib/auth-token';
import { DashboardPage } from './-components/dashboard';
import { SigningInPage } from './-components/signing-in-page';

export const Route = createFileRoute('/dashboard')({
  validateSearch: LoginReturnSearch,
  // A return from a social sign-in (`?auth=<code>` or `?token=<token>`) is finished before the
  // page shows (spec part 2, Dashboard).
  beforeLoad: async ({ search, preload }) => {
    if (preload) return;
    const outcome = await completeLoginReturn(search, { exchangeAuthCode, storeToken: setAuthToken });
    if (outcome === 'failed') throw redirect({ to: '/', search: { error: 'auth_failed' }, replace: true });
    if (outcome === 'signedIn') {
      // Reload on the clean URL (no history entry keeps the code); nothing renders meanwhile.
      window.location.replace('/dashboard');
      await new Promise<never>(() => {});
    }
  },
  pendingComponent: SigningInPage,
  component: DashboardPage,
});
