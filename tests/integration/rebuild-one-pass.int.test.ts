/**
 * Rebuilds from one pass over the log (ADR 082): every read model rebuilt together gives the
 * same documents as each one rebuilt alone, on the seeded log, in PostgreSQL (COPY) and in the
 * memory read store (its putMany); and documents whose text holds what COPY's text format
 * escapes (tabs, newlines, carriage returns, backslashes) or JSON with quotes arrive intact; and a
 * read model that finds documents by filter on every event gets them from memory during the bulk
 * phase (ADR 091), with the documents a live projection gets from the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@hireloop/platform/config';
import type { EventMetadata } from '@hireloop/platform/event-store';
import { createMemoryReadStore, SHADOW_SUFFIX, type Collection, type Doc, type ReadStore } from '@hireloop/platform/read-store';
import { allProjections } from '@hireloop/projections/registry';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { physicalCollection, type ProjectionDefinition } from '@hireloop/projections/shared/projection';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { seed } from '../../cli/src/seed';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let db: TestDatabase;
let runtime: Runtime;

beforeAll(async () => {
  db = await createTestDatabase('hl_rebuild_pass');
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, NATS_URL: '', LOG_LEVEL: 'silent' }));
  await seed(runtime);
}, 240_000);

afterAll(async () => {
  await runtime?.close();
  await db?.drop();
});

/** Every document of every read model, by physical collection, in id order. */
async function snapshot(readStore: ReadStore, projections: readonly ProjectionDefinition[]): Promise<Record<string, Doc[]>> {
  const docs: Record<string, Doc[]> = {};
  for (const projection of projections) {
    for (const name of Object.keys(projection.collections)) {
      const collection = physicalCollection(projection, name);
      docs[collection] = await readStore.collection(collection).find({}, { sort: { _id: 1 } });
    }
  }
  return docs;
}

const runnersOn = (readStore: ReadStore, projections: readonly ProjectionDefinition[] = allProjections) =>
  projections.map((projection) => new ProjectionRunner({ eventStore: runtime.eventStore, readStore, projection }));

describe('every read model rebuilt from one pass over the log', () => {
  it.each([
    ['PostgreSQL (COPY)', () => Promise.resolve(runtime.readStore)],
    ['the memory read store', () => Promise.resolve(createMemoryReadStore())],
  ])('gives the documents of each rebuilt alone, on %s', { timeout: 240_000 }, async (_store, open) => {
    const readStore = await open();
    const alone: Record<string, Doc[]> = {};
    const eventsAlone = new Map<string, number>();
    for (const runner of runnersOn(readStore)) {
      const result = await runner.rebuild();
      eventsAlone.set(runner.name, result.events);
      Object.assign(alone, await snapshot(readStore, allProjections.filter((projection) => projection.name === runner.name)));
    }
    const documents = Object.values(alone).reduce((sum, docs) => sum + docs.length, 0);
    // The seeded log fills the read models: a comparison of empty ones would prove nothing.
    expect(documents).toBeGreaterThan(100);
    expect(alone[physicalCollection(allProjections.find((projection) => projection.name === 'job-board')!, 'jobs')]!.length).toBeGreaterThan(10);

    const together = await ProjectionRunner.rebuildTogether(runnersOn(readStore));
    expect(new Map([...together].map(([name, result]) => [name, result.events]))).toEqual(eventsAlone);
    for (const result of together.values()) expect(result.generation).toBeGreaterThanOrEqual(2);
    expect(await snapshot(readStore, allProjections)).toEqual(alone);
  });
});

const awkwardTexts = [
  'tab\there',
  'new\nline and\r\ncarriage return',
  'back\\slash \\N \\. \\\\ end\\',
  'JSON "quoted" {"a": "b\\"c"} and \'single\'',
  'unicode: café 東京 Ελλάδα 👩‍💻 \u2028\u2029 \u00a0',
  '\\\t\n\r all at once \t\\n',
];

/** A read model whose documents hold the awkward texts, in ids, fields and nested JSON. */
const awkwardProjection: ProjectionDefinition = {
  name: 'awkward-text',
  version: 1,
  collections: { notes: { indexes: [{ fields: ['text'] }] } },
  eventTypes: ['AwkwardNoted'],
  async apply(event, tx) {
    const data = event.data as { id: string; text: string };
    const notes = tx.collection('notes');
    const before = await notes.get(data.id);
    await notes.put({ _id: data.id, text: data.text, nested: { json: JSON.stringify({ text: data.text }), list: [data.text, { again: data.text }] }, seen: ((before?.seen as number | undefined) ?? 0) + 1 });
  },
};

