import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import {
  BROWSE_CANDIDATES_SEARCH_DEFAULTS,
  BrowseCandidatesSearch,
} from '../features/candidates/lib/browse-search';
import { candidateListQueryOptions } from '../features/candidates/api/get-candidates';
import { signedInUser } from '../lib/route-loader';
import { BrowseCandidatesPage } from './-components/browse-candidates-page';

/** `/browse-candidates?search=&location=&skills=&lookingStatus=&page=` (defaults left out of the address). */
export const Route = createFileRoute('/browse-candidates')({
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
  component: BrowseCandidatesRoute,
});

function BrowseCandidatesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BrowseCandidatesPage
      search={search}
      onSearchChange={(update) => void navigate({ search: update, resetScroll: false })}
    />
  );
}
