import {
  CandidateSignupBody,
  CompanySignupBody,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
} from '@hireloop/contracts';
import type { ComponentProps } from 'react';
import type { FieldPath } from 'react-hook-form';

/**
 * What a sign-up form holds: the contract's body with every field as typed text (skills
 * comma-separated). The contract's schema is the form's resolver: it trims, splits the skills and
 * says what is wrong in the server's words, so the form sends what the server will accept.
 */
type TypedText<TBody> = { [K in keyof TBody]-?: string };
export type CandidateSignUpValues = TypedText<CandidateSignupBody>;
export type CompanySignUpValues = TypedText<CompanySignupBody>;

type InputProps = Pick<ComponentProps<'input'>, 'type' | 'autoComplete' | 'inputMode' | 'placeholder'>;

export interface SignUpFieldSpec<TValues extends Record<string, string>> extends InputProps {
  name: FieldPath<TValues>;
  label: string;
  hint?: string;
}

export type SignUpSteps<TValues extends Record<string, string>> = readonly [
  readonly SignUpFieldSpec<TValues>[],
  readonly SignUpFieldSpec<TValues>[],
];

export const CANDIDATE_STEPS: SignUpSteps<CandidateSignUpValues> = [
  [
    { name: 'name', label: 'Full Name', autoComplete: 'name' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  ],
  [
    { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
    { name: 'location', label: 'Location', placeholder: 'City, Country' },
    { name: 'currentRole', label: 'Current Role', placeholder: 'e.g. Frontend Engineer' },
    { name: 'skills', label: 'Skills', placeholder: 'React, TypeScript, Node.js', hint: 'Separate skills with commas.' },
  ],
];

export const COMPANY_STEPS: SignUpSteps<CompanySignUpValues> = [
  [
    { name: 'companyName', label: 'Company Name', autoComplete: 'organization' },
    { name: 'contactName', label: 'Contact Name', autoComplete: 'name' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  ],
  [
    { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
    { name: 'website', label: 'Website', inputMode: 'url', autoComplete: 'url', placeholder: 'https://example.com' },
    { name: 'location', label: 'Location', placeholder: 'City, Country' },
    { name: 'industry', label: 'Industry', placeholder: 'e.g. Fintech' },
  ],
];

export const emptyCandidateValues = (): CandidateSignUpValues => ({
  name: '',
  email: '',
  password: '',
  phone: '',
  location: '',
  currentRole: '',
  skills: '',
});

export const emptyCompanyValues = (): CompanySignUpValues => ({
  companyName: '',
  contactName: '',
  email: '',
  password: '',
  phone: '',
  website: '',
  location: '',
  industry: '',
});

/**
 * Step 1 of each wizard, by the contract's rules for its fields (spec part 1, §5: the Next button
 * stays disabled until they are filled and the password has 8 or more characters).
 */
export const CANDIDATE_STEP_ONE = CandidateSignupBody.pick({ name: true, email: true, password: true });
export const COMPANY_STEP_ONE = CompanySignupBody.pick({
  companyName: true,
  contactName: true,
  email: true,
  password: true,
});

export const PASSWORD_STRENGTH_GOOD = 'Password strength: Good';

/**
 * The password's live hint (spec part 1, §5): "Password strength: Good" at 8 or more characters,
 * the rule while it is shorter, nothing once the field itself shows the rule as its error.
 */
export function passwordHint(password: string, invalid: boolean): string | undefined {
  if (invalid || !password) return undefined;
  return password.length >= PASSWORD_MIN_LENGTH ? PASSWORD_STRENGTH_GOOD : MESSAGES.passwordTooShort;
}
