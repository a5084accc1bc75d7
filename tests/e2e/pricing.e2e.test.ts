import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * A company chooses its plan, in Chromium against the real embedded app (issue 12, ADR 030): the
 * pricing modal greets it once on the dashboard, the pricing page switches to annual prices, the
 * free plan applies at once, and Small Business goes through the simulated checkout — its TEST
 * MODE page, the signed webhook on the same route Stripe uses — and back to 'Subscription
 * Activated!' with the Current Plan banner showing the trial.
 */
let app: AppProcess;
let browser: Browser;
let token: string;

beforeAll(async () => {
  const port = await freePort();
  // The checkout sends the browser back to PUBLIC_URL: the same origin as the pages, so the
  // session and the modal's flag in localStorage are the ones the journey set.
  [app, browser] = await Promise.all([startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } }), launchBrowser()]);
  const response = await fetch(`${app.url}/api/auth/company/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: 'Planwise Robotics', contactName: 'Rosa Planner', email: 'rosa@planwise-e2e.example', password: 'planwise-e2e-password' }),
  });
  assert(response.status).toBe(201);
  token = ((await response.json()) as { token: string }).token;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Signed in from the first page on; everything else the pages keep in localStorage stays.
  await context.addInitScript({ content: `if (!localStorage.getItem('auth_token')) localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  return context.newPage();
}

/** Waits until the button shows, then checks it cannot be pressed. */
async function isDisabled(button: Locator) {
  await expect(button).toBeVisible();
  assert(await button.isDisabled(), String(button)).toBe(true);
}

const toast = (page: Page, title: string) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: title });

describe('choosing a plan', () => {
  it('the pricing modal shows once, the free plan applies at once, and Small Business goes through the test checkout', async () => {
    const page = await newPage();

    // The dashboard greets a company without a plan with the pricing modal, once.
    await page.goto(`${app.url}/dashboard`);
    const modal = page.getByRole('dialog', { name: 'Choose Your Plan' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText('Save up to 20%')).toBeVisible();
    await expect(modal.getByText('Job Posts 0 of 1 free')).toBeVisible();
    await expect(modal.getByText('Downgrades take effect at the end of the billing cycle.')).toBeVisible();
    assert(await seriousAxeViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Start Contacting Candidates Today!' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Start Contacting Candidates Today!' })).toBeVisible();
    await expect(page.getByText('Job Posts 0 of 1 free')).toBeVisible();
    // The subscription was read again (the banner shows): no modal this time.
    assert(await page.getByRole('dialog').count()).toBe(0);

    // The pricing page, in annual mode.
    await page.getByRole('link', { name: 'Upgrade Now' }).click();
    await page.waitForURL('**/pricing');
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
    await expect(page.getByText('Save 17% • 14-day free trial')).toBeVisible();
    const smallBusiness = page.getByRole('group', { name: 'Small Business' });
    await expect(smallBusiness.getByText('Most Popular')).toBeVisible();
    await expect(smallBusiness.getByRole('button', { name: 'Subscribe for $25/month' })).toBeVisible();
    await page.getByRole('button', { name: 'Annual' }).click();
    await expect(smallBusiness.getByText('Save $50')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Enterprise' }).getByText('Save $998')).toBeVisible();
    assert(await seriousAxeViolations(page)).toEqual([]);

    // The free plan applies at once.
    await page.getByRole('group', { name: 'Free' }).getByRole('button', { name: 'Get Started Free' }).click();
    await expect(toast(page, 'Welcome to Hireloop!')).toBeVisible();
    const banner = page.getByRole('region', { name: 'Current Plan' });
    await expect(banner.filter({ hasText: 'Current Plan: Free' })).toBeVisible();
    await expect(banner.filter({ hasText: 'Active' })).toBeVisible();
    await isDisabled(page.getByRole('group', { name: 'Free' }).getByRole('button', { name: 'Current Plan' }));

    // Small Business, billed yearly, through the simulated checkout.
    await smallBusiness.getByRole('button', { name: 'Subscribe for $250/year' }).click();
    await isDisabled(smallBusiness.getByRole('button', { name: 'Processing...' }));
    await expect(toast(page, 'Redirecting to payment...')).toBeVisible();
    await page.waitForURL('**/api/payments/simulated/checkout/**');
    await expect(page.getByRole('status').filter({ hasText: 'TEST MODE' })).toBeVisible();
    await expect(page.getByText('$250/year (save $50) after a 14-day free trial.')).toBeVisible();
    await page.getByRole('button', { name: 'Start free trial' }).click();

    // Back on the pricing page: the address is cleaned, the plan is the new one, and the toast shows.
    await page.waitForURL((url) => url.pathname === '/pricing' && url.search === '', { timeout: 15_000 });
    await expect(toast(page, 'Subscription Activated!')).toBeVisible();
    await expect(banner.filter({ hasText: 'Current Plan: Small Business' })).toBeVisible();
    await expect(banner.filter({ hasText: 'Free trial' })).toBeVisible();
    await expect(banner.filter({ hasText: 'Job Posts 0 of 5' })).toBeVisible();
    await isDisabled(smallBusiness.getByRole('button', { name: 'Current Plan' }));

    // A paying company sees neither the banner nor the modal on its dashboard.
    await page.goto(`${app.url}/dashboard`);
    await expect(page.getByText('Job Posts 0 of 5')).toBeVisible();
    assert(await page.getByRole('heading', { name: 'Start Contacting Candidates Today!' }).count()).toBe(0);
    assert(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
