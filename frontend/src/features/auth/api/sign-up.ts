import { AuthSuccess, MESSAGES, type CandidateSignupBody, type CompanySignupBody, type User } from '@hireloop/contracts';
import { errorStatus, NetworkError, sendJson, serverErrorText } from '../../../lib/api-client';
import { storeSession } from './store-session';

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

async function signUp(path: string, body: CandidateSignupBody | CompanySignupBody, fallback: string): Promise<User> {
  try {
    const answer = AuthSuccess.parse(await sendJson('POST', path, body));
    storeSession(answer);
    return answer.user;
  } catch (error) {
    throw signUpError(error, fallback);
  }
}

/** `POST /api/auth/candidate/signup` */
export function signUpCandidate(body: CandidateSignupBody): Promise<User> {
  return signUp('/api/auth/candidate/signup', body, CANDIDATE_SIGNUP_FAILED);
}

/** `POST /api/auth/company/signup` */
export function signUpCompany(body: CompanySignupBody): Promise<User> {
  return signUp('/api/auth/company/signup', body, COMPANY_SIGNUP_FAILED);
}
