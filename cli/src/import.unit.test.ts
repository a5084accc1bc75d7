import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { sequentialIds, systemClock } from '@hireloop/platform/runtime';
import { describeImport, importProgressLine, startImportSchedule, terminalProgress, type ImportRuntime } from './import';

// Imports of real feeds (../shared/data/jobs) are tested in import.data.test.ts.
const runtimeOn = (): ImportRuntime => ({ eventStore: createMemoryEventStore(), clock: systemClock, ids: sequentialIds('e') });

describe('the import schedule', () => {
  it('does nothing without feeds and refuses an interval that is not positive', async () => {
    await startImportSchedule(runtimeOn(), [], 60, () => undefined)();
    expect(() => startImportSchedule(runtimeOn(), ['feed.json'], 0, () => undefined)).toThrow('The import interval must be a positive number of minutes');
  });
});

describe('the progress of hireloop import (ADR 084)', () => {
  const progress = { bytesRead: 52 * 1_048_576, totalBytes: 100 * 1_048_576, pass: 1 as const, items: 21_000, jobs: 21_000, jobsPerSecond: 5400.4, elapsedMs: 3900 };

  it('is drawn only on a terminal: a pipe or a log gets none', () => {
    const written: string[] = [];
    expect(terminalProgress({ isTTY: false, write: (text: string) => written.push(text) > 0 })).toBeNull();
    expect(terminalProgress({ write: (text: string) => written.push(text) > 0 })).toBeNull();
    expect(written).toEqual([]);
  });

  it('on a terminal redraws one line in place, at most every interval, and wipes it before the summary', () => {
    const written: string[] = [];
    let now = 1000;
    const terminal = terminalProgress({ isTTY: true, write: (text: string) => written.push(text) > 0 }, 200, () => now)!;
    terminal.progress(progress);
    now += 100;
    terminal.progress({ ...progress, jobs: 21_500 });
    now += 150;
    terminal.progress({ ...progress, bytesRead: 104_857_600, jobs: 40_000 });
    terminal.clear();
    expect(written).toEqual([
      '\rimport: [##########----------]  52%  52.0 / 100.0 MB, 21,000 jobs, 5,400 jobs/s\x1b[K',
      '\rimport: [####################] 100%  100.0 / 100.0 MB, 40,000 jobs, 5,400 jobs/s\x1b[K',
      '\r\x1b[K',
    ]);
  });

  it('says so when the size is unknown (an answer without Content-Length) or the file is read a second time', () => {
    expect(importProgressLine({ ...progress, totalBytes: null })).toBe('import: 52.0 MB, 21,000 jobs, 5,400 jobs/s');
    expect(importProgressLine({ ...progress, pass: 2 })).toContain('100.0 MB (second read), 21,000 jobs');
  });

  it('a run that broke part-way says what it wrote and that it closed nothing', () => {
    const failed = { feed: '/feeds/a.json', ok: false, reason: 'The feed ends after 10 bytes …', format: 'hireloop' as const, source: 'indeed' as const, skipped: [], problems: [], correlationId: 'c', at: '2026-05-20T09:00:00.000Z' };
    const counts = { imported: 0, revised: 0, unchanged: 0, closed: 0, reopened: 0, skipped: 0, failed: 0 };
    expect(describeImport({ ...failed, counts })).toBe('import /feeds/a.json: FAILED, nothing changed (The feed ends after 10 bytes …)');
    expect(describeImport({ ...failed, counts: { ...counts, imported: 3, unchanged: 2 } })).toBe(
      'import /feeds/a.json: FAILED, no job closed; 3 new, 0 revised, 0 reopened before it stopped (The feed ends after 10 bytes …)',
    );
  });
});
