import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { startTestOidcProvider } from '../support/oidc-provider';
import { decodeQuotedPrintable, startTestSmtpServer } from '../support/smtp';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * Accounts as people use them, on the embedded default with real SMTP delivery and a real
 * OpenID Connect provider standing in for LinkedIn.
 */
let app: AppProcess;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let oidc: Awaited<ReturnType<typeof startTestOidcProvider>>;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  [smtp, oidc, browser] = await Promise.all([
    startTestSmtpServer(),
    startTestOidcProvider({
      clientId: 'hireloop-e2e',
      clientSecret: 'e2e-client-secret',
      redirectUri: `${publicUrl}/api/auth/linkedin/callback`,
      people: {
        'li-grace': { email: 'grace@linkedin-e2e.example', email_verified: true, name: 'Grace Hopper' },
        // The address Ada signed up with by password (the first journey): LinkedIn vouches for it.
        'li-ada': { email: 'ada@candidate-e2e.example', email_verified: true, name: 'Augusta Ada King' },
        'li-cancel': { email: 'cancel@linkedin-e2e.example', email_verified: true, name: 'Changed Mind' },
      },
    }),
    launchBrowser(),
  ]);
  app = await startApp({
    port,
    env: {
      PUBLIC_URL: publicUrl,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Hireloop <no-reply@hireloop.e2e>',
      LINKEDIN_CLIENT_ID: 'hireloop-e2e',
      LINKEDIN_CLIENT_SECRET: 'e2e-client-secret',
      LINKEDIN_ISSUER: oidc.issuer,
    },
    // A loaded machine (load 20 and more) starts the app in over a minute.
    timeoutMs: 170_000,
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
  await smtp?.close();
  await oidc?.close();
});

async function openDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  return page.getByRole('dialog', { name: 'Welcome to Hireloop' });
}

