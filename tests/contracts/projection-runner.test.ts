import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryEventStore, createPostgresEventStore, type EventStore, type NewEvent } from '@hireloop/platform/event-store/index';
import { createMemoryReadStore, createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store/index';
import { ProjectionDaemon, ProjectionRunner } from '@hireloop/projections/runner';
import { physicalCollection, type ProjectionDefinition } from '@hireloop/projections/shared/projection';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { untilReadable } from './event-store.contract';

/**
 * A read model whose effect is NOT idempotent (it counts), so applying any event twice — or
 * skipping one — shows up as a wrong number.
 */
const countingProjection: ProjectionDefinition = {
  name: 'counting',
  version: 1,
  collections: { counters: {} },
  eventTypes: ['Counted'],
  async apply(event, tx) {
    const { key } = event.data as { key: string };
    const counters = tx.collection<{ _id: string; count: number; last: string }>('counters');
    const current = await counters.get(key);
    await counters.put({ _id: key, count: (current?.count ?? 0) + 1, last: event.position });
  },
};

/** The same projection, but the process "dies" while applying the n-th event it sees. */
const crashingAt = (n: number): ProjectionDefinition => {
  let seen = 0;
  return {
    ...countingProjection,
    async apply(event, tx) {
      if (++seen === n) throw new Error('simulated crash');
      await countingProjection.apply(event, tx);
    },
  };
};

/** The counting projection under another name, with a collection of its own. */
const tallyProjection: ProjectionDefinition = {
  name: 'tally',
  version: 1,
  collections: { tallies: {} },
  eventTypes: ['Counted'],
  async apply(event, tx) {
    const { key } = event.data as { key: string };
    const tallies = tx.collection<{ _id: string; count: number }>('tallies');
    const current = await tallies.get(key);
    await tallies.put({ _id: key, count: (current?.count ?? 0) + 1 });
  },
};

const brokenProjection: ProjectionDefinition = {
  name: 'broken',
  version: 1,
  collections: { wreckage: {} },
  eventTypes: ['Counted'],
  async apply() {
    throw new Error('this read model cannot handle Counted');
  },
};

const counted = (key: string, i: number): NewEvent => ({
  type: 'Counted',
  data: { key },
  metadata: { eventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, occurredAt: new Date(0).toISOString(), actor: 'system', correlationId: 'c', causationId: null, schemaVersion: 1 },
});

/**
 * Appends and waits until readers can see everything: on PostgreSQL an open transaction anywhere
 * in the cluster (another test file's, say) holds readers back until it ends.
 */
async function appendMany(store: EventStore, total: number, from = 0) {
  let last = '';
  for (let i = from; i < from + total; i++) {
    last = (await store.append(`counter-${i % 3}`, [counted(`k${i % 5}`, i)])).position;
    if (i % 7 === 0) await store.append('noise-1', [{ ...counted('ignored', 10_000 + i), type: 'SomethingElse' }]);
  }
  await untilReadable(store, last);
  return last;
}

const snapshot = async (readStore: ReadStore) =>
  readStore.collection(physicalCollection(countingProjection, 'counters')).find({}, { sort: { _id: 1 } });

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
      const db = await createTestDatabase();
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

describe.each(factories)('projection runner on %s', (_name, factory) => {
  it('a crash mid-batch and a restart end with the same read model as a clean rebuild', async () => {
    const { eventStore, readStore, teardown } = await factory();
    try {
      await appendMany(eventStore, 60);
      const crashing = new ProjectionRunner({ eventStore, readStore, projection: crashingAt(37), batchSize: 10 });
      await expect(crashing.catchUp()).rejects.toThrow('simulated crash');
      // The failed batch left nothing behind: the documents hold exactly the events up to the checkpoint.
      const checkpoint = (await crashing.checkpoint()) ?? '';
      const { events } = await eventStore.readAll('', { batchSize: 1000 });
      const committed = events.filter((e) => e.type === 'Counted' && e.position <= checkpoint).length;
      expect(committed).toBeGreaterThan(0);
      expect(committed).toBeLessThan(37);
      const partial = await snapshot(readStore);
      expect(partial.reduce((sum, doc) => sum + (doc.count as number), 0)).toBe(committed);

      const restarted = new ProjectionRunner({ eventStore, readStore, projection: countingProjection, batchSize: 10 });
      await restarted.catchUp();
      const resumed = await snapshot(readStore);
      expect(resumed.reduce((sum, doc) => sum + (doc.count as number), 0)).toBe(60);

      await restarted.rebuild();
      expect(await snapshot(readStore)).toEqual(resumed);
    } finally {
      await teardown();
    }
  });

  it('a batch delivered again after it was committed has no second effect', async () => {
    const { eventStore, readStore, teardown } = await factory();
    try {
      await appendMany(eventStore, 10);
      const runner = new ProjectionRunner({ eventStore, readStore, projection: countingProjection });
      await runner.ensureCollections();
      const { events, nextPosition } = await eventStore.readAll('');
      await runner.applyBatch(events, nextPosition);
      await runner.applyBatch(events, nextPosition);
      const docs = await snapshot(readStore);
      expect(docs.reduce((sum, doc) => sum + (doc.count as number), 0)).toBe(10);
      expect(await runner.checkpoint()).toBe(nextPosition);
    } finally {
      await teardown();
    }
  });

  it('a live runner follows new events and stops cleanly', async () => {
    const { eventStore, readStore, teardown } = await factory();
    try {
      const runner = new ProjectionRunner({ eventStore, readStore, projection: countingProjection });
      await runner.start();
      await appendMany(eventStore, 12);
      const head = await eventStore.headPosition();
      const deadline = Date.now() + 10_000;
      while ((await runner.checkpoint()) !== head && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(await runner.checkpoint()).toBe(head);
      await runner.stop();
      const docs = await snapshot(readStore);
      expect(docs.reduce((sum, doc) => sum + (doc.count as number), 0)).toBe(12);
    } finally {
      await teardown();
    }
  });

  it('one daemon feeds every projection: one behind catches up, one ahead applies nothing twice, a failing one stops alone', async () => {
    const { eventStore, readStore, teardown } = await factory();
    const failures: string[] = [];
    const daemon = new ProjectionDaemon({ eventStore, readStore, projections: [countingProjection, tallyProjection, brokenProjection], batchSize: 7, onError: (_error, name) => failures.push(name) });
    try {
      await appendMany(eventStore, 30);
      await new ProjectionRunner({ eventStore, readStore, projection: countingProjection }).catchUp();
      await appendMany(eventStore, 20, 1000);
      const head = await eventStore.headPosition();
      await daemon.start();
      const [counting, tally] = daemon.runners;
      const deadline = Date.now() + 10_000;
      while (((await counting!.checkpoint()) !== head || (await tally!.checkpoint()) !== head) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(await counting!.checkpoint()).toBe(head);
      expect(await tally!.checkpoint()).toBe(head);
      const total = async (collection: string) =>
        (await readStore.collection(physicalCollection({ version: 1 }, collection)).find()).reduce((sum, doc) => sum + (doc.count as number), 0);
      expect(await total('counters')).toBe(50);
      expect(await total('tallies')).toBe(50);
      expect(failures).toEqual(['broken']);
      expect(await daemon.runners[2]!.checkpoint()).toBeNull();
    } finally {
      await daemon.stop();
      await teardown();
    }
  });
});
