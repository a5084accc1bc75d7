import { usePageTitle } from '../../../lib/page-title';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../../lib/product';
import { useRobotsMeta } from '../../../lib/robots-meta';

/** Part 2 §2: the page's title, and robots kept away from it. */
export const PROFILE_PAGE_TITLE = 'Candidate Profile';
export const PROFILE_ROBOTS = 'noindex, nofollow';

/** The page's title and robots tag, in every state of the page (loading, not found, shown). */
export function useProfilePageMeta() {
  usePageTitle(PROFILE_PAGE_TITLE);
  useRobotsMeta(PROFILE_ROBOTS);
}

/**
 * The loading screen, with the product's tagline (part 2 §2). Its own small module: the route
 * shows it while the page's lazy chunk and the profile load, so it must not need that chunk.
 */
export function ProfileLoading() {
  return (
    <div role="status" className="grid justify-items-center gap-2 py-20 text-center">
      <p className="text-2xl font-bold text-primary">{PRODUCT_NAME}</p>
      <p className="text-muted-foreground">{PRODUCT_TAGLINE}</p>
      <p className="text-sm text-muted-foreground">Loading profile...</p>
    </div>
  );
}
