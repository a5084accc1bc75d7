import { createFileRoute, useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { PageShell } from '../components/layout/page-shell';
import { ResetPasswordPanel } from '../features/auth/components/reset-password-panel';
import { usePageTitle } from '../lib/page-title';

/**
 * `/reset-password` and `/reset-password/{token}` (spec part 2, "Reset password"). The page lives
 * on this parent route so it stays mounted while a token in the address is swapped for the bare
 * `/reset-password`; the two child routes only tell the paths apart.
 */
export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token: tokenInPath } = useParams({ strict: false });
  // Read once: the address loses the token right below, the page keeps it.
  const [linkToken] = useState(() => tokenInPath ?? null);
  const navigate = useNavigate();
  usePageTitle('Reset Password');

  useEffect(() => {
    // Out of the address bar, the history and any Referer (no new history entry).
    if (tokenInPath) void navigate({ to: '/reset-password', replace: true });
  }, [tokenInPath, navigate]);

  const goToSignIn = useCallback(() => void navigate({ to: '/signin' }), [navigate]);

  return (
    <PageShell className="flex items-start justify-center sm:py-16">
      <ResetPasswordPanel linkToken={linkToken} onRedirectToSignIn={goToSignIn} />
    </PageShell>
  );
}
