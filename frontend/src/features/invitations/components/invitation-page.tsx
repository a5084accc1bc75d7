import {
  INVITATION_MESSAGES,
  type AuthSuccess,
  type AvailabilityBody,
  type ClaimAccountBody,
  type InvitationResponse,
  type Job,
  type User,
} from '@hireloop/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Building2Icon, CalendarClockIcon, CheckCircle2Icon, CircleAlertIcon, MailIcon, ShieldCheckIcon, UserPlusIcon, XCircleIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { fromPromise } from 'xstate';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { clientErrorText, errorStatus, NetworkError } from '../../../lib/api-client';
import { useAuthDialog } from '../../../lib/auth-dialog';
import { contractResolver, fieldIssuesOf, showFieldIssues } from '../../../lib/forms';
import { claimAccount } from '../api/claim-account';
import { declineInvitation, invitationQueryKey, recordInvitationView, revealProfile, submitAvailability, useInvitation } from '../api/invitations';
import { myInvitationsQueryKey } from '../api/my-invitations';
import { CLAIM_ACCOUNT_FIELDS, ClaimAccountForm, type ClaimAccountValues } from '../lib/claim-account-form';
import { describeAvailability } from '../lib/status';
import { hasOfferedTimes, invitationMachine, invitationStep } from '../machines/invitation-machine';
import { AvailabilityDialog } from './availability-dialog';

/** "Invitation Not Found" and "This invitation link is invalid or has expired.": the spec's one text, as title and line. */
const NOT_FOUND_TEXT = INVITATION_MESSAGES.notFound.slice(INVITATION_MESSAGES.notFoundTitle.length + ' - '.length);

interface InvitationViewProps {
  token: string;
  signedIn: boolean;
  /** The job card (the jobs feature's, given by the page). */
  jobCard: (job: Job) => ReactNode;
  /** Keeps the session of an account made here (the auth feature's `storeSession`, given by the page). */
  onSignedIn: (session: AuthSuccess) => void;
}

/**
 * `/invitation/{token}` (part 1 §2): what a company invites the candidate to, the reveal, and the
 * interview times. No sign-in needed: the link is the credential (§6).
 */
