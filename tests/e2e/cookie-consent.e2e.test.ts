import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';

/*
 * The cookie-consent banner in Chromium (issue 15, ADR 041): each button, what it stores, and no
 * analytics request before consent — watched on the network. With consent, each route change
 * sends one page view (the route pattern, never the address); tests/api/page-views.int.test.ts
 * follows it into the log and the admin analytics.
 */
let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser({ cookieChoice: null })]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function pageWatchingAnalytics(): Promise<{ page: Page; sent: Request[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/analytics/') || !request.url().startsWith(app.url)) sent.push(request);
  });
  return { page, sent };
}

const banner = (page: Page) => page.getByRole('region', { name: 'We use cookies' });

describe('cookie consent', () => {
  it('asks on every page until answered; nothing analytic is sent before consent or with Essential Only', async () => {
    const { page, sent } = await pageWatchingAnalytics();
    await page.goto(`${app.url}/jobs`);
    await banner(page).waitFor();
    await page.goto(`${app.url}/pricing`);
    await banner(page).waitFor();
    // Close: hidden for the visit, nothing stored; the next visit asks again.
    await banner(page).getByRole('button', { name: 'Close the cookie banner for this visit' }).click();
    await banner(page).waitFor({ state: 'hidden' });
    expect(await page.evaluate('localStorage.getItem("cookieConsent")')).toBeNull();
    await page.reload();
    await banner(page).waitFor();
    await banner(page).getByRole('button', { name: 'Cookie Details' }).click();
    await banner(page).getByText(/Only if you accept/).waitFor();
    await banner(page).getByRole('button', { name: 'Essential Only' }).click();
    expect(await page.evaluate('localStorage.getItem("cookieConsent")')).toBe('declined');
    await page.getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await page.goto(`${app.url}/jobs`);
    await page.waitForLoadState('networkidle');
    expect(await banner(page).count()).toBe(0);
    expect(sent.map((request) => request.url())).toEqual([]);
  });

  it('with Accept All Cookies, each route change sends one page view with the route, never the address', async () => {
    const { page, sent } = await pageWatchingAnalytics();
    await page.goto(`${app.url}/jobs`);
    await page.waitForLoadState('networkidle');
    expect(sent).toEqual([]);
    const first = page.waitForRequest((request) => request.url().endsWith('/api/analytics/page-views'));
    await banner(page).getByRole('button', { name: 'Accept All Cookies' }).click();
    expect((await first).postDataJSON()).toEqual({ route: '/jobs' });
    const second = page.waitForRequest((request) => request.url().endsWith('/api/analytics/page-views'));
    // The reset link's page takes the token out of the address at once: the route is all that is sent.
    await page.goto(`${app.url}/reset-password/some-secret-token-0123456789`);
    expect((await second).postDataJSON()).toEqual({ route: expect.stringMatching(/^\/reset-password(\/\$token)?$/) });
    await page.waitForLoadState('networkidle');
    const posted = sent.filter((request) => request.url().endsWith('/api/analytics/page-views')).map((request) => request.postData() ?? '');
    expect(posted.length).toBeGreaterThanOrEqual(2);
    for (const body of posted) expect(body).not.toContain('some-secret-token');
    // No request to anyone else, ever.
    expect(sent.filter((request) => !request.url().startsWith(app.url))).toEqual([]);
  });
});
