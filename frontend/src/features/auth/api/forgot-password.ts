import { AUTH_MESSAGES, type ForgotPasswordBody } from '@hireloop/contracts';
import { clientErrorText, sendJson } from '../../../lib/api-client';

export const RESET_EMAIL_SENT = AUTH_MESSAGES.forgotPasswordSent;
export const RESET_EMAIL_FAILED = 'Failed to send reset email. Please try again.';

/**
 * `POST /api/auth/forgot-password`. A refusal with a reason (a malformed email, too many requests)
 * shows the server's words; any other failure the spec's one message.
 */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<void> {
  try {
    await sendJson('POST', '/api/auth/forgot-password', body);
  } catch (error) {
    throw new Error(clientErrorText(error) ?? RESET_EMAIL_FAILED, { cause: error });
  }
}
