import { AUTH_MESSAGES, type ValidateResetTokenBody } from '@hireloop/contracts';
import { ApiError, clientErrorText, sendJson } from '../../../lib/api-client';
import { ResetFlowError } from './reset-password';

export const INVALID_TOKEN_TITLE = 'Invalid Token';
export const VALIDATION_FAILED_TITLE = 'Validation Failed';
export const VALIDATION_FAILED = 'Unable to validate reset token. Please try again.';

/**
 * `POST /api/auth/validate-reset-token`: resolves when the token can still be used. A refusal
 * reads 'Invalid Token' with the server's reason; no answer (or a server fault) reads
 * 'Validation Failed', since the token itself may be fine.
 */
export async function validateResetToken(body: ValidateResetTokenBody): Promise<void> {
  try {
    // Any 200 means usable (the body is `{ success: true, valid: true }`).
    await sendJson('POST', '/api/auth/validate-reset-token', body);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      throw new ResetFlowError(INVALID_TOKEN_TITLE, clientErrorText(error) ?? AUTH_MESSAGES.resetTokenInvalid, {
        cause: error,
      });
    }
    throw new ResetFlowError(VALIDATION_FAILED_TITLE, VALIDATION_FAILED, { cause: error });
  }
}
