import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * The company journeys the first walk (company-journeys.e2e.test.ts) left (brief CJ2), in
 * Chromium against the real embedded app: closing a job from My Jobs, and a company's data
 * rights — downloading its data, deleting its account, and being refused at sign-in after.
 */
const PASSWORD = 'company-journeys-more-e2e-password';

let app: AppProcess;
let browser: Browser;
let nextAddress = 1;

async function call(method: string, route: string, body: unknown, token?: string) {
  const response = await fetch(`${app.url}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${nextAddress++}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return { answer, position: response.headers.get('x-position') ?? '' };
}

async function caughtUp(route: string, position: string, token?: string) {
  const response = await fetch(`${app.url}${route}`, { headers: { 'x-min-position': position, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  await response.body?.cancel();
  if (!response.ok || response.headers.get('x-read-model-stale')) throw new Error(`GET ${route} did not catch up with ${position}: ${response.status}`);
}

/** A company on the Free plan (chosen, so the dashboard's pricing modal does not greet it). */
async function signUp(name: string, email: string) {
  const token = (await call('POST', '/api/auth/company/signup', { companyName: name, contactName: 'Noor Walker', email, password: PASSWORD })).answer.token as string;
  await call('POST', '/api/subscription/create', { planId: 'free' }, token);
  return token;
}

beforeAll(async () => {
  const port = await freePort();
  [app, browser] = await Promise.all([startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '1' } }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function newPage(token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await context.addInitScript({ content: `if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('auth_token', ${JSON.stringify(token)}); }` });
  return context.newPage();
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

function countRequests(page: Page, method: string, pathEnd: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname.endsWith(pathEnd)) count++;
  });
  return () => count;
}

describe('a company’s journeys not walked before', { timeout: 120_000 }, () => {
  it('a double click on the confirmation’s Close Job closes the job once: one request, Job closed, no failure toast', async () => {
    const token = await signUp('Closer Labs', 'noor@closer-e2e.example');
    const posted = await call(
      'POST',
      '/api/jobs',
      { title: 'Closable Engineer', location: 'Remote', remote: true, type: 'Full-time', experience: 'Senior level', skills: 'Go', description: 'Close me twice.', requirements: '' },
      token,
    );
    await caughtUp('/api/jobs?mine=true&status=all', posted.position, token);
    const page = await newPage(token);
    const closes = countRequests(page, 'POST', '/close');
    await page.goto(`${app.url}/dashboard/jobs`);
    const card = page.getByRole('article', { name: 'Closable Engineer' });
    await card.getByRole('button', { name: 'Close Job' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close this job?' });
    await confirm.getByRole('button', { name: 'Close Job' }).dblclick();

    await expect(confirm).toBeHidden();
    await expect(toasts(page).getByText('Job closed', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reopen Job' })).toBeVisible();
    assert(closes()).toBe(1);
    assert(await page.getByText('Could not close the job').count()).toBe(0);

    // Reopen Job has no confirmation: a double click on it reopens the job once too.
    const reopens = countRequests(page, 'POST', '/reopen');
    await card.getByRole('button', { name: 'Reopen Job' }).dblclick();
    await expect(toasts(page).getByText('Job reopened', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Close Job' })).toBeVisible();
    assert(reopens()).toBe(1);
    assert(await page.getByText('Could not reopen the job').count()).toBe(0);
    await page.context().close();
  });

  it('a company downloads its data, deletes its account with a double click on Delete for good, and is refused at sign-in after', async () => {
    const email = 'noor@leaving-e2e.example';
    const token = await signUp('Leaving Labs', email);
    const page = await newPage(token);
    const deletes = countRequests(page, 'DELETE', '/api/me');
    await page.goto(`${app.url}/settings`);
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    assert(download.suggestedFilename()).toMatch(/^hireloop-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await new Response(await download.createReadStream()).text()) as Record<string, unknown>;
    assert(JSON.stringify(exported)).toContain(email);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Type your email to confirm' });
    await confirm.getByLabel('Email of this account').fill(email);
    await confirm.getByRole('button', { name: 'Delete for good' }).dblclick();

    await expect(toasts(page).getByText('Your account has been deleted')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/');
    assert(deletes()).toBe(1);
    assert(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    // Signing in again with the old email and password is refused, with a message and not a crash.
    await page.goto(`${app.url}/jobs`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Hireloop' });
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    assert(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.context().close();
  });
});
