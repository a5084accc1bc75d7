import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from './-components/invitation-page';

/** `/invitation/{token}`: the candidate's invitation (spec part 1, §2), by the link in their mail. */
export const Route = createFileRoute('/invitation/$token')({
  component: InvitationRoute,
});

function InvitationRoute() {
  const { token } = Route.useParams();
  return <InvitationPage token={token} />;
}
