import { MESSAGES } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { LoadingPage, PageShell } from '../../components/layout/page-shell';
import { Button } from '../../components/ui/button';
import { useAuthDialog } from '../../features/auth/components/auth-dialog-provider';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { Inbox } from '../../features/inbox/components/inbox';
import { MyInvitationsCard } from '../../features/invitations/components/my-invitations-card';
import { usePageTitle } from '../../lib/page-title';

/** `/inbox`: a candidate's messages from companies (ADR 032); sign-in required, candidates only. */
export function InboxPage() {
  const { user, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  usePageTitle('Inbox');

  if (isLoading) return <LoadingPage />;
  if (!user) {
    return (
      <PageShell className="grid content-start justify-items-center gap-4 py-20 text-center">
        <h1 className="text-2xl font-bold">{MESSAGES.signInRequired}</h1>
        <Button onClick={() => openAuthDialog('signin', { stayOnPage: true })}>Go to Sign In</Button>
      </PageShell>
    );
  }
  if (user.type !== 'candidate') {
    return (
      <PageShell className="grid content-start justify-items-center gap-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Inbox</h1>
        <p className="text-muted-foreground">The inbox is for candidates: it holds the messages companies send them.</p>
        <Button asChild>
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      </PageShell>
    );
  }
  return (
    <PageShell className="grid content-start gap-6">
      <Inbox />
      <MyInvitationsCard />
    </PageShell>
  );
}
