import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * Page data as users met it (issue 24, ADR 060): opening a private profile and a new candidate's
 * dashboard logs no console error — no uncaught `ApiError: 404`, no failed `/api/profile`.
 */
let app: AppProcess;
let browser: Browser;
let newCandidateToken: string;
let privateProfileId: string;

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const owner = (await post('/api/auth/candidate/signup', { name: 'Cleo Marsh', email: 'cleo@page-data-e2e.example', password: 'candidate-password' })) as { token: string };
  const saved = (await post(
    '/api/profile',
    { jobTitle: 'Site Reliability Engineer', skills: ['Go'], experience: '6 years', location: 'Berlin, Germany', isActivelyLooking: true, isPublic: false },
    owner.token,
  )) as { profile: { id: string } };
  privateProfileId = saved.profile.id;
  ({ token: newCandidateToken } = (await post('/api/auth/candidate/signup', { name: 'Noor Haddad', email: 'noor@page-data-e2e.example', password: 'candidate-password' })) as { token: string });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

/** A page, signed in with `token` or not, whose console errors and uncaught errors are collected from its first script on. */
async function watchedPage(token?: string): Promise<{ page: Page; errors: ConsoleMessage[]; uncaught: Error[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token) await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  const page = await context.newPage();
  const errors: ConsoleMessage[] = [];
  const uncaught: Error[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message);
  });
  page.on('pageerror', (error) => uncaught.push(error));
  return { page, errors, uncaught };
}

describe('page data logs no console error on normal paths', { timeout: 90_000 }, () => {
  it('a private profile is "Profile Not Found", with no uncaught error', async () => {
    const { page, errors, uncaught } = await watchedPage();
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/profiles/${privateProfileId}`);
    await page.goto(`${app.url}/profile/${privateProfileId}`);
    assert((await answered).status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
    assert(uncaught.map(String)).toEqual([]);
    // The one line left is the browser's own note of the 404 answer (a private profile is 404 to
    // others by design, part 2 §2): no error of the app's.
    const appErrors = errors.filter((message) => !(message.text().startsWith('Failed to load resource') && new URL(message.location().url).pathname === `/api/profiles/${privateProfileId}`));
    assert(appErrors.map((message) => message.text())).toEqual([]);
    await page.context().close();
  });

  it("a new candidate's dashboard offers to create a profile, and asks /api/profile without a failed request", async () => {
    const { page, errors, uncaught } = await watchedPage(newCandidateToken);
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/profile');
    await page.goto(`${app.url}/dashboard`);
    assert((await answered).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Welcome back, Noor Haddad!' })).toBeVisible();
    await expect(page.getByText('Build your profile in a minute from your resume, and let companies find you.')).toBeVisible();
    assert(uncaught.map(String)).toEqual([]);
    assert(errors.map((message) => message.text())).toEqual([]);
    await page.context().close();
  });
});
