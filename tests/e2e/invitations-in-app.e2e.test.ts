import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * Invitations in the app (issue 24, ADR 062), on the README's default setup: no SMTP_URL, so the
 * outbox keeps the invitation mail without its link. A company asks a candidate to apply; the
 * candidate, signed in, finds it on their dashboard, opens it, reveals their profile and offers
 * times, and sees each state change — the company's offer stage included — on the dashboard and
 * in the inbox. An invitation link that opens nothing answers 404 while the app says so.
 */
let app: AppProcess;
let browser: Browser;

const PASSWORD = 'invitations-in-app-password';
const COMPANY = { companyName: 'Northwind Analytics', contactName: 'Maya Okafor', email: 'maya@northwind-inapp.example', password: PASSWORD };
const CANDIDATE = { name: 'Ada Lovelace', email: 'ada@inapp.example', password: PASSWORD };
const OTHER = { name: 'Bo Brightwater', email: 'bo@inapp.example', password: PASSWORD };
const JOB_TITLE = 'Staff Data Engineer';
const MESSAGE = 'Your notes on the engine stood out. We would love to hear from you.';
/** A second request, from another company, which the candidate declines (ADR 104). */
const SECOND_COMPANY = { companyName: 'Fjordline Logistics', contactName: 'Ola Nordmann', email: 'ola@fjordline-inapp.example', password: PASSWORD };
const DECLINED_JOB_TITLE = 'Night Shift Data Analyst';

let company = '';
let candidate = '';
let other = '';
let invitationId = '';
let declinedInvitationId = '';
let secondCompany = '';
let nextAddress = 1;