describe('accounts in the browser', () => {
  it('a candidate signs up and lands on the dashboard after the confirmation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/jobs`);
    const dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: 'For Candidates' }).click();
    await dialog.getByLabel('Full Name').fill('Ada Lovelace');
    await dialog.getByLabel('Email').fill('ada@candidate-e2e.example');
    await dialog.getByLabel('Password').fill('analytical-engine');
    await expect(dialog.getByText('Password strength: Good')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Location').fill('London, UK');
    await dialog.getByLabel('Current Role').fill('Mathematician');
    await dialog.getByLabel('Skills').fill('Algorithms, Poetry');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account created successfully! Redirecting to dashboard...').first()).toBeVisible();
    await page.waitForURL('**/dashboard');
    await expect(page.getByText('Discover new opportunities and manage your job applications')).toBeVisible();
    await context.close();
  });

  it('a company signs up and lands on the candidate browser', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/jobs`);
    const dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: 'For Companies' }).click();
    await dialog.getByLabel('Company Name').fill('Northwind Analytics');
    await dialog.getByLabel('Contact Name').fill('Maya Okafor');
    await dialog.getByLabel('Email').fill('maya@company-e2e.example');
    await dialog.getByLabel('Password').fill('northwind-secret');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/browse-candidates');
    await context.close();
  });

  it('forgot password: the mail arrives, the link resets the password, and the new one signs in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/jobs`);
    let dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByLabel('Email').fill('ada@candidate-e2e.example');
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByText('Password reset instructions sent to your email')).toBeVisible();

    const mail = await smtp.waitForMail('ada@candidate-e2e.example');
    const link = new RegExp(`${app.url.replace(/[.:/]/g, '\\$&')}/reset-password/[A-Za-z0-9_-]+`).exec(decodeQuotedPrintable(mail.raw))?.[0];
    assert(link).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    assert(new URL(page.url()).pathname).toBe('/reset-password');
    await page.getByLabel('New Password').fill('difference-engine-2');
    await page.getByLabel('Confirm Password').fill('difference-engine-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
    await page.waitForURL('**/signin', { timeout: 10_000 });

    dialog = page.getByRole('dialog', { name: 'Welcome to Hireloop' });
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByLabel('Email').fill('ada@candidate-e2e.example');
    await dialog.getByLabel('Password').fill('difference-engine-2');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Sign in successful!').first()).toBeVisible();
    await page.waitForURL('**/dashboard');
    await expect(page.getByText('Discover new opportunities and manage your job applications')).toBeVisible();

    // The link works once.
    await page.goto(link!);
    await expect(page.getByText('The reset token is invalid or expired.')).toBeVisible();
    await context.close();
  });

  it('"Forgot password?" only opens the reset form: the link is mailed once, when Send Reset Link is pressed', async () => {
    const email = 'lin@forgot-e2e.example';
    const signUp = await fetch(`${app.url}/api/auth/candidate/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lin Forgetful', email, password: 'remembers-nothing' }),
    });
    assert(signUp.ok).toBe(true);
    const mailsTo = () => smtp.received.filter((mail) => mail.to.includes(email)).length;

    const context = await browser.newContext();
    const page = await context.newPage();
    let resetRequests = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/forgot-password') resetRequests += 1;
    });
    await page.goto(`${app.url}/jobs`);
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();

    await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    assert(await dialog.getByLabel('Email').inputValue()).toBe(email);
    assert(resetRequests).toBe(0);
    assert(mailsTo()).toBe(0);
    assert(await dialog.getByText('Password reset instructions sent to your email').count()).toBe(0);

    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByText('Password reset instructions sent to your email')).toBeVisible();
    await smtp.waitForMail(email);
    // A request "Forgot password?" had made would have left before the one "Send Reset Link" made:
    // one request counted once that one's mail is here proves the first click sent none.
    assert(resetRequests).toBe(1);
    assert(mailsTo()).toBe(1);
    await context.close();
  });

  it('LinkedIn sign-in through the provider lands signed in on the dashboard', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/jobs`);
    const dialog = await openDialog(page);
    await dialog.getByRole('link', { name: 'Continue with LinkedIn' }).click();
    await page.waitForURL(`${oidc.issuer}/**`);
    await page.locator('input[name="login"]').fill('li-grace');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click(); // consent
    await page.waitForURL(`${app.url}/dashboard`);
    await expect(page.getByText('Grace Hopper').first()).toBeVisible();
    assert(await page.evaluate('localStorage.getItem("auth_token")')).toBeTruthy();
    await context.close();
  });

  /** Through the provider's login screen as `login`, up to its consent screen. */
  async function toLinkedInConsent(page: Page, login: string) {
    await page.goto(`${app.url}/jobs`);
    const dialog = await openDialog(page);
    await dialog.getByRole('link', { name: 'Continue with LinkedIn' }).click();
    await page.waitForURL(`${oidc.issuer}/**`);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('link', { name: '[ Cancel ]' }).waitFor();
  }

  it('LinkedIn with the address of an account made by password signs in to that account, not a new one (ADR 118)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await toLinkedInConsent(page, 'li-ada');
    await page.locator('button[type="submit"]').click(); // consent
    await page.waitForURL(`${app.url}/dashboard`);
    // The account Ada made in the first journey, by the name she gave there.
    await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
    assert(await page.getByText('Augusta Ada King').count()).toBe(0);
    await context.close();
  });

  it('cancelling at LinkedIn comes back to the board saying it was cancelled, signed out (ADR 118)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await toLinkedInConsent(page, 'li-cancel');
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await page.waitForURL(`${app.url}/?error=linkedin_cancelled`);
    await expect(page.getByText('LinkedIn sign-in was cancelled. Sign in another way, or try LinkedIn again.')).toBeVisible();
    assert(await page.getByText('Sign-in failed. Please try again.').count()).toBe(0);
    assert(await page.evaluate('localStorage.getItem("auth_token")')).toBeNull();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    await context.close();
  });
});
