import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobListQuery, type JobSearchesCounted } from '@hireloop/contracts';
import { createMemoryAccountSecrets } from '@hireloop/platform/accounts/memory';
import { createMemoryBus, type MemoryBus } from '@hireloop/platform/bus';
import { createMemoryPersonalDataKeys } from '@hireloop/platform/personal-data/memory';
import { protectPersonalData } from '@hireloop/platform/personal-data/protected-event-store';
import { personalDataRules } from '@hireloop/contracts';
import { createMemoryEventStore, START, type EventStore } from '@hireloop/platform/event-store';
import { createMemoryIdempotencyStore } from '@hireloop/platform/idempotency/memory';
import type { Mailer } from '@hireloop/platform/mailer/types';
import { createUnlimitedRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { fixedClock, randomIds } from '@hireloop/platform/runtime';
import { buildApp } from '../../cli/src/app';

/**
 * The board's reads as the composition root wires them (in-process adapters): searches and job
 * views are counted in memory by the query side and flushed as one event, never queued one by one.
 */
const noMail: Mailer = { kind: 'outbox', send: async () => undefined, list: async () => [], forget: async () => 0, close: async () => undefined };

let bus: MemoryBus;
let eventStore: EventStore;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeEach(async () => {
  bus = createMemoryBus();
  const storedLog = createMemoryEventStore();
  const protection = protectPersonalData({ eventStore: storedLog, keys: createMemoryPersonalDataKeys(), rules: personalDataRules });
  eventStore = protection.eventStore;
  const deps = {
    eventStore,
    personalData: protection,
    readStore: createMemoryReadStore(),
    secrets: createMemoryAccountSecrets(),
    rateLimiter: createUnlimitedRateLimiter(),
    idempotency: createMemoryIdempotencyStore(),
    mailer: noMail,
    outbox: storedLog.outbox,
    bus,
    clock: fixedClock('2025-06-01T12:00:00.000Z'),
    ids: randomIds,
  };
  app = await buildApp(deps, { spaDir: false });
  await app.ready();
});

afterEach(async () => {
  await app.close();
  await bus.close();
});

const storedEvents = async () => (await eventStore.readAll(START, { batchSize: 10_000 })).events;

describe('board activity through the app', () => {
  it('a search answered over HTTP is counted and stored by the next flush', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/jobs?search=kafka' });
    expect(response.statusCode).toBe(200);

    await app.boardActivity!.flush();

    const events = await storedEvents();
    expect(events.map((event) => event.type)).toEqual(['JobSearchesCounted']);
    expect(events[0]!.data).toMatchObject({ days: [{ day: '2025-06-01', total: 1, withoutResults: 1, queries: [{ search: 'kafka', count: 1 }] }] });
  });

  it('a million searches through the hook hold a bounded number of counts, put nothing on the bus, and flush as one event', async () => {
    const hooks = app.boardActivity!.hooks;
    const distinct = 4_000;
    const queries = Array.from({ length: distinct }, (_, n) => JobListQuery.parse({ search: `Skill ${n}`, location: n % 2 ? 'Remote' : '' }));

    for (let n = 0; n < 1_000_000; n++) hooks.onSearch(queries[n % distinct]!, n % 10 === 0 ? 0 : 5);

    // 1,000 itemised queries (the cap) and one day's totals.
    expect(app.boardActivity!.stats().keys).toBeLessThanOrEqual(1_001);
    expect(bus.stats()).toEqual({ storedItems: 0, pendingDeliveries: 0, rememberedMessageIds: 0 });

    await app.boardActivity!.flush();

    const events = await storedEvents();
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('JobSearchesCounted');
    const [day, ...otherDays] = (events[0]!.data as JobSearchesCounted).days;
    expect(otherDays).toEqual([]);
    expect(day).toMatchObject({ day: '2025-06-01', total: 1_000_000, withoutResults: 100_000 });
    expect(day!.queries).toHaveLength(1_000);
    expect(day!.queries[0]).toEqual({ search: 'skill 0', location: '', type: '', status: 'open', count: 250, withoutResults: 250 });
    expect(day!.queries[1]).toEqual({ search: 'skill 1', location: 'remote', type: '', status: 'open', count: 250, withoutResults: 0 });
    expect(day!.queries.reduce((sum, query) => sum + query.count, 0)).toBe(250_000);
    expect(app.boardActivity!.stats()).toEqual({ keys: 0, pendingFlushes: 0, droppedFlushes: 0 });
  });
});
