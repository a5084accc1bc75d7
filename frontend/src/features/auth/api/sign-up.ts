import { AuthSuccess, MESSAGES, type CandidateSignupBody, type CompanySignupBody } from '@hireloop/contracts';
import { errorStatus, NetworkError, sendJson, serverErrorText } from '../../../lib/api-client';

export const CANDIDATE_SIGNUP_FAILED = 'Signup failed. Please try again.';
export const COMPANY_SIGNUP_FAILED = 'Company signup failed. Please try again.';

/**
 * Spec part 1, §8: 409 means the account exists; a 400 shows the server's reason (which field is
 * wrong); anything else the generic failure.
 */
function signUpError(error: unknown, fallback: string): Error {
  if (error instanceof NetworkError) return new Error(error.message, { cause: error });
  const status = errorStatus(error);
  if (status === 409) return new Error(MESSAGES.accountExists, { cause: error });
  if (status === 400) return new Error(serverErrorText(error) ?? fallback, { cause: error });
  return new Error(fallback, { cause: error });
}

/** Answers the new user and their token (keep it with `storeSession`). */
async function signUp(
  path: string,
  body: CandidateSignupBody | CompanySignupBody,
  fallback: string,
): Promise<AuthSuccess> {
  try {
    return AuthSuccess.parse(await sendJson('POST', path, body));
  } catch (error) {
    throw signUpError(error, fallback);
  }
}

/** `POST /api/auth/candidate/signup` */
export function signUpCandidate(body: CandidateSignupBody): Promise<AuthSuccess> {
  return signUp('/api/auth/candidate/signup', body, CANDIDATE_SIGNUP_FAILED);
}

/** `POST /api/auth/company/signup` */
export function signUpCompany(body: CompanySignupBody): Promise<AuthSuccess> {
  return signUp('/api/auth/company/signup', body, COMPANY_SIGNUP_FAILED);
}
