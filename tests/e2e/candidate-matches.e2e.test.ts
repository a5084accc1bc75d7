import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { removeDataDir, startApp, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * A company sees how candidates match one of its jobs (issue 24), in Chromium against the real
 * embedded app: on Browse Candidates and in the job board's side panel it chooses its open job,
 * and each card shows the match score with the reasons and warnings, told about the candidate.
 */
let app: AppProcess;
let browser: Browser;
let company = '';
const PASSWORD = 'matches-e2e-password';
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

/** Waits until the read model behind `route` holds everything up to `position` (read-your-writes). */
async function caughtUp(route: string, position: string, token?: string) {
  const response = await fetch(`${app.url}${route}`, { headers: { 'x-min-position': position, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  await response.body?.cancel();
  if (!response.ok || response.headers.get('x-read-model-stale')) throw new Error(`GET ${route} did not catch up with ${position}: ${response.status}`);
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ env: { TRUST_PROXY: '1' } }), launchBrowser()]);
  let last = '';
  for (const [n, profile] of [
    { jobTitle: 'Platform Engineer', skills: ['Go', 'Kubernetes', 'Terraform'], experience: '6 years', location: 'Lisbon, Portugal', workPreference: 'remote' },
    { jobTitle: 'Product Designer', skills: ['Figma'], experience: '2 years', location: 'Berlin, Germany', workPreference: 'onsite' },
  ].entries()) {
    const { answer } = await call('POST', '/api/auth/candidate/signup', { name: `Match Person ${n}`, email: `match.person.${n}@matches-e2e.example`, password: PASSWORD });
    const saved = await call('POST', '/api/profile', { ...profile, isActivelyLooking: true, isPublic: true }, answer.token as string);
    last = saved.position > last ? saved.position : last;
  }
  const signedUp = await call('POST', '/api/auth/company/signup', { companyName: 'Clusterworks', contactName: 'Robin Hiring', email: 'robin@matches-e2e.example', password: PASSWORD });
  company = signedUp.answer.token as string;
  const job = await call(
    'POST',
    '/api/jobs',
    { title: 'Senior Platform Engineer', location: 'Remote', remote: true, description: 'Run our clusters.', skills: ['Go', 'Kubernetes', 'Terraform'], experience: 'Senior level', type: 'Full-time' },
    company,
  );
  await caughtUp('/api/candidates?count=1', last);
  await caughtUp('/api/jobs?mine=true', job.position, company);
  await caughtUp('/api/auth/user', signedUp.position, company);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function companyPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(company)});` });
  return context.newPage();
}

describe('a company matching candidates to its job', { timeout: 90_000 }, () => {
  it('chooses its open job on Browse Candidates and reads each card’s score and reasons', async () => {
    const page = await companyPage();
    await page.goto(`${app.url}/browse-candidates`);
    const platform = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Platform Engineer', exact: true }) });
    await expect(platform).toBeVisible();
    // No job chosen: no scores.
    assert(await page.getByText(/% match/).count()).toBe(0);

    await page.getByLabel('Match candidates to').selectOption({ label: 'Senior Platform Engineer' });
    const match = platform.getByRole('region', { name: 'Match for Senior Platform Engineer' });
    await expect(match.getByText('100% match')).toBeVisible();
    await expect(match.getByText('The candidate has 3 of 3 listed skills: Go, Kubernetes and Terraform.')).toBeVisible();
    await expect(match.getByText('The job is remote, as they prefer.')).toBeVisible();

    const designer = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Product Designer', exact: true }) });
    await expect(designer.getByRole('list', { name: 'Match warnings' }).getByText('The candidate has none of the listed skills: Go, Kubernetes and Terraform.')).toBeVisible();
    assert(await seriousAxeViolations(page)).toEqual([]);

    // Back to no job: the scores go.
    await page.getByLabel('Match candidates to').selectOption({ label: 'No job (no match scores)' });
    await expect(match).toBeHidden();
    await page.context().close();
  });

  it('does the same in the job board’s side panel', async () => {
    const page = await companyPage();
    await page.goto(`${app.url}/jobs`);
    const panel = page.getByRole('complementary').filter({ has: page.getByRole('heading', { name: 'Available Candidates' }) });
    await panel.getByLabel('Match candidates to').selectOption({ label: 'Senior Platform Engineer' });
    await expect(panel.getByText('The candidate has 3 of 3 listed skills: Go, Kubernetes and Terraform.')).toBeVisible();
    await page.context().close();
  });
});
