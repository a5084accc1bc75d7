import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { removeDataDir, startApp, waitForReadModels, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * The job board as a visitor uses it, on the embedded default loaded with `hireloop seed`
 * (posted and imported jobs, some closed): search, filter, page, open jobs by id and by share
 * link, the closed state, "Job Not Found", the leave-site dialog of an external job, and what axe
 * finds on the board and on a job page.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', 'seed'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '', NATS_URL: '', LOG_LEVEL: 'warn' },
  });
  // The seed wrote from its own process: the board counts the same jobs as the API only once it has read them all.
  await waitForReadModels(app);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

/** What the API says, to compare the page with. */
type BoardJob = { id: string; title: string; shareToken: string; externalUrl: string | null; isActive: boolean };

async function api(query: string): Promise<{ total: number; jobs: BoardJob[] }> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${app.url}/api/jobs?${query}`);
    const jobs = (await response.json()) as BoardJob[];
    const total = Number(response.headers.get('x-total-count'));
    // The seed's last events may still be on their way into the read model.
    if (total > 0 || attempt > 50) return { total, jobs };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

describe('the job board', () => {
  it('a first-time visitor changes pages with the cookie banner still shown, at 1440×900 and 1280×720', async () => {
    const all = await api('');
    // A browser that has answered nothing: the banner shows on every page.
    const firstVisit = await launchBrowser({ cookieChoice: null });
    try {
      for (const viewport of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
        const context = await firstVisit.newContext({ viewport });
        const page = await context.newPage();
        await page.goto(`${app.url}/jobs`);
        await expect(page.getByRole('region', { name: 'We use cookies' })).toBeVisible();
        await expect(page.getByText(`Showing 1-10 of ${all.total}`)).toBeVisible();
        // Full scroll, as the visitor does: the page buttons must not be under the banner.
        await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
        const pageTwo = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' });
        // Chromium refuses a click the banner would take ("subtree intercepts pointer events").
        await pageTwo.click({ timeout: 5_000 });
        await expect(page.getByText(`Showing 11-20 of ${all.total}`)).toBeVisible();
        await expect(page.getByRole('region', { name: 'We use cookies' })).toBeVisible();
        await context.close();
      }
    } finally {
      await firstVisit.close();
    }
  });

  it('searches, filters and pages on the server, and any filter change goes back to page 1', async () => {
    const all = await api('');
    assert(all.total).toBeGreaterThan(100);
    const page = await newPage();
    await page.goto(`${app.url}/jobs`);
    await expect(page.getByText(`Showing 1-10 of ${all.total}`)).toBeVisible();
    assert(await page.getByRole('article').count()).toBe(10);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText(`Showing 11-20 of ${all.total}`)).toBeVisible();
    assert(await pagination.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    assert(new URL(page.url()).searchParams.get('page')).toBe('2');

    const rust = await api('search=rust&location=usa');
    await page.getByLabel('Keywords').fill('rust');
    await page.getByLabel('Location').fill('usa');
    await page.getByLabel('Location').press('Enter');
    await expect(page.getByText(`Showing 1-${Math.min(10, rust.total)} of ${rust.total}`)).toBeVisible();
    assert(new URL(page.url()).searchParams.get('page')).toBeNull();
    const titles = await page.getByRole('article').getByRole('heading').allTextContents();
    assert(titles).toEqual(rust.jobs.map((job) => job.title));

    const contract = await api('search=rust&location=usa&type=contract');
    await page.getByRole('combobox', { name: 'Job Type' }).click();
    await page.getByRole('option', { name: 'Contract' }).click();
    await expect(page.getByText(contract.total ? `Showing 1-${Math.min(10, contract.total)} of ${contract.total}` : 'No jobs found')).toBeVisible();

    await page.getByLabel('Keywords').fill('no-such-skill-anywhere');
    await page.getByLabel('Keywords').press('Enter');
    await expect(page.getByText('No jobs found')).toBeVisible();
    await page.context().close();
  });

  it('opens a job by id from its card and by share link', async () => {
    const { jobs } = await api('');
    const job = jobs[0]!;
    const page = await newPage();
    await page.goto(`${app.url}/jobs`);
    await page.getByRole('article', { name: job.title }).first().getByRole('link', { name: job.title }).click();
    await page.waitForURL(`**/job/${job.id}`);
    await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
    await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Job Description' })).toBeVisible();

    await page.goto(`${app.url}/share/job/${job.shareToken}`);
    await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
    assert(await page.title()).toContain(job.title);
    await page.context().close();
  });

  it('shows a closed job as closed, with applying disabled', async () => {
    const closed = (await api('status=closed')).jobs[0]!;
    assert(closed.isActive).toBe(false);
    const page = await newPage();
    await page.goto(`${app.url}/job/${closed.id}`);
    await expect(page.getByRole('heading', { level: 1, name: closed.title })).toBeVisible();
    await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
    const apply = page.getByRole('button', { name: 'Position Closed' });
    await expect(apply).toBeVisible();
    assert(await apply.isDisabled()).toBe(true);
    await page.context().close();
  });

  it('says "Job Not Found" for a job that does not exist', async () => {
    const page = await newPage();
    const response = await page.goto(`${app.url}/job/no-such-job`);
    assert(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Job Not Found' })).toBeVisible();
    await expect(page.getByText("The job you're looking for doesn't exist or the link has expired.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Jobs' })).toBeVisible();
    await page.context().close();
  });

  it('asks before sending a visitor to an external job site', async () => {
    const external = (await api('search=indeed&pageSize=100')).jobs.find((job) => job.externalUrl) ?? (await api('pageSize=100&page=2')).jobs.find((job) => job.externalUrl);
    assert(external).toBeTruthy();
    const page = await newPage();
    await page.goto(`${app.url}/job/${external!.id}`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leaving Hireloop' });
    await expect(dialog).toBeVisible();
    const go = dialog.getByRole('link', { name: 'Apply Now' });
    assert(await go.getAttribute('href')).toBe(external!.externalUrl);
    assert(await go.getAttribute('target')).toBe('_blank');
    await dialog.getByRole('button', { name: 'Stay on Hireloop' }).click();
    await expect(dialog).toBeHidden();
    assert(new URL(page.url()).pathname).toBe(`/job/${external!.id}`);
    await page.context().close();
  });
});

describe('accessibility', () => {
  // The narrowest width the spec supports, and a desktop.
  const viewports = [
    { width: 360, height: 780 },
    { width: 1280, height: 900 },
  ];

  it.each(viewports)('the board has no serious or critical axe violations at $width px', async (viewport) => {
    const { total } = await api('');
    const page = await newPage(viewport);
    await page.goto(`${app.url}/jobs`);
    await expect(page.getByText(`Showing 1-10 of ${total}`)).toBeVisible();
    assert(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it.each(viewports)('open and closed job pages have no serious or critical axe violations at $width px', async (viewport) => {
    const open = (await api('')).jobs[0]!;
    const closed = (await api('status=closed')).jobs[0]!;
    const page = await newPage(viewport);
    for (const job of [open, closed]) {
      await page.goto(`${app.url}/job/${job.id}`);
      await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
      assert(await seriousAxeViolations(page), `/job/${job.id}`).toEqual([]);
    }
    await page.context().close();
  });
});
