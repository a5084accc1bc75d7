import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * Plans a company can leave (issue 24, ADR 063), in Chromium against the real embedded app with
 * the simulated payments adapter: the company subscribes, then changes plan and cancels in the
 * simulated billing portal (TEST MODE), and its banner says when the plan ends. PUBLIC_URL is
 * left unset (links in mails say `http://localhost:PORT`) while the browser is on 127.0.0.1: the
 * checkout and the portal bring it back to 127.0.0.1, still signed in.
 */
let app: AppProcess;
let browser: Browser;
let token: string;

beforeAll(async () => {
  const port = await freePort();
  [app, browser] = await Promise.all([startApp({ port, env: { PUBLIC_URL: '' } }), launchBrowser()]);
  const response = await fetch(`${app.url}/api/auth/company/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: 'Leaveable Labs', contactName: 'Ines Leaver', email: 'ines@leaveable-e2e.example', password: 'leaveable-e2e-password' }),
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
  await context.addInitScript({ content: `if (!localStorage.getItem('auth_token')) localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  return context.newPage();
}

describe('a plan the company can change and leave', () => {
  it('subscribes, changes plan and cancels in the simulated portal, and the banner says when the plan ends', async () => {
    const page = await newPage();
    const origin = new URL(app.url).origin;
    assert(origin.startsWith('http://127.0.0.1:')).toBe(true);

    await page.goto(`${app.url}/pricing`);
    await page.getByRole('group', { name: 'Small Business' }).getByRole('button', { name: 'Subscribe for $25/month' }).click();
    // The test checkout, served on the origin the browser is on.
    await page.waitForURL(`${origin}/api/payments/simulated/checkout/**`);
    await expect(page.getByText('TEST MODE')).toBeVisible();
    await page.getByRole('button', { name: 'Start free trial' }).click();
    // Back on 127.0.0.1, signed in: the return is recognised and the plan shows.
    await page.waitForURL(`${origin}/pricing**`);
    const banner = page.getByRole('region', { name: 'Current Plan' });
    await expect(banner.getByText('Small Business')).toBeVisible();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Subscription Activated!')).toBeVisible();

    // Another plan's button leads to the billing portal, not a 409.
    await page.getByRole('group', { name: 'VC Startup' }).getByRole('button', { name: 'Subscribe for $99/month' }).click();
    await page.waitForURL(`${origin}/api/payments/simulated/portal/**`);
    await expect(page.getByText('TEST MODE — simulated billing portal')).toBeVisible();
    await page.getByRole('radio', { name: /VC Startup — \$99\/month/ }).check();
    await page.getByRole('button', { name: 'Update plan' }).click();
    await expect(page.getByText('Your plan changes to VC Startup ($99/month)')).toBeVisible();

    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(page.getByText(/Your plan ends on/)).toBeVisible();
    await page.getByRole('link', { name: 'Return to Hireloop' }).click();
    // Back on the pricing page, which reads the plan again while the portal's webhooks land; the address is cleaned.
    await page.waitForURL(`${origin}/pricing`);
    await expect(banner.getByText(/Your plan ends on .*Your company then moves to the Free plan\./)).toBeVisible();
    await expect(banner.getByText('Cancelling')).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Manage billing' })).toBeVisible();

    // The company profile's Billing & Plan tab tells the same.
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('button', { name: 'Set Up Company Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Company Profile' });
    await dialog.getByRole('tab', { name: 'Billing & Plan' }).click();
    await expect(dialog.getByText('Current plan: Small Business · Cancelling')).toBeVisible();
    await expect(dialog.getByText(/Your plan ends on/)).toBeVisible();
  });
});
