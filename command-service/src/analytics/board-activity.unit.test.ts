import { describe, expect, it } from 'vitest';
import { JobListQuery, readBoardActivity, type JobSearchesCounted, type JobViewsCounted } from '@hireloop/contracts';
import { createMemoryEventStore, START, type EventStore, type RecordedEvent } from '@hireloop/platform/event-store';
import { fixedClock, sequentialIds } from '@hireloop/platform/runtime';
import { BoardActivityCounter, type BoardActivityOptions } from './board-activity';

const query = (params: Record<string, string>) => JobListQuery.parse(params);

function counterWith(overrides: Partial<BoardActivityOptions> = {}) {
  const eventStore = createMemoryEventStore();
  const clock = fixedClock('2025-03-14T23:59:58.000Z');
  const warnings: { message: string; details: Record<string, unknown> }[] = [];
  const counter = new BoardActivityCounter({
    eventStore,
    clock,
    ids: sequentialIds('flush'),
    instanceId: 'query-1',
    onWarning: (message, details) => warnings.push({ message, details }),
    ...overrides,
  });
  const stored = async (): Promise<RecordedEvent[]> => (await eventStore.readAll(START, { batchSize: 10_000 })).events;
  return { counter, eventStore, clock, warnings, stored };
}

/** An event store that refuses appends while `down` is true. */
function flakyStore(down: { value: boolean }): { store: Pick<EventStore, 'append'>; inner: EventStore; attempts: string[][] } {
  const inner = createMemoryEventStore();
  const attempts: string[][] = [];
  return {
    inner,
    attempts,
    store: {
      append: async (streamId, events, options) => {
        attempts.push(events.map((event) => event.metadata.eventId));
        if (down.value) throw new Error('connection refused');
        return inner.append(streamId, events, options);
      },
    },
  };
}

describe('board activity: reads are counted in memory and flushed as one event each', () => {
  it('a flush appends the views per job and the searches per normalised query, then starts from zero', async () => {
    const { counter, clock, stored } = counterWith();
    const { onView, onSearch } = counter.hooks;
    onView('job-1', 'id');
    onView('job-1', 'id');
    onView('job-1', 'share');
    onView('job-2', 'id');
    onSearch(query({ search: 'Data  Engineer', location: 'Remote' }), 12);
    onSearch(query({ search: ' data engineer', location: 'remote ' }), 0);
    onSearch(query({ search: 'rust' }), 3);
    // Not searches: later pages, a company's own jobs, the board without a term.
    onSearch(query({ search: 'rust', page: '2' }), 3);
    onSearch(query({ search: 'rust', mine: 'true' }), 3);
    onSearch(query({}), 40);
    clock.advance(3000); // past midnight: the next day gets its own counts
    onView('job-1', 'id');
    expect(await stored()).toEqual([]); // counted, not yet written

    await counter.flush();

    const events = await stored();
    expect(events.map((event) => [event.streamId, event.type])).toEqual([
      ['analytics-2025-03-15-query-1', 'JobViewsCounted'],
      ['analytics-2025-03-15-query-1', 'JobSearchesCounted'],
    ]);
    expect(events[0]!.data).toEqual({
      from: '2025-03-14T23:59:58.000Z',
      to: '2025-03-15T00:00:01.000Z',
      days: [
        {
          day: '2025-03-14',
          total: 4,
          jobs: [
            { jobId: 'job-1', via: 'id', count: 2 },
            { jobId: 'job-1', via: 'share', count: 1 },
            { jobId: 'job-2', via: 'id', count: 1 },
          ],
        },
        { day: '2025-03-15', total: 1, jobs: [{ jobId: 'job-1', via: 'id', count: 1 }] },
      ],
    } satisfies JobViewsCounted);
    expect(events[1]!.data).toEqual({
      from: '2025-03-14T23:59:58.000Z',
      to: '2025-03-14T23:59:58.000Z',
      days: [
        {
          day: '2025-03-14',
          total: 3,
          withoutResults: 1,
          queries: [
            { search: 'data engineer', location: 'remote', type: '', status: 'open', count: 2, withoutResults: 1 },
            { search: 'rust', location: '', type: '', status: 'open', count: 1, withoutResults: 0 },
          ],
        },
      ],
    } satisfies JobSearchesCounted);
    for (const event of events) expect(readBoardActivity(event)).toEqual({ type: event.type, data: event.data });
    expect(events[0]!.metadata).toMatchObject({ actor: 'system', schemaVersion: 1, correlationId: events[1]!.metadata.correlationId });

    expect(counter.stats()).toEqual({ keys: 0, pendingFlushes: 0, droppedFlushes: 0 });
    await counter.flush();
    expect(await stored()).toHaveLength(2);
  });

  it('itemises a bounded number of distinct queries and keeps the totals exact', async () => {
    const { counter, stored } = counterWith({ maxSearchKeys: 2, maxViewKeys: 1 });
    for (const term of ['go', 'rust', 'zig', 'zig']) counter.hooks.onSearch(query({ search: term }), term === 'zig' ? 0 : 1);
    counter.hooks.onView('job-1', 'id');
    counter.hooks.onView('job-2', 'id');
    expect(counter.stats().keys).toBe(4); // 2 queries + 1 job + 1 day

    await counter.flush();

    const [views, searches] = (await stored()).map((event) => event.data);
    expect(views).toMatchObject({ days: [{ total: 2, jobs: [{ jobId: 'job-1', count: 1 }] }] });
    expect(searches).toMatchObject({
      days: [{ total: 4, withoutResults: 2, queries: [{ search: 'go', count: 1 }, { search: 'rust', count: 1 }] }],
    });
  });

  it('a flush retried after an unclear failure is stored once', async () => {
    const down = { value: false };
    const { store, inner, attempts } = flakyStore(down);
    // The first append is stored but its answer is lost; the retry then finds its event ids taken.
    let lost = true;
    const { counter } = counterWith({
      eventStore: {
        append: async (streamId, events, options) => {
          const result = await store.append(streamId, events, options);
          if (lost) {
            lost = false;
            throw new Error('connection reset');
          }
          return result;
        },
      },
    });
    counter.hooks.onView('job-1', 'id');
    await counter.flush();
    expect(counter.stats().pendingFlushes).toBe(1);

    await counter.flush();
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toEqual(attempts[0]); // same event ids
    expect((await inner.readAll(START)).events.map((event) => event.type)).toEqual(['JobViewsCounted']);
    expect(counter.stats().pendingFlushes).toBe(0);
  });

  it('while the store is down, keeps at most N flushes, drops the oldest with a warning, and never fails a read', async () => {
    const down = { value: true };
    const { store, inner } = flakyStore(down);
    const { counter, warnings } = counterWith({ eventStore: store, maxPendingFlushes: 3 });
    for (let n = 1; n <= 5; n++) {
      expect(() => counter.hooks.onView(`job-${n}`, 'id')).not.toThrow();
      await counter.flush(); // resolves although the append failed
    }
    expect(counter.stats()).toEqual({ keys: 0, pendingFlushes: 3, droppedFlushes: 2 });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'board activity not stored yet; will retry', // once per outage
      'board activity dropped: the event store has refused it for too long',
      'board activity dropped: the event store has refused it for too long',
    ]);

    down.value = false;
    await counter.close();
    const jobs = (await inner.readAll(START)).events.map((event) => (event.data as JobViewsCounted).days[0]!.jobs[0]!.jobId);
    expect(jobs).toEqual(['job-3', 'job-4', 'job-5']); // oldest first, the two oldest dropped
    expect(counter.stats().pendingFlushes).toBe(0);
  });

  it('close appends what was counted since the last flush', async () => {
    const { counter, stored } = counterWith({ flushIntervalMs: 60_000 });
    counter.start();
    counter.hooks.onSearch(query({ search: 'kafka' }), 2);
    await counter.close();
    expect((await stored()).map((event) => event.type)).toEqual(['JobSearchesCounted']);
  });

  it('reads the one-event-per-read events of older logs as counts of one', () => {
    expect(readBoardActivity({ type: 'JobViewed', data: { jobId: 'job-9', via: 'share', viewedAt: '2024-11-02T10:00:00.000Z' } })).toEqual({
      type: 'JobViewsCounted',
      data: { from: '2024-11-02T10:00:00.000Z', to: '2024-11-02T10:00:00.000Z', days: [{ day: '2024-11-02', total: 1, jobs: [{ jobId: 'job-9', via: 'share', count: 1 }] }] },
    });
    const searched = { search: 'Rust ', location: 'Berlin', type: '', status: 'open', page: 1, resultCount: 0, searchedAt: '2024-11-02T10:00:00.000Z' };
    expect(readBoardActivity({ type: 'JobSearchPerformed', data: searched })).toEqual({
      type: 'JobSearchesCounted',
      data: {
        from: '2024-11-02T10:00:00.000Z',
        to: '2024-11-02T10:00:00.000Z',
        days: [{ day: '2024-11-02', total: 1, withoutResults: 1, queries: [{ search: 'rust', location: 'berlin', type: '', status: 'open', count: 1, withoutResults: 1 }] }],
      },
    });
    expect(readBoardActivity({ type: 'JobPosted', data: {} })).toBeNull();
  });
});

