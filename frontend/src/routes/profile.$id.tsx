import { createFileRoute } from '@tanstack/react-router';
import { profileViewQueryOptions } from '../features/profiles/api/get-profile-view';
import { orNotFound, signedInUser } from '../lib/route-loader';
import { ProfileLoadingPage } from './-components/profile-loading-page';
import { ProfileRouteError, ProfileRouteNotFound, ProfileRoutePage } from './-components/profile-page';

/** `/profile/{id}`: a candidate's profile (spec part 2, §2 "Candidate profile page"). */
export const Route = createFileRoute('/profile/$id')({
  // What the server lets this viewer see depends on who they are, so the answer is keyed by them. A
  // missing or private profile (404) is the page's "Profile Not Found", not an error (issue 24).
  loader: async ({ context, params }) => {
    const queryClient = await context.loadQueryClient();
    const user = await signedInUser(queryClient);
    await orNotFound(queryClient.ensureQueryData(profileViewQueryOptions(params.id, user?.userId ?? null)));
  },
  // The loader (which parses the answer with the contract's classic schema), the page and its error
  // and not-found screens in one lazy chunk, off the first load of other pages (the /jobs budget of
  // tests/e2e/assets.e2e.test.ts, ADR 057). The loading screen stays out of it: it shows while that
  // chunk is still on its way.
  codeSplitGroupings: [['loader', 'component', 'errorComponent', 'notFoundComponent']],
  pendingComponent: ProfileLoadingPage,
  errorComponent: ProfileRouteError,
  notFoundComponent: ProfileRouteNotFound,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { id } = Route.useParams();
  return <ProfileRoutePage profileId={id} />;
}
