import { PageShell } from '../../components/layout/page-shell';
import { ProfileLoading, useProfilePageMeta } from '../../features/profiles/components/profile-page-loading';

/**
 * `/profile/{id}` while it loads. Kept out of the page's lazy chunk (the router needs it before
 * that chunk has arrived) and small: the tagline and a few hooks.
 */
export function ProfileLoadingPage() {
  useProfilePageMeta();
  return (
    <PageShell>
      <ProfileLoading />
    </PageShell>
  );
}
