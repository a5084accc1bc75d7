import { createFileRoute, stripSearchParams, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import {
  BROWSE_CANDIDATES_SEARCH_DEFAULTS,
  BrowseCandidatesSearch,
} from '../features/candidates/lib/browse-search';
import { BrowseCandidatesPage } from './-components/browse-candidates-page';

/** Parameters of a checkout return (part 2 §8), cleaned from the address. */
const CHECKOUT_RETURN_PARAMS = ['checkout', 'session_id'];

/**
 * `/candidates`: the candidate browser under the path a checkout return lands on (part 2 §2). The
 * subscription refresh and its toast come with subscriptions; the address is cleaned already.
 */
export const Route = createFileRoute('/candidates')({
  validateSearch: BrowseCandidatesSearch,
  search: { middlewares: [stripSearchParams(BROWSE_CANDIDATES_SEARCH_DEFAULTS)] },
  component: CandidatesRoute,
});

function CandidatesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const rawSearch = useRouterState({ select: (state) => state.location.searchStr });
  const isCheckoutReturn = CHECKOUT_RETURN_PARAMS.some((name) => new URLSearchParams(rawSearch).has(name));
  useEffect(() => {
    if (isCheckoutReturn) void navigate({ search: (current) => current, replace: true });
  }, [isCheckoutReturn, navigate]);
  return (
    <BrowseCandidatesPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, resetScroll: false })}
    />
  );
}
