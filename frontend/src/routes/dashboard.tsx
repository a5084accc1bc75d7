import { createFileRoute, redirect, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuth } from '../features/auth/hooks/use-auth';
import { LoginReturnSearch } from '../features/auth/lib/login-return-search';
import { useCheckoutReturn } from '../features/subscriptions/hooks/use-checkout-return';
import { isCheckoutReturn } from '../features/subscriptions/lib/plan-access';
import { setAuthToken } from '../lib/auth-token';
import { DashboardPage } from './-components/dashboard';
import { loadDashboardData } from './-components/dashboard-data';
import { DashboardPending } from './-components/signing-in-page';

export const Route = createFileRoute('/dashboard')({
  validateSearch: LoginReturnSearch.validate,
  // A return from a social sign-in (`?auth=<code>` or `?token=<token>`) is finished before the
  // page shows (spec part 2, Dashboard).
  beforeLoad: async ({ search, preload }) => {
    if (preload || (!search.auth && !search.token)) return;
    // The exchange's code loads only for a return (off every first page's route tree, ADR 102).
    const [{ completeLoginReturn }, { exchangeAuthCode }] = await Promise.all([
      import('../features/auth/lib/login-return'),
      import('../features/auth/api/exchange-code'),
    ]);
    const outcome = await completeLoginReturn(search, { exchangeAuthCode, storeToken: setAuthToken });
    if (outcome === 'failed') throw redirect({ to: '/', search: { error: 'auth_failed' }, replace: true });
    if (outcome === 'signedIn') {
      // Reload on the clean URL (no history entry keeps the code); nothing renders meanwhile.
      window.location.replace('/dashboard');
      await new Promise<never>(() => {});
    }
  },
  // The signed-in user and a candidate's own profile (null: none yet, an answer like any other);
  // a visitor's page asks nothing (it says sign-in is required).
  loader: async ({ context }) => void (await loadDashboardData(await context.loadQueryClient())),
  pendingComponent: DashboardPending,
  component: DashboardRoute,
});

/** A checkout return may land here too (part 2 §4): refresh the plan, clean the URL, toast. */
function DashboardRoute() {
  const { user } = useAuth();
  const navigate = Route.useNavigate();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  // The validated search holds no checkout parameters: navigating to it drops them.
  const clean = useCallback(() => void navigate({ search: (current) => current, replace: true }), [navigate]);
  useCheckoutReturn({ isReturn: isCheckoutReturn(searchStr), userId: user?.type === 'company' ? user.id : null, clean });
  return <DashboardPage />;
}
