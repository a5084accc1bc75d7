import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the flags this sandbox needs (no network beyond loopback).
 *
 * `cookieChoice`: what every page of this browser has already answered the cookie banner (ADR
 * 041), so the banner, fixed at the bottom of the screen, covers nothing a journey clicks; null
 * for the tests of the banner itself.
 */
export async function launchBrowser({ cookieChoice = 'declined' }: { cookieChoice?: 'accepted' | 'declined' | null } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run bash .ci/run (it installs it) or set CHROMIUM_PATH`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  if (cookieChoice === null) return browser;
  const script = { content: `try { if (!localStorage.getItem('cookieConsent')) localStorage.setItem('cookieConsent', ${JSON.stringify(cookieChoice)}); } catch {}` };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(script);
    return context;
  };
  browser.newPage = async (options) => (await browser.newContext(options)).newPage();
  return browser;
}
