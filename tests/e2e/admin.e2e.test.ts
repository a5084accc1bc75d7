import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { ADMIN_MESSAGES, ANALYTICS_MESSAGES } from '@hireloop/contracts';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { grantRole, roleIs } from './support/roles';
import { expect } from './support/page-expect';

/**
 * The admin console as people use it (issue 14, ADR 039), on the real embedded default: the three
 * access states, the Admin Panel link, Make Admin by a super admin and its refusal for an admin,
 * an admin's action appearing in another admin's Activities tab without a reload, and the
 * Analytics tab without GA4, and the people tables (search, pages, a bulk invitation). Admins are
 * made as an operator makes them: `hireloop grant-role`.
 */
const PASSWORD = 'admin-e2e-password';
let app: AppProcess;
let browser: Browser;
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




const people = {} as Record<'superAdmin' | 'admin' | 'candidate', { token: string; email: string; name: string }>;

beforeAll(async () => {
  const port = await freePort();
  browser = await launchBrowser();
  app = await startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '1' } });
  const signUp = async (name: string, email: string) => {
    const { answer } = await call('POST', '/api/auth/candidate/signup', { name, email, password: PASSWORD });
    return { token: answer.token as string, email, name };
  };
  people.superAdmin = await signUp('Bea Boss', 'bea.boss@admin-e2e.example');
  people.admin = await signUp('Olive Ops', 'olive.ops@admin-e2e.example');
  people.candidate = await signUp('Casey Quillfeather', 'casey.q@admin-e2e.example');
  await call('POST', '/api/profile', { jobTitle: 'Compiler Engineer', skills: ['Rust', 'LLVM', 'OCaml', 'Zig'], experience: '6 years', location: 'Oslo, Norway', isActivelyLooking: true, isPublic: true }, people.candidate.token);
  await grantRole(app, people.superAdmin.email, 'super_admin');
  await grantRole(app, people.admin.email, 'admin');
  await roleIs(app, people.superAdmin.token, 'super_admin');
  await roleIs(app, people.admin.token, 'admin');
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

