import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, MESSAGES } from '@hireloop/contracts';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import { REDACTED } from '@hireloop/platform/mailer/types';
import { fixedClock, randomIds } from '@hireloop/platform/runtime';
import { createMemoryAccountSecrets } from '@hireloop/platform/accounts/memory';
import { createMemoryBus, type Bus } from '@hireloop/platform/bus';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { buildTestCommandApp, candidate, company } from '../shared/test-app';
import { RESET_REQUEST_SUBJECT } from './password-reset';
import { grantRoleAsSystem } from './roles';

const clock = fixedClock('2026-11-22T10:00:00.000Z');
let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;

beforeEach(async () => {
  clock.set('2026-11-22T10:00:00.000Z');
  ctx = await buildTestCommandApp({ clock, ids: randomIds });
  const signup = await post('/api/auth/candidate/signup', candidate);
  expect(signup.statusCode).toBe(201);
});
afterEach(async () => {
  await ctx.app.close();
});

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** Waits for the mail worker to deliver, then takes the token from the link in the mail. */
async function resetLinkFor(email: string): Promise<{ token: string; text: string }> {
  for (let i = 0; i < 100; i++) {
    const [mail] = ctx.inbox.receivedBy(email);
    if (mail) {
      const match = /http:\/\/hireloop\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text);
      if (!match) throw new Error(`No reset link in: ${mail.text}`);
      return { token: match[1]!, text: mail.text };
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No mail to ${email}`);
}

describe('forgot password', () => {
  it('answers the same for an email with and without an account', async () => {
    const known = await post('/api/auth/forgot-password', { email: candidate.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    // The test app keeps mail in an outbox (its recipients' inbox reads it), so it says no mail is sent.
    expect(known.json()).toEqual({ success: true, message: AUTH_MESSAGES.forgotPasswordNotSent });
    expect(unknown.json()).toEqual(known.json());
    await resetLinkFor(candidate.email);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ctx.inbox.receivedBy('nobody@example.com')).toEqual([]);
    expect(await ctx.outbox.list({ to: 'nobody@example.com' })).toEqual([]);
  });

  it('mails a link to /reset-password/<token> with a token of at least 128 random bits', async () => {
    await post('/api/auth/forgot-password', { email: candidate.email });
    const { token, text } = await resetLinkFor(candidate.email);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(text).toContain('within 60 minutes');
    const { events } = await ctx.deps.eventStore.readAll('');
    const log = JSON.stringify(events);
    expect(log).not.toContain(token);
    expect(log).not.toContain(hashToken(token));
    expect(events.map((e) => e.type)).toContain('PasswordResetRequested');
  });

  it('asks for the email when it is missing', async () => {
    const response = await post('/api/auth/forgot-password', { email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(AUTH_MESSAGES.emailRequired);
  });

  it('is limited per email address, with the same answer for unknown emails', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/forgot-password', { email: 'nobody@example.com' })).statusCode).toBe(200);
    const limited = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(AUTH_MESSAGES.tooManyResets(60));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('forgot password and account enumeration', () => {
  /** Records every call made on `target` as `name.method`. */
  const spy = <T extends object>(target: T, name: string, calls: string[]): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(`${name}.${String(property)}`);
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        };
      },
    });

  it('the request does the same work for an email with and without an account, and none of it looks the account up', async () => {
    const calls: string[] = [];
    const queued: unknown[] = [];
    let resetWorker: ((item: { data: unknown; subject: string; attempt: number }) => Promise<void>) | null = null;
    const bus = createMemoryBus();
    // The reset worker is held back, so only the request's own work is recorded.
    const heldBus: Bus = {
      publish: (subject, data) => bus.publish(subject, data),
      subscribe: (subject, handler) => bus.subscribe(subject, handler),
      close: () => bus.close(),
      async enqueue(subject, data, options) {
        if (subject === RESET_REQUEST_SUBJECT) return void queued.push(data);
        return bus.enqueue(subject, data, options);
      },
      async work(options, handler) {
        if (options.queue === 'password-reset') {
          resetWorker = handler as typeof resetWorker;
          return async () => undefined;
        }
        return bus.work(options, handler);
      },
    };
    const test = await buildTestCommandApp({
      clock,
      bus: heldBus,
      eventStore: spy(createMemoryEventStore(), 'eventStore', calls),
      secrets: spy(createMemoryAccountSecrets(), 'secrets', calls),
    });
    try {
      expect((await test.app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: candidate })).statusCode).toBe(201);
      const workFor = async (email: string) => {
        calls.length = 0;
        const response = await test.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
        expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.forgotPasswordNotSent });
        return [...calls];
      };
      const known = await workFor(candidate.email);
      const unknown = await workFor('nobody@example.com');
      expect(known).toEqual(unknown);
      expect(known.filter((call) => call.startsWith('eventStore.') || call.startsWith('secrets.getPasswordHash'))).toEqual([]);

      // Off the request, the worker mails the account and nobody else.
      expect(queued).toHaveLength(2);
      for (const data of queued) await resetWorker!({ data, subject: RESET_REQUEST_SUBJECT, attempt: 1 });
      for (let i = 0; i < 100 && test.inbox.receivedBy(candidate.email).length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(test.inbox.receivedBy(candidate.email)).toHaveLength(1);
      expect(test.inbox.receivedBy('nobody@example.com')).toEqual([]);
    } finally {
      await test.app.close();
    }
  });
});

describe('resetting the password', () => {
  it('validates the token, sets the new password, signs out every session, and the token works once', async () => {
    const oldSession = (await post('/api/auth/login', { email: candidate.email, password: candidate.password })).json().token;
    await post('/api/auth/forgot-password', { email: candidate.email });
    const { token } = await resetLinkFor(candidate.email);

    const valid = await post('/api/auth/validate-reset-token', { token });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ success: true, valid: true });

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordResetSuccessful });
    expect(reset.headers['cache-control']).toBe('no-store');

    const replay = await post('/api/auth/reset-password', { token, newPassword: 'yet another passphrase' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(AUTH_MESSAGES.resetTokenInvalid);

    const withOldSession = await post('/api/auth/logout', {}, { authorization: `Bearer ${oldSession}` });
    expect(withOldSession.statusCode).toBe(200);
    const jobWithOldSession = await post('/api/jobs', { title: 't', location: 'l', description: 'd' }, { authorization: `Bearer ${oldSession}` });
    expect(jobWithOldSession.statusCode).toBe(401);
    expect(jobWithOldSession.json().error).toBe(MESSAGES.sessionExpired);

    expect((await post('/api/auth/login', { email: candidate.email, password: candidate.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: candidate.email, password: 'a brand new passphrase' })).statusCode).toBe(200);
    const { events } = await ctx.deps.eventStore.readAll('');
    expect(events.map((e) => e.type)).toContain('PasswordChanged');
  });

  it('refuses an expired token (older than 60 minutes)', async () => {
    await post('/api/auth/forgot-password', { email: candidate.email });
    const { token } = await resetLinkFor(candidate.email);
    clock.advance(60 * 60_000 + 1);
    const validate = await post('/api/auth/validate-reset-token', { token });
    expect(validate.statusCode).toBe(400);
    expect(validate.json().error).toBe(AUTH_MESSAGES.resetTokenInvalid);
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });

  it('refuses a tampered token', async () => {
    await post('/api/auth/forgot-password', { email: candidate.email });
    const { token } = await resetLinkFor(candidate.email);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const response = await post('/api/auth/reset-password', { token: tampered, newPassword: 'a brand new passphrase' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });

  it('a newer reset link replaces the older one', async () => {
    await post('/api/auth/forgot-password', { email: candidate.email });
    const first = (await resetLinkFor(candidate.email)).token;
    await post('/api/auth/forgot-password', { email: candidate.email });
    for (let i = 0; i < 100 && ctx.inbox.receivedBy(candidate.email).length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await post('/api/auth/validate-reset-token', { token: first })).statusCode).toBe(400);
  });

  it.each([
    [{ token: '', newPassword: 'long enough pass' }, AUTH_MESSAGES.resetTokenRequired],
    [{ token: 'x', newPassword: 'short' }, MESSAGES.passwordTooShort],
  ])('rejects %j with 400 and the rule it breaks', async (payload, message) => {
    const response = await post('/api/auth/reset-password', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });
});

describe('sign-in throttling', () => {
  it('locks an account after 10 wrong passwords, even for the right one, and records each failure', async () => {
    for (let i = 0; i < 10; i++) expect((await post('/api/auth/login', { email: candidate.email, password: `wrong-${i}-password` })).statusCode).toBe(401);
    const locked = await post('/api/auth/login', { email: candidate.email, password: candidate.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(AUTH_MESSAGES.accountLocked(15));
    const { events } = await ctx.deps.eventStore.readAll('');
    expect(events.filter((e) => e.type === 'SignInFailed')).toHaveLength(10);
    clock.advance(15 * 60_000);
    expect((await post('/api/auth/login', { email: candidate.email, password: candidate.password })).statusCode).toBe(200);
  });

  it('limits one client address trying many accounts', async () => {
    let last = 0;
    for (let i = 0; i < 51; i++) last = (await post('/api/auth/login', { email: `user${i}@example.com`, password: 'whatever-password' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('one-time sign-in codes', () => {
  it('an unknown code is refused with a clear message', async () => {
    const response = await post('/api/auth/exchange-code', { authCode: 'made-up' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(AUTH_MESSAGES.authCodeInvalid);
  });

  it('LinkedIn reports itself unavailable when it is not configured', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toMatchObject({ linkedin: false });
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/linkedin' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/?error=linkedin_unavailable');
  });
});

describe('changing roles', () => {
  it('only a super admin may change roles', async () => {
    const { token, user } = (await post('/api/auth/login', { email: candidate.email, password: candidate.password })).json();
    const response = await ctx.app.inject({ method: 'PATCH', url: '/api/admin/users/role', payload: { userId: user.id, role: 'admin' }, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(AUTH_MESSAGES.onlySuperAdmins);
  });

  it('a super admin makes another user an admin, and the change is an audited event', async () => {
    const boss = (await post('/api/auth/company/signup', company)).json();
    await grantRoleAsSystem(ctx.deps, company.email, 'super_admin', 'test');
    const { user } = (await post('/api/auth/login', { email: candidate.email, password: candidate.password })).json();
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/role',
      payload: { userId: user.id, role: 'admin' },
      headers: { authorization: `Bearer ${boss.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, userId: user.id, role: 'admin' });
    const { events } = await ctx.deps.eventStore.readAll('');
    const changed = events.filter((e) => e.type === 'UserRoleChanged');
    expect(changed.map((e) => [e.data, e.metadata.actor])).toEqual([
      [{ userId: boss.user.id, from: 'company', to: 'super_admin' }, 'system'],
      [{ userId: user.id, from: 'candidate', to: 'admin' }, { userId: boss.user.id, role: 'super_admin' }],
    ]);
  });

  it('an unknown user id is a 404', async () => {
    const boss = (await post('/api/auth/company/signup', company)).json();
    await grantRoleAsSystem(ctx.deps, company.email, 'super_admin', 'test');
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/role',
      payload: { userId: 'no-such-user', role: 'admin' },
      headers: { authorization: `Bearer ${boss.token}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('User not found');
  });
});

describe('the outbox', () => {
  it('admins read the kept reset mail without its link; others may not read it at all', async () => {
    const { token: candidateToken } = (await post('/api/auth/login', { email: candidate.email, password: candidate.password })).json();
    await post('/api/auth/forgot-password', { email: candidate.email });
    await resetLinkFor(candidate.email);
    const forbidden = await ctx.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { authorization: `Bearer ${candidateToken}` } });
    expect(forbidden.statusCode).toBe(403);

    const admin = (await post('/api/auth/company/signup', company)).json();
    await grantRoleAsSystem(ctx.deps, company.email, 'admin', 'test');
    const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/outbox?to=${encodeURIComponent(candidate.email)}`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.delivery).toBe('outbox');
    expect(body.mails).toHaveLength(1);
    expect(body.mails[0]).toMatchObject({ to: candidate.email, subject: 'Reset your Hireloop password' });
    const { token } = await resetLinkFor(candidate.email);
    expect(body.mails[0].text).not.toContain(token);
    expect(body.mails[0].text).not.toContain('/reset-password/');
    expect(body.mails[0].text).toContain(REDACTED);
  });
});
