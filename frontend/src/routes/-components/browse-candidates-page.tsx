import { PageShell } from '../../components/layout/page-shell';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { BrowseCandidates } from '../../features/candidates/components/browse-candidates';
import type { BrowseCandidatesSearch, BrowseCandidatesSearchUpdate } from '../../features/candidates/lib/browse-search';
import { isOnPaidPlan, useCurrentSubscription } from '../../features/subscriptions/api/get-current-subscription';
import { usePageTitle } from '../../lib/page-title';
import { useCompanyCandidateExtras } from './company-candidate-extras';

interface BrowseCandidatesPageProps {
  search: BrowseCandidatesSearch;
  onSearchChange: (update: BrowseCandidatesSearchUpdate) => void;
}

/** `/browse-candidates` and `/candidates` (part 2 §2): the company's candidate browser. */
export function BrowseCandidatesPage({ search, onSearchChange }: BrowseCandidatesPageProps) {
  const { user, isLoading } = useAuth();
  // Only company users have a subscription to look up (part 2 §6).
  const subscription = useCurrentSubscription(user?.type === 'company');
  usePageTitle('Browse Candidates');
  return (
    <PageShell>
      {user?.type === 'company' ? (
        <CompanyBrowseCandidates
          search={search}
          onSearchChange={onSearchChange}
          onPaidPlan={isOnPaidPlan(subscription.data)}
          planPending={subscription.isPending}
        />
      ) : (
        <BrowseCandidates
          search={search}
          onSearchChange={onSearchChange}
          viewer={user ? { type: user.type } : null}
          viewerLoading={isLoading}
        />
      )}
    </PageShell>
  );
}

/** A company's view: the cards with Request to Apply (part 1 §6) and where its requests stand. */
export function CompanyBrowseCandidates({
  onPaidPlan = false,
  planPending = false,
  ...props
}: BrowseCandidatesPageProps & { onPaidPlan?: boolean; planPending?: boolean }) {
  const extras = useCompanyCandidateExtras();
  return (
    <BrowseCandidates
      {...props}
      viewer={{ type: 'company' }}
      viewerLoading={false}
      onPaidPlan={onPaidPlan}
      planPending={planPending}
      extras={extras}
    />
  );
}
