import { AUTH_MESSAGES, ForgotPasswordResponse, type ForgotPasswordBody } from '@hireloop/contracts';
import { clientErrorText, parseAnswer, sendJson } from '../../../lib/api-client';

export const RESET_EMAIL_SENT = AUTH_MESSAGES.forgotPasswordSent;
export const RESET_EMAIL_FAILED = 'Failed to send reset email. Please try again.';

/**
 * `POST /api/auth/forgot-password`. A refusal with a reason (a malformed email, too many requests)
 * shows the server's words; any other failure the spec's one message. Answers the server's
 * message: that the instructions were sent, or that this Hireloop does not send email.
 */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<string> {
  try {
    return parseAnswer(ForgotPasswordResponse, await sendJson('POST', '/api/auth/forgot-password', body), '/api/auth/forgot-password').message;
  } catch (error) {
    throw new Error(clientErrorText(error) ?? RESET_EMAIL_FAILED, { cause: error });
  }
}
