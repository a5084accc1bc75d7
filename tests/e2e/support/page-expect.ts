import type { Locator } from 'playwright-core';

/**
 * playwright-core has no test runner assertions; these wait the way @playwright/test's do
 * (retrying until a timeout) and fail with the locator in the message.
 */
export const expect = (locator: Locator, timeout = 10_000) => ({
  async toBeVisible() {
    try {
      await locator.first().waitFor({ state: 'visible', timeout });
    } catch (error) {
      throw new Error(`Expected ${String(locator)} to be visible within ${timeout} ms`, { cause: error });
    }
  },
  async toBeHidden() {
    try {
      await locator.first().waitFor({ state: 'hidden', timeout });
    } catch (error) {
      throw new Error(`Expected ${String(locator)} to be hidden within ${timeout} ms`, { cause: error });
    }
  },
  /** Waits until the element the locator finds holds the document's focus. */
  async toBeFocused() {
    try {
      const handle = await locator.first().elementHandle({ timeout });
      await locator.page().waitForFunction((element: { ownerDocument: { activeElement: unknown } } | null) => element !== null && element === element.ownerDocument.activeElement, handle, { timeout });
    } catch (error) {
      throw new Error(`Expected ${String(locator)} to be focused within ${timeout} ms`, { cause: error });
    }
  },
});
