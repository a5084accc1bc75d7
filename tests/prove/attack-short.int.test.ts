import { describe, expect, it } from 'vitest';
import { authzMatrixPart } from './authz-matrix';
import { fuzzPart } from './fuzz';
import type { ProveRow } from './part';

/*
 * The short versions of `npm run prove`'s attack parts (issue 27, ADR 089): a slice of the
 * authorisation matrix and ~500 requests generated from the OpenAPI document, against the real
 * app on PostgreSQL. Every row must pass; a failing row's lines (what differed, what was off the
 * document) are in the message.
 */
const failing = (rows: ProveRow[], lines: string[]) => rows.filter((row) => !row.pass).map((row) => `${row.check}: ${row.measured}\n${lines.join('\n')}`);

describe('npm run prove, short: the attack parts', () => {
  it('the authorisation matrix: every route declared, a slice of it called by every role with 0 differences', async () => {
    const lines: string[] = [];
    const rows = await authzMatrixPart.run({ short: true, log: (line) => lines.push(line) });
    expect(rows.map((row) => row.part)).toEqual(['authorisation', 'authorisation']);
    expect(rows[1]!.measured).toMatch(/^\d+ cells, 0 differences$/);
    expect(failing(rows, lines)).toEqual([]);
  }, 120_000);

  it('the fuzzer: ~500 requests from the OpenAPI document with every role’s token, 0 5xx, every answer as documented', async () => {
    const lines: string[] = [];
    const rows = await fuzzPart.run({ short: true, log: (line) => lines.push(line) });
    expect(rows.map((row) => row.part)).toEqual(['fuzz', 'fuzz']);
    expect(Number(/^(\d+) requests/.exec(rows[0]!.measured)?.[1])).toBeGreaterThanOrEqual(500);
    expect(failing(rows, lines)).toEqual([]);
  }, 120_000);
});
