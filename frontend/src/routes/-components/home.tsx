import { LoadingPage } from '../../components/layout/page-shell';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { DashboardPage } from './dashboard';
import { JobBoardPage } from './job-board-page';

/** `/` and `/signin`: the dashboard when signed in, otherwise the job board. */
export function HomePage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingPage />;
  return user ? <DashboardPage /> : <JobBoardPage />;
}
