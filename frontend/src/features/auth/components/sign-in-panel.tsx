import { AUTH_MESSAGES, type AuthSuccess } from '@hireloop/contracts';
import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeftIcon, CircleAlertIcon, CircleCheckIcon, LinkIcon, MailIcon } from 'lucide-react';
import { useEffect, useId, type FormEvent } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAuthProviders } from '../api/get-auth-providers';
import { signInMachine } from '../machines/sign-in-machine';
import { FormField } from './form-field';

interface SignInPanelProps {
  onSignedIn: (session: AuthSuccess) => void;
}

/** The Sign In tab: choice screen → email form → forgot-password form. */
export function SignInPanel({ onSignedIn }: SignInPanelProps) {
  const actorRef = useActorRef(signInMachine);
  const state = useSelector(actorRef, (snapshot) => snapshot);
  const { email, password, error, notice } = state.context;

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

  const submitSignIn = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'signIn.submit' });
  };
  const submitResetRequest = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'signIn.sendResetLink' });
  };
  const back = (
    <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={() => actorRef.send({ type: 'signIn.back' })}>
      <ArrowLeftIcon aria-hidden="true" />
      Back
    </Button>
  );
  const errorAlert = error ? (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription>{error}</AlertDescription>
    </Alert>
  ) : null;

  if (state.matches('choice')) {
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
      </div>
    );
  }

  if (state.matches('forgot')) {
    const sending = state.matches({ forgot: 'sending' });
    return (
      // Keyed apart from the sign-in form: sharing DOM nodes, the clicked "Forgot password?"
      // button became this form's submit button before its click finished, and mailed a link.
      <form key="forgot-password" className="grid gap-4" onSubmit={submitResetRequest} noValidate>
        {back}
        <div className="grid gap-1">
          <h3 className="font-semibold">Reset your password</h3>
          <p className="text-sm text-muted-foreground">We will email you a link to choose a new password.</p>
        </div>
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={(value) => actorRef.send({ type: 'signIn.change', field: 'email', value })}
          disabled={sending}
        />
        {errorAlert}
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

  const submitting = state.matches({ email: 'submitting' });
  return (
    <form key="sign-in" className="grid gap-4" onSubmit={submitSignIn} noValidate>
      {back}
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={(value) => actorRef.send({ type: 'signIn.change', field: 'email', value })}
        disabled={submitting}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValueChange={(value) => actorRef.send({ type: 'signIn.change', field: 'password', value })}
        disabled={submitting}
      />
      {errorAlert}
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <Button
        variant="link"
        size="sm"
        className="justify-self-center"
        onClick={() => actorRef.send({ type: 'signIn.forgotPassword' })}
        disabled={submitting}
      >
        Forgot password?
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
