import type { Page } from 'playwright-core';

/**
 * Holds back the answers of `pattern` until the test lets them go (a slow network, on cue): what
 * the page shows while it waits is seen for as long as the test needs, whatever the machine's load,
 * and never missed because the answer came first (ADR 072). `requested` resolves once the page has
 * asked; `release` lets every held and later request through.
 */
export async function holdBack(page: Page, pattern: string): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(pattern, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return { requested, release };
}
