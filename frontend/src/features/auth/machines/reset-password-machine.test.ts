import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ResetFlowError } from '../api/reset-password';
import { NOTICES, resetPasswordMachine, type ResetPasswordInput } from './reset-password-machine';

interface Overrides {
  validateResetToken?: (token: string) => Promise<void>;
  resetPassword?: (input: { token: string; newPassword: string }) => Promise<void>;
}

function start(overrides: Overrides = {}, input: ResetPasswordInput = {}) {
  const calls = { validate: [] as string[], reset: [] as Array<{ token: string; newPassword: string }> };
  const redirectToSignIn = vi.fn();
  const announceSuccess = vi.fn();
  const machine = resetPasswordMachine.provide({
    actors: {
      validateResetToken: fromPromise<void, { token: string }>(async ({ input }) => {
        calls.validate.push(input.token);
        await overrides.validateResetToken?.(input.token);
      }),
      resetPassword: fromPromise<void, { token: string; newPassword: string }>(async ({ input }) => {
        calls.reset.push(input);
        await overrides.resetPassword?.(input);
      }),
    },
    actions: { redirectToSignIn, announceSuccess },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, redirectToSignIn, announceSuccess };
}

type Actor = ReturnType<typeof start>['actor'];

async function reachPasswordStep(actor: Actor, token = 'reset-token-1') {
  actor.send({ type: 'reset.changeToken', value: token });
  actor.send({ type: 'reset.submitToken' });
  return waitFor(actor, (snapshot) => snapshot.matches('setPassword'));
}

function typePasswords(actor: Actor, newPassword: string, confirmPassword: string) {
  actor.send({ type: 'reset.changePassword', field: 'newPassword', value: newPassword });
  actor.send({ type: 'reset.changePassword', field: 'confirmPassword', value: confirmPassword });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('reset password machine', () => {
  it('starts on the token step when the link carried no token', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('enterToken');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('asks for a token instead of validating an empty one', () => {
    const { actor, calls } = start();
    actor.send({ type: 'reset.changeToken', value: '   ' });
    actor.send({ type: 'reset.submitToken' });
    expect(actor.getSnapshot().value).toBe('enterToken');
    expect(actor.getSnapshot().context.notice).toEqual({ title: null, description: 'Please enter your reset token.' });
    expect(calls.validate).toEqual([]);
  });

  it('validates the typed token and moves on to the password step when it is valid', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'reset.changeToken', value: ' reset-token-1 ' });
    actor.send({ type: 'reset.submitToken' });
    expect(actor.getSnapshot().value).toBe('validating');

    const snapshot = await waitFor(actor, (s) => s.matches('setPassword'));
    expect(calls.validate).toEqual(['reset-token-1']);
    expect(snapshot.context.notice).toBeNull();
  });

  it('stays on the token step with the server reason when the token is refused', async () => {
    const { actor } = start({
      validateResetToken: async () => {
        throw new ResetFlowError('Invalid Token', 'The reset token is invalid or expired.');
      },
    });
    actor.send({ type: 'reset.changeToken', value: 'used-token' });
    actor.send({ type: 'reset.submitToken' });

    const snapshot = await waitFor(actor, (s) => s.context.notice !== null);
    expect(snapshot.value).toBe('enterToken');
    expect(snapshot.context.notice).toEqual({
      title: 'Invalid Token',
      description: 'The reset token is invalid or expired.',
    });
    expect(snapshot.context.token).toBe('used-token');
  });

  it('reports an unexpected validation failure as an invalid token', async () => {
    const { actor } = start({
      validateResetToken: async () => {
        throw new Error('boom');
      },
    });
    actor.send({ type: 'reset.changeToken', value: 'token' });
    actor.send({ type: 'reset.submitToken' });

    const snapshot = await waitFor(actor, (s) => s.context.notice !== null);
    expect(snapshot.context.notice).toEqual({
      title: 'Invalid Token',
      description: 'The reset token is invalid or expired.',
    });
  });

  it('typing a new token clears the error', async () => {
    const { actor } = start();
    actor.send({ type: 'reset.submitToken' });
    expect(actor.getSnapshot().context.notice).not.toBeNull();
    actor.send({ type: 'reset.changeToken', value: 'a' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('a token from the link is validated at once and leads straight to the password step', async () => {
    const { actor, calls } = start({}, { token: 'link-token' });
    expect(actor.getSnapshot().value).toBe('validating');
    await waitFor(actor, (s) => s.matches('setPassword'));
    expect(calls.validate).toEqual(['link-token']);
  });

  it('an expired token from the link lands on the token step, prefilled, with the reason', async () => {
    const { actor } = start(
      {
        validateResetToken: async () => {
          throw new ResetFlowError('Invalid Token', 'The reset token is invalid or expired.');
        },
      },
      { token: 'old-token' },
    );
    const snapshot = await waitFor(actor, (s) => s.matches('enterToken'));
    expect(snapshot.context.token).toBe('old-token');
    expect(snapshot.context.notice?.title).toBe('Invalid Token');
  });

  it('asks for both password fields', async () => {
    const { actor, calls } = start();
    await reachPasswordStep(actor);
    typePasswords(actor, 'longenough', '');
    actor.send({ type: 'reset.submitPassword' });
    expect(actor.getSnapshot().value).toBe('setPassword');
    expect(actor.getSnapshot().context.notice).toEqual({ title: null, description: 'Please fill in all fields.' });
    expect(calls.reset).toEqual([]);
  });

  it('refuses passwords that do not match', async () => {
    const { actor, calls } = start();
    await reachPasswordStep(actor);
    typePasswords(actor, 'new-password-1', 'new-password-2');
    actor.send({ type: 'reset.submitPassword' });
    expect(actor.getSnapshot().value).toBe('setPassword');
    expect(actor.getSnapshot().context.notice).toEqual({
      title: "Passwords Don't Match",
      description: 'Please make sure both passwords are identical.',
    });
    expect(calls.reset).toEqual([]);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const { actor, calls } = start();
    await reachPasswordStep(actor);
    typePasswords(actor, 'short12', 'short12');
    actor.send({ type: 'reset.submitPassword' });
    expect(actor.getSnapshot().value).toBe('setPassword');
    expect(actor.getSnapshot().context.notice).toEqual(NOTICES.passwordTooShort);
    expect(actor.getSnapshot().context.notice).toEqual({
      title: 'Password Too Short',
      description: 'Password must be at least 8 characters long.',
    });
    expect(calls.reset).toEqual([]);
  });

  it('stays on the password step with the server reason when the reset is refused', async () => {
    const { actor } = start({
      resetPassword: async () => {
        throw new ResetFlowError('Reset Failed', 'The reset token is invalid or expired.');
      },
    });
    await reachPasswordStep(actor);
    typePasswords(actor, 'new-password', 'new-password');
    actor.send({ type: 'reset.submitPassword' });
    expect(actor.getSnapshot().value).toBe('submitting');

    const snapshot = await waitFor(actor, (s) => s.context.notice !== null);
    expect(snapshot.value).toBe('setPassword');
    expect(snapshot.context.notice).toEqual({
      title: 'Reset Failed',
      description: 'The reset token is invalid or expired.',
    });
  });

  it('reports a network failure while resetting', async () => {
    const { actor } = start({
      resetPassword: async () => {
        throw new ResetFlowError('Network Error', 'Unable to reset password. Please try again.');
      },
    });
    await reachPasswordStep(actor);
    typePasswords(actor, 'new-password', 'new-password');
    actor.send({ type: 'reset.submitPassword' });

    const snapshot = await waitFor(actor, (s) => s.context.notice !== null);
    expect(snapshot.context.notice).toEqual({
      title: 'Network Error',
      description: 'Unable to reset password. Please try again.',
    });
  });

  it('resets the password, announces success, and goes to sign-in 3 seconds later', async () => {
    vi.useFakeTimers();
    const { actor, calls, announceSuccess, redirectToSignIn } = start();
    await reachPasswordStep(actor, 'reset-token-1');
    typePasswords(actor, 'new-password', 'new-password');
    actor.send({ type: 'reset.submitPassword' });
    await waitFor(actor, (snapshot) => snapshot.matches('complete'));

    expect(calls.reset).toEqual([{ token: 'reset-token-1', newPassword: 'new-password' }]);
    expect(announceSuccess).toHaveBeenCalledOnce();
    // The password does not linger in memory once it is set.
    expect(actor.getSnapshot().context).toMatchObject({ newPassword: '', confirmPassword: '', notice: null });

    vi.advanceTimersByTime(2999);
    expect(redirectToSignIn).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('complete');

    vi.advanceTimersByTime(1);
    expect(redirectToSignIn).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().status).toBe('done');
  });
});
