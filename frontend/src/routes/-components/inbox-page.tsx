import { MESSAGES } from '@hireloop/contracts';
import { LoadingPage, PageShell } from '../../components/layout/page-shell';
import { Button } from '../../components/ui/button';
import { useAuthDialog } from '../../features/auth/components/auth-dialog-provider';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { CompanyInbox } from '../../features/inbox/components/company-inbox';
import { Inbox } from '../../features/inbox/components/inbox';
import { MyInvitationsCard } from '../../features/invitations/components/my-invitations-card';
import { usePageTitle } from '../../lib/page-title';

/**
 * `/inbox`: sign-in required. A candidate's conversations with companies (ADR 032, 069), or a
 * company user's company's conversations with candidates (ADR 069): one address for both, as
 * `/dashboard` is.
 */
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
  if (user.type === 'company') {
    return (
      <PageShell className="grid content-start gap-6">
        <CompanyInbox />
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