export function InvitationView({ token, signedIn, jobCard, onSignedIn }: InvitationViewProps) {
  const invitation = useInvitation(token);
  if (invitation.isPending) {
    return (
      <div role="status" aria-label="Loading invitation" className="grid gap-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (invitation.isError) {
    return <InvitationNotFound networkError={invitation.error instanceof NetworkError || (errorStatus(invitation.error) ?? 0) >= 500} onRetry={() => void invitation.refetch()} />;
  }
  return <InvitationFlow token={token} invitation={invitation.data} signedIn={signedIn} jobCard={jobCard} onSignedIn={onSignedIn} />;
}

export function InvitationNotFound({ networkError, onRetry }: { networkError: boolean; onRetry: () => void }) {
  return (
    <div className="grid justify-items-center gap-4 py-16 text-center">
      <MailIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{INVITATION_MESSAGES.notFoundTitle}</h1>
      <p className="max-w-md text-muted-foreground">{NOT_FOUND_TEXT}</p>
      {networkError ? (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
      <Button asChild>
        <Link to="/jobs">Browse Jobs</Link>
      </Button>
    </div>
  );
}

/** The calls of the flow; a success is also written to the cached invitation, so coming back shows where things stand. */
function providedMachine(queryClient: QueryClient) {
  const update = (token: string, change: Partial<InvitationResponse>) =>
    queryClient.setQueryData<InvitationResponse>(invitationQueryKey(token), (current) => (current ? { ...current, ...change } : current));
  return invitationMachine.provide({
    actors: {
      reveal: fromPromise<void, { token: string }>(async ({ input }) => {
        await revealProfile(input.token);
        update(input.token, { hasRevealed: true });
      }),
      submitAvailability: fromPromise<void, { token: string; body: AvailabilityBody }>(async ({ input }) => {
        await submitAvailability(input.token, input.body);
        // The banner shows the times as they now stand, and the dialog starts from them next time.
        update(input.token, { hasSubmittedAvailability: true, availability: { ...input.body, submittedAt: new Date().toISOString() } });
      }),
    },
  });
}

function InvitationFlow({ token, invitation, signedIn, jobCard, onSignedIn }: InvitationViewProps & { invitation: InvitationResponse }) {
  const queryClient = useQueryClient();
  // The account made here, for the line that says who is now signed in.
  const [claimedAs, setClaimedAs] = useState<User | null>(null);
  const onClaimed = (session: AuthSuccess) => {
    queryClient.setQueryData<InvitationResponse>(invitationQueryKey(token), (current) => (current ? { ...current, canClaimAccount: false } : current));
    setClaimedAs(session.user);
    onSignedIn(session);
  };
  const [machine] = useState(() => providedMachine(queryClient));
  const actorRef = useActorRef(machine, {
    input: {
      token,
      hasRevealed: invitation.hasRevealed,
      hasSubmittedAvailability: invitation.hasSubmittedAvailability,
    },
  });
  const step = useSelector(actorRef, invitationStep);
  const offeredTimes = useSelector(actorRef, hasOfferedTimes);
  const companyName = invitation.company.name || invitation.job.company;
  // Shown: the company's list says Viewed (ADR 070). Once per page; the server keeps the first view
  // only, and a failure costs the company that line, never the candidate their page.
  useEffect(() => {
    recordInvitationView(token).catch(() => undefined);
  }, [token]);

  return (
    <div className="grid gap-6">
      <header className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">You&apos;re Invited to Apply!</h1>
        <p className="text-muted-foreground">
          {companyName} would like you to apply for the role below
          {invitation.candidate.title ? ` (they found your ${invitation.candidate.title} profile)` : ''}.
        </p>
      </header>

      {invitation.hasDeclined ? (
        <Alert>
          <XCircleIcon aria-hidden="true" />
          <AlertTitle>{INVITATION_MESSAGES.declined}</AlertTitle>
          <AlertDescription>{INVITATION_MESSAGES.declinedBanner}</AlertDescription>
        </Alert>
      ) : offeredTimes ? (
        <Alert variant="success">
          <CheckCircle2Icon aria-hidden="true" />
          <AlertTitle>Thank you!</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>Your interview availability was sent to {companyName}. They will be in touch to schedule your interview.</p>
            {invitation.availability ? <p>Times offered: {describeAvailability(invitation.availability)}</p> : null}
            {invitation.inOfferStage ? null : (
              <p>
                <Button variant="outline" size="sm" onClick={() => actorRef.send({ type: 'availability.open' })}>
                  <CalendarClockIcon aria-hidden="true" />
                  {INVITATION_MESSAGES.changeAvailability}
                </Button>
              </p>
            )}
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          {jobCard(invitation.job)}
          {invitation.invitation.message ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Personal message from {companyName}</CardTitle>
              </CardHeader>
              <CardContent>
                <blockquote className="border-l-4 border-primary/40 pl-4 whitespace-pre-line text-sm">{invitation.invitation.message}</blockquote>
              </CardContent>
            </Card>
          ) : null}
        </div>
        <div className="grid content-start gap-6">
          <InvitationCompanyCard company={invitation.company} fallbackName={companyName} />
        </div>
      </div>

      {offeredTimes || invitation.hasDeclined ? null : (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <ShieldCheckIcon className="size-5 text-primary" aria-hidden="true" />
              Your privacy
            </CardTitle>
            <CardDescription>{privacyText(companyName, step === 'notRevealed' || step === 'revealing' ? invitation.knownToCompany : 'this')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {signedIn ? null : <ConfirmAccount />}
            {!signedIn && claimedAs === null && invitation.canClaimAccount ? <ClaimAccount token={token} onClaimed={onClaimed} /> : null}
            {claimedAs ? (
              <Alert variant="success">
                <CheckCircle2Icon aria-hidden="true" />
                <AlertTitle>Your account is ready</AlertTitle>
                <AlertDescription>
                  You are signed in as {claimedAs.email}. Next time, sign in with this email and your new password.
                </AlertDescription>
              </Alert>
            ) : null}
            {step === 'notRevealed' || step === 'revealing' ? (
              <div className="flex flex-wrap gap-3">
                <Button disabled={step === 'revealing'} onClick={() => actorRef.send({ type: 'invitation.reveal' })}>
                  {step === 'revealing' ? 'Revealing…' : 'Reveal My Profile'}
                </Button>
                <DeclineInvitation token={token} companyName={companyName} disabled={step === 'revealing'} />
              </div>
            ) : (
              <div className="grid gap-3">
                <p className="flex items-center gap-2 text-sm text-success">
                  <CheckCircle2Icon className="size-4" aria-hidden="true" />
                  Your profile is revealed to {companyName}.
                </p>
                <div className="flex flex-wrap gap-3">
                  <Button onClick={() => actorRef.send({ type: 'availability.open' })}>
                    <CalendarClockIcon aria-hidden="true" />
                    Submit Availability
                  </Button>
                  <DeclineInvitation token={token} companyName={companyName} disabled={false} />
                </div>
              </div>
            )}
          </CardContent>
        </Card>
      )}

      {invitation.hasDeclined ? null : <AvailabilityDialog actorRef={actorRef} companyName={companyName} offered={invitation.availability} />}
    </div>
  );
}

/**
 * Saying no to the request (ADR 104), after a confirmation: the company's list says Declined and
 * learns nothing more of the candidate. The page, the dashboard and the inbox then show it declined;
 * a second click, a second tab or a retry is answered as the first.
 */
function DeclineInvitation({ token, companyName, disabled }: { token: string; companyName: string; disabled: boolean }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const decline = useMutation({
    mutationFn: () => declineInvitation(token),
    onSuccess: () => {
      queryClient.setQueryData<InvitationResponse>(invitationQueryKey(token), (current) => (current ? { ...current, hasDeclined: true } : current));
      void queryClient.invalidateQueries({ queryKey: myInvitationsQueryKey, exact: true });
      setConfirming(false);
      toast({ title: INVITATION_MESSAGES.declined, description: `${companyName} has been told you are not interested.`, variant: 'success' });
    },
    onError: (error) => {
      setConfirming(false);
      toast({
        title: INVITATION_MESSAGES.declineFailed,
        description: (error instanceof NetworkError ? error.message : clientErrorText(error)) ?? undefined,
        variant: 'destructive',
      });
    },
  });
  return (
    <>
      <Button variant="outline" disabled={disabled || decline.isPending} onClick={() => setConfirming(true)}>
        <XCircleIcon aria-hidden="true" />
        {INVITATION_MESSAGES.decline}
      </Button>
      <Dialog open={confirming} onOpenChange={(open) => (decline.isPending ? undefined : setConfirming(open))}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{INVITATION_MESSAGES.declineConfirmTitle}</DialogTitle>
            <DialogDescription>{INVITATION_MESSAGES.declineConfirm}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={decline.isPending} onClick={() => setConfirming(false)}>
              Keep Invitation
            </Button>
            <Button variant="destructive" disabled={decline.isPending} onClick={() => decline.mutate()}>
              {decline.isPending ? 'Declining…' : INVITATION_MESSAGES.decline}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * What the company knows of the candidate, truthfully (ADR 066, ADR 070): nothing yet; their name
 * and email because they applied to one of its jobs or revealed their profile from another of its
 * invitations; or because they revealed it from this one.
 */
export function privacyText(companyName: string, known: InvitationResponse['knownToCompany'] | 'this'): string {
  switch (known) {
    case 'this':
      return `You revealed your profile to ${companyName}: they see your name and email, and no one else does through this invitation.`;
    case 'applied':
      return `${companyName} already knows your name and email: you applied to one of their jobs. Revealing your profile tells them you are interested in this role too, and lets you offer interview times.`;
    case 'revealed':
      return `${companyName} already knows your name and email: you revealed your profile to them from another invitation. Revealing it here lets you offer interview times for this role.`;
    case null:
      return `${companyName} does not know who you are yet. Revealing your profile shares your name and email with ${companyName}, and with no one else.`;
  }
}

/** For anonymous visitors (part 1 §2): sign in to the account the invitation was sent to, then keep the resume current. */
function ConfirmAccount() {
  const { openAuthDialog } = useAuthDialog();
  return (
    <div className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
      <p>Have an account with us? Confirm it and update your resume so the company sees your latest experience.</p>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => openAuthDialog('signin', { stayOnPage: true })}>
        Confirm Account &amp; Update Resume
      </Button>
    </div>
  );
}

/**
 * For anonymous visitors invited as a candidate an admin added, who has no account yet (ADR 038;
 * the server says so in `canClaimAccount`): a password makes the account of that profile, with the
 * address the invitation was mailed to, and signs them in. The page's rules (both fields, the same)
 * then sign-up's (the contract's); the server's refusal is said as it says it.
 */
function ClaimAccount({ token, onClaimed }: { token: string; onClaimed: (session: AuthSuccess) => void }) {
  const form = useForm<ClaimAccountValues, unknown, ClaimAccountBody>({
    resolver: contractResolver(ClaimAccountForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const claim = useMutation({
    mutationFn: (body: ClaimAccountBody) => claimAccount(token, body),
    onSuccess: onClaimed,
    onError: (error) => showFieldIssues(form.setError, fieldIssuesOf(error), CLAIM_ACCOUNT_FIELDS),
  });
  const failure = claim.error
    ? claim.error instanceof NetworkError
      ? claim.error.message
      : (clientErrorText(claim.error) ?? INVITATION_MESSAGES.claimFailed)
    : null;

  return (
    <section aria-labelledby="claim-account-title" className="grid gap-3 rounded-md border p-3 text-sm">
      <h2 id="claim-account-title" className="flex items-center gap-2 font-semibold">
        <UserPlusIcon className="size-4 text-primary" aria-hidden="true" />
        New to Hireloop? Create your account
      </h2>
      <p className="text-muted-foreground">
        Choose a password to make this profile your own account. You will sign in with the email address this invitation was sent to.
      </p>
      <form className="grid gap-3" onSubmit={form.handleSubmit((values) => claim.mutate(values))} noValidate>
        <FormField control={form.control} name="password" label="Password" hint="At least 8 characters.">
          {(field) => <Input {...field} type="password" autoComplete="new-password" disabled={claim.isPending} />}
        </FormField>
        <FormField control={form.control} name="confirmPassword" label="Confirm Password">
          {(field) => <Input {...field} type="password" autoComplete="new-password" disabled={claim.isPending} />}
        </FormField>
        {failure ? (
          <Alert variant="destructive">
            <CircleAlertIcon aria-hidden="true" />
            <AlertTitle>Your account was not created</AlertTitle>
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        ) : null}
        <Button type="submit" className="justify-self-start" disabled={claim.isPending}>
          {claim.isPending ? 'Creating Account…' : 'Create Account'}
        </Button>
      </form>
    </section>
  );
}

function InvitationCompanyCard({ company, fallbackName }: { company: InvitationResponse['company']; fallbackName: string }) {
  const facts = [
    { label: 'Industry', value: company.industry },
    { label: 'Company size', value: company.size ? `${company.size} employees` : '' },
  ].filter((fact) => fact.value !== '');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Building2Icon className="size-5 text-primary" aria-hidden="true" />
          About {company.name || fallbackName}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {company.description ? <p className="whitespace-pre-line text-sm text-muted-foreground">{company.description}</p> : null}
        {facts.length > 0 ? (
          <dl className="grid gap-1 text-sm">
            {facts.map(({ label, value }) => (
              <div key={label} className="flex gap-2">
                <dt className="text-muted-foreground">{label}:</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {!company.description && facts.length === 0 ? <p className="text-sm text-muted-foreground">No company details yet.</p> : null}
      </CardContent>
    </Card>
  );
}
