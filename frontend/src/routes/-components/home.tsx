import type { ReactNode } from 'react';
import { LoadingPage } from '../../components/layout/page-shell';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { DashboardPage } from './dashboard';
import { JobBoardPage, type JobBoardRouteProps } from './job-board-page';

/**
 * `/` and `/signin`: the dashboard when signed in, otherwise the job board; a loading message
 * while the session is being restored. `banner` sits at the top of either page.
 */
export function HomePage({ banner, board }: { banner?: ReactNode; board: JobBoardRouteProps }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingPage />;
  return user ? <DashboardPage banner={banner} /> : <JobBoardPage banner={banner} {...board} />;
}
