import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@hireloop/contracts';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { FormBrowser, startTestOidcProvider } from '../support/oidc-provider';
import { readAllUntil } from '../support/events';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * LinkedIn sign-in end to end against a real OpenID Connect provider started by the test:
 * redirect with state + PKCE + nonce, the provider's login and consent screens, the callback,
 * the one-time code and its exchange for a session.
 */
const PUBLIC_URL = 'http://hireloop.test';
let db: TestDatabase;
let oidc: Awaited<ReturnType<typeof startTestOidcProvider>>;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  db = await createTestDatabase();
  oidc = await startTestOidcProvider({
    clientId: 'hireloop-test',
    clientSecret: 'a-test-client-secret',
    redirectUri: `${PUBLIC_URL}/api/auth/linkedin/callback`,
    people: {
      'li-ada': { email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' },
      'li-mallory': { email: 'victim@example.com', email_verified: false, name: 'Mallory' },
    },
  });
  runtime = await createRuntime(
    loadConfig({ DATABASE_URL: db.url, PUBLIC_URL, LINKEDIN_CLIENT_ID: 'hireloop-test', LINKEDIN_CLIENT_SECRET: 'a-test-client-secret', LINKEDIN_ISSUER: oidc.issuer }),
  );
  app = await buildApp(runtime, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000 });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await oidc?.close();
  await db?.drop();
});

/** Walks the whole redirect dance as a browser would and returns where the app sent the browser. */
async function signInWithLinkedIn(login: string): Promise<string> {
  const start = await app.inject({ method: 'GET', url: '/api/auth/linkedin' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(oidc.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();

  const browser = new FormBrowser();
  const backToApp = (url: URL) => url.origin === PUBLIC_URL;
  const loginPage = await browser.follow(authorize.toString(), backToApp);
  const consentPage = await browser.submitForm(loginPage, { login, password: 'anything' }, backToApp);
  const callback = consentPage.url.origin === PUBLIC_URL ? consentPage : await browser.submitForm(consentPage, {}, backToApp);
  expect(callback.url.pathname).toBe('/api/auth/linkedin/callback');

  const finished = await app.inject({ method: 'GET', url: `${callback.url.pathname}${callback.url.search}` });
  expect(finished.statusCode).toBe(302);
  return String(finished.headers.location);
}

describe('LinkedIn sign-in', () => {
  it('creates an account for a new person and signs them in through a one-time code', async () => {
    const location = await signInWithLinkedIn('li-ada');
    const code = /^\/dashboard\?auth=([A-Za-z0-9_-]+)$/.exec(location)?.[1];
    expect(code).toBeTruthy();

    const exchange = await app.inject({ method: 'POST', url: '/api/auth/exchange-code', payload: { authCode: code } });
    expect(exchange.statusCode).toBe(200);
    const { token } = exchange.json();
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}`, [MIN_POSITION_HEADER]: String(exchange.headers[POSITION_HEADER]) },
    });
    expect(me.json()).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', type: 'candidate' });

    const again = await app.inject({ method: 'POST', url: '/api/auth/exchange-code', payload: { authCode: code } });
    expect(again.statusCode).toBe(400);
  });

  it('finds the same account the next time', async () => {
    const location = await signInWithLinkedIn('li-ada');
    const code = location.split('auth=')[1]!;
    const { token } = (await app.inject({ method: 'POST', url: '/api/auth/exchange-code', payload: { authCode: code } })).json();
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().email).toBe('ada@example.com');
    const events = await readAllUntil(runtime.eventStore, (all) => all.some((e) => e.type === 'IdentityLinked'));
    expect(events.filter((e) => e.type === 'UserRegistered')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'IdentityLinked')).toHaveLength(1);
  });

  it('never links an unverified email to an existing account', async () => {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { name: 'Victim', email: 'victim@example.com', password: 'victim-password' } });
    expect(signup.statusCode).toBe(201);
    expect(await signInWithLinkedIn('li-mallory')).toBe('/?error=auth_failed');
  });

  it('a callback with a forged state goes to /?error=auth_failed', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/linkedin/callback?code=abc&state=forged' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/?error=auth_failed');
  });

  it('a callback saying the person cancelled at LinkedIn goes to /?error=linkedin_cancelled, and its state is used up', async () => {
    const start = await app.inject({ method: 'GET', url: '/api/auth/linkedin' });
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const cancelled = await app.inject({ method: 'GET', url: `/api/auth/linkedin/callback?error=access_denied&error_description=End-User+aborted+interaction&state=${state}` });
    expect([cancelled.statusCode, cancelled.headers.location]).toEqual([302, '/?error=linkedin_cancelled']);
    // Another error from the provider is a failure; so is the same state again.
    const failed = await app.inject({ method: 'GET', url: `/api/auth/linkedin/callback?error=server_error&state=${state}` });
    expect(failed.headers.location).toBe('/?error=auth_failed');
  });

  it('says LinkedIn is available', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toMatchObject({ linkedin: true });
  });
});
