import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RecordedEvent } from '@hireloop/platform/event-store';
import { createMemoryReadStore, type Doc, type ReadStoreTransaction } from '@hireloop/platform/read-store';
import { evolvingProjection, slice, unhandled, type EvolveAt, type ProjectedEvent } from './evolve';
import { scopedTransaction } from './projection';

/** A toy read model: counters in groups, and a log of what each event saw of the counters before it. */
let parses = 0;
const schemas = {
  Added: z.object({ id: z.string(), group: z.string(), by: z.number() }),
  Touched: z.object({ id: z.string() }),
  Removed: z.object({ id: z.string() }),
  GroupCleared: z.object({ group: z.string() }).transform((data) => {
    parses += 1;
    return data;
  }),
};
type ToyEvent = ProjectedEvent<typeof schemas>;
type Counter = { _id: string; group: string; value: number };
type Seen = { _id: string; counters: number };
type Known = { counters: readonly Counter[] };

const evolveCounter = (doc: Counter | null, event: ToyEvent): Counter | null => {
  switch (event.type) {
    case 'Added':
      return { _id: event.data.id, group: event.data.group, value: (doc?.value ?? 0) + event.data.by };
    case 'Touched':
      return doc;
    case 'Removed':
    case 'GroupCleared':
      return null;
    default:
      return unhandled(event);
  }
};

const toy = evolvingProjection<typeof schemas, Known>({
  name: 'toy',
  version: 1,
  collections: { counters: {}, seen: {} },
  schemas,
  lookups: (event) => ({ counters: event.type === 'GroupCleared' ? { collection: 'counters', where: { group: event.data.group } } : null }),
  slices: [
    slice('counters', {
      documents: (event: ToyEvent) => (event.type === 'GroupCleared' ? { where: { group: event.data.group } } : event.data.id),
      evolve: evolveCounter,
    }),
    slice('seen', {
      documents: (event: ToyEvent) => (event.type === 'GroupCleared' ? event.metadata.eventId : null),
      evolve: (_doc: Seen | null, event: ToyEvent, { context }: EvolveAt<Known>) => ({ _id: event.metadata.eventId, counters: context.counters.length }),
    }),
  ],
});

let n = 0;
const recorded = (type: string, data: unknown): RecordedEvent => {
  n += 1;
  return {
    type,
    data,
    streamId: 'toy-1',
    streamVersion: n,
    position: String(n).padStart(20, '0'),
    recordedAt: '2026-11-27T10:00:00.000Z',
    metadata: { eventId: `event-${n}`, occurredAt: '2026-11-27T10:00:00.000Z', actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 },
  };
};

/** Applies events in one transaction of a memory read store, counting the writes the projection makes. */
async function run(events: RecordedEvent[]) {
  const readStore = createMemoryReadStore();
  for (const name of ['counters_v1', 'seen_v1']) await readStore.ensureCollection(name, []);
  const writes: string[] = [];
  await readStore.transaction(async (tx) => {
    const counting: ReadStoreTransaction = {
      ...tx,
      collection: <T extends Doc = Doc>(name: string) => {
        const inner = tx.collection<T>(name);
        return {
          ...inner,
          put: async (doc: T) => {
            writes.push(`put ${name} ${doc._id}`);
            await inner.put(doc);
          },
          delete: async (id) => {
            writes.push(`delete ${name} ${id}`);
            await inner.delete(id);
          },
        };
      },
    };
    for (const event of events) await toy.apply(event, scopedTransaction(toy, counting));
  });
  const counters = await readStore.collection('counters_v1').find({}, { sort: { _id: 1 } });
  const seen = await readStore.collection('seen_v1').find({}, { sort: { _id: 1 } });
  return { writes, counters, seen };
}

describe('evolvingProjection: the I/O around pure evolves', () => {
  it('follows exactly the event types of its schemas', () => {
    expect(toy.eventTypes).toEqual(['Added', 'Touched', 'Removed', 'GroupCleared']);
  });

  it('writes what evolve returns, deletes on null, and writes nothing when evolve returns the document it was given', async () => {
    const { writes, counters } = await run([
      recorded('Added', { id: 'a', group: 'g', by: 2 }),
      recorded('Added', { id: 'a', group: 'g', by: 3 }),
      recorded('Touched', { id: 'a' }),
      recorded('Touched', { id: 'missing' }),
      recorded('Added', { id: 'b', group: 'g', by: 1 }),
      recorded('Removed', { id: 'b' }),
      recorded('Removed', { id: 'never-there' }),
    ]);
    expect(counters).toEqual([{ _id: 'a', group: 'g', value: 5 }]);
    expect(writes).toEqual(['put counters_v1 a', 'put counters_v1 a', 'put counters_v1 b', 'delete counters_v1 b']);
  });

  it('a filter touches every document it matches, and lookups see them as they were before the event', async () => {
    const { counters, seen } = await run([
      recorded('Added', { id: 'a', group: 'g', by: 1 }),
      recorded('Added', { id: 'b', group: 'g', by: 1 }),
      recorded('Added', { id: 'c', group: 'other', by: 1 }),
      recorded('GroupCleared', { group: 'g' }),
    ]);
    expect(counters).toEqual([{ _id: 'c', group: 'other', value: 1 }]);
    // The counters slice deleted both before the seen slice ran: it still saw two.
    expect(seen).toEqual([{ _id: `event-${n}`, counters: 2 }]);
  });

  it('parses an event once, whatever number of slices and lookups read it', async () => {
    parses = 0;
    await run([recorded('GroupCleared', { group: 'g' }), recorded('GroupCleared', { group: 'h' })]);
    expect(parses).toBe(2);
  });

  it('an event its schema refuses throws before anything is written (the runner parks it)', async () => {
    await expect(run([recorded('Added', { id: 'a', group: 'g', by: 'two' })])).rejects.toThrow(/by/);
  });
});
