import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { exifHasGps, phonePhotoWithGps } from '@hireloop/platform/profile-pictures/drawn-pictures';
import { removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * Profile pictures in Chromium under the app's CSP (ADR 011, ADR 046): a candidate chooses a
 * phone photo (EXIF with GPS) and a cover in the wizard, and both show — in the wizard's preview,
 * on the owner's profile page, to a visitor, and to the owner still once the profile is private —
 * with no CSP violation. Before, pictures were data: URLs, which `img-src 'self'` refuses.
 */
let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function candidate(name: string, email: string): Promise<string> {
  const response = await fetch(`${app.url}/api/auth/candidate/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'candidate-password' }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** A page whose CSP violations (the DOM event, and the console error Chromium prints) are collected from its first script on. */
async function watchedPage(token?: string): Promise<{ page: Page; violations: string[] }> {
  const violations: string[] = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.exposeBinding('reportCspViolation', (_source, text: string) => void violations.push(text));
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) => window.reportCspViolation(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline')));`,
  });
  if (token) await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  return { page, violations };
}

/** Waits until the image has loaded and says how wide it decoded (0: broken). */
async function naturalWidth(image: Locator): Promise<number> {
  await expect(image).toBeVisible();
  return image.evaluate(
    (element) =>
      new Promise<number>((resolve) => {
        const img = element as unknown as { complete: boolean; naturalWidth: number; addEventListener(type: string, listener: () => void): void };
        if (img.complete) resolve(img.naturalWidth);
        else {
          img.addEventListener('load', () => resolve(img.naturalWidth));
          img.addEventListener('error', () => resolve(0));
        }
      }),
  );
}

describe('profile pictures under the CSP', { timeout: 150_000 }, () => {
  it('a candidate uploads a picture and a cover in the wizard and sees both on the profile page; a visitor too; the owner still once private', async () => {
    const token = await candidate('Iris Calder', 'iris.calder@pictures-e2e.example');
    const { page, violations } = await watchedPage(token);
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('button', { name: 'Start Here' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create Your Profile' });
    await wizard.getByRole('button', { name: 'Skip and Fill Manually' }).click();
    const form = wizard.getByRole('form', { name: 'Profile details' });
    await form.getByLabel('Job Title').fill('Product Designer');
    await form.getByRole('textbox', { name: 'Skills' }).fill('Figma');
    await form.getByRole('button', { name: 'Add skill' }).click();
    await form.getByRole('textbox', { name: 'Experience' }).fill('4 years');
    await form.getByLabel('Location').fill('Dublin, Ireland');

    const photo = await phonePhotoWithGps(1600, 1200);
    assert(exifHasGps((await sharp(photo).metadata()).exif)).toBe(true);
    await form.getByLabel('Profile Picture').setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
    assert(await naturalWidth(form.getByRole('img', { name: 'Chosen profile picture' }))).toBe(192);
    const cover = await sharp({ create: { width: 2400, height: 600, channels: 3, background: '#1d6f5f' } }).png().toBuffer();
    await form.getByLabel('Cover Photo').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
    assert(await naturalWidth(form.getByRole('img', { name: 'Chosen cover photo' }))).toBeGreaterThan(0);

    await form.getByRole('button', { name: 'Create Profile' }).click();
    await expect(wizard.getByText('Step 4 of 4: All done')).toBeVisible();
    await wizard.getByRole('link', { name: 'View Your Profile' }).click();
    await page.waitForURL(/\/profile\/[^/]+$/);
    const profileUrl = page.url();
    await expect(page.getByRole('heading', { name: 'Iris Calder' }).first()).toBeVisible();
    const avatar = page.getByRole('img', { name: 'Avatar of Iris Calder' }).first();
    assert(await naturalWidth(avatar)).toBe(192);
    // What the browser fetched is ours, re-encoded: no EXIF left to read.
    const fetched = await page.request.get(new URL((await avatar.getAttribute('src'))!, app.url).toString());
    assert(fetched.headers()['content-type']).toBe('image/webp');
    assert((await sharp(await fetched.body()).metadata()).exif).toBeUndefined();

    // A visitor sees the public profile's cover, but not the photo, which shows who she is (ADR 066).
    const visitor = await watchedPage();
    await visitor.page.goto(profileUrl);
    assert(await naturalWidth(visitor.page.getByRole('img', { name: "Cover of Anonymous Candidate's profile" }))).toBeGreaterThan(0);
    assert(await visitor.page.getByRole('img', { name: /Avatar of/ }).count()).toBe(0);
    assert(await visitor.page.locator('body').innerText()).not.toContain('Iris Calder');

    // Private: the visitor gets Profile Not Found, the owner still sees the picture (the owner's grant: an <img> sends no token).
    await page.getByRole('button', { name: 'Make Private' }).click();
    await expect(page.getByRole('button', { name: 'Make Public' })).toBeVisible();
    await page.reload();
    assert(await naturalWidth(page.getByRole('img', { name: 'Avatar of Iris Calder' }).first())).toBe(192);
    await visitor.page.reload();
    await expect(visitor.page.getByText('Profile Not Found').first()).toBeVisible();

    assert(violations).toEqual([]);
    assert(visitor.violations).toEqual([]);
    await visitor.page.context().close();
    await page.context().close();
  });
});
