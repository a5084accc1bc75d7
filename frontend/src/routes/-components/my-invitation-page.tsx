import { MESSAGES } from '@hireloop/contracts';
import { LoadingPage, PageShell } from '../../components/layout/page-shell';
import { Button } from '../../components/ui/button';
import { useAuthDialog } from '../../features/auth/components/auth-dialog-provider';
import { storeSession } from '../../features/auth/api/store-session';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { InvitationView } from '../../features/invitations/components/invitation-page';
import { JobSummaryCard } from '../../features/jobs/components/job-summary-card';
import { usePageTitle } from '../../lib/page-title';
import { useRobotsMeta } from '../../lib/robots-meta';

/**
 * `/my-invitations/{invitationId}`: the invitation page for its signed-in invitee, without the mail's
 * link (ADR 062). The session is the credential; anyone else gets the page's one not-found answer.
 */
export function MyInvitationPage({ invitationId }: { invitationId: string }) {
  const { user, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  usePageTitle('Invitation');
  useRobotsMeta('noindex, nofollow');

  if (isLoading) return <LoadingPage />;
  // The dashboard and inbox list read again when shown (`refetchOnMount`), after the answer's position: they show each step taken here.
  if (!user) {
    return (
      <PageShell className="grid content-start justify-items-center gap-4 py-20 text-center">
        <h1 className="text-2xl font-bold">{MESSAGES.signInRequired}</h1>
        <Button onClick={() => openAuthDialog('signin', { stayOnPage: true })}>Go to Sign In</Button>
      </PageShell>
    );
  }
  return (
    <PageShell>
      <InvitationView
        key={user.id}
        token={invitationId}
        signedIn
        jobCard={(job) => <JobSummaryCard job={job} />}
        onSignedIn={storeSession}
      />
    </PageShell>
  );
}
