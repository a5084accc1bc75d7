import { describe, expect, it, vi } from 'vitest';
import { z as classic } from 'zod';
import { completeLoginReturn, LoginReturnSearch, SignInErrorParam } from './login-return';

function deps(exchange: (code: string) => Promise<string> = async () => 'session-token') {
  return { exchangeAuthCode: vi.fn(exchange), storeToken: vi.fn() };
}

describe('login return', () => {
  it('exchanges the one-time code and stores the session token', async () => {
    const d = deps();
    await expect(completeLoginReturn({ auth: 'code-1' }, d)).resolves.toBe('signedIn');
    expect(d.exchangeAuthCode).toHaveBeenCalledWith('code-1');
    expect(d.storeToken).toHaveBeenCalledWith('session-token');
  });

  it('stores a token handed back directly', async () => {
    const d = deps();
    await expect(completeLoginReturn({ token: 'direct-token' }, d)).resolves.toBe('signedIn');
    expect(d.exchangeAuthCode).not.toHaveBeenCalled();
    expect(d.storeToken).toHaveBeenCalledWith('direct-token');
  });

  it('fails without storing anything when the code is refused', async () => {
    const d = deps(async () => {
      throw new Error('400: {"success":false}');
    });
    await expect(completeLoginReturn({ auth: 'used-code' }, d)).resolves.toBe('failed');
    expect(d.storeToken).not.toHaveBeenCalled();
  });

  it('does nothing on a plain visit to the dashboard', async () => {
    const d = deps();
    await expect(completeLoginReturn({}, d)).resolves.toBe('none');
    expect(d.exchangeAuthCode).not.toHaveBeenCalled();
    expect(d.storeToken).not.toHaveBeenCalled();
  });

  it('ignores malformed search values instead of failing the page', () => {
    expect(LoginReturnSearch.parse({ auth: '', token: 42 })).toEqual({ auth: undefined, token: undefined });
    expect(LoginReturnSearch.parse({ auth: 'abc' })).toEqual({ auth: 'abc' });
  });

  it('knows only the error codes the server sends back', () => {
    expect(SignInErrorParam('auth_failed')).toBe('auth_failed');
    expect(SignInErrorParam('linkedin_unavailable')).toBe('linkedin_unavailable');
    expect(SignInErrorParam('linkedin_cancelled')).toBe('linkedin_cancelled');
    expect(SignInErrorParam('other')).toBeUndefined();
  });
});

/**
 * The search schemas as classic zod wrote them before ADR 014 moved the routes to `zod/mini`: the
 * reference the mini ones must keep agreeing with.
 */
const ClassicLoginReturnSearch = classic.object({
  auth: classic.string().trim().min(1).optional().catch(undefined),
  token: classic.string().trim().min(1).optional().catch(undefined),
});
const ClassicSignInErrorParam = classic.enum(['auth_failed', 'linkedin_unavailable', 'linkedin_cancelled']).optional().catch(undefined);

const VALUES = [
  undefined, null, true, 0, 42, Number.NaN, '', ' ', '  code-1  ', 'code-1', 'x'.repeat(5000), [], ['code-1'], {}, { a: 1 },
  'auth_failed', 'linkedin_unavailable', 'linkedin_cancelled', 'AUTH_FAILED', ' auth_failed', 'other',
];

describe('the search schemas and the classic zod ones', () => {
  it.each(VALUES.map((value) => [JSON.stringify(value) ?? String(value), value] as const))(
    'read the login return and the sign-in error %s the same way',
    (_label, value) => {
      for (const input of [{ auth: value }, { token: value }, { auth: value, token: value }]) {
        expect(LoginReturnSearch.parse(input)).toEqual(ClassicLoginReturnSearch.parse(input));
      }
      expect(SignInErrorParam(value)).toEqual(ClassicSignInErrorParam.parse(value));
    },
  );
});
