import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryEventStore, createPostgresEventStore, type EventStore, type NewEvent } from '@hireloop/platform/event-store';
import { CollectionNotFoundError, createMemoryReadStore, createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { physicalCollection, type ProjectionDefinition } from '@hireloop/projections/shared/projection';
import { verifyCollection, verifyReadModel, VerifyInProgressError } from '@hireloop/projections/verify';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { untilReadable } from './event-store.contract';

/*
 * `verifyReadModel` (ADR 087): a rebuild from zero compared document by document with the live
 * read model. It must find each kind of planted difference, and none on a read model its runner
 * built, also while the runner goes on applying events.
 */

/** Counts per key (not idempotent: an event applied twice or missed shows), in two collections. */
const countingProjection: ProjectionDefinition = {
  name: 'verify-counting',
  version: 1,
  collections: { counters: {}, totals: { indexes: [{ fields: ['count'] }] } },
  eventTypes: ['Counted'],
  async apply(event, tx) {
    const { key } = event.data as { key: string };
    const counters = tx.collection<{ _id: string; count: number; last: string; nested: { keys: string[] } }>('counters');
    const current = await counters.get(key);
    await counters.put({ _id: key, count: (current?.count ?? 0) + 1, last: event.position, nested: { keys: [key, `${key}-x`] } });
    const totals = tx.collection<{ _id: string; count: number }>('totals');
    await totals.put({ _id: 'all', count: ((await totals.get('all'))?.count ?? 0) + 1 });
  },
};

const eventId = (i: number) => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;
const counted = (key: string, i: number): NewEvent => ({
  type: 'Counted',
  data: { key },
  metadata: { eventId: eventId(i), occurredAt: new Date(0).toISOString(), actor: 'system', correlationId: 'c', causationId: null, schemaVersion: 1 },
});

async function appendMany(store: EventStore, total: number, from = 0) {
  let last = '';
  for (let i = from; i < from + total; i++) {
    last = (await store.append(`counter-${i % 4}`, [counted(`k${i % 7}`, i)])).position;
    if (i % 5 === 0) await store.append('noise-1', [{ ...counted('ignored', 50_000 + i), type: 'SomethingElse' }]);
  }
  await untilReadable(store, last);
  return last;
}

type Factory = () => Promise<{ eventStore: EventStore; readStore: ReadStore; teardown(): Promise<void> }>;
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const db of databases) await db.drop();
});

const factories: Array<[string, Factory]> = [
  ['memory', async () => ({ eventStore: createMemoryEventStore(), readStore: createMemoryReadStore(), teardown: async () => undefined })],
  [
    'postgres',
    async () => {
      const db = await createTestDatabase('hl_verify');
      databases.push(db);
      const eventStore = await createPostgresEventStore({ connectionString: db.url });
      const readStore = await createPostgresReadStore({ connectionString: db.url });
      return {
        eventStore,
        readStore,
        async teardown() {
          await eventStore.close();
          await readStore.close();
        },
      };
    },
  ],
];

