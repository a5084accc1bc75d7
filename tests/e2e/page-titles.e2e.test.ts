import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';

/**
 * Every page titles its tab after itself, by the spec's page names, so a visitor with several
 * tabs open (or a bookmark, or the history list) can tell them apart.
 */
let app: AppProcess;
let browser: Browser;
let page: Page;
let profileId: string;

async function post(path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  page = await browser.newPage();
  const { token } = (await post('/api/auth/candidate/signup', { name: 'Grace Hopper', email: 'grace@titles-e2e.example', password: 'candidate-password' })) as { token: string };
  const saved = (await post('/api/profile', { jobTitle: 'Compiler Engineer', experience: '30 years', location: 'Arlington, VA', skills: ['COBOL'], isActivelyLooking: true, isPublic: true }, token)) as { profile: { id: string } };
  profileId = saved.profile.id;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

/** The tab's title once the page has set one other than the bare product name (or after 10 s). */
async function settledTitle(): Promise<string> {
  const deadline = Date.now() + 10_000;
  // Polled from here: page.title() outlives the app's own navigations (a wait inside the page does not).
  for (;;) {
    const title = await page.title();
    if (title !== 'Hireloop' || Date.now() > deadline) return title;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function titleOf(path: string): Promise<string> {
  await page.goto(`${app.url}${path}`);
  return settledTitle();
}

describe('page titles', () => {
  it.each([
    ['/', 'Jobs | Hireloop'],
    ['/jobs', 'Jobs | Hireloop'],
    ['/job-board', 'Jobs | Hireloop'],
    ['/dashboard', 'Dashboard | Hireloop'],
    ['/dashboard/jobs', 'My Jobs | Hireloop'],
    ['/reset-password', 'Reset Password | Hireloop'],
    ['/pricing', 'Pricing | Hireloop'],
    ['/admin', 'Admin Panel | Hireloop'],
    ['/browse-candidates', 'Browse Candidates | Hireloop'],
    ['/no-such-page', 'Page Not Found | Hireloop'],
    ['/job/no-such-job', 'Job Not Found | Hireloop'],
    ['/resume-upload', 'Resume Upload | Hireloop'],
    ['/resume-demo', 'Resume Extraction Demo | Hireloop'],
    // The AI-assistant connect page (ADR 043).
    ['/mysalt-callback', 'Connect AI Assistant | Hireloop'],
    // A profile that does not exist (or is private) keeps the page's name: nothing tells the two apart.
    ['/profile/00000000-0000-0000-0000-000000000000', 'Candidate Profile | Hireloop'],
    // The static pages (issue 15, ADR 040).
    ['/terms', 'Terms of Service | Hireloop'],
    ['/privacy', 'Privacy Policy | Hireloop'],
    ['/about-founder', 'About the Founder | Hireloop'],
    ['/contact', 'Contact | Hireloop'],
    // The company marketing page (ADR 044).
    ['/for-companies', 'For Companies | Hireloop'],
  ])('%s is titled "%s"', async (path, title) => {
    expect(await titleOf(path)).toBe(title);
  });

  it('the static pages read without JavaScript: their title, description and content are in the HTML', async () => {
    for (const [path, title, heading] of [
      ['/terms', 'Terms of Service | Hireloop', 'Terms of Service'],
      ['/privacy', 'Privacy Policy | Hireloop', 'Privacy Policy'],
      ['/about-founder', 'About the Founder | Hireloop', 'About the Founder'],
      ['/contact', 'Contact | Hireloop', 'Contact Us'],
      ['/for-companies', 'For Companies | Hireloop', 'Find Top Tech Talent Faster Than Ever'],
    ]) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toContain(`<h1>${heading}</h1>`);
    }
    const privacy = await (await fetch(`${app.url}/privacy`)).text();
    expect(privacy).toContain('Last updated September 12, 2025');
    expect(privacy).toContain('mailto:privacy@hireloop.com');
    // And in a browser with JavaScript off, the page is still there to read.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await context.newPage();
    await noScript.goto(`${app.url}/privacy`);
    expect(await noScript.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Policy');
    expect(await noScript.title()).toBe('Privacy Policy | Hireloop');
    // /for-companies with its plans, and its calls to action as links to the company sign-up.
    await noScript.goto(`${app.url}/for-companies`);
    expect(await noScript.getByRole('heading', { level: 1 }).textContent()).toBe('Find Top Tech Talent Faster Than Ever');
    expect(await noScript.getByRole('heading', { level: 3, name: 'Small Business' }).count()).toBe(1);
    expect(await noScript.getByRole('link', { name: 'Start Hiring Free' }).getAttribute('href')).toBe('/signup?type=company');
    await context.close();
  });

  it('/for-companies: with the app, its plans come from the plans API and a call to action opens the sign-up on the companies tab', async () => {
    await page.goto(`${app.url}/for-companies`);
    await page.getByRole('group', { name: 'Enterprise' }).waitFor();
    await page.getByRole('button', { name: 'Start Hiring Free' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.getByRole('tab', { name: 'For Companies' }).getAttribute('aria-selected')).toBe('true');
  });

  it('/signup?type=company (the profile page’s "Sign Up as Company") opens the sign-up dialog on For Companies', async () => {
    const response = await page.goto(`${app.url}/signup?type=company`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/signin');
    const tab = page.getByRole('dialog').getByRole('tab', { name: 'For Companies' });
    await tab.waitFor();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    await page.goto(`${app.url}/signup`);
    const candidates = page.getByRole('dialog').getByRole('tab', { name: 'For Candidates' });
    await candidates.waitFor();
    expect(await candidates.getAttribute('aria-selected')).toBe('true');
  });

  it('an unknown address shows the not-found page, with a 404 status for crawlers', async () => {
    const response = await page.goto(`${app.url}/no-such-page/at-all`);
    expect(response?.status()).toBe(404);
    expect(await settledTitle()).toBe('Page Not Found | Hireloop');
    // A page the app knows is a 200.
    expect((await page.goto(`${app.url}/pricing`))?.status()).toBe(200);
  });

  it('a candidate profile is titled "Candidate Profile", not after the person', async () => {
    expect(await titleOf(`/profile/${profileId}`)).toBe('Candidate Profile | Hireloop');
    // A visitor is not told who the candidate is (ADR 066).
    await page.getByRole('heading', { name: 'Anonymous Candidate' }).waitFor();
    expect(await page.title()).toBe('Candidate Profile | Hireloop');
  });

  it('follows the page when the app navigates without reloading', async () => {
    expect(await titleOf('/no-such-page')).toBe('Page Not Found | Hireloop');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('heading', { name: 'Find your next tech job' }).waitFor();
    expect(await settledTitle()).toBe('Jobs | Hireloop');
  });
});
