import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * Two-way messages as people use them (issue 24, ADR 069), on the real embedded default without
 * SMTP: a company on a paid plan contacts a candidate; the candidate sees the unread count on their
 * dashboard, opens the inbox and replies; the company sees its unread count, opens the
 * conversation (the candidate anonymous to it), reads the reply and answers; the candidate sees
 * the answer in the same thread.
 */
let app: AppProcess;
let browser: Browser;
const PASSWORD = 'conversations-e2e-password';
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

/** Waits until `route` has read what `position` wrote (the read model caught up), before a browser reads it. */
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
    if (current.status === 'trialing') return;
    if (Date.now() > deadline) throw new Error(`the trial did not start: ${JSON.stringify(current)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let candidate: { token: string };
let company: { token: string };
let profileId: string;

beforeAll(async () => {
  const port = await freePort();
  browser = await launchBrowser();
  app = await startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '1' } });
  const signedUp = await call('POST', '/api/auth/candidate/signup', { name: 'Ada Lovelace', email: 'ada.conversation@candidates-e2e.example', password: PASSWORD });
  candidate = { token: signedUp.answer.token as string };
  const profile = await call('POST', '/api/profile', { jobTitle: 'Streaming Data Engineer', skills: ['Kafka', 'Flink'], experience: '8 years', location: 'Lisbon, Portugal', isActivelyLooking: true, isPublic: true }, candidate.token);
  profileId = (profile.answer.profile as { id: string }).id;
  const companySignUp = await call('POST', '/api/auth/company/signup', { companyName: 'Northwind Analytics', contactName: 'Maya Okafor', email: 'maya@northwind-conversations-e2e.example', password: PASSWORD });
  company = { token: companySignUp.answer.token as string };
  // A paid plan through the simulated checkout (its webhook is the one Stripe's events take).
  const { answer: checkout } = await call('POST', '/api/subscription/create', { planId: 'small_business' }, company.token);
  const confirmed = await fetch(`${app.url}${new URL(checkout.checkoutUrl as string).pathname}/confirm`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  if (confirmed.status !== 303) throw new Error(`The test checkout answered ${confirmed.status}`);
  await trialStarted(company.token);
  await caughtUp('/api/candidates?count=1', profile.position);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function newPage(token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  return context.newPage();
}

describe('a conversation in the browser', () => {
  it('the company contacts; the candidate sees one new message and replies; the company sees one new reply, reads it and answers; the candidate sees the answer', async () => {
    const contacted = await call('POST', '/api/candidates/contact', { candidateId: profileId, message: 'Hi! Northwind is building a streaming team in Lisbon. Open to a chat?' }, company.token);
    await caughtUp('/api/conversations', contacted.position, candidate.token);

    // The candidate: the count on the dashboard, then the thread in the inbox, and a reply.
    const candidatePage = await newPage(candidate.token);
    await candidatePage.goto(`${app.url}/dashboard`);
    await expect(candidatePage.getByText('You have 1 new message from companies.')).toBeVisible();
    await candidatePage.getByRole('link', { name: 'Open Inbox' }).click();
    await candidatePage.waitForURL('**/inbox');
    const thread = candidatePage.getByRole('region', { name: 'Your messages' }).getByLabel('Conversation with Northwind Analytics');
    await expect(thread.getByRole('listitem').filter({ hasText: 'Open to a chat?' }).filter({ hasText: 'New' })).toBeVisible();
    await thread.getByRole('textbox', { name: 'Your reply' }).fill('  Happy to talk — Tuesday works for me.  ');
    await thread.getByRole('button', { name: 'Send Reply' }).click();
    await expect(thread.getByRole('listitem').filter({ hasText: 'Happy to talk — Tuesday works for me.' }).filter({ hasText: 'You' })).toBeVisible();
    assert(await thread.getByRole('textbox', { name: 'Your reply' }).inputValue()).toBe('');
    assert(await seriousAxeViolations(candidatePage)).toEqual([]);

    // The company: its count, the conversation with the candidate unnamed, the reply; it answers.
    const companyPage = await newPage(company.token);
    await companyPage.goto(`${app.url}/dashboard`);
    await expect(companyPage.getByText('You have 1 new reply from candidates.')).toBeVisible();
    await companyPage.getByRole('link', { name: 'Open Inbox' }).click();
    await companyPage.waitForURL('**/inbox');
    const entry = companyPage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Anonymous Candidate/ });
    await expect(entry.getByText('1 new')).toBeVisible();
    await entry.click();
    const open = companyPage.getByLabel('Conversation with Anonymous Candidate');
    await expect(open.getByRole('listitem').filter({ hasText: 'Happy to talk — Tuesday works for me.' })).toBeVisible();
    await expect(open.getByRole('link', { name: 'Streaming Data Engineer' })).toBeVisible();
    // Opening it read it for the company: the badge goes.
    await expect(entry.getByText('1 new')).toBeHidden();
    await open.getByRole('textbox', { name: 'Your reply' }).fill('Great! Tuesday at 10 then.');
    await open.getByRole('button', { name: 'Send Reply' }).click();
    await expect(open.getByRole('listitem').filter({ hasText: 'Great! Tuesday at 10 then.' }).filter({ hasText: 'Your company' })).toBeVisible();
    assert(await seriousAxeViolations(companyPage)).toEqual([]);
    await companyPage.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(companyPage.getByText('Your conversations with the candidates you contacted.')).toBeVisible();

    // The candidate sees the answer in the same thread, new.
    await candidatePage.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(candidatePage.getByText('You have 1 new message from companies.')).toBeVisible();
    await candidatePage.getByRole('link', { name: 'Open Inbox' }).click();
    const messages = thread.getByRole('listitem');
    await expect(messages.filter({ hasText: 'Great! Tuesday at 10 then.' }).filter({ hasText: 'New' })).toBeVisible();
    assert(await messages.count()).toBe(3);
    await candidatePage.context().close();
    await companyPage.context().close();
  }, 90_000);
});