/** A toast's text (Radix also announces it in a hidden copy: the locator's first match is the visible one). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

describe('the admin console in the browser', () => {
  it('the three access states: checking, sign in (which opens the dialog), admin required', async () => {
    // An admin's session being restored: the page says it is checking until the user is known.
    const admin = await newPage(people.admin.token);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await admin.route('**/api/auth/user', async (route) => {
      await held;
      await route.continue();
    });
    await admin.goto(`${app.url}/admin`);
    await expect(admin.getByText(ADMIN_MESSAGES.checking, { exact: true })).toBeVisible();
    release();
    await expect(admin.getByRole('tab', { name: 'Candidates' })).toBeVisible();
    await expect(admin.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await admin.context().close();

    const visitor = await newPage();
    await visitor.goto(`${app.url}/admin`);
    await expect(visitor.getByText(ADMIN_MESSAGES.signInRequired, { exact: true })).toBeVisible();
    await visitor.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(visitor.getByRole('dialog', { name: /Welcome to/ })).toBeVisible();
    await visitor.context().close();

    const candidate = await newPage(people.candidate.token);
    await candidate.goto(`${app.url}/admin`);
    await expect(candidate.getByText(ADMIN_MESSAGES.adminRequired, { exact: true })).toBeVisible();
    assert(await candidate.getByRole('tab').count()).toBe(0);
    // Not an admin: no Admin Panel link either.
    assert(await candidate.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    await candidate.context().close();
  }, 90_000);

  it('an admin reaches the panel from the header, and is not offered Make Admin (super admins only, part 2 §6)', async () => {
    const page = await newPage(people.admin.token);
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel' }).click();
    await page.waitForURL('**/admin');
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bulk.getByRole('button', { name: 'Bulk Invite' })).toBeVisible();
    assert(await bulk.getByRole('button', { name: 'Make Admin' }).count()).toBe(0);
    // Every tab passes axe's serious and critical checks (once its content has loaded).
    for (const [tab, loaded] of [
      ['Candidates', page.getByRole('heading', { name: 'Candidates' })],
      ['Companies', page.getByRole('heading', { name: 'Companies' })],
      ['Job Management', page.getByRole('list', { name: 'Jobs' }).or(page.getByText('No jobs yet.'))],
      ['Analytics', page.getByText(ANALYTICS_MESSAGES.ga4Unavailable, { exact: true })],
      ['Activities', page.getByText('Live', { exact: true })],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(loaded, 15_000).toBeVisible();
      // The chart is loaded on its own: check the tab with it drawn (it once took focus while hidden from screen readers).
      if (tab === 'Analytics') await expect(page.locator('svg.recharts-surface').or(page.getByText('No daily metrics available yet.')).first(), 15_000).toBeVisible();
      assert(await seriousAxeViolations(page), tab).toEqual([]);
    }
    await page.context().close();
  }, 60_000);

  it('a job an admin creates appears in another admin’s Activities tab without a reload', async () => {
    const watcher = await newPage(people.superAdmin.token);
    await watcher.goto(`${app.url}/admin`);
    await watcher.getByRole('tab', { name: 'Activities' }).click();
    await expect(watcher.getByText('Live', { exact: true }), 15_000).toBeVisible();
    const before = await watcher.getByRole('list', { name: 'Admin activities' }).getByRole('listitem').count().catch(() => 0);
    let reloaded = false;
    watcher.on('framenavigated', (frame) => {
      if (frame === watcher.mainFrame()) reloaded = true;
    });

    const admin = await newPage(people.admin.token);
    await admin.goto(`${app.url}/admin`);
    await admin.getByRole('tab', { name: 'Job Management' }).click();
    await admin.getByRole('button', { name: 'Create Job' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create Job' });
    await dialog.getByLabel('Job Title').fill('Staff Compiler Engineer');
    await dialog.getByLabel('Location').fill('Oslo, Norway');
    await dialog.getByLabel('Description').fill('Own the optimiser.');
    await dialog.getByLabel('Skills').fill('Rust, LLVM');
    await dialog.getByRole('button', { name: 'Create Job' }).click();
    await expect(toast(admin, 'Job created successfully')).toBeVisible();
    await expect(admin.getByRole('list', { name: 'Jobs' }).getByText('Staff Compiler Engineer')).toBeVisible();

    const entry = watcher.getByRole('list', { name: 'Admin activities' }).getByRole('listitem').filter({ hasText: 'Staff Compiler Engineer' });
    await expect(entry, 20_000).toBeVisible();
    await expect(entry.getByText('Olive Ops')).toBeVisible();
    assert(await watcher.getByRole('list', { name: 'Admin activities' }).getByRole('listitem').count()).toBe(before + 1);
    assert(reloaded).toBe(false);
    await watcher.context().close();
    await admin.context().close();
  }, 90_000);

  it('an admin edits a candidate with Manage: the table shows the change at once (ADR 064)', async () => {
    const page = await newPage(people.admin.token);
    await page.goto(`${app.url}/admin`);
    await page.getByRole('searchbox', { name: 'Search candidates' }).fill('Quillfeather');
    const row = page.getByRole('table', { name: 'Candidates' }).getByRole('row').filter({ hasText: 'casey.q@admin-e2e.example' });
    await expect(row, 15_000).toBeVisible();
    await row.getByRole('button', { name: 'Manage Casey Quillfeather' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Candidate' });
    assert(await dialog.getByLabel('Title').inputValue()).toBe('Compiler Engineer');
    await dialog.getByLabel('Title').fill('Principal Compiler Engineer');
    await dialog.getByLabel('Location').fill('Bergen, Norway');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Candidate updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Principal Compiler Engineer')).toBeVisible();
    await expect(row.getByText('Bergen, Norway')).toBeVisible();
    await page.context().close();
  }, 60_000);

  it('the Analytics tab shows the numbers and, without GA4, the spec’s texts and no other GA4 call', async () => {
    const page = await newPage(people.admin.token);
    const ga4: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/admin/analytics/ga4/')) ga4.push(url.pathname);
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${app.url}/admin`);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('list', { name: 'Summary' }).getByText('Total Signups')).toBeVisible();
    await expect(page.getByText(ANALYTICS_MESSAGES.ga4NotConfigured, { exact: true })).toBeVisible();
    await expect(page.getByText(ANALYTICS_MESSAGES.ga4Unavailable, { exact: true })).toBeVisible();
    // Three signups today: the daily activity has its table (and chart).
    await expect(page.getByRole('table', { name: 'Daily activity' })).toBeVisible();
    // The chart (recharts, loaded on its own) draws within the Content-Security-Policy.
    await expect(page.locator('.recharts-responsive-container svg')).toBeVisible();
    assert(violations).toEqual([]);
    assert(ga4).toEqual(['/api/admin/analytics/ga4/overview']);
    await page.context().close();
  }, 60_000);

  it('Make Admin by a super admin: the candidate found by search becomes an admin, and the change is in Activities', async () => {
    const page = await newPage(people.superAdmin.token);
    await page.goto(`${app.url}/admin`);
    await page.getByRole('searchbox', { name: 'Search candidates' }).fill('quillfeather');
    const row = page.getByRole('table', { name: 'Candidates' }).getByRole('row').filter({ hasText: 'Casey Quillfeather' });
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Make Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make Admin' });
    await expect(dialog.getByText('1 user will be given the admin role.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Make 1 Admin' }).click();
    await expect(toast(page, 'User role updated successfully')).toBeVisible();
    await roleIs(app, people.candidate.token, 'admin');
    await page.getByRole('tab', { name: 'Activities' }).click();
    await expect(page.getByRole('list', { name: 'Admin activities' }).getByRole('listitem').filter({ hasText: 'Changed a user role' }), 15_000).toBeVisible();
    await page.context().close();
  }, 90_000);

  it('search and page the candidates table, then a bulk invitation with its X of Y toast', async () => {
    for (let n = 1; n <= 30; n += 1) {
      await call('POST', '/api/admin/candidates', { firstName: `Pager${String(n).padStart(2, '0')}`, lastName: 'Tester', email: `pager${n}@admin-e2e.example` }, people.admin.token);
    }
    // Invitations go to a company's job: the admin adds the company, then posts the job for it.
    const added = await call('POST', '/api/admin/companies', { name: 'Fjord Compilers', website: 'https://fjord.example' }, people.admin.token);
    const companyId = (added.answer.company as { id: string }).id;
    const { answer } = await call('POST', '/api/admin/jobs', { title: 'Bulk Invite Role', location: 'Remote', description: 'Invited in bulk.', companyId }, people.admin.token);
    const jobId = (answer.job as { id: string }).id;
    const page = await newPage(people.admin.token);
    await page.goto(`${app.url}/admin`);
    await page.getByRole('searchbox', { name: 'Search candidates' }).fill('pager');
    // The 30 candidates reach the admin table through its projection, on a loaded machine after 10 s
    // and more (measured at load 20, once the test no longer skipped itself).
    await expect(page.getByText('Showing 1–25 of 30 candidates'), 30_000).toBeVisible();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText('Showing 26–30 of 30 candidates')).toBeVisible();
    await page.getByLabel('Rows per page').selectOption('50');
    await expect(page.getByText('Showing 1–30 of 30 candidates')).toBeVisible();
    assert(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);

    await page.getByRole('checkbox', { name: 'Select Pager01 Tester' }).check();
    await page.getByRole('checkbox', { name: 'Select Pager02 Tester' }).check();
    await page.getByRole('button', { name: 'Bulk Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Invite to Apply' });
    await dialog.getByLabel('Job').selectOption(jobId);
    await dialog.getByRole('button', { name: 'Review Invitations' }).click();
    await expect(dialog.getByText(/2 candidates will be invited to apply to Bulk Invite Role/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Invite 2 Candidates' }).click();
    await expect(toast(page, 'Bulk Invitation Complete')).toBeVisible();
    await expect(toast(page, 'Successfully invited 2 of 2 candidates')).toBeVisible();
    await page.context().close();
  }, 180_000);
});
