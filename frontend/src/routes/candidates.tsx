import { createFileRoute, stripSearchParams, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuth } from '../features/auth/hooks/use-auth';
import {
  BROWSE_CANDIDATES_SEARCH_DEFAULTS,
  BrowseCandidatesSearch,
} from '../features/candidates/lib/browse-search';
import { candidateListQueryOptions } from '../features/candidates/api/get-candidates';
import { useCheckoutReturn } from '../features/subscriptions/hooks/use-checkout-return';
import { isCheckoutReturn } from '../features/subscriptions/lib/plan-access';
import { signedInUser } from '../lib/route-loader';
import { BrowseCandidatesPage } from './-components/browse-candidates-page';

/**
 * `/candidates`: the candidate browser under the path a checkout return lands on (part 2 §2, §4):
 * the subscription is refreshed, the address cleaned to `/candidates`, and the toast shows.
 */
export const Route = createFileRoute('/candidates')({
  validateSearch: BrowseCandidatesSearch.validate,
  search: { middlewares: [stripSearchParams(BROWSE_CANDIDATES_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Companies browse (part 2 §6): their list starts loading with the page and is not waited for,
  // the last page staying on screen while the next loads (ADR 060).
  loader: async ({ context, deps }) => {
    const queryClient = await context.loadQueryClient();
    const user = await signedInUser(queryClient);
    if (user?.type === 'company') void queryClient.prefetchQuery(candidateListQueryOptions(deps));
  },
  component: CandidatesRoute,
});

function CandidatesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { user } = useAuth();
  const rawSearch = useRouterState({ select: (state) => state.location.searchStr });
  // The validated search holds no checkout parameters: navigating to it drops them.
  const clean = useCallback(() => void navigate({ search: (current) => current, replace: true }), [navigate]);
  useCheckoutReturn({ isReturn: isCheckoutReturn(rawSearch), userId: user?.type === 'company' ? user.id : null, clean });
  return (
    <BrowseCandidatesPage
      search={search}
      onSearchChange={(update) => void navigate({ search: update, resetScroll: false })}
    />
  );
}
