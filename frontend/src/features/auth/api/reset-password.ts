import type { ResetPasswordBody } from '@hireloop/contracts';
import { ApiError, clientErrorText, sendJson } from '../../../lib/api-client';

/**
 * A failure of the reset flow, worded for people: a title and a sentence (spec part 2, §8,
 * "Reset"). The message is the sentence.
 */
export class ResetFlowError extends Error {
  override readonly name = 'ResetFlowError';
  constructor(
    readonly title: string,
    description: string,
    options?: ErrorOptions,
  ) {
    super(description, options);
  }
}

export const RESET_FAILED_TITLE = 'Reset Failed';
export const RESET_FAILED = 'Failed to reset password.';
export const RESET_NETWORK_ERROR_TITLE = 'Network Error';
export const RESET_NETWORK_ERROR = 'Unable to reset password. Please try again.';

/**
 * `POST /api/auth/reset-password`: sets the new password and uses up the token. The body holds a
 * secret, so the browser must not keep the answer (`cache: 'no-store'`). Any 200 means the
 * password changed.
 */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  try {
    await sendJson('POST', '/api/auth/reset-password', body, { cache: 'no-store' });
  } catch (error) {
    if (error instanceof ApiError) {
      throw new ResetFlowError(RESET_FAILED_TITLE, clientErrorText(error) ?? RESET_FAILED, { cause: error });
    }
    throw new ResetFlowError(RESET_NETWORK_ERROR_TITLE, RESET_NETWORK_ERROR, { cause: error });
  }
}
