import path from 'node:path';
import { importFeed, isFeedUrl, loadFeed, type ImportDeps, type ImportProgress, type ImportSummary, type LoadFeedOptions } from '@hireloop/command-service/imports/importer';
import type { Runtime } from './runtime';

/** What the importer needs from the runtime (tests pass memory adapters). */
export type ImportRuntime = Pick<Runtime, 'eventStore' | 'clock' | 'ids'> & ImportDeps;

export interface ImportOptions {
  log?: (line: string) => void;
  /** For tests: shorter timeouts. */
  load?: LoadFeedOptions;
  /** Called as each feed is read and written (a terminal's progress line: `importProgress`). */
  progress?: (progress: ImportProgress) => void;
}

/** A URL stays as given; a file path becomes absolute, so the same file is the same feed from any directory. */
export const feedName = (feedArg: string) => (isFeedUrl(feedArg) || /^file:/i.test(feedArg) ? feedArg.trim() : path.resolve(feedArg.trim()));

/** One line per run, for the terminal and the logs. */
export function describeImport(summary: ImportSummary): string {
  if (!summary.ok) {
    // A feed read as a stream may break after some of its jobs were written (ADR 084): say so.
    const { imported, revised, reopened } = summary.counts;
    const written = imported + revised + reopened;
    const changed = written === 0 ? 'nothing changed' : `no job closed; ${imported} new, ${revised} revised, ${reopened} reopened before it stopped`;
    return `import ${summary.feed}: FAILED, ${changed} (${summary.reason})`;
  }
  const { imported, revised, unchanged, closed, reopened, skipped, failed } = summary.counts;
  const parts = [`${imported} new`, `${revised} revised`, `${unchanged} unchanged`, `${closed} closed`, `${reopened} reopened`, `${skipped} skipped`];
  if (failed) parts.push(`${failed} failed`);
  const details = [
    ...summary.skipped.slice(0, 10).map(({ item, reason }) => `  skipped ${item}: ${reason}`),
    ...(summary.skipped.length > 10 ? [`  … and ${summary.skipped.length - 10} more skipped`] : []),
    ...summary.problems.slice(0, 10).map((problem) => `  failed ${problem}`),
  ];
  return [`import ${summary.feed} (${summary.source}): ${parts.join(', ')}`, ...details].join('\n');
}

const unrecordedRun = (runtime: ImportRuntime, feed: string, error: unknown): ImportSummary => ({
  feed,
  ok: false,
  reason: `the run could not be recorded: ${error instanceof Error ? error.message : String(error)}`,
  format: null,
  source: null,
  counts: { imported: 0, revised: 0, unchanged: 0, closed: 0, reopened: 0, skipped: 0, failed: 0 },
  skipped: [],
  problems: [],
  correlationId: '',
  at: runtime.clock.now().toISOString(),
});

/**
 * `hireloop import <file-or-url>…`: one run per feed, one after the other. Resolves with every
 * run's summary and never rejects: a failed feed, or a run the event store could not record, is a
 * summary with `ok: false`, and the other feeds still run.
 */
export async function runImport(runtime: ImportRuntime, feedArgs: string[], options: ImportOptions = {}): Promise<ImportSummary[]> {
  const log = options.log ?? (() => undefined);
  const summaries: ImportSummary[] = [];
  for (const feedArg of feedArgs) {
    const feed = feedName(feedArg);
    let summary: ImportSummary;
    try {
      summary = await importFeed(runtime, feed, () => loadFeed(feed, options.load), { progress: options.progress });
    } catch (error) {
      // The event store itself failed: this run is not recorded, and the next one starts from the last recorded run.
      summary = unrecordedRun(runtime, feed, error);
    }
    log(describeImport(summary));
    summaries.push(summary);
  }
  return summaries;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** `import: [#####-----]  52%  54.3 / 104.9 MB, 21,000 jobs, 5,400 jobs/s` for a terminal. */
export function importProgressLine({ bytesRead, totalBytes, pass, jobs, jobsPerSecond }: ImportProgress, width = 20): string {
  const count = (n: number) => Math.round(n).toLocaleString('en-US');
  const fraction = totalBytes ? Math.min(1, bytesRead / totalBytes) : null;
  const bar = fraction === null ? '' : `[${'#'.repeat(Math.round(fraction * width)).padEnd(width, '-')}] ${String(Math.round(fraction * 100)).padStart(3)}%  `;
  const bytes = totalBytes ? `${(bytesRead / 1_048_576).toFixed(1)} / ${megabytes(totalBytes)}` : megabytes(bytesRead);
  return `import: ${bar}${bytes}${pass === 2 ? ' (second read)' : ''}, ${count(jobs)} jobs, ${count(jobsPerSecond)} jobs/s`;
}

/**
 * The progress line of `hireloop import`, only on a terminal (a pipe or a log gets the summary
 * alone): redrawn in place at most every `everyMs`, and wiped before the summary is written.
 * Answers the `progress` option to pass and `clear()`, or nothing when `out` is not a terminal.
 */
export function terminalProgress(out: Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean }, everyMs = 200, now = () => Date.now()) {
  if (out.isTTY !== true) return null;
  let last = 0;
  let shown = false;
  return {
    progress: (progress: ImportProgress) => {
      const at = now();
      if (at - last < everyMs) return;
      last = at;
      shown = true;
      out.write(`\r${importProgressLine(progress)}\x1b[K`);
    },
    clear: () => {
      if (shown) out.write('\r\x1b[K');
      shown = false;
      last = 0;
    },
  };
}

/** The first scheduled run waits this long, so start-up (migrations, projections) goes first. */
export const FIRST_RUN_DELAY_MS = 10_000;

/**
 * Imports `feeds` shortly after start, then every `intervalMinutes`. Runs never overlap: the next
 * one is planned when the previous has finished. The returned `stop()` resolves once a run in
 * progress has finished. A failed feed (or event store) is logged and the schedule carries on.
 */
export function startImportSchedule(
  runtime: ImportRuntime,
  feeds: string[],
  intervalMinutes: number,
  log: (line: string) => void,
  options: ImportOptions & { firstRunDelayMs?: number } = {},
): () => Promise<void> {
  if (feeds.length === 0) return async () => undefined;
  if (!(intervalMinutes > 0)) throw new Error('The import interval must be a positive number of minutes');
  const intervalMs = intervalMinutes * 60_000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const plan = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = run().finally(() => {
        running = null;
      });
    }, delayMs);
    // A schedule alone does not keep the process alive.
    timer.unref();
  };

  const run = async () => {
    const startedAt = Date.now();
    await runImport(runtime, feeds, { ...options, log });
    plan(Math.max(0, intervalMs - (Date.now() - startedAt)));
  };

  plan(options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
  log(`import: ${feeds.length} feed(s) every ${intervalMinutes} min`);

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  };
}
