import { MESSAGES } from '@hireloop/contracts';
import { LoadingPage, PageShell } from '../../components/layout/page-shell';
import { Button } from '../../components/ui/button';
import { useAuthDialog } from '../../features/auth/components/auth-dialog-provider';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { AccountSettings } from '../../features/settings/components/account-settings';
import { usePageTitle } from '../../lib/page-title';

/** `/settings` (ADR 080): sign-in required; every kind of account has one. */
export function SettingsPage() {
  const { user, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  usePageTitle('Settings');
  if (isLoading) return <LoadingPage />;
  if (!user) {
    return (
      <PageShell className="grid content-start justify-items-center gap-4 py-20 text-center">
        <h1 className="text-2xl font-bold">{MESSAGES.signInRequired}</h1>
        <Button onClick={() => openAuthDialog('signin', { stayOnPage: true })}>Go to Sign In</Button>
      </PageShell>
    );
  }
  return (
    <PageShell className="grid content-start gap-6">
      <AccountSettings user={user} />
    </PageShell>
  );
}
