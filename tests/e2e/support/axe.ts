import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** What keeps people out: axe's serious and critical findings (WCAG 2.2 A/AA and best practice). */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe on the page as it is now and returns its serious and critical violations, one line
 * each (rule, impact, what is wrong, the first elements at fault), so a failing test says what to fix.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? '')).map(describe);
}

function describe(violation: Violation): string {
  const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
  const more = violation.nodes.length > targets.length ? ` and ${violation.nodes.length - targets.length} more` : '';
  return `${violation.id} (${violation.impact}): ${violation.help} at ${targets.join(', ')}${more}`;
}
