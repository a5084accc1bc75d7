import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { apiCalls } from './support/api-calls';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * What broke when a company walked its journeys as a user does (brief CJ), in Chromium against
 * the real embedded app: a double click on a form's submit button sent the request twice (a
 * second job posted, or a Request to Apply refused as a duplicate after the first had gone out,
 * whose error toast replaced the success; a reply twice in the conversation; the company profile
 * saved twice), and a company was offered Apply Now on job pages,
 * which the server refuses ("Only candidates can apply to jobs"). A later walk (ADR 116): a reload
 * in the middle of Post a New Job lost everything typed.
 */
const PASSWORD = 'company-journeys-e2e-password';
const JOB_TITLE = 'Staff Data Engineer';
const PROFILE = {
  jobTitle: 'Double Click Data Engineer',
  skills: ['Python', 'SQL'],
  location: 'Lisbon, Portugal',
  experience: '6 years',
  workPreference: 'remote',
  isActivelyLooking: true,
  isPublic: true,
};

let app: AppProcess;
let browser: Browser;
let poster = '';
let hiring = '';
let jobId = '';
let profileId = '';

const { call, caughtUp, trialStarted } = apiCalls(() => app);

beforeAll(async () => {
  const port = await freePort();
  [app, browser] = await Promise.all([startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '1' } }), launchBrowser()]);
  const companyArgs = (name: string, email: string) => ({ companyName: name, contactName: 'Maya Okafor', email, password: PASSWORD });
  poster = (await call('POST', '/api/auth/company/signup', companyArgs('Poster Labs', 'maya@poster-e2e.example'))).answer.token as string;
  hiring = (await call('POST', '/api/auth/company/signup', companyArgs('Hiring Labs', 'maya@hiring-e2e.example'))).answer.token as string;
  const posted = await call(
    'POST',
    '/api/jobs',
    { title: JOB_TITLE, location: 'Remote', remote: true, type: 'Full-time', experience: 'Senior level', skills: 'Python, SQL', description: 'Own the data platform end to end.', requirements: '' },
    hiring,
  );
  jobId = ((posted.answer.job as { id: string }).id);
  const candidate = await call('POST', '/api/auth/candidate/signup', { name: 'Ada Doubleclick', email: 'ada@company-journeys-e2e.example', password: PASSWORD });
  const saved = await call('POST', '/api/profile', PROFILE, candidate.answer.token as string);
  profileId = (saved.answer.profile as { id: string }).id;
  // A paid plan for Hiring Labs through the simulated checkout (its webhook is the one Stripe's events take).
  const { answer: checkout } = await call('POST', '/api/subscription/create', { planId: 'small_business' }, hiring);
  const confirmed = await fetch(`${app.url}${new URL(checkout.checkoutUrl as string).pathname}/confirm`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  if (confirmed.status !== 303) throw new Error(`The test checkout answered ${confirmed.status}`);
  await trialStarted(hiring);
  await caughtUp('/api/candidates?count=1', saved.position);
  await caughtUp('/api/auth/user', posted.position, hiring);
}, 180_000);

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

/** The toasts on screen (not the words announced to screen readers). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** Counts the requests the page sends with `method` to a path ending in `pathEnd`. */
function countRequests(page: Page, method: string, pathEnd: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname.endsWith(pathEnd)) count++;
  });
  return () => count;
}

