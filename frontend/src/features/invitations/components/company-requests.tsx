import { INVITATION_MESSAGES, type CompanyInvitation } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { HandshakeIcon, SendIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { clientErrorText, NetworkError } from '../../../lib/api-client';
import { useCompanyInvitations, useMoveToOfferStage } from '../api/invitations';
import { describeAvailability, INVITATION_STATUS_LABELS } from '../lib/status';

/**
 * The company's requests to apply and where each stands (part 1 §4, ADR 031): sent, the candidate
 * revealed their profile (with their name and email, from then on), times offered (then Move to
 * Offer Stage), in the offer stage, or expired.
 */
export function CompanyRequestsCard() {
  const requests = useCompanyInvitations();
  let content: ReactNode;
  if (requests.isPending) {
    content = (
      <div role="status" aria-label="Loading requests" className="grid gap-2">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  } else if (requests.isError) {
    const reason = requests.error instanceof NetworkError ? requests.error.message : (clientErrorText(requests.error) ?? 'Please try again.');
    content = (
      <div className="grid justify-items-start gap-2 text-sm">
        <p className="text-destructive">Could not load your requests. {reason}</p>
        <Button variant="outline" size="sm" onClick={() => void requests.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (requests.data.length === 0) {
    content = (
      <div className="grid justify-items-start gap-2 text-sm text-muted-foreground">
        <p>No requests yet. Ask candidates to apply from Browse Candidates.</p>
        <Button variant="outline" size="sm" asChild>
          <Link to="/browse-candidates">Browse Candidates</Link>
        </Button>
      </div>
    );
  } else {
    content = (
      <ul aria-label="Your requests" className="grid divide-y">
        {requests.data.map((request) => (
          <RequestItem key={request.invitationId} request={request} />
        ))}
      </ul>
    );
  }
  return (
    <Card className="md:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SendIcon className="size-5 text-primary" aria-hidden="true" />
          Requests to Apply
        </CardTitle>
        <CardDescription>Candidates you asked to apply, and where each request stands.</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}

/** "November 20, 2026". */
const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function RequestItem({ request }: { request: CompanyInvitation }) {
  const who = request.candidate ? request.candidate.name || request.candidate.email : request.candidateTitle || 'Anonymous candidate';
  const move = useMoveToOfferStage();
  const moveToOfferStage = () =>
    move.mutate(request.invitationId, {
      onSuccess: (answer) => toast({ title: answer.message, description: `${who}: ${request.jobTitle}`, variant: 'success' }),
      onError: (error) =>
        toast({
          title: INVITATION_MESSAGES.offerStageFailed,
          description: (error instanceof NetworkError ? error.message : clientErrorText(error)) ?? 'Please try again.',
          variant: 'destructive',
        }),
    });
  return (
    <li className="grid gap-1 py-3 text-sm" aria-label={`${who}: ${request.jobTitle}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{who}</span>
        <span className="text-muted-foreground">for {request.jobTitle}</span>
        <Badge variant={request.status === 'expired' || request.status === 'declined' ? 'outline' : request.status === 'email_sent' || request.status === 'viewed' ? 'secondary' : 'success'}>
          {INVITATION_STATUS_LABELS[request.status]}
        </Badge>
        {request.status === 'interview_scheduled' ? (
          <Button size="sm" variant="outline" className="ml-auto" disabled={move.isPending} onClick={moveToOfferStage}>
            <HandshakeIcon aria-hidden="true" />
            {move.isPending ? 'Moving…' : 'Move to Offer Stage'}
          </Button>
        ) : null}
      </div>
      <p className="text-muted-foreground">
        Sent {formatDate(request.sentAt)}
        {request.viewedAt ? ` · Viewed ${formatDate(request.viewedAt)}` : null}
        {request.offerStageAt ? ` · Offer stage since ${formatDate(request.offerStageAt)}` : null}
        {request.candidate ? (
          <>
            {' · '}
            <a className="underline underline-offset-2" href={`mailto:${request.candidate.email}`}>
              {request.candidate.email}
            </a>
          </>
        ) : null}
      </p>
      {request.availability ? (
        <p>
          Available {describeAvailability(request.availability)}
          {request.availability.additionalNotes ? ` · “${request.availability.additionalNotes}”` : ''}
        </p>
      ) : null}
    </li>
  );
}
