import { MESSAGES, type User } from '@hireloop/contracts';

export type AuthOutcome = 'signedIn' | 'signedUp';

export interface AfterAuth {
  /** The success message to toast. */
  message: string;
  /** Where to go next, and after how long (spec part 1, §4). */
  redirectTo: '/browse-candidates' | '/dashboard';
  delayMs: number;
}

/** Post-login redirect delay (spec part 1, §4). */
export const SIGN_IN_REDIRECT_DELAY_MS = 500;
/** Candidate sign-up redirect delay (spec part 1, §4). */
export const CANDIDATE_SIGN_UP_REDIRECT_DELAY_MS = 1500;

/**
 * What happens once a person is signed in: companies go to the candidate browser, everyone else
 * to the dashboard.
 */
export function afterAuth(user: Pick<User, 'type'>, outcome: AuthOutcome): AfterAuth {
  const redirectTo = user.type === 'company' ? '/browse-candidates' : '/dashboard';
  if (outcome === 'signedIn') {
    return { message: MESSAGES.signInSuccess, redirectTo, delayMs: SIGN_IN_REDIRECT_DELAY_MS };
  }
  if (user.type === 'company') return { message: MESSAGES.companyCreated, redirectTo, delayMs: 0 };
  return { message: MESSAGES.candidateCreated, redirectTo, delayMs: CANDIDATE_SIGN_UP_REDIRECT_DELAY_MS };
}
