import { createFileRoute } from '@tanstack/react-router';
import { invitationQueryOptions } from '../features/invitations/api/invitations';
import { orNotFound } from '../lib/route-loader';
import { InvitationNotFoundPage, InvitationPage } from './-components/invitation-page';

/** `/invitation/{token}`: the candidate's invitation (spec part 1, §2), by the link in their mail. */
export const Route = createFileRoute('/invitation/$token')({
  // No sign-in needed: the link is the credential. An unknown link is "Invitation Not Found".
  loader: async ({ context, params }) => orNotFound((await context.loadQueryClient()).ensureQueryData(invitationQueryOptions(params.token))),
  notFoundComponent: InvitationNotFoundPage,
  component: InvitationRoute,
});

function InvitationRoute() {
  const { token } = Route.useParams();
  return <InvitationPage token={token} />;
}
