import { CANDIDATE_INVITATION_MESSAGES, CANDIDATE_INVITATION_STATUS_LABELS, type CandidateInvitation, type CandidateInvitationStatus } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { MailOpenIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyInvitations } from '../api/my-invitations';

const STATUS_VARIANT: Record<CandidateInvitationStatus, 'default' | 'secondary' | 'success' | 'outline'> = {
  new: 'default',
  revealed: 'outline',
  availability_submitted: 'outline',
  offer_stage: 'success',
  expired: 'secondary',
  declined: 'secondary',
};

const formatDay = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { dateStyle: 'medium' });
};

/** The steps so far, each with its day: what the mails said, without the mails. */
function stepsOf(invitation: CandidateInvitation): string[] {
  return [
    `Invited ${formatDay(invitation.sentAt)}`,
    invitation.revealedAt ? `Profile revealed ${formatDay(invitation.revealedAt)}` : null,
    invitation.availabilitySubmittedAt ? `Availability sent ${formatDay(invitation.availabilitySubmittedAt)}` : null,
    invitation.offerStageAt ? `Moved to the offer stage ${formatDay(invitation.offerStageAt)}` : null,
    invitation.declinedAt ? `Declined ${formatDay(invitation.declinedAt)}` : null,
    invitation.status === 'expired' ? `Expired ${formatDay(invitation.expiresAt)}` : null,
  ].filter((step): step is string => step !== null);
}

/**
 * The candidate's invitations to apply (ADR 062), on their dashboard and inbox: each with its job,
 * where it stands, and a link that opens the invitation page signed in, without the mail.
 */
export function MyInvitationsCard() {
  const query = useMyInvitations();
  const invitations = query.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailOpenIcon className="size-5 text-primary" aria-hidden="true" />
          {CANDIDATE_INVITATION_MESSAGES.title}
        </CardTitle>
        <CardDescription>Companies that asked you to apply, and where each request stands.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div role="status" aria-label="Loading your invitations" className="grid gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : query.isError ? (
          <div className="grid gap-2 text-sm">
            <p className="text-destructive">We could not load your invitations.</p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : invitations && invitations.length > 0 ? (
          <ul aria-label="Your invitations" className="grid divide-y">
            {invitations.map((invitation) => (
              <li key={invitation.invitationId} className="grid gap-1 py-2 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{invitation.jobTitle}</span>
                  <Badge variant={STATUS_VARIANT[invitation.status]}>{CANDIDATE_INVITATION_STATUS_LABELS[invitation.status]}</Badge>
                  {invitation.jobIsOpen ? null : <Badge variant="secondary">Closed</Badge>}
                </div>
                <p className="text-sm text-muted-foreground">{[invitation.company, invitation.location].filter(Boolean).join(' · ')}</p>
                <p className="text-xs text-muted-foreground">{stepsOf(invitation).join(' · ')}</p>
                {invitation.status === 'expired' ? null : (
                  <Link
                    to="/my-invitations/$invitationId"
                    params={{ invitationId: invitation.invitationId }}
                    aria-label={`${CANDIDATE_INVITATION_MESSAGES.open}: ${invitation.jobTitle} at ${invitation.company}`}
                    className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {CANDIDATE_INVITATION_MESSAGES.open}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{CANDIDATE_INVITATION_MESSAGES.empty}</p>
        )}
      </CardContent>
    </Card>
  );
}
