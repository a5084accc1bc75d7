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

async function signUpCandidate(email: string): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${app.url}/api/auth/candidate/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada Assistant', email, password: 'candidate-password' }),
  });
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

describe('the AI-assistant connection', () => {
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
