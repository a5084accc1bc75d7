import { describe, expect, it } from 'vitest';
import { exchangeAuthCode } from './exchange-code';
import { requestPasswordReset } from './forgot-password';
import { login } from './login';
import { ResetFlowError, resetPassword } from './reset-password';
import { validateResetToken } from './validate-reset-token';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';

const { calls, answers } = stubFetch();
const json = jsonAnswer;

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('validate reset token', () => {
  it('resolves for a usable token', async () => {
    answers.push(json(200, { success: true, valid: true }));
    await expect(validateResetToken({ token: 'abc' })).resolves.toBeUndefined();
    expect(calls[0]?.url).toBe('/api/auth/validate-reset-token');
    expect(calls[0]?.init.body).toBe('{"token":"abc"}');
  });

  it("reads a refusal as 'Invalid Token' with the server's reason", async () => {
    answers.push(json(400, { success: false, error: 'The reset token is invalid or expired.' }));
    const error = await failure(validateResetToken({ token: 'abc' }));
    expect(error).toBeInstanceOf(ResetFlowError);
    expect(error).toMatchObject({ title: 'Invalid Token', message: 'The reset token is invalid or expired.' });
  });

  it("falls back to the spec's words when the refusal has no reason", async () => {
    answers.push(() => new Response('', { status: 400 }));
    const error = await failure(validateResetToken({ token: 'abc' }));
    expect(error).toMatchObject({ title: 'Invalid Token', message: 'The reset token is invalid or expired.' });
  });

  it("reads no answer as 'Validation Failed'", async () => {
    const error = await failure(validateResetToken({ token: 'abc' }));
    expect(error).toMatchObject({
      title: 'Validation Failed',
      message: 'Unable to validate reset token. Please try again.',
    });
  });

  it("reads a server fault as 'Validation Failed', not as a bad token", async () => {
    answers.push(json(500, { success: false, error: 'Internal server error' }));
    const error = await failure(validateResetToken({ token: 'abc' }));
    expect(error).toMatchObject({ title: 'Validation Failed' });
  });
});

describe('reset password', () => {
  it('sends the token and new password without letting the browser cache the answer', async () => {
    answers.push(json(200, { success: true, message: 'Password Reset Successful' }));
    await expect(resetPassword({ token: 't1', newPassword: 'new-password' })).resolves.toBeUndefined();
    expect(calls[0]?.url).toBe('/api/auth/reset-password');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.cache).toBe('no-store');
    expect(calls[0]?.init.body).toBe('{"token":"t1","newPassword":"new-password"}');
  });

  it("reads a refusal as 'Reset Failed' with the server's reason", async () => {
    answers.push(json(400, { success: false, error: 'The reset token is invalid or expired.' }));
    const error = await failure(resetPassword({ token: 't1', newPassword: 'new-password' }));
    expect(error).toMatchObject({ title: 'Reset Failed', message: 'The reset token is invalid or expired.' });
  });

  it("hides a server fault's details behind 'Failed to reset password.'", async () => {
    answers.push(json(500, { success: false, error: 'Internal server error' }));
    const error = await failure(resetPassword({ token: 't1', newPassword: 'new-password' }));
    expect(error).toMatchObject({ title: 'Reset Failed', message: 'Failed to reset password.' });
  });

  it("reads no answer as 'Network Error'", async () => {
    const error = await failure(resetPassword({ token: 't1', newPassword: 'new-password' }));
    expect(error).toMatchObject({ title: 'Network Error', message: 'Unable to reset password. Please try again.' });
  });
});

describe('forgot password', () => {
  it("shows the server's words when it refuses (too many requests)", async () => {
    const text = 'Too many password reset requests. Please try again in 12 minutes.';
    answers.push(json(429, { success: false, error: text }));
    await expect(requestPasswordReset({ email: 'ada@example.com' })).rejects.toThrow(text);
  });

  it('shows the one failure message when there is no answer', async () => {
    await expect(requestPasswordReset({ email: 'ada@example.com' })).rejects.toThrow(
      'Failed to send reset email. Please try again.',
    );
  });
});

describe('login', () => {
  it("shows the server's words when sign-in is rate limited", async () => {
    const text = 'Too many sign-in attempts. Please try again in 15 minutes.';
    answers.push(json(429, { success: false, error: text }));
    await expect(login({ email: 'ada@example.com', password: 'x' })).rejects.toThrow(text);
  });
});

describe('exchange code', () => {
  it('turns a one-time code into a session token', async () => {
    answers.push(json(200, { success: true, token: 'session-token' }));
    await expect(exchangeAuthCode('code-1')).resolves.toBe('session-token');
    expect(calls[0]?.url).toBe('/api/auth/exchange-code');
    expect(calls[0]?.init.body).toBe('{"authCode":"code-1"}');
  });

  it('fails when the code is refused', async () => {
    answers.push(
      json(400, { success: false, error: 'This sign-in link is invalid or has expired. Please sign in again.' }),
    );
    await expect(exchangeAuthCode('code-1')).rejects.toThrow(/^400: /);
  });

  it('fails when the answer carries no session token', async () => {
    answers.push(json(200, { success: true }), json(200, { success: true, token: 42 }));
    await expect(exchangeAuthCode('code-1')).rejects.toThrow('Unexpected answer from /api/auth/exchange-code');
    await expect(exchangeAuthCode('code-2')).rejects.toThrow('Unexpected answer from /api/auth/exchange-code');
  });
});
