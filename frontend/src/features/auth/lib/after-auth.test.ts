import { describe, expect, it } from 'vitest';
import { afterAuth } from './after-auth';

describe('after signing in or up', () => {
  it('sends a company to the candidate browser', () => {
    expect(afterAuth({ type: 'company' }, 'signedIn')).toEqual({
      message: 'Sign in successful!',
      redirectTo: '/browse-candidates',
      delayMs: 500,
    });
    expect(afterAuth({ type: 'company' }, 'signedUp')).toMatchObject({
      message: 'Company account created successfully!',
      redirectTo: '/browse-candidates',
    });
  });

  it('sends a candidate to the dashboard, 500 ms after sign-in and 1500 ms after sign-up', () => {
    expect(afterAuth({ type: 'candidate' }, 'signedIn')).toEqual({
      message: 'Sign in successful!',
      redirectTo: '/dashboard',
      delayMs: 500,
    });
    expect(afterAuth({ type: 'candidate' }, 'signedUp')).toEqual({
      message: 'Account created successfully! Redirecting to dashboard...',
      redirectTo: '/dashboard',
      delayMs: 1500,
    });
  });
});
