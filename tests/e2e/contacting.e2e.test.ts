import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { CONTACT_MESSAGES, DEFAULT_CONTACT_MESSAGE } from '@hireloop/contracts';
import { decodeQuotedPrintable, startTestSmtpServer } from '../support/smtp';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * Contacting a candidate as people do it (issue 12, ADR 032), on the real embedded default with
 * real SMTP delivery: a company takes the small_business plan through the simulated checkout (the
 * signed events go through the same webhook as Stripe's), contacts a candidate from Browse
 * Candidates with the prompt, and the candidate gets the mail over SMTP and finds it in /inbox.
 */
let app: AppProcess;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
const PASSWORD = 'contacting-e2e-password';
let nextAddress = 1;

async function call(method: string, route: string, body: unknown, token?: string) {
  const response = await fetch(`${app.url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${nextAddress++}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
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

/** Waits until the company's subscription reads `trialing` (the simulated checkout's webhook applied). */
async function trialStarted(token: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${app.url}/api/subscription/current`, { headers: { authorization: `Bearer ${token}` } });
    const current = (await response.json()) as { planId: string | null; status: string };
    if (current.planId === 'small_business' && current.status === 'trialing') return;
    if (Date.now() > deadline) throw new Error(`the trial did not start: ${JSON.stringify(current)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let candidate: { token: string; email: string };
let company: { token: string };

beforeAll(async () => {
  const port = await freePort();
  [smtp, browser] = await Promise.all([startTestSmtpServer(), launchBrowser()]);
  app = await startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, MAIL_FROM: 'Hireloop <no-reply@hireloop.e2e>', TRUST_PROXY: '1' } });
  const email = 'ada.contact@candidates-e2e.example';
  const signedUp = await call('POST', '/api/auth/candidate/signup', { name: 'Ada Lovelace', email, password: PASSWORD });
  candidate = { token: signedUp.answer.token as string, email };
  const profile = await call('POST', '/api/profile', { jobTitle: 'Streaming Data Engineer', skills: ['Kafka', 'Flink'], experience: '8 years', location: 'Lisbon, Portugal', isActivelyLooking: true, isPublic: true }, candidate.token);
  const companySignUp = await call('POST', '/api/auth/company/signup', { companyName: 'Northwind Analytics', contactName: 'Maya Okafor', email: 'maya@northwind-e2e.example', password: PASSWORD });
  company = { token: companySignUp.answer.token as string };
  await caughtUp('/api/candidates?count=1', profile.position);
  await caughtUp('/api/auth/user', companySignUp.position, company.token);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
  await smtp?.close();
});

async function newPage(token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  return context.newPage();
}

describe('contacting a candidate in the browser', () => {
  it('a company on the free plan hits the contact gate, upgrades through the simulated checkout, returns to Subscription Activated!, contacts a candidate, who gets the mail over SMTP and sees it in /inbox', async () => {
    // On the free plan (applies at once).
    const free = await call('POST', '/api/subscription/create', { planId: 'free' }, company.token);
    assert(free.answer).toMatchObject({ planId: 'free', status: 'active' });
    const page = await newPage(company.token);
    await page.goto(`${app.url}/browse-candidates`);
    const card = page.getByRole('list', { name: 'Candidates' }).getByRole('listitem').filter({ hasText: 'Streaming Data Engineer' });
    // The free plan does not contact: the card offers Upgrade to Contact, which opens the premium dialog.
    await card.getByRole('button', { name: 'Upgrade to Contact' }).click();
    await expect(page.getByText(CONTACT_MESSAGES.premiumFeatureTitle, { exact: true })).toBeVisible();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Contact Candidates' });
    await expect(upgrade).toBeVisible();
    await upgrade.getByRole('link', { name: 'View Plans' }).click();
    await page.waitForURL('**/pricing');

    // Small Business from the pricing page, through the test checkout page, as a person clicks it.
    await page.getByRole('group', { name: 'Small Business' }).getByRole('button', { name: 'Subscribe for $25/month' }).click();
    await page.waitForURL('**/api/payments/simulated/checkout/**');
    await expect(page.getByText('TEST MODE', { exact: false }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Start free trial' }).click();
    // Back on the pricing page: the address cleaned, and the toast once the webhook's events are read.
    await page.waitForURL((url) => url.pathname === '/pricing' && url.search === '', { timeout: 15_000 });
    await expect(page.getByText('Subscription Activated!', { exact: true }).first()).toBeVisible();
    await trialStarted(company.token);

    await page.goto(`${app.url}/browse-candidates`);
    const typed = '  Hi! Northwind is building a streaming team in Lisbon. Open to a chat?  ';
    // The message dialog (not the browser's prompt), starting from the default text.
    await card.getByRole('button', { name: 'Contact', exact: true }).click();
    const compose = page.getByRole('dialog', { name: 'Contact Candidate' });
    const field = compose.getByRole('textbox', { name: 'Write a message to the candidate:' });
    await compose.waitFor();
    assert(await field.inputValue()).toBe(DEFAULT_CONTACT_MESSAGE);
    await field.fill(typed);
    await compose.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(CONTACT_MESSAGES.sentTitle, { exact: true })).toBeVisible();

    // The candidate's mail, over real SMTP.
    const mail = await smtp.waitForMail(candidate.email);
    const text = decodeQuotedPrintable(mail.raw);
    assert(text).toContain('Northwind Analytics would like to get in touch');
    assert(text).toContain('Hi! Northwind is building a streaming team in Lisbon. Open to a chat?');
    assert(text).toContain(`${app.url}/inbox`);

    // …and in their inbox, reached from the dashboard.
    const candidatePage = await newPage(candidate.token);
    await candidatePage.goto(`${app.url}/dashboard`);
    await expect(candidatePage.getByText('You have 1 new message from companies.')).toBeVisible();
    await candidatePage.getByRole('link', { name: 'Open Inbox' }).click();
    await candidatePage.waitForURL('**/inbox');
    const message = candidatePage.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(message.filter({ hasText: 'Northwind Analytics' })).toBeVisible();
    await expect(message.filter({ hasText: 'Hi! Northwind is building a streaming team in Lisbon. Open to a chat?' })).toBeVisible();
    await expect(message.filter({ hasText: 'New' })).toBeVisible();
    // Opening the inbox read it: back on the dashboard, nothing is new.
    await candidatePage.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(candidatePage.getByText('Messages companies send you through Hireloop.')).toBeVisible();
    await page.context().close();
    await candidatePage.context().close();
  }, 90_000);
});
