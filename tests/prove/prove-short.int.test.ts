import { describe, expect, it } from 'vitest';
import { chaosPart } from './chaos';
import { proveTable, runParts } from './main';
import type { ProvePart } from './part';
import { trafficPart } from './traffic';
import { webhooksPart } from './webhooks';

/**
 * `npm run prove`'s short version (issue 27): each of chaos, traffic and webhooks with
 * `short: true` (3 projection kills, one PostgreSQL and one NATS outage, a few seconds of load, 6
 * companies' webhook lives) against the real processes; every row must pass. The table is in the
 * failure message.
 */
const parts: ProvePart[] = [chaosPart, trafficPart, webhooksPart];

describe('npm run prove, short', () => {
  it.each(parts.map((part) => [part.name, part] as const))('%s: every row passes', async (_name, part) => {
    const rows = await runParts([part], { short: true, log: () => undefined });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !row.pass), proveTable(rows).join('\n')).toEqual([]);
  }, 600_000);
});