describe('a company’s journeys, as a user clicks them', { timeout: 120_000 }, () => {
  it('a double click on Post Job posts the job once: one request, the success toast, one job in My Jobs', async () => {
    const page = await newPage(poster);
    const posts = countRequests(page, 'POST', '/api/jobs');
    await page.goto(`${app.url}/dashboard/jobs`);
    await expect(page.getByText('No jobs posted yet')).toBeVisible();
    await page.getByRole('button', { name: 'Post New Job' }).click();
    const form = page.getByRole('dialog', { name: 'Post a New Job' });
    await form.getByLabel('Job Title').fill('Platform Engineer');
    await form.getByLabel('Location').fill('Austin, TX');
    await form.getByLabel('Description').fill('Build the platform our teams ship on.');
    await form.getByRole('button', { name: 'Post Job' }).dblclick();

    await expect(form).toBeHidden();
    await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
    await expect(toasts(page).getByText('Job Posted Successfully!')).toBeVisible();
    // The list shows the job the first request posted; a second request would have been refused
    // by the Free plan's limit (or posted a duplicate on a paid plan).
    assert(posts()).toBe(1);
    assert(await page.getByText('Error Creating Job').count()).toBe(0);
    await page.context().close();
  });

  it('a double click on Save Changes saves the company profile once', async () => {
    const page = await newPage(poster);
    const saves = countRequests(page, 'PUT', '/api/company/profile');
    await page.goto(`${app.url}/dashboard`);
    // A company without a plan is shown the pricing modal once (part 2 §2).
    await page.getByRole('dialog', { name: 'Choose Your Plan' }).getByRole('button', { name: 'Maybe Later' }).click();
    await page.getByRole('button', { name: /Company Profile/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Company Profile' });
    await dialog.getByLabel('Description').fill('We build the tools our customers ship with.');
    await dialog.getByRole('button', { name: 'Save Changes' }).dblclick();

    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText('Company Profile Updated')).toBeVisible();
    assert(saves()).toBe(1);
    await page.context().close();
  });

  it('a double click on Send Request asks the candidate once, and says it was sent', async () => {
    const page = await newPage(hiring);
    const sends = countRequests(page, 'POST', '/api/job-invitations/send');
    await page.goto(`${app.url}/browse-candidates?search=${encodeURIComponent(PROFILE.jobTitle)}`);
    const card = page.getByRole('list', { name: 'Candidates', exact: true }).locator(':scope > li').filter({ has: page.getByRole('heading', { name: PROFILE.jobTitle }) });
    await card.getByRole('button', { name: 'Request to Apply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request to Apply' });
    await expect(dialog.getByRole('combobox', { name: 'Job' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Send Request' }).dblclick();

    await expect(toasts(page).getByText('Job invitation sent successfully', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('list', { name: 'Requests to apply' }).getByText('Email Sent', { exact: true })).toBeVisible();
    assert(sends()).toBe(1);
    assert(await page.getByText('Failed to send job invitation').count()).toBe(0);
    await page.context().close();
  });

  it('a double click on Send Reply in the inbox sends the reply once', async () => {
    const contacted = await call('POST', '/api/candidates/contact', { candidateId: profileId, message: 'Hi! Open to a chat about our data team?' }, hiring);
    await caughtUp('/api/conversations', contacted.position, hiring);
    const page = await newPage(hiring);
    const replies = countRequests(page, 'POST', '/messages');
    await page.goto(`${app.url}/inbox`);
    await page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Anonymous Candidate/ }).click();
    const open = page.getByLabel('Conversation with Anonymous Candidate');
    await expect(open.getByRole('listitem').filter({ hasText: 'Open to a chat about our data team?' })).toBeVisible();
    const box = open.getByRole('textbox', { name: 'Your reply' });
    await box.fill('Tuesday at 10 works for us.');
    await open.getByRole('button', { name: 'Send Reply' }).dblclick();

    const reply = open.getByRole('listitem').filter({ hasText: 'Tuesday at 10 works for us.' });
    await expect(reply).toBeVisible();
    // The box is emptied once the reply is in: the request is done.
    await page.waitForFunction((element) => (element as { value?: string } | null)?.value === '', await box.elementHandle());
    assert(replies()).toBe(1);
    assert(await reply.count()).toBe(1);
    await page.context().close();
  });

  it('a reload in the middle of Post a New Job keeps what was typed; posting forgets it (ADR 116)', async () => {
    const page = await newPage(hiring);
    await page.goto(`${app.url}/dashboard/jobs`);
    await page.getByRole('button', { name: 'Post New Job' }).click();
    const form = page.getByRole('dialog', { name: 'Post a New Job' });
    await form.getByLabel('Job Title').fill('Reloaded Data Engineer');
    await form.getByLabel('Description').fill('A long description nobody wants to type twice.');
    await page.reload();
    await page.getByRole('button', { name: 'Post New Job' }).click();
    await expect(form).toBeVisible();
    assert(await form.getByLabel('Job Title').inputValue()).toBe('Reloaded Data Engineer');
    assert(await form.getByLabel('Description').inputValue()).toBe('A long description nobody wants to type twice.');
    await form.getByLabel('Location').fill('Remote');
    await form.getByRole('button', { name: 'Post Job' }).click();
    await expect(toasts(page).getByText('Job Posted Successfully!')).toBeVisible();
    await expect(form).toBeHidden();
    await page.getByRole('button', { name: 'Post New Job' }).click();
    await expect(form).toBeVisible();
    assert(await form.getByLabel('Job Title').inputValue()).toBe('');
    await page.context().close();
  });

  it('a company is not offered Apply on its job page or on the board: only candidates can apply', async () => {
    const page = await newPage(hiring);
    await page.goto(`${app.url}/job/${jobId}`);
    await expect(page.getByRole('heading', { name: JOB_TITLE })).toBeVisible();
    const refused = page.getByRole('button', { name: 'Only candidates can apply' });
    await expect(refused).toBeVisible();
    assert(await refused.isDisabled()).toBe(true);
    assert(await page.getByRole('button', { name: 'Apply Now' }).count()).toBe(0);

    await page.goto(`${app.url}/jobs`);
    const card = page.getByRole('article', { name: JOB_TITLE });
    await expect(card.getByRole('button', { name: 'Only candidates can apply' })).toBeVisible();
    assert(await card.getByRole('button', { name: 'Only candidates can apply' }).isDisabled()).toBe(true);
    assert(await card.getByRole('button', { name: 'Apply', exact: true }).count()).toBe(0);
    await page.context().close();
  });
});
