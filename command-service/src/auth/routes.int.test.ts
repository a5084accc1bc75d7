import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, POSITION_HEADER } from '@hireloop/contracts';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import { buildTestCommandApp, candidate, company } from '../shared/test-app';

let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;
beforeEach(async () => {
  ctx = await buildTestCommandApp();
});
afterEach(async () => {
  await ctx.app.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('candidate sign-up', () => {
  it('creates the account, answers with a token and the user, and says where it wrote', async () => {
    const response = await post('/api/auth/candidate/signup', candidate);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, user: { name: 'Ada Lovelace', email: 'ada@example.com', type: 'candidate', role: 'candidate', isAdmin: false } });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers[POSITION_HEADER]).toMatch(/^\d{20}\.\d{20}$/);
  });

  it('stores the email normalised, so a differently cased address is the same account', async () => {
    await post('/api/auth/candidate/signup', candidate);
    const again = await post('/api/auth/candidate/signup', { ...candidate, email: '  ADA@Example.com ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: MESSAGES.accountExists });
  });

  it('never stores the password or the token in an event', async () => {
    const { token } = (await post('/api/auth/candidate/signup', candidate)).json();
    const { events } = await ctx.deps.eventStore.readAll('');
    const log = JSON.stringify(events);
    expect(log).not.toContain(candidate.password);
    expect(log).not.toContain(token);
    expect(log).not.toContain(hashToken(token));
    expect(events.map((e) => e.type)).toEqual(['EmailReserved', 'UserRegistered', 'UserSignedIn']);
  });

  it('keeps only an argon2id hash of the password', async () => {
    const { user } = (await post('/api/auth/candidate/signup', candidate)).json();
    expect(await ctx.deps.secrets.getPasswordHash(user.id)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    [{ ...candidate, password: 'short' }, MESSAGES.passwordTooShort],
    [{ ...candidate, email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ ...candidate, name: '   ' }, 'Name is required'],
    [{ ...candidate, email: undefined }, 'Email is required'],
    [{ ...candidate, skills: 42 }, 'skills'],
  ])('rejects %j with 400 and a clear message', async (payload, message) => {
    const response = await post('/api/auth/candidate/signup', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it('accepts a long passphrase (at least 64 characters allowed)', async () => {
    const passphrase = 'correct horse battery staple '.repeat(4).trim();
    expect(passphrase.length).toBeGreaterThan(100);
    const response = await post('/api/auth/candidate/signup', { ...candidate, email: 'long@example.com', password: passphrase });
    expect(response.statusCode).toBe(201);
    expect((await post('/api/auth/login', { email: 'long@example.com', password: passphrase })).statusCode).toBe(200);
  });

  it('rejects a body that is not JSON with 400, not 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/candidate/signup',
      payload: '{"name": "Ada",',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'The request body is not valid JSON.' });
  });

  it('rejects a missing body with 400', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/candidate/signup' });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('gives one account and 409s when the same email signs up many times at once', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => post('/api/auth/candidate/signup', { ...candidate, name: `Ada ${i}` })));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) expect(response.json().error).toBe(MESSAGES.accountExists);
    const { events } = await ctx.deps.eventStore.readAll('');
    expect(events.filter((e) => e.type === 'UserRegistered')).toHaveLength(1);
  });
});

describe('company sign-up', () => {
  it('creates the company and its first user', async () => {
    const response = await post('/api/auth/company/signup', company);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      user: { name: 'Maya Okafor', type: 'company', role: 'company', companyName: 'Northwind Analytics' },
    });
    const { events } = await ctx.deps.eventStore.readAll('');
    expect(events.map((e) => e.type)).toEqual(['EmailReserved', 'CompanyRegistered', 'UserRegistered', 'UserSignedIn']);
  });

  it('requires the company name', async () => {
    const response = await post('/api/auth/company/signup', { ...company, companyName: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Company name is required');
  });

  it('shares the one-account-per-email rule with candidates', async () => {
    await post('/api/auth/candidate/signup', { ...candidate, email: company.email });
    const response = await post('/api/auth/company/signup', company);
    expect(response.statusCode).toBe(409);
  });
});

describe('sign-in and sign-out', () => {
  beforeEach(async () => {
    await post('/api/auth/candidate/signup', candidate);
  });

  it('signs in with the right password', async () => {
    const response = await post('/api/auth/login', { email: 'ADA@example.com', password: candidate.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { email: 'ada@example.com', type: 'candidate' } });
  });

  it('answers the older /api/auth/signin path the same way', async () => {
    const response = await post('/api/auth/signin', { email: candidate.email, password: candidate.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
  });

  it.each([
    ['a wrong password', { email: candidate.email, password: 'wrong password!' }],
    ['an unknown email', { email: 'nobody@example.com', password: candidate.password }],
  ])('refuses %s with the same 401 message', async (_case, payload) => {
    const response = await post('/api/auth/login', payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: MESSAGES.invalidLogin });
  });

  it('revokes the token on logout', async () => {
    const { token } = (await post('/api/auth/login', { email: candidate.email, password: candidate.password })).json();
    const auth = { authorization: `Bearer ${token}` };
    expect(await ctx.deps.secrets.findActiveSession(hashToken(token), new Date())).not.toBeNull();
    const response = await post('/api/auth/logout', {}, auth);
    expect(response.statusCode).toBe(200);
    expect(await ctx.deps.secrets.findActiveSession(hashToken(token), new Date())).toBeNull();
    const afterwards = await post('/api/jobs', { title: 'x', location: 'y', description: 'z' }, auth);
    expect(afterwards.statusCode).toBe(401);
    expect(afterwards.json().error).toBe(MESSAGES.sessionExpired);
  });

  it('a second logout is still a success', async () => {
    const response = await post('/api/auth/logout', {}, { authorization: 'Bearer not-a-real-token' });
    expect(response.statusCode).toBe(200);
  });
});
