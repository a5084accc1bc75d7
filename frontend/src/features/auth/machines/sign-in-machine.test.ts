import type { AuthSuccess, ForgotPasswordBody, LoginBody, User } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { RESET_EMAIL_SENT } from '../api/forgot-password';
import { signInMachine } from './sign-in-machine';

const candidate: User = {
  id: 'u1',
  userId: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  type: 'candidate',
  role: 'candidate',
  isAdmin: false,
  companyId: null,
  companyName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const session: AuthSuccess = { success: true, user: candidate, token: 'token-1' };

function start(
  overrides: {
    login?: (input: LoginBody) => Promise<AuthSuccess>;
    requestPasswordReset?: (input: ForgotPasswordBody) => Promise<string>;
  } = {},
) {
  const calls = { login: [] as LoginBody[], reset: [] as string[] };
  const machine = signInMachine.provide({
    actors: {
      login: fromPromise<AuthSuccess, LoginBody>(async ({ input }) => {
        calls.login.push(input);
        return overrides.login ? overrides.login(input) : session;
      }),
      requestPasswordReset: fromPromise<string, ForgotPasswordBody>(async ({ input }) => {
        calls.reset.push(input.email);
        return overrides.requestPasswordReset ? overrides.requestPasswordReset(input) : RESET_EMAIL_SENT;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('sign-in machine', () => {
  it('starts on the choice screen and goes to the email form on "Continue with Email"', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('choice');
    actor.send({ type: 'signIn.chooseEmail' });
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
  });

  it('Back returns one step at a time: forgot password → email form → choice', () => {
    const { actor } = start();
    actor.send({ type: 'signIn.chooseEmail' });
    actor.send({ type: 'signIn.forgotPassword', email: '' });
    expect(actor.getSnapshot().matches('forgot')).toBe(true);
    actor.send({ type: 'signIn.back' });
    expect(actor.getSnapshot().matches('email')).toBe(true);
    actor.send({ type: 'signIn.back' });
    expect(actor.getSnapshot().value).toBe('choice');
  });

  it('signs in with the values the form parsed and ends with the session', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'signIn.chooseEmail' });
    actor.send({ type: 'signIn.submit', values: { email: 'ada@example.com', password: 'correct horse' } });
    expect(actor.getSnapshot().matches({ email: 'submitting' })).toBe(true);

    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.login).toEqual([{ email: 'ada@example.com', password: 'correct horse' }]);
    expect(done.value).toBe('signedIn');
    expect(done.output).toEqual({ session });
    // The password went to the server in the event; the machine never held it.
    expect(JSON.stringify(done.context)).not.toContain('correct horse');
  });

  it('shows the failure message and stays on the email form when sign-in fails', async () => {
    const { actor } = start({
      login: async () => {
        throw new Error('Invalid email or password. Please try again.');
      },
    });
    actor.send({ type: 'signIn.chooseEmail' });
    actor.send({ type: 'signIn.submit', values: { email: 'ada@example.com', password: 'wrong' } });

    const snapshot = await waitFor(actor, (s) => s.matches({ email: 'editing' }) && s.context.error !== null);
    expect(snapshot.context.error).toBe('Invalid email or password. Please try again.');
    expect(snapshot.context.fieldIssues).toEqual([]);
    expect(snapshot.context.email).toBe('ada@example.com');
    expect(snapshot.status).toBe('active');
  });

  it('keeps the reasons a refusal gives about single fields, for the form to show at them', async () => {
    const refusal = new ApiError(
      400,
      JSON.stringify({
        success: false,
        error: 'Please enter a valid email address',
        details: [{ path: 'email', message: 'Please enter a valid email address' }],
      }),
      'Bad Request',
    );
    const { actor } = start({
      login: async () => {
        throw new Error('Please enter a valid email address', { cause: refusal });
      },
    });
    actor.send({ type: 'signIn.chooseEmail' });
    actor.send({ type: 'signIn.submit', values: { email: 'ada@example', password: 'secret' } });

    const snapshot = await waitFor(actor, (s) => s.context.error !== null);
    expect(snapshot.context.fieldIssues).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);

    // A new attempt starts clean.
    actor.send({ type: 'signIn.submit', values: { email: 'ada@example.com', password: 'secret' } });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, fieldIssues: [] });
  });

  it('clears the error once the person types again', async () => {
    const { actor } = start({
      login: async () => {
        throw new Error('Invalid email or password. Please try again.');
      },
    });
    actor.send({ type: 'signIn.chooseEmail' });
    actor.send({ type: 'signIn.submit', values: { email: 'ada@example.com', password: 'wrong' } });
    await waitFor(actor, (s) => s.context.error !== null);
    actor.send({ type: 'signIn.edit' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('opening the forgot-password form sends no reset link, even when the sign-in form submits as it goes', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'signIn.chooseEmail' });
    // The browser's order for a click on "Forgot password?" inside the sign-in form: the click,
    // then (when the button ends up submitting) the form's submit.
    actor.send({ type: 'signIn.forgotPassword', email: 'ada@example.com' });
    actor.send({ type: 'signIn.submit', values: { email: 'ada@example.com', password: '' } });
    await new Promise((resolve) => setTimeout(resolve, 0));

    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ forgot: 'editing' })).toBe(true);
    expect(snapshot.context.email).toBe('ada@example.com');
    expect(snapshot.context.notice).toBeNull();
    expect(snapshot.context.error).toBeNull();
    expect(calls.reset).toEqual([]);
    expect(calls.login).toEqual([]);
  });

  it('keeps the typed email for the reset form and sends the link only on Send Reset Link', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'signIn.chooseEmail' });
    actor.send({ type: 'signIn.forgotPassword', email: 'ada@example.com' });
    expect(actor.getSnapshot().context.email).toBe('ada@example.com');
    expect(calls.reset).toEqual([]);
    actor.send({ type: 'signIn.sendResetLink', values: { email: 'ada@example.com' } });
    expect(actor.getSnapshot().matches({ forgot: 'sending' })).toBe(true);

    const snapshot = await waitFor(actor, (s) => s.context.notice !== null);
    expect(calls.reset).toEqual(['ada@example.com']);
    expect(snapshot.matches({ forgot: 'editing' })).toBe(true);
    expect(snapshot.context.notice).toBe(RESET_EMAIL_SENT);
    expect(snapshot.context.error).toBeNull();
  });

  it('Back from the reset form brings the email typed there back to the sign-in form', () => {
    const { actor } = start();
    actor.send({ type: 'signIn.chooseEmail' });
    actor.send({ type: 'signIn.forgotPassword', email: '' });
    actor.send({ type: 'signIn.back', email: 'grace@example.com' });
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.email).toBe('grace@example.com');
  });

  it("shows the server's words when the reset request is answered: this Hireloop may not send email", async () => {
    const notSent = 'This Hireloop does not send email yet, so no reset link can reach you. Please ask the people who run it to set up email delivery.';
    const { actor } = start({ requestPasswordReset: async () => notSent });
    actor.send({ type: 'signIn.chooseEmail' });
    actor.send({ type: 'signIn.forgotPassword', email: '' });
    actor.send({ type: 'signIn.sendResetLink', values: { email: 'ada@example.com' } });

    const snapshot = await waitFor(actor, (s) => s.context.notice !== null);
    expect(snapshot.context.notice).toBe(notSent);
  });

  it('reports a failed reset request', async () => {
    const { actor } = start({
      requestPasswordReset: async () => {
        throw new Error('Failed to send reset email. Please try again.');
      },
    });
    actor.send({ type: 'signIn.chooseEmail' });
    actor.send({ type: 'signIn.forgotPassword', email: '' });
    actor.send({ type: 'signIn.sendResetLink', values: { email: 'ada@example.com' } });

    const snapshot = await waitFor(actor, (s) => s.context.error !== null);
    expect(snapshot.context.error).toBe('Failed to send reset email. Please try again.');
    expect(snapshot.context.notice).toBeNull();
  });
});
