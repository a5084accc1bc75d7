import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { MY_DATA_MESSAGES } from '@hireloop/contracts';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { apiCalls } from './support/api-calls';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * Journeys of the spec no e2e file walked before (ADR 127), in Chromium against the real embedded
 * app: a candidate keeps their saved searches from the dashboard (alerts changed, the board opened
 * from one, one deleted); a candidate with a public profile deletes their account, and their
 * profile is gone for everyone; a company reads its profile's Account Settings tab.
 */
const PASSWORD = 'journeys-walked-late-e2e-password';

let app: AppProcess;
let browser: Browser;

const { call, caughtUp } = apiCalls(() => app);

beforeAll(async () => {
  const port = await freePort();
  [app, browser] = await Promise.all([startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '1' }, timeoutMs: 150_000 }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function newPage(token?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token) await context.addInitScript({ content: `if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('auth_token', ${JSON.stringify(token)}); }` });
  return context.newPage();
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function candidate(name: string, email: string) {
  return (await call('POST', '/api/auth/candidate/signup', { name, email, password: PASSWORD })).answer.token as string;
}

describe('journeys no e2e file walked before', { timeout: 120_000 }, () => {
  it('a candidate changes a saved search’s alerts on the dashboard, opens the board from it, and deletes another', async () => {
    const token = await candidate('Ines Duarte', 'ines@journeys-e2e.example');
    await call('POST', '/api/saved-searches', { keywords: 'kafka', location: 'Lisbon', frequency: 'daily' }, token);
    const { position } = await call('POST', '/api/saved-searches', { keywords: 'rust', location: '', frequency: 'instant' }, token);
    await caughtUp('/api/saved-searches', position, token);
    const page = await newPage(token);
    await page.goto(`${app.url}/dashboard`);
    const rows = page.getByRole('list', { name: 'Saved searches' }).getByRole('listitem');
    const kafka = rows.filter({ hasText: '“kafka”' });
    await expect(kafka).toBeVisible();
    await expect(rows.filter({ hasText: '“rust”' })).toBeVisible();

    // Alerts from once a day to off: the choice stays after a reload (it was saved, not only shown).
    await kafka.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Off' }).click();
    await expect(kafka.getByRole('combobox').filter({ hasText: 'Off' })).toBeVisible();
    await assert.poll(async () => {
      const answer = await fetch(`${app.url}/api/saved-searches`, { headers: { authorization: `Bearer ${token}` } });
      const { savedSearches } = (await answer.json()) as { savedSearches: Array<{ keywords: string; frequency: string }> };
      return savedSearches.find((one) => one.keywords === 'kafka')?.frequency;
    }).toBe('off');
    await page.reload();
    await expect(rows.filter({ hasText: '“kafka”' }).getByRole('combobox').filter({ hasText: 'Off' })).toBeVisible();

    // Delete the other one: it leaves the list, and stays gone after a reload.
    await page.getByRole('button', { name: 'Delete the saved search “rust”' }).click();
    await expect(rows.filter({ hasText: '“rust”' })).toBeHidden();
    await page.reload();
    await expect(rows.filter({ hasText: '“kafka”' })).toBeVisible();
    assert(await rows.filter({ hasText: '“rust”' }).count()).toBe(0);

    // Its link opens the board with the search filled in.
    await rows.filter({ hasText: '“kafka”' }).getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/jobs' && url.searchParams.get('search') === 'kafka' && url.searchParams.get('location') === 'Lisbon');
    assert(await page.getByRole('searchbox').first().inputValue()).toBe('kafka');
    await page.context().close();
  });

  it('a candidate with a public profile deletes their account: the profile is Profile Not Found for everyone, and the sign-in is refused', async () => {
    const email = 'rui@journeys-e2e.example';
    const token = await candidate('Rui Almeida', email);
    const created = await call(
      'POST',
      '/api/profile',
      { jobTitle: 'Platform Engineer', skills: ['Go', 'Kubernetes'], experience: '5 years', location: 'Porto, Portugal', isActivelyLooking: true, isPublic: true },
      token,
    );
    const profileId = (created.answer.profile as { id: string }).id;
    await caughtUp(`/api/profiles/${profileId}`, created.position);
    const visitor = await newPage();
    await visitor.goto(`${app.url}/profile/${profileId}`);
    await expect(visitor.getByText('Platform Engineer').first()).toBeVisible();

    const page = await newPage(token);
    await page.goto(`${app.url}/settings`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Type your email to confirm' });
    // Another address is refused at the field, and nothing is deleted.
    await confirm.getByLabel('Email of this account').fill('someone-else@journeys-e2e.example');
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await expect(confirm.getByText(MY_DATA_MESSAGES.confirmEmailMismatch)).toBeVisible();
    assert(await confirm.getByLabel('Email of this account').getAttribute('aria-invalid')).toBe('true');
    await confirm.getByLabel('Email of this account').fill(email);
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await expect(toasts(page).getByText('Your account has been deleted')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/');

    // The visitor's next look: the profile is gone, as a private one is (part 2 §2).
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
    const refused = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.250' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    assert(refused.status).toBe(401);
    await page.context().close();
    await visitor.context().close();
  });

  it('a company reads its Account Settings tab: the notification defaults of the spec, and that they are not saved yet', async () => {
    const token = (await call('POST', '/api/auth/company/signup', { companyName: 'Tab Labs', contactName: 'Ana Costa', email: 'ana@tab-labs-e2e.example', password: PASSWORD })).answer.token as string;
    await call('POST', '/api/subscription/create', { planId: 'free' }, token);
    const page = await newPage(token);
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('button', { name: /Company Profile/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Company Profile' });
    await dialog.getByRole('tab', { name: 'Account Settings' }).click();
    // Part 2 §2: candidate responses on, weekly summary on, marketing off.
    assert(await dialog.getByLabel('Candidate responses').isChecked()).toBe(true);
    assert(await dialog.getByLabel('Weekly summary').isChecked()).toBe(true);
    assert(await dialog.getByLabel('Marketing emails').isChecked()).toBe(false);
    await expect(dialog.getByText('These preferences are not saved yet')).toBeVisible();
    await page.context().close();
  });
});
