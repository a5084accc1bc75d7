import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { MESSAGES } from '@hireloop/contracts';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * Editing a posted job (issue 24, ADR 064) as a company does it, on the real embedded default:
 * from My Jobs, with the posting form's rules, and the edit is on the board and the job page at
 * once (read-your-writes), without a reload.
 */
const PASSWORD = 'company-e2e-password';
let app: AppProcess;
let browser: Browser;
let token = '';
let jobId = '';

async function call(method: string, route: string, body: unknown, bearer?: string) {
  const response = await fetch(`${app.url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const port = await freePort();
  app = await startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  const signUp = await call('POST', '/api/auth/company/signup', { companyName: 'Northwind Analytics', contactName: 'Maya Okafor', email: 'maya@editing-e2e.example', password: PASSWORD });
  token = signUp.token as string;
  const response = await fetch(`${app.url}/api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'Analytics Engineer', location: 'Austin, TX', description: 'Turn raw events into models.', salary: '$120k - $140k', skills: 'dbt, SQL' }),
  });
  if (response.status !== 201) throw new Error(`POST /api/jobs: ${response.status} ${await response.text()}`);
  jobId = ((await response.json()) as { job: { id: string } }).job.id;
  // The browser never saw that write: wait until the company's jobs have it (read-your-writes with its position).
  const mine = await fetch(`${app.url}/api/jobs?mine=true&status=all`, { headers: { authorization: `Bearer ${token}`, 'x-min-position': response.headers.get('x-position') ?? '' } });
  if (!mine.ok || mine.headers.get('x-read-model-stale')) throw new Error(`My Jobs did not catch up with the job: ${mine.status}`);
  await mine.body?.cancel();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

describe('editing a job in the browser', () => {
  it('a company edits its job from My Jobs; a blank title is refused with the posting message; the board and the job page show the edit at once', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard/jobs`);
    const card = page.getByRole('article', { name: 'Analytics Engineer' });
    await expect(card, 15_000).toBeVisible();
    await card.getByRole('button', { name: 'Edit Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Job' });
    assert(await dialog.getByLabel(/Job Title/).inputValue()).toBe('Analytics Engineer');
    await dialog.getByLabel(/Job Title/).fill(' ');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText(MESSAGES.jobRequiredFields).first()).toBeVisible();
    await dialog.getByLabel(/Job Title/).fill('Senior Analytics Engineer');
    await dialog.getByLabel(/Salary/).fill('$135k - $155k');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: 'Senior Analytics Engineer' }), 15_000).toBeVisible();

    await page.goto(`${app.url}/job/${jobId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Senior Analytics Engineer' }), 15_000).toBeVisible();
    await expect(page.getByText('$135,000 - $155,000').first()).toBeVisible();
    // The page's public history tells the change, with the old and new terms (ADR 079).
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Changed'), 15_000).toBeVisible();
    await expect(history.getByText('Title: Analytics Engineer → Senior Analytics Engineer')).toBeVisible();
    await expect(history.getByText('Salary: $120,000 - $140,000 → $135,000 - $155,000')).toBeVisible();
    await page.goto(`${app.url}/jobs?search=senior%20analytics`);
    await expect(page.getByText('Senior Analytics Engineer').first(), 15_000).toBeVisible();
    await context.close();
  }, 120_000);
});
