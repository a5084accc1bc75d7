import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startApp, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';

/*
 * The AI-assistant connection in Chromium, offline (issue 15, ADR 043): the built-in provider
 * connects a Hireloop session on /mysalt-callback, and the sign-in dialog's assistant panel shows
 * the assistant's page in a frame that the app's Content-Security-Policy allows.
 */
let app: AppProcess;
let browser: Browser;
const BUILT_IN_KEY = 'hireloop-built-in';

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function newPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

/** How many times the page asked the assistant to connect. */
function countAuthCalls(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/mysalt/auth') count++;
  });
  return () => count;
}

async function signUpCandidate(email: string): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${app.url}/api/auth/candidate/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada Assistant', email, password: 'candidate-password' }),
  });
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

describe('the AI-assistant connection', { timeout: 90_000 }, () => {
  it('connects on /mysalt-callback with the credentials from the address, then goes home after 2 seconds', async () => {
    const { token } = await signUpCandidate('ada@assistant-e2e.example');
    const { page, problems } = await newPage();
    await page.goto(`${app.url}/mysalt-callback?user_token=${encodeURIComponent(token)}&api_key=${BUILT_IN_KEY}`);
    await page.getByText('Connect MySALT AI').waitFor();
    // The credentials leave the address bar at once; the fields keep them, masked.
    await page.waitForURL(`${app.url}/mysalt-callback`);
    expect(await page.getByLabel('User Token', { exact: true }).inputValue()).toBe(token);
    expect(await page.getByLabel('User Token', { exact: true }).getAttribute('type')).toBe('password');
    expect(await page.getByLabel('API Key', { exact: true }).inputValue()).toBe(BUILT_IN_KEY);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Connected to MySALT AI!').waitFor();
    const stored = JSON.parse((await page.evaluate('localStorage.getItem("ai_assistant_user")')) as string) as Record<string, string>;
    expect(stored).toMatchObject({ email: 'ada@assistant-e2e.example', aiName: 'Assistant', aiAvatar: '🤖' });
    expect(JSON.stringify(stored)).not.toContain(token);
    await page.waitForURL(`${app.url}/`, { timeout: 10_000 });
    expect(problems).toEqual([]);
  });

  it('refuses a wrong key with the spec text and keeps Connect disabled while a field is blank', async () => {
    const { token } = await signUpCandidate('bo@assistant-e2e.example');
    const { page } = await newPage();
    await page.goto(`${app.url}/mysalt-callback?user_token=${encodeURIComponent(token)}&api_key=wrong`);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('alert').getByText('Authentication failed').waitFor();
    await page.getByLabel('API Key', { exact: true }).fill('');
    await expect.poll(() => page.getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true);
    await page.getByText('Please provide both your user token and API key').waitFor();
  });

  it('a connection denied at the assistant says it failed, in the spec words, and drops the error and its description from the address (ADR 127)', async () => {
    const { page, problems } = await newPage();
    const auths = countAuthCalls(page);
    // OAuth's way of saying the person pressed Deny (RFC 6749 §4.1.2.1), with a description anyone could have written.
    await page.goto(`${app.url}/mysalt-callback?error=access_denied&error_description=${encodeURIComponent('Call +1 555 0100 to restore your account')}&state=abc123`);
    await page.getByRole('alert').getByText('Authentication failed').waitFor();
    await page.waitForURL(`${app.url}/mysalt-callback`);
    expect(await page.getByLabel('User Token', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('API Key', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true);
    expect(await page.getByText('Call +1 555 0100').count()).toBe(0);
    // The person can still connect by hand: typing clears the failure, and the blank field is named.
    await page.getByLabel('User Token', { exact: true }).fill('x');
    await page.getByText('Please provide both your user token and API key').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(auths()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a callback whose credentials cannot be read (given twice, or longer than the server takes) says it failed, with nothing half-filled (ADR 127)', async () => {
    const { token } = await signUpCandidate('cy@assistant-e2e.example');
    for (const query of [
      `user_token=${encodeURIComponent(token)}&user_token=other&api_key=${BUILT_IN_KEY}`,
      `user_token=${'t'.repeat(1001)}&api_key=${BUILT_IN_KEY}`,
    ]) {
      const { page, problems } = await newPage();
      const auths = countAuthCalls(page);
      await page.goto(`${app.url}/mysalt-callback?${query}`);
      await page.getByRole('alert').getByText('Authentication failed').waitFor();
      await page.waitForURL(`${app.url}/mysalt-callback`);
      expect(await page.getByLabel('User Token', { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('API Key', { exact: true }).inputValue()).toBe('');
      expect(auths()).toBe(0);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('a callback replayed: Back after connecting sends nothing again, and the same link after signing out is refused (ADR 127)', async () => {
    const { token } = await signUpCandidate('di@assistant-e2e.example');
    const { page } = await newPage();
    const auths = countAuthCalls(page);
    const link = `${app.url}/mysalt-callback?user_token=${encodeURIComponent(token)}&api_key=${BUILT_IN_KEY}`;
    await page.goto(link);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Connected to MySALT AI!').waitFor();
    await page.waitForURL(`${app.url}/`, { timeout: 10_000 });
    // Back: the page the address was cleaned to, with no credential in the history to send again.
    await page.goBack();
    await page.waitForURL(`${app.url}/mysalt-callback`);
    await page.getByText('Please provide both your user token and API key').waitFor();
    expect(await page.getByLabel('User Token', { exact: true }).inputValue()).toBe('');
    expect(auths()).toBe(1);

    // Signed out, the session token in the link is revoked: the same link, replayed, is refused.
    const logout = await fetch(`${app.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(logout.ok).toBe(true);
    await page.goto(link);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('alert').getByText('Authentication failed').waitFor();
    expect(auths()).toBe(2);
    expect(await page.getByText('Connected to MySALT AI!').count()).toBe(0);
  });

  it("shows the assistant's sign-in page in a frame from the sign-in dialog, and Back returns", async () => {
    const { page, problems } = await newPage();
    await page.goto(`${app.url}/jobs`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const panel = page.getByRole('region', { name: 'MySALT AI' });
    await panel.getByRole('button', { name: 'Sign In' }).click();
    const frameDialog = page.getByRole('dialog', { name: 'Sign in to MySALT AI' });
    await frameDialog.waitFor();
    const frame = page.frameLocator('iframe[title="MySALT AI sign-in page"]');
    await frame.getByRole('heading', { name: 'Sign in to MySALT AI' }).waitFor();
    const box = await frameDialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(600);
    expect(box!.width).toBeGreaterThan(500);

    // A message that reports success from the trusted origin (the built-in pages are the app's own)
    // is checked by the server: nobody is signed in here, so it is refused with the spec's text.
    const signInFrame = page.frames().find((candidate) => candidate.url().includes('/frame/sign-in'))!;
    await signInFrame.evaluate(`parent.postMessage({ type: 'auth_success', mysalt_user_id: 'someone', email: 'someone@example.com' }, '*')`);
    await frameDialog.getByText('Authentication setup failed').waitFor();

    await frameDialog.getByRole('button', { name: 'Back' }).click();
    await frameDialog.waitFor({ state: 'hidden' });
    await panel.getByRole('button', { name: 'Sign Up' }).waitFor();
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  });
});
