import { CandidateSignupBody, CompanySignupBody, MESSAGES } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  CANDIDATE_STEP_ONE,
  COMPANY_STEP_ONE,
  emptyCandidateValues,
  emptyCompanyValues,
  passwordHint,
} from './sign-up-form';

describe('candidate sign-up form', () => {
  const stepOne = (values: Partial<ReturnType<typeof emptyCandidateValues>>) =>
    CANDIDATE_STEP_ONE.safeParse({ ...emptyCandidateValues(), ...values }).success;

  it('leaves step 1 once name, email and a password of 8 or more characters are given', () => {
    expect(stepOne({})).toBe(false);
    expect(stepOne({ name: 'Grace Hopper', email: 'grace@example.com', password: 'short' })).toBe(false);
    expect(stepOne({ name: 'Grace Hopper', email: 'grace@example.com', password: '12345678' })).toBe(true);
  });

  it('does not accept a name of only spaces, nor an email that is not one', () => {
    expect(stepOne({ name: '   ', email: 'grace@example.com', password: '12345678' })).toBe(false);
    expect(stepOne({ name: 'Grace Hopper', email: 'grace@', password: '12345678' })).toBe(false);
  });

  it('sends skills as a list: comma-split, trimmed, without empties; other text trimmed, the password as typed', () => {
    const body = CandidateSignupBody.parse({
      ...emptyCandidateValues(),
      name: ' Grace ',
      email: ' grace@example.com ',
      password: ' keep spaces ',
      skills: 'COBOL, , compilers ,',
    });
    expect(body).toEqual({
      name: 'Grace',
      email: 'grace@example.com',
      password: ' keep spaces ',
      phone: '',
      location: '',
      currentRole: '',
      skills: ['COBOL', 'compilers'],
    });
  });
});

describe('company sign-up form', () => {
  it('needs company name, contact name, email and password on step 1', () => {
    const values = { ...emptyCompanyValues(), companyName: 'Compilers Inc', email: 'grace@example.com', password: '12345678' };
    expect(COMPANY_STEP_ONE.safeParse(values).success).toBe(false);
    expect(COMPANY_STEP_ONE.safeParse({ ...values, contactName: 'Grace Hopper' }).success).toBe(true);
    expect(CompanySignupBody.safeParse({ ...values, contactName: 'Grace Hopper' }).success).toBe(true);
  });
});

describe('the password hint', () => {
  it('says the rule while the password is short and "Password strength: Good" from 8 characters', () => {
    expect(passwordHint('', false)).toBeUndefined();
    expect(passwordHint('1234567', false)).toBe(MESSAGES.passwordTooShort);
    expect(passwordHint('12345678', false)).toBe('Password strength: Good');
  });

  it('stays quiet while the field shows its error, so the rule is not said twice', () => {
    expect(passwordHint('1234567', true)).toBeUndefined();
  });
});
