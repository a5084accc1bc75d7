import { describe, expect, it } from 'vitest';
import { createMemoryEventStore, START, type RecordedEvent } from '@hireloop/platform/event-store';
import { createMemoryReadStore, type Collection, type ReadStore, type ReadStoreTransaction } from '@hireloop/platform/read-store';
import { allProjections } from '../registry';
import { posted, story } from '../invitation-pages/story-fixtures';
import { ProjectionRunner } from '../runner';
import { physicalCollection, type ProjectionDefinition } from './projection';
import type { GivenEvent } from './projection-spec';
import { bufferedTransaction } from './write-buffer';

/** The story of `invitation-pages` (invitations, profiles, erasures), then `jobs` more jobs posted by its company. */
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

/** A read store whose transactions count the reads their collections make of it (a round trip each in PostgreSQL). */
function countingReads(inner: ReadStore) {
  const counter = { reads: 0 };
  const counted = <T extends Collection>(collection: T): T => ({
    ...collection,
    get: (id: string) => (counter.reads++, collection.get(id)),
    find: (...args: Parameters<Collection['find']>) => (counter.reads++, collection.find(...args)),
    findOne: (...args: Parameters<Collection['findOne']>) => (counter.reads++, collection.findOne(...args)),
    count: (...args: Parameters<Collection['count']>) => (counter.reads++, collection.count(...args)),
  });
  const store: ReadStore = {
    ...inner,
    transaction: (work) => inner.transaction((tx) => work({ ...tx, collection: (name) => counted(tx.collection(name)) } as ReadStoreTransaction)),
  };
  return { store, counter };
}

const runnersOf = (readStore: ReadStore, projections: readonly ProjectionDefinition[]) =>
  projections.map((projection) => new ProjectionRunner({ eventStore: createMemoryEventStore(), readStore, projection }));

/** Every document of every read model, by collection. */
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

describe('a projection batch reads ahead (ADR 092)', () => {
  it('every read model ends as it does event by event without reading ahead, when the whole story is one batch', async () => {
    const events = await recorded(withPosts(12));
    const together = createMemoryReadStore();
    const runners = runnersOf(together, allProjections);
    for (const runner of runners) await runner.ensureCollections();
    await ProjectionRunner.applyBatchTogether(together, runners, events, events.at(-1)!.position);

    const oneByOne = createMemoryReadStore();
    // The same read models with no read-ahead, each event in its own transaction.
    const plain = runnersOf(oneByOne, allProjections.map((projection) => ({ ...projection, prefetch: undefined })));
    for (const runner of plain) await runner.ensureCollections();
    for (const event of events) for (const runner of plain) await runner.applyBatch([event], event.position);

    expect(await everything(together)).toEqual(await everything(oneByOne));
  });

  it('reads the store as often for 40 job posts as for 4: per batch, not per event', async () => {
    const readsFor = async (jobs: number) => {
      const events = await recorded(withPosts(jobs));
      const { store, counter } = countingReads(createMemoryReadStore());
      const runners = runnersOf(store, allProjections);
      for (const runner of runners) await runner.ensureCollections();
      // The story first, then the posts as one batch of their own.
      const split = story.length;
      await ProjectionRunner.applyBatchTogether(store, runners, events.slice(0, split), events[split - 1]!.position);
      counter.reads = 0;
      await ProjectionRunner.applyBatchTogether(store, runners, events.slice(split), events.at(-1)!.position);
      return counter.reads;
    };
    const few = await readsFor(4);
    expect(few).toBeGreaterThan(0);
    expect(await readsFor(40)).toBe(few);
  });
});

describe("a batch's buffer after a read-ahead", () => {
  it('answers a find by one field from memory, with the batch own writes, deletes and moves in it', async () => {
    const readStore = createMemoryReadStore();
    await readStore.ensureCollection('rows');
    await readStore.transaction(async (tx) => {
      await tx.collection('rows').putMany([
        { _id: 'a', jobId: 'j1' },
        { _id: 'b', jobId: 'j1' },
        { _id: 'c', jobId: 'j2' },
        { _id: 'd', jobId: ['j1', 'j3'] },
      ]);
    });
    await readStore.transaction(async (tx) => {
      const buffered = bufferedTransaction(tx);
      const rows = buffered.tx.collection('rows');
      await rows.readAhead!('jobId', ['j1', 'j2']);
      await rows.put({ _id: 'c', jobId: 'j1' });
      await rows.put({ _id: 'e', jobId: 'j1' });
      await rows.delete('a');
      await rows.put({ _id: 'b', jobId: 'j2' });
      const ids = async (jobId: string) => (await rows.find({ jobId })).map((doc) => doc._id).sort();
      expect(await ids('j1')).toEqual(['c', 'd', 'e']);
      expect(await ids('j2')).toEqual(['b']);
      // Nothing was written out to answer them.
      expect(buffered.wroteEarly).toBe(false);
      // A value not read ahead is asked of the store, after the buffer is written out.
      expect((await rows.find({ jobId: 'j3' })).map((doc) => doc._id)).toEqual(['d']);
      expect(buffered.wroteEarly).toBe(true);
      expect(await rows.get('a')).toBeNull();
      expect(await rows.get('c')).toEqual({ _id: 'c', jobId: 'j1' });
    });
  });
});
