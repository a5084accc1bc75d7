import type { ResetPasswordBody, ValidateResetTokenBody } from '@hireloop/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { ResetFlowError } from '../api/reset-password';
import { resetPasswordMachine, type ResetPasswordInput } from './reset-password-machine';

interface Overrides {
  validateResetToken?: (token: string) => Promise<void>;
  resetPassword?: (input: ResetPasswordBody) => Promise<void>;
}

function start(overrides: Overrides = {}, input: ResetPasswordInput = {}) {
  const calls = { validate: [] as string[], reset: [] as ResetPasswordBody[] };
  const redirectToSignIn = vi.fn();
  const announceSuccess = vi.fn();
  const machine = resetPasswordMachine.provide({
    actors: {
      validateResetToken: fromPromise<void, ValidateResetTokenBody>(async ({ input }) => {
        calls.validate.push(input.token);
        await overrides.validateResetToken?.(input.token);
      }),
      resetPassword: fromPromise<void, ResetPasswordBody>(async ({ input }) => {
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
  actor.send({ type: 'reset.submitToken', values: { token } });
  return waitFor(actor, (snapshot) => snapshot.matches('setPassword'));
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

  it('validates the typed token and moves on to the password step when it is valid', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'reset.submitToken', values: { token: 'reset-token-1' } });
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
    actor.send({ type: 'reset.submitToken', values: { token: 'used-token' } });

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
    actor.send({ type: 'reset.submitToken', values: { token: 'token' } });

    const snapshot = await waitFor(actor, (s) => s.context.notice !== null);
    expect(snapshot.context.notice).toEqual({
      title: 'Invalid Token',
      description: 'The reset token is invalid or expired.',
    });
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

  it('stays on the password step with the server reason when the reset is refused', async () => {
    const { actor } = start({
      resetPassword: async () => {
        throw new ResetFlowError('Reset Failed', 'The reset token is invalid or expired.');
      },
    });
    await reachPasswordStep(actor);
    actor.send({ type: 'reset.submitPassword', values: { newPassword: 'new-password' } });
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
    actor.send({ type: 'reset.submitPassword', values: { newPassword: 'new-password' } });

    const snapshot = await waitFor(actor, (s) => s.context.notice !== null);
    expect(snapshot.context.notice).toEqual({
      title: 'Network Error',
      description: 'Unable to reset password. Please try again.',
    });
  });

  it('a failure clears once the person types again', async () => {
    const { actor } = start({
      validateResetToken: async () => {
        throw new ResetFlowError('Invalid Token', 'The reset token is invalid or expired.');
      },
    });
    actor.send({ type: 'reset.submitToken', values: { token: 'used-token' } });
    await waitFor(actor, (s) => s.context.notice !== null);
    actor.send({ type: 'reset.edit' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('keeps the reasons a refused reset gives about the new password, for the form to show there', async () => {
    const refusal = new ApiError(
      400,
      JSON.stringify({
        success: false,
        error: 'Password must be at most 256 characters long',
        details: [{ path: 'newPassword', message: 'Password must be at most 256 characters long' }],
      }),
      'Bad Request',
    );
    const { actor } = start({
      resetPassword: async () => {
        throw new ResetFlowError('Reset Failed', 'Password must be at most 256 characters long', { cause: refusal });
      },
    });
    await reachPasswordStep(actor);
    actor.send({ type: 'reset.submitPassword', values: { newPassword: 'new-password' } });

    const snapshot = await waitFor(actor, (s) => s.context.notice !== null);
    expect(snapshot.value).toBe('setPassword');
    expect(snapshot.context.fieldIssues).toEqual([
      { path: 'newPassword', message: 'Password must be at most 256 characters long' },
    ]);
  });

  it('resets the password, announces success, and goes to sign-in 3 seconds later', async () => {
    vi.useFakeTimers();
    const { actor, calls, announceSuccess, redirectToSignIn } = start();
    await reachPasswordStep(actor, 'reset-token-1');
    actor.send({ type: 'reset.submitPassword', values: { newPassword: 'new-password' } });
    await waitFor(actor, (snapshot) => snapshot.matches('complete'));

    expect(calls.reset).toEqual([{ token: 'reset-token-1', newPassword: 'new-password' }]);
    expect(announceSuccess).toHaveBeenCalledOnce();
    // The password went to the server in the event; the machine never held it.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('new-password');

    vi.advanceTimersByTime(2999);
    expect(redirectToSignIn).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('complete');

    vi.advanceTimersByTime(1);
    expect(redirectToSignIn).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().status).toBe('done');
  });
});