describe.each(factories)('verifyReadModel on %s', (_name, factory) => {
  it('finds no difference on a read model its runner built, and each planted one', async () => {
    const { eventStore, readStore, teardown } = await factory();
    try {
      await appendMany(eventStore, 40);
      const runner = new ProjectionRunner({ eventStore, readStore, projection: countingProjection, batchSize: 6 });
      const position = await runner.catchUp();
      // Events after the checkpoint: the rebuild must stop where the live read model stands.
      await appendMany(eventStore, 9, 40);

      const clean = await verifyReadModel({ eventStore, readStore, projection: countingProjection, batchSize: 4 });
      expect(clean).toMatchObject({ ok: true, position, events: 40, compared: 8, missing: [], extra: [], different: [], counts: { missing: 0, extra: 0, different: 0 } });

      // Plant one of each: a changed field, a deleted document, an added one.
      const counters = physicalCollection(countingProjection, 'counters');
      await readStore.transaction(async (tx) => {
        const k1 = (await tx.collection(counters).get('k1'))!;
        await tx.collection(counters).put({ ...k1, count: 999 });
        await tx.collection(counters).delete('k2');
        await tx.collection(counters).put({ _id: 'planted', count: 1, last: '', nested: { keys: [] } });
      });
      const planted = await verifyReadModel({ eventStore, readStore, projection: countingProjection, batchSize: 4 });
      expect(planted.ok).toBe(false);
      expect(planted.counts).toEqual({ missing: 1, extra: 1, different: 1 });
      expect(planted.different).toEqual([expect.objectContaining({ collection: 'counters', id: 'k1', fields: ['count'] })]);
      expect(planted.different[0]?.live).toMatchObject({ count: 999 });
      expect(planted.different[0]?.rebuilt).toMatchObject({ count: 6 });
      expect(planted.missing).toEqual([expect.objectContaining({ collection: 'counters', id: 'k2' })]);
      expect(planted.extra).toEqual([expect.objectContaining({ collection: 'counters', id: 'planted' })]);

      // A nested difference names its top-level field; `limit` bounds the lists, not the counts.
      await readStore.transaction(async (tx) => {
        const k3 = (await tx.collection(counters).get('k3'))!;
        await tx.collection(counters).put({ ...k3, nested: { keys: ['k3'] } });
        await tx.collection(counters).put({ ...(await tx.collection(counters).get('k4'))!, count: 0 });
      });
      const bounded = await verifyReadModel({ eventStore, readStore, projection: countingProjection, limit: 1 });
      expect(bounded.counts.different).toBe(3);
      expect(bounded.different).toHaveLength(1);
      const all = await verifyReadModel({ eventStore, readStore, projection: countingProjection });
      expect(all.different.find((difference) => difference.id === 'k3')?.fields).toEqual(['nested']);

      // The scratch copy leaves nothing behind, and the live read model is untouched.
      expect(await readStore.collection(`${counters}__verify`).count().catch((error: unknown) => error)).toBeInstanceOf(CollectionNotFoundError);
      expect((await readStore.collection(counters).get('k1'))?.count).toBe(999);
    } finally {
      await teardown();
    }
  });

  it('compares at the live checkpoint while the runner goes on applying', async () => {
    const { eventStore, readStore, teardown } = await factory();
    try {
      await appendMany(eventStore, 30);
      const runner = new ProjectionRunner({ eventStore, readStore, projection: countingProjection, batchSize: 3 });
      await runner.ensureCollections();
      await runner.start();
      try {
        const writes = appendMany(eventStore, 30, 30);
        const results = await Promise.all([0, 1, 2].map(async () => {
          try {
            return await verifyReadModel({ eventStore, readStore, projection: countingProjection, batchSize: 5 });
          } catch (error) {
            // Two at once: one of them is told so, and leaves the other be.
            expect(error).toBeInstanceOf(VerifyInProgressError);
            return null;
          }
        }));
        await writes;
        const done = results.filter((result) => result !== null);
        expect(done.length).toBeGreaterThan(0);
        for (const result of done) expect(result).toMatchObject({ ok: true, counts: { missing: 0, extra: 0, different: 0 } });
        const final = await verifyReadModel({ eventStore, readStore, projection: countingProjection });
        expect(final.ok).toBe(true);
      } finally {
        await runner.stop();
      }
    } finally {
      await teardown();
    }
  });

  it('leaves out an event the live read model parked and skipped, and says so', async () => {
    const { eventStore, readStore, teardown } = await factory();
    try {
      await appendMany(eventStore, 12);
      const skipping: ProjectionDefinition = {
        ...countingProjection,
        onPoison: 'skip',
        async apply(event, tx) {
          if (event.metadata.eventId === eventId(5)) throw new Error('poison');
          await countingProjection.apply(event, tx);
        },
      };
      const runner = new ProjectionRunner({ eventStore, readStore, projection: skipping, batchSize: 1 });
      await runner.ensureCollections();
      await expect(runner.catchUp()).rejects.toThrow('poison');
      const poison = await runner.findPoison(await eventStore.headPosition());
      expect(poison).not.toBeNull();
      await runner.park(poison!.event, poison!.error, 1);
      await runner.catchUp();
      // The projection itself still fails on it: the verify must not apply it either.
      const result = await verifyReadModel({ eventStore, readStore, projection: skipping });
      expect(result).toMatchObject({ ok: true, events: 11, skipped: [poison!.event.position] });
    } finally {
      await teardown();
    }
  });

  it('leaves no scratch collection behind, when the verify ends and when it fails', async () => {
    const { eventStore, readStore, teardown } = await factory();
    const scratch = Object.keys(countingProjection.collections).map((name) => verifyCollection(physicalCollection(countingProjection, name)));
    const gone = async () => {
      for (const name of scratch) expect(await readStore.collection(name).count().catch((error: unknown) => error), name).toBeInstanceOf(CollectionNotFoundError);
    };
    try {
      await appendMany(eventStore, 30);
      await new ProjectionRunner({ eventStore, readStore, projection: countingProjection }).catchUp();
      expect((await verifyReadModel({ eventStore, readStore, projection: countingProjection, batchSize: 7 })).ok).toBe(true);
      await gone();

      // A projection that throws half way through the log: the verify fails, and still cleans up.
      let applied = 0;
      const failing: ProjectionDefinition = {
        ...countingProjection,
        async apply(event, tx) {
          if (++applied > 12) throw new Error('the projection broke');
          await countingProjection.apply(event, tx);
        },
      };
      await expect(verifyReadModel({ eventStore, readStore, projection: failing, batchSize: 5 })).rejects.toThrow('the projection broke');
      await gone();
    } finally {
      await teardown();
    }
  });
});
