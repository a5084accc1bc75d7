import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';

/**
 * Issue 15's board extras in Chromium (ADR 044): the sign-up forms' location auto-detect with the
 * browser's geolocation overridden (no reverse-geocoding service configured: the bundled
 * gazetteer, so no request leaves for anyone but the app).
 */
let app: AppProcess;
let browser: Browser;
let jobId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const signup = await fetch(`${app.url}/api/auth/company/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: 'Northwind', contactName: 'Maya Okafor', email: 'jobs@marketing-e2e.example', password: 'company-password' }),
  });
  const { token } = (await signup.json()) as { token: string };
  const posted = await fetch(`${app.url}/api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'Senior Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.' }),
  });
  const body = (await posted.json()) as { job?: { id: string }; id?: string };
  jobId = body.job?.id ?? body.id ?? '';
  if (!jobId) throw new Error(`No job id in ${JSON.stringify(body)}`);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

/** Every address the page asked for that is not the app's. */
function foreignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(app.url) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

async function openSignUp(page: Page, tab: 'For Candidates' | 'For Companies') {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Hireloop' });
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

describe('location auto-detect in the sign-up forms', () => {
  let context: BrowserContext;

  afterAll(async () => {
    await context?.close();
  });

  it('fills Location from the browser position, through the bundled gazetteer, with no third-party request', async () => {
    context = await browser.newContext({ geolocation: { latitude: 37.7793, longitude: -122.4192 }, permissions: ['geolocation'] });
    const page = await context.newPage();
    const foreign = foreignRequests(page);
    await page.goto(`${app.url}/jobs`);
    const dialog = await openSignUp(page, 'For Candidates');
    await dialog.getByLabel('Full Name').fill('Ada Lovelace');
    await dialog.getByLabel('Email').fill('ada@location-e2e.example');
    await dialog.getByLabel('Password').fill('analytical-engine');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await assert.poll(() => dialog.getByLabel('Location').inputValue(), { timeout: 10_000 }).toBe('San Francisco, California');
    assert(foreign).toEqual([]);
  });

  it('does the same in the company form, and leaves a Location the person typed alone', async () => {
    const companyContext = await browser.newContext({ geolocation: { latitude: 52.37, longitude: 4.89 }, permissions: ['geolocation'] });
    const page = await companyContext.newPage();
    await page.goto(`${app.url}/for-companies`);
    await page.getByRole('button', { name: 'Start Hiring Free' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Hireloop' });
    await assert.poll(() => dialog.getByRole('tab', { name: 'For Companies' }).getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    await dialog.getByLabel('Company Name').fill('Northwind');
    await dialog.getByLabel('Contact Name').fill('Maya Okafor');
    await dialog.getByLabel('Email').fill('maya@location-e2e.example');
    await dialog.getByLabel('Password').fill('northwind-secret');
    await dialog.getByRole('button', { name: 'Next' }).click();
    const location = dialog.getByLabel('Location');
    await assert.poll(() => location.inputValue(), { timeout: 10_000 }).toBe('Amsterdam, North Holland');
    await location.fill('Remote');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await assert.poll(() => dialog.getByLabel('Location').inputValue(), { timeout: 10_000 }).toBe('Remote');
    await companyContext.close();
  });

  it('without permission, it logs and leaves the field empty: no alert', async () => {
    const deniedContext = await browser.newContext({ geolocation: { latitude: 37.7793, longitude: -122.4192 }, permissions: [] });
    const page = await deniedContext.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${app.url}/jobs`);
    const dialog = await openSignUp(page, 'For Candidates');
    await dialog.getByLabel('Full Name').fill('Ada Lovelace');
    await dialog.getByLabel('Email').fill('ada2@location-e2e.example');
    await dialog.getByLabel('Password').fill('analytical-engine');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await assert.poll(() => warnings.some((text) => text.includes('Location auto-detect: geolocation failed')), { timeout: 15_000 }).toBe(true);
    assert(await dialog.getByLabel('Location').inputValue()).toBe('');
    assert(await dialog.getByRole('alert').count()).toBe(0);
    await deniedContext.close();
  });
});

describe('the job board extras', () => {
  it('/?apply={jobId} opens the job’s application-process dialog; Apply Now asks a visitor to sign in; closing forgets the job', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/?apply=${encodeURIComponent(jobId)}`);
    const dialog = page.getByRole('dialog', { name: 'Apply to Senior Data Engineer' });
    await dialog.waitFor();
    await dialog.getByRole('list', { name: 'How applying works' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => !url.searchParams.has('apply'));
    await page.goto(`${app.url}/?apply=${encodeURIComponent(jobId)}`);
    await page.getByRole('dialog', { name: 'Apply to Senior Data Engineer' }).getByRole('button', { name: 'Apply Now' }).click();
    await page.getByRole('dialog', { name: 'Welcome to Hireloop' }).waitFor();
    await context.close();
  });

  it('an unknown job says so', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/?apply=no-such-job`);
    await page.getByRole('dialog', { name: 'Job Not Found' }).waitFor();
    await context.close();
  });

  it('the ad slot shows Hireloop’s own promotions, whatever the consent, and asks no one else for anything', async () => {
    for (const cookieChoice of ['accepted', 'declined'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(`localStorage.setItem('cookieConsent', '${cookieChoice}')`);
      const page = await context.newPage();
      const foreign = foreignRequests(page);
      await page.goto(`${app.url}/jobs`);
      const promotions = page.getByRole('region', { name: 'From Hireloop' });
      await promotions.getByRole('link', { name: 'Hire with Hireloop' }).waitFor();
      assert(await page.getByRole('region', { name: 'Advertisement' }).count()).toBe(0);
      await promotions.getByRole('link', { name: 'Hire with Hireloop' }).click();
      await page.getByRole('heading', { level: 1, name: 'Find Top Tech Talent Faster Than Ever' }).waitFor();
      assert(foreign).toEqual([]);
      await context.close();
    }
  });
});
