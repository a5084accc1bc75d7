import { AUTH_MESSAGES, ValidateResetTokenBody } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeftIcon, CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useFormState } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { contractResolver, showFieldIssues } from '../../../lib/forms';
import {
  NEW_PASSWORD_FIELDS,
  NewPasswordForm,
  titledRuleOf,
  type NewPasswordValues,
  type ResetNotice,
} from '../lib/reset-password-form';
import { useEditsClearFailure } from '../hooks/use-edits-clear-failure';
import { RESET_REDIRECT_DELAY_MS, resetPasswordMachine } from '../machines/reset-password-machine';

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

type ResetActor = ActorRefFrom<typeof resetPasswordMachine>;

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

  const step =
    state.matches('complete') || state.matches('redirected')
      ? 3
      : state.matches('setPassword') || state.matches('submitting')
        ? 2
        : 1;

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <p className="text-xs font-medium text-muted-foreground">Step {step} of 3</p>
        <h1 className="text-2xl font-bold tracking-tight">Reset Password</h1>
        <CardDescription>{STEP_DESCRIPTION[step]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {step === 1 ? (
          <TokenForm key="token" actorRef={actorRef} />
        ) : step === 2 ? (
          <NewPasswordStep key="password" actorRef={actorRef} />
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

/** Step 1: the token, checked with the contract's `ValidateResetTokenBody` ('Please enter your reset token.'). */
function TokenForm({ actorRef }: { actorRef: ResetActor }) {
  const { token, notice, fieldIssues } = useSelector(actorRef, (snapshot) => snapshot.context);
  const validating = useSelector(actorRef, (snapshot) => snapshot.matches('validating'));
  const form = useForm<ValidateResetTokenBody, unknown, ValidateResetTokenBody>({
    resolver: contractResolver(ValidateResetTokenBody),
    // A refused token from the link comes back here, to be corrected.
    defaultValues: { token },
  });
  useEditsClearFailure(form, notice !== null, () => actorRef.send({ type: 'reset.edit' }));
  useEffect(() => {
    showFieldIssues(form.setError, fieldIssues, ['token']);
  }, [form.setError, fieldIssues]);

  return (
    <form
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => actorRef.send({ type: 'reset.submitToken', values }))}
      noValidate
    >
      <FormField control={form.control} name="token" label="Reset Token">
        {(field) => (
          <Input {...field} autoComplete="off" spellCheck={false} autoCapitalize="off" disabled={validating} />
        )}
      </FormField>
      {notice ? <NoticeAlert notice={notice} /> : null}
      <Button type="submit" disabled={validating}>
        {validating ? 'Verifying...' : 'Verify Token'}
      </Button>
    </form>
  );
}

/**
 * Step 2: the new password twice, checked by the page's rules and then the contract's (see
 * {@link NewPasswordForm}). Each message is shown at its field; a rule the spec gives a title
 * ("Passwords Don't Match", "Password Too Short") is also said in the alert, with that title.
 */
function NewPasswordStep({ actorRef }: { actorRef: ResetActor }) {
  const { notice, fieldIssues } = useSelector(actorRef, (snapshot) => snapshot.context);
  const submitting = useSelector(actorRef, (snapshot) => snapshot.matches('submitting'));
  const form = useForm<NewPasswordValues, unknown, { newPassword: string }>({
    resolver: contractResolver(NewPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = useFormState({ control: form.control });
  useEditsClearFailure(form, notice !== null, () => actorRef.send({ type: 'reset.edit' }));
  useEffect(() => {
    showFieldIssues(form.setError, fieldIssues, NEW_PASSWORD_FIELDS);
  }, [form.setError, fieldIssues]);

  const ruleBroken = NEW_PASSWORD_FIELDS.map((field) => titledRuleOf(errors[field]?.message)).find(Boolean) ?? null;
  const shown = notice ?? ruleBroken;

  return (
    <form
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => actorRef.send({ type: 'reset.submitPassword', values }))}
      noValidate
    >
      <FormField control={form.control} name="newPassword" label="New Password" hint="At least 8 characters.">
        {(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="new-password"
            disabled={submitting}
            // The step just changed under the person's hands: start where they type next.
            autoFocus
          />
        )}
      </FormField>
      <FormField control={form.control} name="confirmPassword" label="Confirm Password">
        {(field) => <Input {...field} type="password" autoComplete="new-password" disabled={submitting} />}
      </FormField>
      {shown ? <NoticeAlert notice={shown} /> : null}
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
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
