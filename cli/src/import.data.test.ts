import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryEventStore, START, type EventStore } from '@hireloop/platform/event-store';
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
  it('runs again and again without two runs ever overlapping, and stop waits for the run in progress', async () => {
    const memory = createMemoryEventStore();
    // Every read is slow, so a run takes far longer than the interval: a timer that fired
    // regardless of the run in progress would interleave two runs' events in the log.
    const slow: EventStore = {
      ...memory,
      async readStream(streamId, options) {
        await sleep(10);
        return memory.readStream(streamId, options);
      },
    };
    const log = vi.fn<(line: string) => void>();
    const stop = startImportSchedule(runtimeOn(slow), [fixturePath('himalayas_job-radar_2026-06.json')], 0.0005, log, { firstRunDelayMs: 0 });
    await vi.waitFor(() => expect(log.mock.calls.filter(([line]) => line.startsWith('import /')).length).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 20 });
    await stop();

    const events = (await memory.readAll(START, { batchSize: 100_000 })).events;
    const runsInLogOrder = events.map((event) => event.metadata.correlationId).filter((id, index, all) => id !== all[index - 1]);
    expect(new Set(runsInLogOrder).size).toBe(runsInLogOrder.length);
    // Every run that started has finished: one completed run per correlation id.
    expect(events.filter((event) => event.type === 'ImportRunCompleted')).toHaveLength(runsInLogOrder.length);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/\(himalayas\): 8 new/));
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/\(himalayas\): 0 new, 0 revised, 8 unchanged/));
  });
});
