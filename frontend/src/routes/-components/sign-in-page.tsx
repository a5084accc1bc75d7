import { useEffect, useRef } from 'react';
import { useAuthDialog, type AuthDialogTab } from '../../features/auth/components/auth-dialog-provider';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { HomePage } from './home';
import type { JobBoardRouteProps } from './job-board-page';

/**
 * `/signin`: the dashboard when signed in, otherwise the job board, with the Sign In dialog opened
 * on arrival (people come here to sign in, for example right after resetting their password).
 * It opens once per visit: closing it leaves the job board, and the header's Sign In reopens it.
 * `/signup?type=company` (the profile page's "Sign Up as Company") arrives here as
 * `/signin?join=company` (the server redirects it) and opens that sign-up tab instead.
 */
export function SignInPage({ board }: { board: JobBoardRouteProps }) {
  const { isAuthenticated, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const opened = useRef(false);

  useEffect(() => {
    if (isLoading || isAuthenticated || opened.current) return;
    opened.current = true;
    openAuthDialog(tabToOpen());
  }, [isLoading, isAuthenticated, openAuthDialog]);

  return <HomePage board={board} />;
}

/** The tab a visit asks for: `join=company` or `join=candidate` (from `/signup`), else Sign In. */
function tabToOpen(): AuthDialogTab {
  const join = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('join');
  return join === 'company' || join === 'candidate' ? join : 'signin';
}
