import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../components/layout/page-shell';
import { ForCompaniesPage } from '../features/marketing/components/for-companies-page';
import { plansQueryOptions, usePlans } from '../features/subscriptions/api/subscription-api';

/** `/for-companies`: the company marketing page (part 2), pre-rendered by the server too (ADR 044). */
export const Route = createFileRoute('/for-companies')({
  // The plans start loading with the page, not waited for: the page is pre-rendered by the server
  // and shows without them, with its own retry when they fail (ADR 044).
  loader: ({ context }) => void context.loadQueryClient().then((queryClient) => queryClient.prefetchQuery(plansQueryOptions())),
  component: ForCompaniesRoute,
});

function ForCompaniesRoute() {
  const plans = usePlans();
  return (
    <PageShell>
      <ForCompaniesPage plans={{ plans: plans.data, failed: plans.isError, retry: () => void plans.refetch() }} />
    </PageShell>
  );
}
