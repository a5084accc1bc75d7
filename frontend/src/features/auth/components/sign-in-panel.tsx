import { AUTH_MESSAGES, ForgotPasswordBody, LoginBody, type AuthSuccess } from '@hireloop/contracts';
import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeftIcon, CircleAlertIcon, CircleCheckIcon, LinkIcon, MailIcon } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { contractResolver, showFieldIssues } from '../../../lib/forms';
import { useAuthProviders } from '../api/get-auth-providers';
import { AssistantPanel } from './assistant-panel';
import { useEditsClearFailure } from '../hooks/use-edits-clear-failure';
import { signInMachine } from '../machines/sign-in-machine';

interface SignInPanelProps {
  onSignedIn: (session: AuthSuccess) => void;
}

type SignInActor = ActorRefFrom<typeof signInMachine>;

/** The Sign In tab: choice screen → email form → forgot-password form. */
export function SignInPanel({ onSignedIn }: SignInPanelProps) {
  const actorRef = useActorRef(signInMachine);
  const view = useSelector(actorRef, (snapshot) =>
    snapshot.matches('choice') ? 'choice' : snapshot.matches('forgot') ? 'forgot' : 'email',
  );

  useEffect(() => {
    // Subscribed (not derived in render) so the news arrives even if the dialog closes at once.
    const subscription = actorRef.subscribe({
      complete: () => {
        const session = actorRef.getSnapshot().output?.session;
        if (session) onSignedIn(session);
      },
    });
    return () => subscription.unsubscribe();
  }, [actorRef, onSignedIn]);

  if (view === 'choice') {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">Choose how you would like to sign in.</p>
        <Button onClick={() => actorRef.send({ type: 'signIn.chooseEmail' })}>
          <MailIcon aria-hidden="true" />
          Continue with Email
        </Button>
        <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
        <LinkedInButton />
        <AssistantChoice />
      </div>
    );
  }

  // Keyed apart: sharing DOM nodes, the clicked "Forgot password?" button became the other form's
  // submit button before its click finished, and mailed a link.
  return view === 'forgot' ? (
    <ForgotPasswordForm key="forgot-password" actorRef={actorRef} />
  ) : (
    <EmailSignInForm key="sign-in" actorRef={actorRef} />
  );
}

function ErrorAlert({ error }: { error: string | null }) {
  return error ? (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription>{error}</AlertDescription>
    </Alert>
  ) : null;
}

/** Email and password, checked with the contract's `LoginBody` before anything is sent. */
function EmailSignInForm({ actorRef }: { actorRef: SignInActor }) {
  const { email, error, fieldIssues } = useSelector(actorRef, (snapshot) => snapshot.context);
  const submitting = useSelector(actorRef, (snapshot) => snapshot.matches({ email: 'submitting' }));
  const form = useForm<LoginBody, unknown, LoginBody>({
    resolver: contractResolver(LoginBody),
    defaultValues: { email, password: '' },
  });
  useEditsClearFailure(form, error !== null, () => actorRef.send({ type: 'signIn.edit' }));
  const { setError, getValues } = form;
  useEffect(() => {
    showFieldIssues(setError, fieldIssues, ['email', 'password']);
  }, [setError, fieldIssues]);

  return (
    <form
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => actorRef.send({ type: 'signIn.submit', values }))}
      noValidate
    >
      <BackButton onClick={() => actorRef.send({ type: 'signIn.back', email: getValues('email') })} />
      <FormField control={form.control} name="email" label="Email">
        {(field) => <Input {...field} type="email" autoComplete="email" disabled={submitting} />}
      </FormField>
      <FormField control={form.control} name="password" label="Password">
        {(field) => <Input {...field} type="password" autoComplete="current-password" disabled={submitting} />}
      </FormField>
      <ErrorAlert error={error} />
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <Button
        variant="link"
        size="sm"
        className="justify-self-center"
        // The email typed so far goes along to the reset form.
        onClick={() => actorRef.send({ type: 'signIn.forgotPassword', email: getValues('email') })}
        disabled={submitting}
      >
        Forgot password?
      </Button>
    </form>
  );
}

/** The email to mail a reset link to, checked with the contract's `ForgotPasswordBody`. */
function ForgotPasswordForm({ actorRef }: { actorRef: SignInActor }) {
  const { email, error, notice, fieldIssues } = useSelector(actorRef, (snapshot) => snapshot.context);
  const sending = useSelector(actorRef, (snapshot) => snapshot.matches({ forgot: 'sending' }));
  const form = useForm<ForgotPasswordBody, unknown, ForgotPasswordBody>({
    resolver: contractResolver(ForgotPasswordBody),
    defaultValues: { email },
  });
  useEditsClearFailure(form, error !== null, () => actorRef.send({ type: 'signIn.edit' }));
  const { setError, getValues } = form;
  useEffect(() => {
    showFieldIssues(setError, fieldIssues, ['email']);
  }, [setError, fieldIssues]);

  return (
    <form
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => actorRef.send({ type: 'signIn.sendResetLink', values }))}
      noValidate
    >
      <BackButton onClick={() => actorRef.send({ type: 'signIn.back', email: getValues('email') })} />
      <div className="grid gap-1">
        <h3 className="font-semibold">Reset your password</h3>
        <p className="text-sm text-muted-foreground">We will email you a link to choose a new password.</p>
      </div>
      <FormField control={form.control} name="email" label="Email">
        {(field) => <Input {...field} type="email" autoComplete="email" disabled={sending} />}
      </FormField>
      <ErrorAlert error={error} />
      {notice ? (
        <Alert variant="success">
          <CircleCheckIcon aria-hidden="true" />
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}

/**
 * Sign-in through LinkedIn is a full-page visit to the server, which sends the browser on to the
 * provider. When the server says it has no LinkedIn set up, the button is disabled and says why.
 * (While the answer is pending, or if it never comes, the button works: the server then sends
 * people back to `/?error=linkedin_unavailable`.)
 */
function LinkedInButton() {
  const { data: providers } = useAuthProviders();
  const explanationId = useId();
  if (providers?.linkedin === false) {
    return (
      <div className="grid gap-1.5">
        <Button variant="outline" disabled aria-describedby={explanationId}>
          <LinkIcon aria-hidden="true" />
          Continue with LinkedIn
        </Button>
        <p id={explanationId} className="text-center text-xs text-muted-foreground">
          {AUTH_MESSAGES.linkedinUnavailable}
        </p>
      </div>
    );
  }
  return (
    <Button asChild variant="outline">
      <a href="/api/auth/linkedin">
        <LinkIcon aria-hidden="true" />
        Continue with LinkedIn
      </a>
    </Button>
  );
}

/** The AI-assistant panel, when the server names one (it always does; an old server may not). */
function AssistantChoice() {
  const { data: providers } = useAuthProviders();
  return providers?.assistant ? <AssistantPanel settings={providers.assistant} /> : null;
}

/** Back to the choice of tabs, keeping the email typed so far. */
function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={onClick}>
      <ArrowLeftIcon aria-hidden="true" />
      Back
    </Button>
  );
}