const metadata = (): EventMetadata => ({ eventId: crypto.randomUUID(), occurredAt: new Date().toISOString(), actor: 'system', correlationId: 'rebuild-test', causationId: null, schemaVersion: 1 });

describe('a rebuild written with COPY', () => {
  it('keeps tabs, newlines, carriage returns, backslashes, unicode and JSON with quotes intact, in ids and documents', { timeout: 120_000 }, async () => {
    const { eventStore, readStore } = runtime;
    // Each text noted twice: the second write of an id replaces the first (not a second COPY of it).
    const appended = await eventStore.appendToStreams(
      awkwardTexts.map((text, n) => ({
        streamId: `awkward-${n}`,
        events: [
          { type: 'AwkwardNoted', data: { id: `${n}:${text}`, text: `first ${text}` }, metadata: metadata() },
          { type: 'AwkwardNoted', data: { id: `${n}:${text}`, text }, metadata: metadata() },
        ],
      })),
    );
    const last = appended.map((result) => result.position).sort().at(-1)!;
    const live = new ProjectionRunner({ eventStore, readStore, projection: awkwardProjection });
    // A read may stop short of events still becoming visible (ADR 001): until the last one is in.
    while ((await live.catchUp()) < last);
    const collection = readStore.collection(physicalCollection(awkwardProjection, 'notes'));
    const applied = await collection.find({}, { sort: { _id: 1 } });
    // One batch per event: the second write of each id reaches a document already written.
    const result = await new ProjectionRunner({ eventStore, readStore, projection: awkwardProjection, batchSize: 1 }).rebuild();
    expect(result.events).toBe(awkwardTexts.length * 2);
    const rebuilt = await collection.find({}, { sort: { _id: 1 } });
    expect(rebuilt).toEqual(applied);
    expect(rebuilt.map((doc) => doc.text).sort()).toEqual([...awkwardTexts].sort());
    for (const doc of rebuilt) {
      expect(doc.seen).toBe(2);
      expect(JSON.parse((doc.nested as { json: string }).json)).toEqual({ text: doc.text });
      expect(await collection.findOne({ text: doc.text as string })).toEqual(doc);
    }
    // The same in one batch: every document goes out with COPY.
    await new ProjectionRunner({ eventStore, readStore, projection: awkwardProjection }).rebuild();
    expect(await collection.find({}, { sort: { _id: 1 } })).toEqual(applied);
  });
});

/**
 * A read model that finds its documents by filter on most events, the way `admin-activities`
 * and `candidate-invitations` do: by a field's value, `$in`, `$or`, an array that contains a
 * value, a missing field (null), a number that must not match the same digits as text. Each
 * event records what its queries found, in the order found, so any difference shows.
 */
const filterProjection: ProjectionDefinition = {
  name: 'filter-lookups',
  version: 1,
  collections: { items: { indexes: [{ fields: ['group'] }, { fields: ['owner'] }] }, answers: {} },
  eventTypes: ['ItemSet', 'GroupRenamed', 'OwnerLeft', 'ItemDropped'],
  async apply(event, tx) {
    const items = tx.collection('items');
    const answers = tx.collection('answers');
    const data = event.data as { id: string; group: string | number; name: string; owner?: string; tags: string[] };
    const answer = async (found: Doc[], extra: Record<string, unknown> = {}) =>
      answers.put({ _id: `${event.position}`, found: found.map((doc) => doc._id), ...extra });
    switch (event.type) {
      case 'ItemSet': {
        const named = await items.findOne({ group: data.group });
        await items.put({ _id: data.id, group: data.group, groupName: (named?.groupName as string | undefined) ?? null, tags: data.tags, ...(data.owner ? { owner: data.owner } : {}) });
        break;
      }
      case 'GroupRenamed': {
        const found = await items.find({ group: data.group });
        for (const doc of found) await items.put({ ...doc, groupName: data.name });
        await answer(found, { unowned: await items.count({ owner: null }) });
        break;
      }
      case 'OwnerLeft': {
        const owner = data.owner ?? '';
        const found = await items.find({ $or: [{ owner }, { tags: { $in: [owner, 'orphan'] } }] });
        for (const doc of found) {
          const left: Doc = { ...doc, tags: (doc.tags as string[]).filter((tag) => tag !== owner) };
          delete left.owner;
          await items.put(left);
        }
        await answer(found, { stillOwned: (await items.find({ owner: { $in: ['ann', 'bob'] }, group: data.group })).map((doc) => doc._id) });
        break;
      }
      case 'ItemDropped':
        await items.delete(data.id);
        await answer(await items.find({ _id: { $in: [data.id, 'i-1', 'i-2'] } }));
        break;
    }
  },
};

