import { AUTH_MESSAGES } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeftIcon, CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { RESET_REDIRECT_DELAY_MS, resetPasswordMachine, type ResetNotice } from '../machines/reset-password-machine';
import { FormField } from './form-field';

interface ResetPasswordPanelProps {
  /** The token the link carried, if any: validated at once. */
  linkToken: string | null;
  /** Called once, {@link RESET_REDIRECT_DELAY_MS} after the password was reset. */
  onRedirectToSignIn: () => void;
}

const STEP_DESCRIPTION = {
  1: 'Enter the reset token from the email we sent you.',
  2: 'Choose a new password for your account.',
  3: 'All done.',
} as const;

/**
 * The reset password card (spec part 2, "Reset password"): step 1 enter token, step 2 set a new
 * password, step 3 complete. The flow lives in {@link resetPasswordMachine}.
 */
export function ResetPasswordPanel({ linkToken, onRedirectToSignIn }: ResetPasswordPanelProps) {
  const redirect = useRef(onRedirectToSignIn);
  useEffect(() => {
    redirect.current = onRedirectToSignIn;
  }, [onRedirectToSignIn]);

  // Provided once: the actor is created from the first machine it is given. The ref is read when
  // the machine reaches its end (after render), so the latest callback runs.
  // eslint-disable-next-line react-hooks/refs
  const [machine] = useState(() =>
    resetPasswordMachine.provide({
      actions: {
        announceSuccess: () => toast({ title: AUTH_MESSAGES.passwordResetSuccessful, variant: 'success' }),
        redirectToSignIn: () => redirect.current(),
      },
    }),
  );
  const actorRef = useActorRef(machine, { input: { token: linkToken } });
  const state = useSelector(actorRef, (snapshot) => snapshot);
  const { token, newPassword, confirmPassword, notice } = state.context;

  const step =
    state.matches('complete') || state.matches('redirected')
      ? 3
      : state.matches('setPassword') || state.matches('submitting')
        ? 2
        : 1;
  const validating = state.matches('validating');
  const submitting = state.matches('submitting');

  const submitToken = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'reset.submitToken' });
  };
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'reset.submitPassword' });
  };

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <p className="text-xs font-medium text-muted-foreground">Step {step} of 3</p>
        <h1 className="text-2xl font-bold tracking-tight">Reset Password</h1>
        <CardDescription>{STEP_DESCRIPTION[step]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {step === 1 ? (
          <form key="token" className="grid gap-4" onSubmit={submitToken} noValidate>
            <FormField
              label="Reset Token"
              value={token}
              onValueChange={(value) => actorRef.send({ type: 'reset.changeToken', value })}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              disabled={validating}
            />
            {notice ? <NoticeAlert notice={notice} /> : null}
            <Button type="submit" disabled={validating}>
              {validating ? 'Verifying...' : 'Verify Token'}
            </Button>
          </form>
        ) : step === 2 ? (
          <form key="password" className="grid gap-4" onSubmit={submitPassword} noValidate>
            <FormField
              label="New Password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onValueChange={(value) => actorRef.send({ type: 'reset.changePassword', field: 'newPassword', value })}
              hint="At least 8 characters."
              disabled={submitting}
              // The step just changed under the person's hands: start where they type next.
              autoFocus
            />
            <FormField
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onValueChange={(value) =>
                actorRef.send({ type: 'reset.changePassword', field: 'confirmPassword', value })
              }
              disabled={submitting}
            />
            {notice ? <NoticeAlert notice={notice} /> : null}
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Resetting...' : 'Reset Password'}
            </Button>
          </form>
        ) : (
          <Alert variant="success">
            <CircleCheckIcon aria-hidden="true" />
            <AlertTitle>
              <h2>Your password has been changed</h2>
            </AlertTitle>
            <AlertDescription>
              You can now sign in with your new password. Redirecting to the sign-in page in{' '}
              {RESET_REDIRECT_DELAY_MS / 1000} seconds...
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
      <CardFooter className="justify-center">
        <Button variant="link" size="sm" asChild>
          <Link to="/signin">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Sign In
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function NoticeAlert({ notice }: { notice: ResetNotice }) {
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      {notice.title ? <AlertTitle>{notice.title}</AlertTitle> : null}
      <AlertDescription>{notice.description}</AlertDescription>
    </Alert>
  );
}
