import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryEventStore, type EventStore } from '@hireloop/platform/event-store/index';
import { sequentialIds, systemClock } from '@hireloop/platform/runtime';
import { runImport, startImportSchedule, type ImportRuntime } from './import';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const fixturePath = (name: string) => path.join(repoRoot, '../shared/data/jobs', name);

const runtimeOn = (eventStore: EventStore = createMemoryEventStore()): ImportRuntime => ({ eventStore, clock: systemClock, ids: sequentialIds('e') });

describe('hireloop import', () => {
  it('imports each file given, reports one line per feed, and a missing file does not stop the others', async () => {
    const lines: string[] = [];
    const himalayas = fixturePath('himalayas_job-radar_2026-06.json');
    const summaries = await runImport(runtimeOn(), [path.relative(process.cwd(), himalayas), 'no-such-feed.json', fixturePath('himalayas_internship-hunter_2026-05.json')], {
      log: (line) => lines.push(line),
    });
    expect(summaries.map((summary) => [summary.ok, summary.counts.imported])).toEqual([
      [true, 8],
      [false, 0],
      [true, 20],
    ]);
    // A relative path names the same feed as the absolute one.
    expect(summaries[0]?.feed).toBe(himalayas);
    expect(lines[0]).toBe(`import ${himalayas} (himalayas): 8 new, 0 revised, 0 unchanged, 0 closed, 0 reopened, 0 skipped`);
    expect(lines[1]).toMatch(/^import .*no-such-feed\.json: FAILED, nothing changed \(Could not read /);
  });

  it('reports a run the event store could not record as failed instead of throwing', async () => {
    const broken: EventStore = {
      ...createMemoryEventStore(),
      readStream: async () => {
        throw new Error('database is down');
      },
    };
    const [summary] = await runImport(runtimeOn(broken), [fixturePath('himalayas_job-radar_2026-06.json')]);
    expect(summary).toMatchObject({ ok: false, reason: 'the run could not be recorded: database is down' });
  });
});

describe('the import schedule', () => {
  it('runs again and again without two runs of it ever overlapping, and stop waits for the run in progress', async () => {
    const memory = createMemoryEventStore();
    let active = 0;
    let mostAtOnce = 0;
    let runs = 0;
    // Each run takes longer than the interval: a timer that fired regardless would overlap runs.
    const slow: EventStore = {
      ...memory,
      async readStream(streamId, options) {
        if (streamId.startsWith('import-')) {
          active += 1;
          mostAtOnce = Math.max(mostAtOnce, active);
          await sleep(60);
        }
        return memory.readStream(streamId, options);
      },
      async append(streamId, events, options) {
        const result = await memory.append(streamId, events, options);
        if (streamId.startsWith('import-')) {
          active -= 1;
          runs += 1;
        }
        return result;
      },
    };
    const log = vi.fn<(line: string) => void>();
    const stop = startImportSchedule(runtimeOn(slow), [fixturePath('himalayas_job-radar_2026-06.json')], 0.0005, log, { firstRunDelayMs: 0 });
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 20 });
    await stop();
    const runsAtStop = runs;
    expect(active).toBe(0);
    await sleep(200);
    expect(runs).toBe(runsAtStop);
    expect(mostAtOnce).toBe(1);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/\(himalayas\): 8 new/));
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/\(himalayas\): 0 new, 0 revised, 8 unchanged/));
  });

  it('does nothing without feeds and refuses an interval that is not positive', async () => {
    await startImportSchedule(runtimeOn(), [], 60, () => undefined)();
    expect(() => startImportSchedule(runtimeOn(), ['feed.json'], 0, () => undefined)).toThrow('The import interval must be a positive number of minutes');
  });
});
