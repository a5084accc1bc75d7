import { describe, expect, it } from 'vitest';
import { NewPasswordForm, titledRuleOf } from './reset-password-form';

const issues = (newPassword: string, confirmPassword: string) =>
  NewPasswordForm.safeParse({ newPassword, confirmPassword }).error?.issues.map(({ path, message }) => ({
    field: path.join('.'),
    message,
  }));

describe('the reset page’s new password (spec part 2, §5)', () => {
  it('asks for both fields first, at each empty one', () => {
    expect(issues('', '')).toEqual([
      { field: 'newPassword', message: 'Please fill in all fields.' },
      { field: 'confirmPassword', message: 'Please fill in all fields.' },
    ]);
    expect(issues('short', '')).toEqual([{ field: 'confirmPassword', message: 'Please fill in all fields.' }]);
  });

  it('then asks for the same password twice, at the confirmation', () => {
    expect(issues('new-password-1', 'new-password-2')).toEqual([
      { field: 'confirmPassword', message: 'Please make sure both passwords are identical.' },
    ]);
  });

  it('then asks for 8 characters or more, in the page’s words', () => {
    expect(issues('short12', 'short12')).toEqual([
      { field: 'newPassword', message: 'Password must be at least 8 characters long.' },
    ]);
  });

  it('then holds the password to the contract (its upper bound), and submits only the new password', () => {
    const long = 'x'.repeat(257);
    expect(issues(long, long)).toEqual([{ field: 'newPassword', message: 'Password must be at most 256 characters long' }]);
    expect(NewPasswordForm.parse({ newPassword: 'new-password', confirmPassword: 'new-password' })).toEqual({
      newPassword: 'new-password',
    });
  });

  it('gives the alert the titles the spec pairs with two of the rules', () => {
    expect(titledRuleOf('Please make sure both passwords are identical.')).toEqual({
      title: "Passwords Don't Match",
      description: 'Please make sure both passwords are identical.',
    });
    expect(titledRuleOf('Password must be at least 8 characters long.')?.title).toBe('Password Too Short');
    expect(titledRuleOf('Please fill in all fields.')).toBeNull();
    expect(titledRuleOf(undefined)).toBeNull();
  });
});