/** The read store, counting the queries made of a rebuild's shadows outside its writes. */
function countingShadowQueries(readStore: ReadStore): { readStore: ReadStore; queries: () => number } {
  let queries = 0;
  const counted = <T extends Doc>(collection: Collection<T>): Collection<T> => ({
    ...collection,
    get: (id) => collection.get(id),
    find: (filter, options) => {
      queries++;
      return collection.find(filter, options);
    },
    findOne: (filter, options) => {
      queries++;
      return collection.findOne(filter, options);
    },
    count: (filter) => {
      queries++;
      return collection.count(filter);
    },
  });
  const wrapped: ReadStore = Object.create(readStore);
  wrapped.collection = <T extends Doc = Doc>(name: string) => (name.endsWith(SHADOW_SUFFIX) ? counted(readStore.collection<T>(name)) : readStore.collection<T>(name));
  return { readStore: wrapped, queries: () => queries };
}

describe('a rebuild whose read model finds documents by filter', () => {
  it.each([
    ['PostgreSQL (COPY)', () => runtime.readStore],
    ['the memory read store', () => createMemoryReadStore()],
  ])('answers the filters from memory, with the documents a live projection finds, on %s', { timeout: 120_000 }, async (_store, open) => {
    const { eventStore } = runtime;
    const readStore = open();
    const event = (type: string, data: Record<string, unknown>) => ({ type, data, metadata: metadata() });
    const groups = [1, '1', 'two', 3];
    const appended = await eventStore.appendToStreams([
      {
        streamId: `filter-lookups-${crypto.randomUUID()}`,
        events: [
          ...Array.from({ length: 40 }, (_, n) =>
            event('ItemSet', { id: `i-${n}`, group: groups[n % 4], tags: n % 5 === 0 ? ['orphan'] : n % 3 === 0 ? ['ann', 'x'] : [], ...(n % 2 === 0 ? { owner: n % 4 === 0 ? 'ann' : 'bob' } : {}) }),
          ),
          event('GroupRenamed', { group: 1, name: 'One' }),
          event('GroupRenamed', { group: '1', name: 'Text one' }),
          event('ItemSet', { id: 'i-40', group: 1, tags: ['ann'] }),
          event('OwnerLeft', { owner: 'ann', group: 'two' }),
          event('ItemDropped', { id: 'i-2' }),
          event('GroupRenamed', { group: 'two', name: 'Two' }),
          event('ItemSet', { id: 'i-2', group: 3, tags: [], owner: 'bob' }),
          event('OwnerLeft', { owner: 'bob', group: 3 }),
          event('GroupRenamed', { group: 3, name: 'Three' }),
        ],
      },
    ]);
    const last = appended.map((result) => result.position).sort().at(-1)!;
    const live = new ProjectionRunner({ eventStore, readStore, projection: filterProjection });
    while ((await live.catchUp()) < last);
    const applied = await snapshot(readStore, [filterProjection]);
    const answers = applied[physicalCollection(filterProjection, 'answers')]!;
    // The queries found documents: a comparison of empty answers would prove nothing.
    expect(answers.filter((doc) => (doc.found as string[]).length > 0).length).toBeGreaterThanOrEqual(6);
    expect(applied[physicalCollection(filterProjection, 'items')]!.filter((doc) => doc.groupName === 'Text one').length).toBe(10);

    // One batch for all, and one batch per event (documents committed, in flight and in the batch).
    for (const batchSize of [5000, 1]) {
      const counting = countingShadowQueries(readStore);
      await new ProjectionRunner({ eventStore, readStore: counting.readStore, projection: filterProjection, batchSize }).rebuild();
      expect(await snapshot(readStore, [filterProjection])).toEqual(applied);
      expect(counting.queries()).toBe(0);
    }
  });
});
