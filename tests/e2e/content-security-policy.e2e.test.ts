import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * The app under its Content-Security-Policy, in a real browser: the pages people use most and
 * the sign-in dialog work without the browser blocking anything, while a script injected into
 * the page (what an XSS would do to read the tokens in localStorage) does not run.
 */
let app: AppProcess;
let browser: Browser;
let job: { id: string; title: string };

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const signup = await fetch(`${app.url}/api/auth/company/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: 'Northwind', contactName: 'Maya Okafor', email: 'jobs@northwind.example', password: 'company-password' }),
  });
  const { token } = (await signup.json()) as { token: string };
  const posted = await fetch(`${app.url}/api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'Senior Data Engineer', location: 'Austin, TX', salary: '$150k - $185k', description: 'Own the pipelines.' }),
  });
  job = { id: ((await posted.json()) as { job: { id: string } }).job.id, title: 'Senior Data Engineer' };
  // The browser never saw that write: wait until the board has it (read-your-writes with its position).
  const board = await fetch(`${app.url}/api/jobs`, { headers: { 'x-min-position': posted.headers.get('x-position') ?? '' } });
  if (!board.ok || board.headers.get('x-read-model-stale')) throw new Error(`the board did not catch up with the job: ${board.status}`);
  await board.body?.cancel();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

/**
 * A page whose CSP violations (the DOM event, and the console error the browser prints) are
 * collected from its first script on, across navigations.
 */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const violations: string[] = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.exposeBinding('reportCspViolation', (_source, text: string) => void violations.push(text));
  // Runs in the page (as text: these tests are typed for Node, not the DOM).
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.reportCspViolation(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber + ' on ' + location.pathname));`,
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  return { page, violations };
}

const scriptSrcOf = (header: string | null) => /(?:^|;)\s*script-src ([^;]*)/.exec(header ?? '')?.[1]?.trim();

describe('the content security policy', () => {
  it('the job board, a job page and the sign-in dialog work under it', async () => {
    const { page, violations } = await watchedPage();

    const board = await page.goto(`${app.url}/jobs`);
    assert(scriptSrcOf(board!.headers()['content-security-policy']!)).toBe("'self'");
    await expect(page.getByRole('article').filter({ hasText: job.title })).toBeVisible();
    // Radix adds <style> elements at run time (the select's viewport).
    await page.getByRole('combobox', { name: 'Job Type' }).click();
    await expect(page.getByRole('option', { name: 'Contract' })).toBeVisible();
    await page.keyboard.press('Escape');

    const detail = await page.goto(`${app.url}/job/${job.id}`);
    assert(scriptSrcOf(detail!.headers()['content-security-policy']!)).toBe("'self'");
    assert(await detail!.text()).toContain('<script type="application/ld+json">');
    await expect(page.getByRole('heading', { name: job.title })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome to Hireloop' })).toBeVisible();

    assert(violations).toEqual([]);
  });

  it('a script injected into the page does not run, and the browser reports it', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${app.url}/jobs`);
    await expect(page.getByRole('article').first()).toBeVisible();
    // What an XSS would do: an inline script, and an inline event handler.
    await page.evaluate(`{
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true';
      document.head.append(script);
      const image = document.createElement('img');
      image.setAttribute('src', 'x:');
      image.setAttribute('onerror', 'window.injectedScriptRan = true');
      document.body.append(image);
    }`);
    const blocked = () => violations.filter((text) => /^script-src-(elem|attr) blocked inline/.test(text));
    for (let waited = 0; blocked().length < 2 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    assert(blocked()).toHaveLength(2);
    assert(await page.evaluate('window.injectedScriptRan')).toBeUndefined();
  });

  it('Swagger UI at /api/docs works under its own policy', async () => {
    const { page, violations } = await watchedPage();
    const docs = await page.goto(`${app.url}/api/docs`);
    assert(scriptSrcOf(docs!.headers()['content-security-policy']!)).toBe("'self'");
    await expect(page.getByText('Hireloop API').first()).toBeVisible();
    await expect(page.getByText('/api/auth/login').first()).toBeVisible();
    assert(violations).toEqual([]);
  });
});
