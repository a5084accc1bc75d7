import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '@hireloop/platform/bus';
import { createMemoryEventStore, type EventStore } from '@hireloop/platform/event-store';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { healthReport } from './health';

/** A log that is away the way the KurrentDB client says it (ADR 075). */
const away = (): EventStore => {
  const store = createMemoryEventStore();
  return { ...store, headPosition: () => Promise.reject(Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14, metadata: {} })) };
};

describe('/healthz with the log kept apart from PostgreSQL (KurrentDB, ADR 075)', () => {
  it('probes the log and says ok (200) when it answers', async () => {
    const report = await healthReport({ bus: createMemoryBus(), eventStore: createMemoryEventStore(), readStore: createMemoryReadStore(), daemon: null, readModels: [], eventLogApart: true });
    expect(report.code).toBe(200);
    expect(report.body).toMatchObject({ status: 'ok', checks: { eventLog: { ok: true } } });
  });

  it('is down (503) when the log does not answer, saying why, in a command service too', async () => {
    const report = await healthReport({ bus: createMemoryBus(), eventStore: away(), readStore: createMemoryReadStore(), daemon: null, readModels: [], eventLogApart: true });
    expect(report.code).toBe(503);
    expect(report.body).toMatchObject({ status: 'down', ok: false, checks: { eventLog: { ok: false, error: '14 UNAVAILABLE: No connection established' } } });
  });

  it('is down when the log does not answer in time', async () => {
    const hanging: EventStore = { ...createMemoryEventStore(), headPosition: () => new Promise(() => undefined) };
    const report = await healthReport({ bus: createMemoryBus(), eventStore: hanging, readStore: createMemoryReadStore(), daemon: null, readModels: [], eventLogApart: true, databaseTimeoutMs: 50 });
    expect(report.body).toMatchObject({ status: 'down', checks: { eventLog: { ok: false, error: 'no answer within 50 ms' } } });
  });

  it('does not probe a log that PostgreSQL holds (the database check covers it)', async () => {
    const report = await healthReport({ bus: createMemoryBus(), eventStore: away(), readStore: createMemoryReadStore(), daemon: null, readModels: [] });
    expect(report.body.checks).not.toHaveProperty('eventLog');
    expect(report.code).toBe(200);
  });
});
