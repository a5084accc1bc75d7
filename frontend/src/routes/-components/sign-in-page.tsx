import { useEffect, useRef } from 'react';
import { useAuthDialog } from '../../features/auth/components/auth-dialog-provider';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { HomePage } from './home';
import type { JobBoardRouteProps } from './job-board-page';

/**
 * `/signin`: the dashboard when signed in, otherwise the job board, with the Sign In dialog opened
 * on arrival (people come here to sign in, for example right after resetting their password).
 * It opens once per visit: closing it leaves the job board, and the header's Sign In reopens it.
 */
export function SignInPage({ board }: { board: JobBoardRouteProps }) {
  const { isAuthenticated, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const opened = useRef(false);

  useEffect(() => {
    if (isLoading || isAuthenticated || opened.current) return;
    opened.current = true;
    openAuthDialog('signin');
  }, [isLoading, isAuthenticated, openAuthDialog]);

  return <HomePage board={board} />;
}
