import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import {
  BROWSE_CANDIDATES_SEARCH_DEFAULTS,
  BrowseCandidatesSearch,
} from '../features/candidates/lib/browse-search';
import { BrowseCandidatesPage } from './-components/browse-candidates-page';

/** `/browse-candidates?search=&location=&skills=&lookingStatus=&page=` (defaults left out of the address). */
export const Route = createFileRoute('/browse-candidates')({
  validateSearch: BrowseCandidatesSearch,
  search: { middlewares: [stripSearchParams(BROWSE_CANDIDATES_SEARCH_DEFAULTS)] },
  component: BrowseCandidatesRoute,
});

function BrowseCandidatesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BrowseCandidatesPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, resetScroll: false })}
    />
  );
}
