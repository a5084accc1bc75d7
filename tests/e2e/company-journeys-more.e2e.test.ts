import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { apiCalls } from './support/api-calls';
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

const { call, caughtUp, trialStarted } = apiCalls(() => app);

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

/** A company on Small Business's trial, through the simulated checkout (its webhook is the one Stripe's events take). */
async function subscribedCompany(name: string, email: string) {
  const token = (await call('POST', '/api/auth/company/signup', { companyName: name, contactName: 'Noor Walker', email, password: PASSWORD })).answer.token as string;
  const { answer: checkout } = await call('POST', '/api/subscription/create', { planId: 'small_business' }, token);
  const confirmed = await fetch(`${app.url}${new URL(checkout.checkoutUrl as string).pathname}/confirm`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  if (confirmed.status !== 303) throw new Error(`The test checkout answered ${confirmed.status}`);
  await trialStarted(token);
  return token;
}

const JOB = { location: 'Remote', remote: true, type: 'Full-time', experience: 'Senior level', skills: 'Go', description: 'Ship it.', requirements: '' };

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

  it('cancels in the billing portal, takes it back, cancels again; when the period ends the company is on Free and its limits apply', async () => {
    const token = await subscribedCompany('Ending Labs', 'noor@ending-e2e.example');
    let last = '';
    for (const title of ['First Open Role', 'Second Open Role']) last = (await call('POST', '/api/jobs', { ...JOB, title }, token)).position;
    await caughtUp('/api/jobs?mine=true&status=all', last, token);
    const page = await newPage(token);
    await page.goto(`${app.url}/pricing`);
    const banner = page.getByRole('region', { name: 'Current Plan' });
    await expect(banner.getByText('Small Business')).toBeVisible();
    await banner.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL('**/api/payments/simulated/portal/**');
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(page.getByText(/Your plan ends on/)).toBeVisible();
    await page.getByRole('button', { name: 'Don’t cancel' }).click();
    await expect(page.getByRole('button', { name: 'Cancel plan' })).toBeVisible();
    await expect(page.getByText(/Renews on/)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(page.getByText(/Your plan ends on/)).toBeVisible();
    await page.getByRole('button', { name: 'End the period now' }).click();
    await expect(page.getByText('Your company has no subscription to manage. Choose a plan on the pricing page.')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Hireloop' }).click();
    await page.waitForURL(`${app.url}/pricing`);
    // The ended plan shows as Canceled, and the Free plan's limits count: two jobs open of one.
    await expect(banner.filter({ hasText: 'Current Plan: Small Business' }).filter({ hasText: 'Canceled' })).toBeVisible();
    await expect(banner.getByText(/Job Posts 2 of 1 free/)).toBeVisible();

    // Two jobs open, the Free plan allows one: the post dialog says the limit is reached instead of the form.
    await page.goto(`${app.url}/dashboard/jobs`);
    await expect(page.getByText('Showing 1-2 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Post New Job' }).click();
    const form = page.getByRole('dialog', { name: 'Post a New Job' });
    await expect(form.getByText('Job post limit reached')).toBeVisible();
    await expect(form.getByText(/allows 1 open job posting/)).toBeVisible();
    assert(await form.getByLabel('Job Title').count()).toBe(0);
    await page.context().close();
  });

  it('forgot password with no mail server configured: the company is told no reset link can reach it, not to wait for a mail', async () => {
    await signUp('Forgetful Labs', 'noor@forgetful-e2e.example');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/jobs`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Hireloop' });
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByLabel('Email').fill('noor@forgetful-e2e.example');
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByText('This Hireloop does not send email yet, so no reset link can reach you.', { exact: false })).toBeVisible();
    assert(await dialog.getByText('Password reset instructions sent to your email').count()).toBe(0);
    await context.close();
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
    assert(await page.evaluate("localStorage.getItem('auth_token')")).toBeNull();

    // Signing in again with the old email and password is refused, with a message and not a crash.
    await page.goto(`${app.url}/jobs`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Hireloop' });
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    assert(await page.evaluate("localStorage.getItem('auth_token')")).toBeNull();
    await page.context().close();
  });
});
