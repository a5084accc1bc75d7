import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { SAVED_SEARCH_MESSAGES } from '@hireloop/contracts';
import { decodeQuotedPrintable, startTestSmtpServer } from '../support/smtp';
import { freePort, removeDataDir, startApp, waitForReadModels, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * A saved search as people use it (ADR 067), on the real embedded default with real SMTP: a
 * candidate saves a board search with instant alerts, a company posts a matching job, the
 * candidate gets it by mail once, and the mail's link stops the alerts without signing in.
 */
let app: AppProcess;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
const PASSWORD = 'saved-search-e2e-password';
let nextAddress = 1;

async function call(method: string, route: string, body: unknown, token?: string) {
  const response = await fetch(`${app.url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${nextAddress++}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

let companies = 0;
/** A job posted by a company of its own (a free plan allows one open job). */
async function postJob(title: string, description: string) {
  const n = ++companies;
  const company = await call('POST', '/api/auth/company/signup', { companyName: `Streamworks ${n}`, contactName: 'Maya Okafor', email: `maya${n}@streamworks-e2e.example`, password: PASSWORD });
  const posted = await call('POST', '/api/jobs', { title, location: 'Lisbon, Portugal', description }, company.token as string);
  return (posted.job as { id: string }).id;
}

let candidate: { token: string; email: string };

beforeAll(async () => {
  const port = await freePort();
  [smtp, browser] = await Promise.all([startTestSmtpServer(), launchBrowser()]);
  app = await startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, MAIL_FROM: 'Hireloop <no-reply@hireloop.e2e>', TRUST_PROXY: '1' } });
  const email = 'tomas.alerts@candidates-e2e.example';
  const signedUp = await call('POST', '/api/auth/candidate/signup', { name: 'Tomás Herrera', email, password: PASSWORD });
  candidate = { token: signedUp.token as string, email };
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
  await smtp?.close();
});

async function newPage(token?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token) await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  return context.newPage();
}

describe('a saved search in the browser', () => {
  it('is saved from the board, mails each new matching job once over SMTP, and its mail link stops the alerts without signing in', async () => {
    const page = await newPage(candidate.token);
    await page.goto(`${app.url}/jobs?search=kafka`);
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('As soon as they are posted').check();
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(dialog.getByText(`${SAVED_SEARCH_MESSAGES.saved}.`, { exact: false })).toBeVisible();

    const first = await postJob('Senior Kafka Engineer', 'Streams with Kafka and Flink.');
    await postJob('Frontend Engineer', 'React and CSS.');
    const second = await postJob('Kafka Platform Lead', 'Run our Kafka clusters.');
    const firstMail = await smtp.waitForMailWhere(candidate.email, (raw) => decodeQuotedPrintable(raw).includes(first));
    const secondMail = await smtp.waitForMailWhere(candidate.email, (raw) => decodeQuotedPrintable(raw).includes(second));
    const texts = smtp.received.filter((mail) => mail.to.includes(candidate.email)).map((mail) => decodeQuotedPrintable(mail.raw));
    // Each job once; the job that does not match, never.
    assert(texts.filter((text) => text.includes(first))).toHaveLength(1);
    assert(texts.filter((text) => text.includes(second))).toHaveLength(1);
    assert(texts.join('\n')).not.toContain('Frontend Engineer');
    assert(decodeQuotedPrintable(firstMail.raw)).toContain('Senior Kafka Engineer at Streamworks 1');

    // The link in the mail, opened by someone who is not signed in.
    const link = /(http:\/\/\S+\/alerts\/unsubscribe#\S+)/.exec(decodeQuotedPrintable(secondMail.raw))?.[1];
    assert(link).toBeDefined();
    const visitor = await newPage();
    await visitor.goto(link!);
    await visitor.getByRole('button', { name: 'Stop these alerts' }).click();
    await expect(visitor.getByText(SAVED_SEARCH_MESSAGES.unsubscribed)).toBeVisible();

    // The dashboard shows the search with its alerts off. The unsubscribe came from another browser,
    // so this tab's reads do not wait for it: wait until the read models have it.
    await waitForReadModels(app);
    await page.goto(`${app.url}/dashboard`);
    const saved = page.getByRole('list', { name: 'Saved searches' }).getByRole('listitem');
    await expect(saved.filter({ hasText: '“kafka”' })).toBeVisible();
    await expect(saved.getByRole('combobox').filter({ hasText: 'Off' })).toBeVisible();
    await page.context().close();
    await visitor.context().close();
  }, 120_000);
});
