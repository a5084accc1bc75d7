import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { apiCalls } from './support/api-calls';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';
import { grantRole, roleIs } from './support/roles';

/**
 * Every signed-in page at 390 px (a phone) as a candidate, a company and an admin: none is wider
 * than the screen (part 2: pages work from 360 px; STYLE.md), and the admin console's tab is in
 * the address (ADR 116). What broke: the admin console's Candidates and Companies tables widened
 * the page to 616 px, since the visually hidden "Actions" header (position: absolute) was not
 * clipped by the table's scroll box, which was not positioned; and the console's tab was not in
 * the address, so a reload went back to Candidates.
 */
const PASSWORD = 'narrow-screens-e2e-password';
const PHONE = { width: 390, height: 844 };
const JOB_TITLE = 'Narrow Screen Platform Engineer';
const CANDIDATE_NAME = 'Ada Narrowfield';

let app: AppProcess;
let browser: Browser;
const tokens = { candidate: '', company: '', admin: '' };
let jobId = '';
let profileId = '';

const { call, caughtUp } = apiCalls(() => app);

beforeAll(async () => {
  const port = await freePort();
  [app, browser] = await Promise.all([startApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '1' } }), launchBrowser()]);
  const candidate = await call('POST', '/api/auth/candidate/signup', { name: CANDIDATE_NAME, email: 'ada@narrow-e2e.example', password: PASSWORD });
  tokens.candidate = candidate.answer.token as string;
  const saved = await call(
    'POST',
    '/api/profile',
    { jobTitle: 'Site Reliability Engineer', skills: ['Kubernetes', 'Go', 'Terraform', 'PostgreSQL'], location: 'Porto, Portugal', experience: '7 years', workPreference: 'remote', isActivelyLooking: true, isPublic: true },
    tokens.candidate,
  );
  profileId = (saved.answer.profile as { id: string }).id;
  const company = await call('POST', '/api/auth/company/signup', { companyName: 'Narrow Labs', contactName: 'Maya Okafor', email: 'maya@narrow-e2e.example', password: PASSWORD });
  tokens.company = company.answer.token as string;
  const posted = await call(
    'POST',
    '/api/jobs',
    { title: JOB_TITLE, location: 'Remote', remote: true, type: 'Full-time', experience: 'Senior level', skills: 'Go, Kubernetes', description: 'Keep the platform up.', requirements: '' },
    tokens.company,
  );
  jobId = (posted.answer.job as { id: string }).id;
  const admin = await call('POST', '/api/auth/candidate/signup', { name: 'Olive Ops', email: 'olive@narrow-e2e.example', password: PASSWORD });
  tokens.admin = admin.answer.token as string;
  await grantRole(app, 'olive@narrow-e2e.example', 'admin');
  await roleIs(app, tokens.admin, 'admin');
  await caughtUp('/api/candidates?count=1', saved.position);
  await caughtUp(`/api/jobs/${jobId}`, posted.position);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function phonePage(token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  return context.newPage();
}

/**
 * How much wider than the screen the page is (0 when it fits), with the elements that stick out
 * beyond the right edge (positioned ones too: an absolute element escapes a scroll box that is not
 * positioned), so a failure says what to fix.
 */
async function overflow(page: Page): Promise<{ excess: number; culprits: string[] }> {
  // A string: the tests' TypeScript has no DOM types (as in long-texts.e2e.test.ts).
  return page.evaluate(`(() => {
    const width = window.innerWidth;
    const culprits = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      const parent = element.parentElement ? element.parentElement.getBoundingClientRect() : null;
      const positioned = getComputedStyle(element).position !== 'static';
      if (box.right > width + 1 && (positioned || !parent || parent.right <= width + 1)) {
        culprits.push('<' + element.tagName.toLowerCase() + ' class="' + String(element.getAttribute('class')).slice(0, 80) + '"> ' + Math.round(box.right) + ' px: ' + (element.textContent || '').trim().slice(0, 40));
      }
    }
    return { excess: Math.max(0, document.documentElement.scrollWidth - width), culprits: culprits.slice(0, 5) };
  })()`);
}

/**
 * Opens `path`, waits for what shows the page is there (and, unless the page keeps a stream open as
 * the admin console does, for its requests to end), and checks its width.
 */
