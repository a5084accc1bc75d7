import { useAuth } from '../../features/auth/hooks/use-auth';
import type { JobViewer } from '../../features/jobs/lib/viewer';

/** The signed-in person as the jobs feature needs them (routes join the two features). */
export function useJobViewer(): { viewer: JobViewer | null; viewerLoading: boolean } {
  const { user, isLoading } = useAuth();
  return {
    viewer: user ? { userId: user.userId, type: user.type, isAdmin: user.isAdmin, companyId: user.companyId } : null,
    viewerLoading: isLoading,
  };
}
