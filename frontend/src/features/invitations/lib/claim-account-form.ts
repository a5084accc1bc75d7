import { ClaimAccountBody } from '@hireloop/contracts';
import { z } from 'zod';

/** The claim form's own words for what only the page checks: both fields filled, the two the same. */
export const CLAIM_ACCOUNT_RULES = {
  passwordRequired: 'Please enter a password.',
  confirmRequired: 'Please confirm your password.',
  passwordsDiffer: 'Passwords do not match.',
} as const;

/** What the form holds: the password and its confirmation, which only the page has. */
export interface ClaimAccountValues {
  password: string;
  confirmPassword: string;
}

export const CLAIM_ACCOUNT_FIELDS = ['password', 'confirmPassword'] as const satisfies readonly (keyof ClaimAccountValues)[];

/**
 * The resolver of "Create your account" on the invitation page: both fields filled and equal (the
 * page's rules), then the contract's `ClaimAccountBody`, whose password rules and messages are
 * sign-up's ("Password must be at least 8 characters long"). Each message goes to its field.
 */
export const ClaimAccountForm = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine(({ password, confirmPassword }, context) => {
    if (!password) context.addIssue({ code: 'custom', path: ['password'], message: CLAIM_ACCOUNT_RULES.passwordRequired });
    if (!confirmPassword) context.addIssue({ code: 'custom', path: ['confirmPassword'], message: CLAIM_ACCOUNT_RULES.confirmRequired });
    else if (password && password !== confirmPassword) context.addIssue({ code: 'custom', path: ['confirmPassword'], message: CLAIM_ACCOUNT_RULES.passwordsDiffer });
  })
  .transform(({ password }) => ({ password }))
  .pipe(ClaimAccountBody);
