import { PageShell } from '../../components/layout/page-shell';
import { storeSession } from '../../features/auth/api/store-session';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { InvitationNotFound, InvitationView } from '../../features/invitations/components/invitation-page';
import { JobSummaryCard } from '../../features/jobs/components/job-summary-card';
import { usePageTitle } from '../../lib/page-title';
import { useRobotsMeta } from '../../lib/robots-meta';

/**
 * `/invitation/{token}` (part 1 §2): the invitation with the jobs feature's job card; an account
 * made on the page (ADR 038) is kept as sign-up keeps one.
 */
export function InvitationPage({ token }: { token: string }) {
  const { user } = useAuth();
  usePageTitle('Invitation');
  // A link holding a credential: never indexed, never followed.
  useRobotsMeta('noindex, nofollow');
  return (
    <PageShell>
      <InvitationView token={token} signedIn={user !== null} jobCard={(job) => <JobSummaryCard job={job} />} onSignedIn={storeSession} />
    </PageShell>
  );
}

/** `/invitation/{token}` when the API does not know the link (a 404). */
export function InvitationNotFoundPage() {
  usePageTitle('Invitation');
  useRobotsMeta('noindex, nofollow');
  return (
    <PageShell>
      <InvitationNotFound networkError={false} onRetry={() => {}} />
    </PageShell>
  );
}
