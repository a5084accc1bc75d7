import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { removeDataDir, startApp, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * The forms in a real browser (ADR 021): a refused submit says what is wrong at each field, the
 * field is marked invalid and described by its message, the focus is on the first one, and axe
 * finds nothing serious with the messages on screen.
 */
let app: AppProcess;
let browser: Browser;
let companyToken: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const signup = await fetch(`${app.url}/api/auth/company/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: 'Northwind', contactName: 'Maya Okafor', email: 'forms@northwind-e2e.example', password: 'company-password' }),
  });
  companyToken = ((await signup.json()) as { token: string }).token;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

/** What a screen reader says about the field beyond its name: the texts its `aria-describedby` points to. */
async function description(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ').filter(Boolean) ?? [];
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  return texts.map((text) => text?.trim() ?? '').filter(Boolean).join(' ');
}

async function hasFocus(field: Locator): Promise<boolean> {
  const id = await field.getAttribute('id');
  return id !== null && (await field.page().evaluate<string | undefined>('document.activeElement?.id')) === id;
}

async function expectInvalid(field: Locator, message: string) {
  await assert.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  assert(await description(field)).toBe(message);
}

async function newPage(token?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token) await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  return context.newPage();
}

describe('forms in the browser', () => {
  it('sign-in and sign-up say what is wrong at the field, with the focus on it', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/jobs`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Hireloop' });
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();

    const email = dialog.getByLabel('Email');
    await expectInvalid(email, 'Email is required');
    await expectInvalid(dialog.getByLabel('Password'), 'Password is required');
    assert(await hasFocus(email)).toBe(true);
    assert(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByRole('tab', { name: 'For Companies' }).click();
    await expect(dialog.getByText('Step 1 of 2')).toBeVisible();
    await dialog.getByLabel('Email').fill('maya@northwind');
    await dialog.getByLabel('Email').blur();
    await expectInvalid(dialog.getByLabel('Email'), 'Please enter a valid email address');
    assert(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    assert(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('the reset page asks for the token at its field', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/reset-password`);
    await page.getByRole('button', { name: 'Verify Token' }).click();

    const token = page.getByLabel('Reset Token');
    await expectInvalid(token, 'Please enter your reset token.');
    assert(await hasFocus(token)).toBe(true);
    assert(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('posting a job without its required fields says so at each of them and in the toast', async () => {
    const page = await newPage(companyToken);
    await page.goto(`${app.url}/dashboard`);
    // A company without a plan is shown the pricing modal once (part 2 §2).
    await page.getByRole('dialog', { name: 'Choose Your Plan' }).getByRole('button', { name: 'Maybe Later' }).click();
    await page.getByRole('button', { name: 'Post New Job' }).click();
    const form = page.getByRole('dialog', { name: 'Post a New Job' });
    await form.getByLabel('Location').fill('Austin, TX');
    await form.getByRole('button', { name: 'Post Job' }).click();

    const required = 'Please fill in all required fields (Title, Location, Description).';
    await expect(page.getByText('Missing Required Fields').first()).toBeVisible();
    const title = form.getByLabel('Job Title');
    await expectInvalid(title, required);
    await expectInvalid(form.getByLabel('Description'), required);
    assert(await form.getByLabel('Location').getAttribute('aria-invalid')).toBeNull();
    assert(await hasFocus(title)).toBe(true);
    assert(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
