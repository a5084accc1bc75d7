import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import { LoadingPage, PageShell } from '../components/layout/page-shell';
import { useAuth } from '../features/auth/hooks/use-auth';
import { PricingPage } from '../features/subscriptions/components/pricing-page';
import { useBillingPortalReturn, useCheckoutCanceled, useCheckoutReturn } from '../features/subscriptions/hooks/use-checkout-return';
import { isBillingPortalReturn, isCheckoutCanceled, isCheckoutReturn } from '../features/subscriptions/lib/plan-access';
import { usePageTitle } from '../lib/page-title';
import { plansQueryOptions } from '../features/subscriptions/api/subscription-api';
import { signedInUser } from '../lib/route-loader';

/** `/pricing` (part 2 §2); `?checkout=success&session_id=…` is the provider's checkout return, `?checkout=canceled` its cancel return, `?billing=portal` the billing portal's return. */
export const Route = createFileRoute('/pricing')({
  // The plans (with the server's 5-minute cache) and who asks; a company's own plan loads with the page.
  loader: async ({ context }) => {
    const queryClient = await context.loadQueryClient();
    await Promise.all([queryClient.ensureQueryData(plansQueryOptions()), signedInUser(queryClient)]);
  },
  component: PricingRoute,
});

function PricingRoute() {
  usePageTitle('Pricing');
  const { user, isLoading } = useAuth();
  const navigate = Route.useNavigate();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const clean = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  useCheckoutReturn({ isReturn: isCheckoutReturn(searchStr), userId: user?.type === 'company' ? user.id : null, clean });
  useCheckoutCanceled({ isCanceled: isCheckoutCanceled(searchStr), clean });
  useBillingPortalReturn({ isReturn: isBillingPortalReturn(searchStr), userId: user?.type === 'company' ? user.id : null, clean });
  if (isLoading) return <LoadingPage />;
  return (
    <PageShell>
      <PricingPage user={user} />
    </PageShell>
  );
}
