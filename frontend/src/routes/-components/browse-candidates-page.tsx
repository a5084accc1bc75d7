import { PageShell } from '../../components/layout/page-shell';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { BrowseCandidates } from '../../features/candidates/components/browse-candidates';
import type { BrowseCandidatesSearch } from '../../features/candidates/lib/browse-search';
import { isOnPaidPlan, useCurrentSubscription } from '../../features/subscriptions/api/get-current-subscription';
import { usePageTitle } from '../../lib/page-title';

/** `/browse-candidates` and `/candidates` (part 2 §2): the company's candidate browser. */
export function BrowseCandidatesPage({
  search,
  onSearchChange,
}: {
  search: BrowseCandidatesSearch;
  onSearchChange: (next: BrowseCandidatesSearch) => void;
}) {
  const { user, isLoading } = useAuth();
  // Only company users have a subscription to look up (part 2 §6).
  const subscription = useCurrentSubscription(user?.type === 'company');
  usePageTitle('Browse Candidates');
  return (
    <PageShell>
      <BrowseCandidates
        search={search}
        onSearchChange={onSearchChange}
        viewer={user ? { type: user.type } : null}
        viewerLoading={isLoading}
        onPaidPlan={isOnPaidPlan(subscription.data)}
        planPending={user?.type === 'company' && subscription.isPending}
      />
    </PageShell>
  );
}
