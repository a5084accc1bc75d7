import { createFileRoute } from '@tanstack/react-router';
import { MyInvitationPage } from './-components/my-invitation-page';

/** `/my-invitations/{invitationId}`: the signed-in candidate's own invitation, opened from their dashboard or inbox (ADR 062). */
export const Route = createFileRoute('/my-invitations/$invitationId')({
  component: MyInvitationRoute,
});

function MyInvitationRoute() {
  const { invitationId } = Route.useParams();
  return <MyInvitationPage invitationId={invitationId} />;
}