describe('cards shown to companies (the candidates’ ledgers, ADR 037)', () => {
  it('records each card once per company and day, in one CandidateCardsShown per flush', async () => {
    const { counter, clock, stored } = counterWith();
    counter.hooks.onCardsShown('co-1', ['p1', 'p2']);
    counter.hooks.onCardsShown('co-1', ['p2', 'p3']);
    counter.hooks.onCardsShown('co-2', ['p1']);
    clock.advance(3_000); // past midnight: a new day
    counter.hooks.onCardsShown('co-1', ['p1']);
    await counter.flush();
    const events = (await stored()).filter((event) => event.type === 'CandidateCardsShown');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      from: '2025-03-14T23:59:58.000Z',
      to: '2025-03-15T00:00:01.000Z',
      shown: [
        { day: '2025-03-14', companyId: 'co-1', profileIds: ['p1', 'p2', 'p3'] },
        { day: '2025-03-14', companyId: 'co-2', profileIds: ['p1'] },
        { day: '2025-03-15', companyId: 'co-1', profileIds: ['p1'] },
      ],
    });
    expect(counter.stats().keys).toBe(0);
  });

  it('holds a bounded number of cards per flush', async () => {
    const { counter, stored } = counterWith({ maxShownKeys: 3 });
    counter.hooks.onCardsShown('co-1', ['p1', 'p2', 'p3', 'p4']);
    counter.hooks.onCardsShown('co-2', ['p9']);
    expect(counter.stats().keys).toBe(3);
    await counter.flush();
    const [event] = (await stored()).filter((recorded) => recorded.type === 'CandidateCardsShown');
    expect((event!.data as { shown: unknown[] }).shown).toEqual([{ day: '2025-03-14', companyId: 'co-1', profileIds: ['p1', 'p2', 'p3'] }]);
  });
});