async function call(method: string, route: string, body: unknown, token?: string) {
  const response = await fetch(`${app.url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${nextAddress++}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return { answer, position: response.headers.get('x-position') ?? '' };
}

beforeAll(async () => {
  const port = await freePort();
  [browser, app] = await Promise.all([launchBrowser(), startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '1', SMTP_URL: '' } })]);
  company = (await call('POST', '/api/auth/company/signup', COMPANY)).answer.token as string;
  const posted = await call('POST', '/api/jobs', { title: JOB_TITLE, location: 'Remote', remote: true, type: 'Full-time', experience: 'Senior level', skills: 'Python, Spark', description: 'Own the data platform.', requirements: '' }, company);
  candidate = (await call('POST', '/api/auth/candidate/signup', CANDIDATE)).answer.token as string;
  const profile = await call('POST', '/api/profile', { jobTitle: 'Analytical Engine Programmer', skills: ['Python', 'SQL'], location: 'London, UK', experience: '8 years', isActivelyLooking: true, isPublic: true }, candidate);
  other = (await call('POST', '/api/auth/candidate/signup', OTHER)).answer.token as string;
  // The call the Request to Apply dialog makes (the dialog itself is walked in invitations.e2e.test.ts).
  const sent = await call('POST', '/api/job-invitations/send', { jobId: (posted.answer.job as { id: string }).id, candidateId: (profile.answer.profile as { id: string }).id, message: MESSAGE }, company);
  invitationId = sent.answer.invitationId as string;
  // Another company's (a free plan holds one open job).
  secondCompany = (await call('POST', '/api/auth/company/signup', SECOND_COMPANY)).answer.token as string;
  const second = await call('POST', '/api/jobs', { title: DECLINED_JOB_TITLE, location: 'Remote', remote: true, type: 'Full-time', experience: 'Mid level', skills: 'SQL', description: 'Nights only.', requirements: '' }, secondCompany);
  const declinable = await call('POST', '/api/job-invitations/send', { jobId: (second.answer.job as { id: string }).id, candidateId: (profile.answer.profile as { id: string }).id, message: '' }, secondCompany);
  declinedInvitationId = declinable.answer.invitationId as string;
  // The candidate's browser never saw that write: wait until their list has it (read-your-writes with its position).
  const listed = await fetch(`${app.url}/api/my-invitations`, { headers: { authorization: `Bearer ${candidate}`, 'x-min-position': declinable.position } });
  if (!listed.ok) throw new Error(`GET /api/my-invitations did not catch up with ${sent.position}: ${listed.status}`);
  await listed.body?.cancel();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function newPage(token?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token) await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  return context.newPage();
}

/** The company's own list (`GET /api/job-invitations`) until its request has `status`: an observable state, bounded. */
async function companySees(status: string, id = invitationId, token = company): Promise<{ status: string; viewedAt: string | null; candidate: unknown }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await fetch(`${app.url}/api/job-invitations`, { headers: { authorization: `Bearer ${token}` } });
    const rows = ((await response.json()) as { invitations: Array<{ invitationId: string; status: string; viewedAt: string | null; candidate: unknown }> }).invitations;
    const row = rows.find((one) => one.invitationId === id);
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`The company's request stayed ${row?.status}, never ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const invitationRow = (page: Page, title = JOB_TITLE) => page.getByRole('list', { name: 'Your invitations' }).getByRole('listitem').filter({ hasText: title });

describe('an invitation opened in the app, with no mail configured', { timeout: 120_000 }, () => {
  it('the candidate finds the request on their dashboard, opens it, reveals and offers times, and sees the state move', async () => {
    const page = await newPage(candidate);
    await page.goto(`${app.url}/dashboard`);
    const row = invitationRow(page);
    await expect(row.getByText('New', { exact: true })).toBeVisible();
    await expect(row.getByText('Northwind Analytics · Remote')).toBeVisible();
    await row.getByRole('link', { name: `Open invitation: ${JOB_TITLE} at Northwind Analytics` }).click();

    await expect(page.getByRole('heading', { level: 1, name: "You're Invited to Apply!" })).toBeVisible();
    assert(new URL(page.url()).pathname).toBe(`/my-invitations/${invitationId}`);
    await expect(page.getByText(MESSAGE)).toBeVisible();
    assert(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    assert(await seriousAxeViolations(page)).toEqual([]);
    // Opening it told the company: its list says Viewed, with the date (ADR 070).
    assert((await companySees('viewed')).viewedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await page.getByRole('button', { name: 'Reveal My Profile' }).click();
    await expect(page.getByText('Profile Revealed', { exact: true })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Interview Availability' });
    await dialog.getByRole('checkbox', { name: 'Tuesday' }).check();
    await dialog.getByRole('checkbox', { name: '12:00 PM - 3:00 PM' }).check();
    await dialog.getByRole('combobox', { name: 'Timezone' }).fill('Europe/London');
    await dialog.getByRole('button', { name: 'Submit Availability' }).click();
    await expect(page.getByText('Thank you!')).toBeVisible();

    await page.goto(`${app.url}/dashboard`);
    await expect(invitationRow(page).getByText('Availability sent', { exact: true })).toBeVisible();
    await page.context().close();
  });

  it('the company moves it to the offer stage, and the candidate sees it on the dashboard and in the inbox', async () => {
    await call('POST', `/api/job-invitations/${invitationId}/offer-stage`, {}, company);
    const page = await newPage(candidate);
    await page.goto(`${app.url}/dashboard`);
    await expect(invitationRow(page).getByText('Offer stage', { exact: true })).toBeVisible();
    await page.goto(`${app.url}/inbox`);
    await expect(invitationRow(page).getByText('Offer stage', { exact: true })).toBeVisible();
    await page.context().close();
  });

  it('the candidate declines a request they do not want (ADR 104): confirmed once, shown declined everywhere, and the company sees Declined and nothing of them', async () => {
    const page = await newPage(candidate);
    await page.goto(`${app.url}/dashboard`);
    await invitationRow(page, DECLINED_JOB_TITLE).getByRole('link', { name: `Open invitation: ${DECLINED_JOB_TITLE} at Fjordline Logistics` }).click();
    await expect(page.getByRole('heading', { level: 1, name: "You're Invited to Apply!" })).toBeVisible();

    // Keeping it closes the question and changes nothing.
    await page.getByRole('button', { name: 'Decline Invitation' }).click();
    let confirm = page.getByRole('dialog', { name: 'Decline this invitation?' });
    await confirm.getByRole('button', { name: 'Keep Invitation' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Reveal My Profile' })).toBeVisible();

    await page.getByRole('button', { name: 'Decline Invitation' }).click();
    confirm = page.getByRole('dialog', { name: 'Decline this invitation?' });
    await confirm.getByRole('button', { name: 'Decline Invitation' }).dblclick();
    await expect(page.getByText('You declined this invitation.')).toBeVisible();
    assert(await page.getByRole('button', { name: 'Reveal My Profile' }).count()).toBe(0);
    const row = await companySees('declined', declinedInvitationId, secondCompany);
    assert(row.candidate).toBeNull();

    // A reload, the dashboard and the inbox all say so.
    await page.reload();
    await expect(page.getByText('You declined this invitation.')).toBeVisible();
    assert(await page.getByRole('button', { name: 'Decline Invitation' }).count()).toBe(0);
    await page.goto(`${app.url}/dashboard`);
    await expect(invitationRow(page, DECLINED_JOB_TITLE).getByText('Declined', { exact: true })).toBeVisible();
    await page.goto(`${app.url}/inbox`);
    await expect(invitationRow(page, DECLINED_JOB_TITLE).getByText('Declined', { exact: true })).toBeVisible();
    // The first request is untouched.
    await expect(invitationRow(page).getByText('Offer stage', { exact: true })).toBeVisible();
    assert(await invitationRow(page).getByText('Declined', { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('another candidate opening the same address gets the not-found page, and lists nothing', async () => {
    const page = await newPage(other);
    await page.goto(`${app.url}/my-invitations/${invitationId}`);
    await expect(page.getByRole('heading', { name: 'Invitation Not Found' })).toBeVisible();
    assert(await page.getByText(MESSAGE).count()).toBe(0);
    await page.goto(`${app.url}/dashboard`);
    await expect(page.getByText('No invitations yet. Companies that want you to apply will appear here.')).toBeVisible();
    await page.context().close();
  });

  it('an invitation link that opens nothing answers 404, and the app says the invitation was not found', async () => {
    const page = await newPage();
    const response = await page.goto(`${app.url}/invitation/${invitationId}.${'A'.repeat(43)}`);
    assert(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Invitation Not Found' })).toBeVisible();
    const malformed = await page.goto(`${app.url}/invitation/not-a-token`);
    assert(malformed?.status()).toBe(404);
    await page.context().close();
  });
});
