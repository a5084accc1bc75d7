import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useAuthDialog } from '../features/auth/components/auth-dialog-provider';
import { useAuth } from '../features/auth/hooks/use-auth';
import { AdminPanel } from '../features/admin/components/admin-panel';
import { ADMIN_TABS } from '../features/admin/admin-tabs';
import { usePageTitle } from '../lib/page-title';
import { useRobotsMeta } from '../lib/robots-meta';
import { signedInUser } from '../lib/route-loader';
import { searchChoice, searchObject } from '../lib/search-params';

/** `?tab=`: the tab shown is in the address, so a reload, Back and a link open it (Candidates, the default, is left out). */
const AdminSearch = searchObject({ tab: searchChoice(ADMIN_TABS, 'candidates') });

/** `/admin` (part 2 "Admin panel"): its own chunk, loaded only when the page is opened (ADR 039). */
export const Route = createFileRoute('/admin')({
  validateSearch: AdminSearch.validate,
  search: { middlewares: [stripSearchParams({ tab: 'candidates' })] },
  // Who asks, started at once but not waited for: the panel says it is checking while the
  // session is restored (part 2 §6); its own queries run only for admins and load with their tab.
  loader: ({ context }) => void context.loadQueryClient().then(signedInUser).catch(() => undefined),
  component: AdminRoute,
});

function AdminRoute() {
  usePageTitle('Admin Panel');
  useRobotsMeta('noindex, nofollow');
  const { user, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminPanel
      user={user}
      isLoading={isLoading}
      onSignIn={() => openAuthDialog('signin')}
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next } })}
    />
  );
}
