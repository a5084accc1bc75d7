import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createMemoryEventStore, encodePosition, START, type RecordedEvent } from '@hireloop/platform/event-store';
import { createMemoryReadStore, createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { posted, story } from '../../projections/src/invitation-pages/story-fixtures';
import { allProjections } from '@hireloop/projections/registry';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { physicalCollection } from '@hireloop/projections/shared/projection';
import type { GivenEvent } from '../../projections/src/shared/projection-spec';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * ADR 099: in PostgreSQL a batch written for every read model together is a fixed handful of
 * statements — the leases, the checkpoints, every read model's read-ahead in one or two, every
 * write and checkpoint in one — however many read models and events; and it leaves the same
 * documents as the read models applied event by event.
 */

let database: TestDatabase | undefined;
afterAll(async () => {
  await database?.drop();
});

const withPosts = (jobs: number): GivenEvent[] => [
  ...story,
  ...Array.from({ length: jobs }, (_, i) => ({ streamId: `job-post-${i}`, type: 'JobPosted', data: posted(`post-${i}`, `Engineer ${i}`, 'company-1') })),
];

async function recorded(events: readonly GivenEvent[]): Promise<RecordedEvent[]> {
  const eventStore = createMemoryEventStore();
  let n = 0;
  for (const event of events) {
    await eventStore.append(event.streamId, [
      { type: event.type, data: event.data, metadata: { eventId: `event-${++n}`, occurredAt: '2026-11-22T10:00:00.000Z', actor: event.actor ?? 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } },
    ]);
  }
  return (await eventStore.readAll(START, { batchSize: 10_000 })).events;
}

async function everything(readStore: ReadStore) {
  const all: Record<string, unknown[]> = {};
  for (const projection of allProjections) {
    for (const name of Object.keys(projection.collections)) {
      const physical = physicalCollection(projection, name);
      all[physical] = await readStore.collection(physical).find({}, { sort: { _id: 1 } });
    }
  }
  return all;
}

/** Statements sent by every pg client while `work` runs. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    sent.push(typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?'));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

it('a batch of 40 job posts for every read model is a few statements in PostgreSQL, and ends as event by event', async () => {
  database = await createTestDatabase('hl_batch_statements');
  const readStore = await createPostgresReadStore({ connectionString: database.url });
  try {
    const runners = allProjections.map((projection) => new ProjectionRunner({ eventStore: createMemoryEventStore(), readStore, projection }));
    for (const runner of runners) await runner.ensureCollections();
    const story4 = await recorded(withPosts(4));
    const first = await statementsOf(() => ProjectionRunner.applyBatchTogether(readStore, runners, story4, story4.at(-1)!.position));
    // The 40 posts after them (positions of another log: after the first batch's).
    const more = (await recorded(withPosts(44))).slice(story4.length);
    const second = await statementsOf(() => ProjectionRunner.applyBatchTogether(readStore, runners, more, more.at(-1)!.position));
    // BEGIN, leases, checkpoints, read-ahead (one or two statements), writes with checkpoints, COMMIT.
    expect(second.length).toBeLessThanOrEqual(8);
    expect(second.filter((sql) => /^\s*WITH w0 AS/.test(sql))).toHaveLength(1);
    // (The story's own events — erasures, profile changes — still read what their read-ahead cannot name: ADR 092.)
    expect(first.length).toBeGreaterThan(0);

    // The same events, event by event in memory, without reading ahead.
    const oneByOne = createMemoryReadStore();
    const plain = allProjections.map((projection) => new ProjectionRunner({ eventStore: createMemoryEventStore(), readStore: oneByOne, projection: { ...projection, prefetch: undefined } }));
    for (const runner of plain) await runner.ensureCollections();
    for (const event of [...story4, ...more]) for (const runner of plain) await runner.applyBatch([event], event.position);
    expect(await everything(readStore)).toEqual(await everything(oneByOne));
  } finally {
    await readStore.close();
  }
});

it('readMany answers each read in its place; writeMany writes puts, deletes and checkpoints at once, the last word on an id winning', async () => {
  const db = await createTestDatabase('hl_batch_statements');
  const readStore = await createPostgresReadStore({ connectionString: db.url });
  try {
    await readStore.ensureCollection('things');
    await readStore.ensureCollection('others');
    await readStore.transaction(async (tx) => {
      await tx.collection('things').putMany([
        { _id: 'a', kind: 'x' },
        { _id: 'b', kind: 'y' },
        { _id: 'c', kind: 'x' },
      ]);
    });
    await readStore.transaction(async (tx) => {
      const found = await tx.readMany!([
        { collection: 'things', ids: ['a', 'missing'] },
        { collection: 'others', ids: ['a'] },
        { collection: 'things', filter: { kind: { $in: ['x'] } } },
      ]);
      expect(found[0]).toEqual([{ _id: 'a', kind: 'x' }]);
      expect(found[1]).toEqual([]);
      expect(found[2]!.map((doc) => doc._id).sort()).toEqual(['a', 'c']);
      await tx.writeMany!(
        [
          { collection: 'things', puts: [{ _id: 'a', kind: 'z' }], deletes: ['b'] },
          // A later entry for the same collection: 'a' deleted after its put, 'b' put again after its delete.
          { collection: 'things', puts: [{ _id: 'b', kind: 'again' }], deletes: ['a'] },
          { collection: 'others', puts: [{ _id: 'o', n: 1 }], deletes: [] },
        ],
        [['things-checkpoint', encodePosition(7, 1)]],
      );
    });
    expect(await readStore.collection('things').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'b', kind: 'again' },
      { _id: 'c', kind: 'x' },
    ]);
    expect(await readStore.collection('others').find()).toEqual([{ _id: 'o', n: 1 }]);
    expect(await readStore.getCheckpoint('things-checkpoint')).toBe(encodePosition(7, 1));
  } finally {
    await readStore.close();
    await db.drop();
  }
});
