import { sendJson } from '../../../lib/api-client';

export const RESET_EMAIL_SENT = 'Password reset instructions sent to your email';
export const RESET_EMAIL_FAILED = 'Failed to send reset email. Please try again.';
export const RESET_EMAIL_REQUIRED = 'Please enter your email address';

/** `POST /api/auth/forgot-password`: any failure reads as the spec's one message. */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await sendJson('POST', '/api/auth/forgot-password', { email });
  } catch (error) {
    throw new Error(RESET_EMAIL_FAILED, { cause: error });
  }
}
