import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { grantRole, roleIs } from './support/roles';
import { expect } from './support/page-expect';

/**
 * The admin console's Projections tab in the browser (issue 27, ADR 087), on the real embedded
 * default: an admin reads every read model's state and cannot act; a super admin rebuilds one,
 * sees the toast, the rebuild's end in its row, and the request in the Activities tab. Roles are
 * given as an operator gives them: `hireloop grant-role`.
 */
const PASSWORD = 'projections-e2e-password';
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
  return answer;
}



const people = {} as Record<'superAdmin' | 'admin', { token: string }>;

beforeAll(async () => {
  const port = await freePort();
  browser = await launchBrowser();
  // A first start (initdb, migrations) on a busy machine takes longer than the default minute.
  app = await startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '1' }, timeoutMs: 180_000 });
  const signUp = async (name: string, email: string) => ({ token: (await call('POST', '/api/auth/candidate/signup', { name, email, password: PASSWORD })).token as string, email });
  const superAdmin = await signUp('Pia Projector', 'pia.projector@projections-e2e.example');
  const admin = await signUp('Otto Observer', 'otto.observer@projections-e2e.example');
  await grantRole(app, superAdmin.email, 'super_admin');
  await grantRole(app, admin.email, 'admin');
  await roleIs(app, superAdmin.token, 'super_admin');
  await roleIs(app, admin.token, 'admin');
  people.superAdmin = superAdmin;
  people.admin = admin;
  // A job on the board, so that the rebuild has events of the job board's to apply.
  const company = await call('POST', '/api/auth/company/signup', { companyName: 'Replay Ventures', contactName: 'Rita Replay', email: 'rita@replay-ventures.example', password: PASSWORD });
  await call('POST', '/api/jobs', { title: 'Projection Engineer', location: 'Oslo, Norway', description: 'Rebuilt from the log.' }, company.token as string);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function projectionsTab(token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  const page = await context.newPage();
  await page.goto(`${app.url}/admin`);
  await page.getByRole('tab', { name: 'Projections' }).click();
  await expect(page.getByRole('table', { name: 'Read models' }), 20_000).toBeVisible();
  return page;
}

const row = (page: Page, name: string) => page.getByRole('table', { name: 'Read models' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name} v\\d+$`) }) });

describe('the admin Projections tab in the browser', () => {
  it('an admin reads each read model’s state, caught up, and has nothing to press', async () => {
    const page = await projectionsTab(people.admin.token);
    await expect(row(page, 'job-board').getByText('Caught up', { exact: true }), 20_000).toBeVisible();
    await expect(row(page, 'users')).toBeVisible();
    await expect(page.getByText('Only super admins can rebuild or retry.', { exact: false })).toBeVisible();
    assert(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    assert(await page.getByRole('button', { name: /^Rebuild / }).count()).toBe(0);
    assert(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('a super admin rebuilds the job board: a toast, the rebuild’s end in its row, the request in Activities', async () => {
    const page = await projectionsTab(people.superAdmin.token);
    const board = row(page, 'job-board');
    await board.getByRole('button', { name: 'Rebuild job-board' }).click();
    await expect(page.getByText('Rebuild started', { exact: true })).toBeVisible();
    // The row is read again every 2 s: the rebuild, run by the process that runs the projections, ends and says so.
    await expect(board.getByText(/^Last rebuild: [1-9][\d,]* events, [\d,]+ events\/s$/), 60_000).toBeVisible();
    await expect(board.getByText('Caught up', { exact: true }), 20_000).toBeVisible();
    await expect(board.getByRole('button', { name: 'Rebuild job-board' }).and(page.locator(':enabled'))).toBeVisible();
    assert(await seriousAxeViolations(page)).toEqual([]);

    // The board still has its job after the switch.
    const jobs = (await (await fetch(`${app.url}/api/jobs?search=projection`)).json()) as Array<{ title: string }> | { jobs: Array<{ title: string }> };
    assert(JSON.stringify(jobs)).toContain('Projection Engineer');

    await page.getByRole('tab', { name: 'Activities' }).click();
    await expect(page.getByRole('list', { name: 'Admin activities' }).getByRole('listitem').filter({ hasText: 'Asked for a read model to be rebuilt: job-board' }), 20_000).toBeVisible();
    await page.context().close();
  }, 150_000);
});