async function fitsThePhone(page: Page, path: string, ready: (page: Page) => Locator, { streams = false } = {}): Promise<string | null> {
  await page.goto(`${app.url}${path}`);
  await expect(ready(page), 20_000).toBeVisible();
  // Cards load their own data after the page (the dashboard's): wait until nothing is in flight.
  if (!streams) await page.waitForLoadState('networkidle');
  const { excess, culprits } = await overflow(page);
  return excess > 0 ? `${path} is ${excess} px wider than 390 px: ${culprits.join('; ')}` : null;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();

describe('every signed-in page at 390 px', { timeout: 300_000 }, () => {
  it('a candidate’s pages fit the screen', async () => {
    const page = await phonePage(tokens.candidate);
    const wide: string[] = [];
    for (const [path, ready] of [
      ['/dashboard', heading(/Welcome back/)],
      ['/jobs', heading('Find your next tech job')],
      [`/job/${jobId}`, heading(JOB_TITLE)],
      [`/profile/${profileId}`, heading(CANDIDATE_NAME)],
      ['/settings', heading('Settings')],
      ['/inbox', heading('Inbox')],
      ['/resume-upload', heading('Upload Your Resume')],
      ['/pricing', heading('Choose Your Plan')],
    ] as const) {
      const problem = await fitsThePhone(page, path, ready);
      if (problem) wide.push(problem);
    }
    // A new assistant key, shown once with its Copy button, on the dashboard.
    await page.goto(`${app.url}/dashboard`);
    await page.getByLabel('Key name').fill('Claude Desktop on the train');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('Copy it now')).toBeVisible();
    const { excess, culprits } = await overflow(page);
    if (excess > 0) wide.push(`/dashboard with a new key is ${excess} px too wide: ${culprits.join('; ')}`);
    assert(wide).toEqual([]);
    await page.context().close();
  });

  it('a company’s pages fit the screen, the plans offered and the job form too', async () => {
    const page = await phonePage(tokens.company);
    const wide: string[] = [];
    // A company without a plan is offered the plans once, in a dialog (part 2 §2).
    const offered = await fitsThePhone(page, '/dashboard', (p) => p.getByRole('dialog', { name: 'Choose Your Plan' }));
    if (offered) wide.push(`${offered} (the plans dialog open)`);
    await page.getByRole('dialog', { name: 'Choose Your Plan' }).getByRole('button', { name: 'Maybe Later' }).click();
    for (const [path, ready] of [
      ['/dashboard', heading(/Welcome back/)],
      ['/dashboard/jobs', heading('My Jobs')],
      ['/browse-candidates', heading('Browse Candidates')],
      // Anonymous to a company until the candidate answers (its full view, without the name).
      [`/profile/${profileId}`, heading('Skills & Expertise')],
      [`/job/${jobId}`, heading(JOB_TITLE)],
      ['/settings', heading('Settings')],
      ['/inbox', heading('Inbox')],
      ['/pricing', heading('Choose Your Plan')],
      ['/for-companies', heading('Find Top Tech Talent Faster Than Ever')],
    ] as const) {
      const problem = await fitsThePhone(page, path, ready);
      if (problem) wide.push(problem);
    }
    await page.goto(`${app.url}/dashboard/jobs`);
    await page.getByRole('button', { name: 'Post New Job' }).click();
    await expect(page.getByRole('dialog', { name: 'Post a New Job' })).toBeVisible();
    const { excess, culprits } = await overflow(page);
    if (excess > 0) wide.push(`Post a New Job is ${excess} px too wide: ${culprits.join('; ')}`);
    assert(wide).toEqual([]);
    await page.context().close();
  });

  it('an admin’s console fits the screen on every tab (its tables scroll inside their cards), and Create Job too', async () => {
    const page = await phonePage(tokens.admin);
    const wide: string[] = [];
    for (const [tab, label, ready] of [
      ['candidates', 'Candidates', (p: Page) => p.getByRole('table', { name: 'Candidates' }).getByRole('cell', { name: new RegExp(CANDIDATE_NAME) })],
      ['companies', 'Companies', (p: Page) => p.getByRole('table', { name: 'Companies' }).getByText('Narrow Labs')],
      ['jobs', 'Job Management', (p: Page) => p.getByRole('article', { name: JOB_TITLE })],
      ['analytics', 'Analytics', (p: Page) => p.getByText('Google Analytics data is not available. Backend GA4 configuration required.')],
      ['activities', 'Activities', (p: Page) => p.getByRole('tab', { name: 'Activities', selected: true })],
      ['projections', 'Projections', (p: Page) => p.getByRole('table', { name: 'Read models' })],
    ] as const) {
      // The console keeps its activity stream open: what each tab waits for is its data on screen.
      const problem = await fitsThePhone(page, tab === 'candidates' ? '/admin' : `/admin?tab=${tab}`, ready, { streams: true });
      if (problem) wide.push(`${label}: ${problem}`);
    }
    for (const [path, ready] of [
      ['/dashboard', heading(/Welcome back/)],
      ['/settings', heading('Settings')],
    ] as const) {
      const problem = await fitsThePhone(page, path, ready);
      if (problem) wide.push(problem);
    }
    await page.goto(`${app.url}/admin?tab=jobs`);
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Job' }).getByLabel('Company Account')).toBeVisible();
    const { excess, culprits } = await overflow(page);
    if (excess > 0) wide.push(`Create Job is ${excess} px too wide: ${culprits.join('; ')}`);
    assert(wide).toEqual([]);
    await page.context().close();
  });
});

describe('the admin console’s tab is in the address', { timeout: 120_000 }, () => {
  it('a tab chosen (by keyboard too) is in the address; reload keeps it, Back returns, a link opens it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(tokens.admin)});` });
    const page = await context.newPage();
    await page.goto(`${app.url}/admin`);
    const candidates = page.getByRole('tab', { name: 'Candidates', selected: true });
    await expect(candidates).toBeVisible();
    await page.getByRole('tab', { name: 'Companies' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'companies');
    await expect(page.getByRole('table', { name: 'Companies' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Companies', selected: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Companies' })).toBeVisible();

    // The keyboard moves between tabs (arrow keys), and the address follows.
    await page.getByRole('tab', { name: 'Companies' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'jobs');
    await expect(page.getByRole('tab', { name: 'Job Management', selected: true })).toBeVisible();

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'companies');
    await expect(page.getByRole('tab', { name: 'Companies', selected: true })).toBeVisible();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin' && !url.searchParams.has('tab'));
    await expect(candidates).toBeVisible();

    // A link to a tab (an unknown one opens Candidates).
    await page.goto(`${app.url}/admin?tab=activities`);
    await expect(page.getByRole('tab', { name: 'Activities', selected: true })).toBeVisible();
    await page.goto(`${app.url}/admin?tab=nonsense`);
    await expect(candidates).toBeVisible();
    await context.close();
  });
});
