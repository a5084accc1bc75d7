/**
 * `npm run prove` (issue 27): runs every part of ./parts.ts against the real product on this
 * machine and prints one markdown table (part, check, measured, expected, pass); exits 1 when any
 * row fails or a part throws. Progress goes to stderr, the table to stdout.
 *
 * PROVE_PARTS (comma-separated part names, default all) runs only some; PROVE_SHORT=1 runs the
 * short version (`short: true`, as `npm test` does).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { ProvePart, ProveRow } from './part';
import { proveParts } from './parts';

/** One table cell: pipes and line breaks would break the row. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

export function proveTable(rows: readonly ProveRow[]): string[] {
  const lines = ['| Part | Check | Measured | Expected | Pass |', '|---|---|---|---|:-:|'];
  for (const row of rows) lines.push(`| ${cell(row.part)} | ${cell(row.check)} | ${cell(row.measured)} | ${cell(row.expected)} | ${row.pass ? 'yes' : '**no**'} |`);
  return lines;
}

/** Runs the parts one after the other (each needs the machine to itself); a part that throws is one failed row. */
export async function runParts(parts: readonly ProvePart[], options: { short: boolean; log: (line: string) => void }): Promise<ProveRow[]> {
  const rows: ProveRow[] = [];
  for (const part of parts) {
    const started = performance.now();
    options.log(`prove: ${part.name} …`);
    try {
      rows.push(...(await part.run(options)));
    } catch (error) {
      rows.push({ part: part.name, check: 'the part ran to its end', measured: `threw: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, expected: 'no error', pass: false });
      options.log(`prove: ${part.name} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    options.log(`prove: ${part.name} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return rows;
}

const isMain = process.argv[1]?.endsWith('prove/main.ts');
if (isMain) {
  const wanted = process.env.PROVE_PARTS?.split(',').map((name) => name.trim()).filter(Boolean);
  const parts = wanted ? proveParts.filter((part) => wanted.includes(part.name)) : proveParts;
  const unknown = wanted?.filter((name) => !proveParts.some((part) => part.name === name)) ?? [];
  if (unknown.length > 0) {
    process.stderr.write(`PROVE_PARTS names no part ${unknown.join(', ')}; the parts are ${proveParts.map((part) => part.name).join(', ')}\n`);
    process.exit(2);
  }
  const short = process.env.PROVE_SHORT === '1';
  const started = performance.now();
  const loadAtStart = loadavg().map((value) => value.toFixed(2)).join(' ');
  const rows = await runParts(parts, { short, log: (line) => process.stderr.write(`${line}\n`) });
  const minutes = (performance.now() - started) / 60_000;
  const failed = rows.filter((row) => !row.pass).length;
  const lines = [
    `## npm run prove${short ? ' (short)' : ''}`,
    '',
    ...proveTable(rows),
    '',
    `${rows.length} checks, ${failed} failed, in ${minutes.toFixed(1)} min; load average at the start ${loadAtStart}, at the end ${loadavg().map((value) => value.toFixed(2)).join(' ')}.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(failed > 0 || rows.length === 0 ? 1 : 0);
}
