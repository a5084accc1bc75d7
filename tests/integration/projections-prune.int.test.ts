import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, type EventStore } from '@hireloop/platform/event-store';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { ProjectionRunner } from '@hireloop/projections/runner';
import type { ProjectionDefinition } from '@hireloop/projections/shared/projection';
import { pruneOldVersions } from '../../cli/src/projections';
import { untilReadable } from '../contracts/event-store.contract';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * `hireloop projections prune` on PostgreSQL (ADR 005): a read model bumped to version 2 leaves
 * its version 1 collections behind, out of reach of later events and erasures. Pruning empties
 * them once version 2 has caught up, never before, and never a collection a current read model uses.
 */
let db: TestDatabase;
let eventStore: EventStore;
let readStore: ReadStore;

beforeAll(async () => {
  db = await createTestDatabase('hl_prune');
  eventStore = await createPostgresEventStore({ connectionString: db.url });
  readStore = await createPostgresReadStore({ connectionString: db.url });
});
afterAll(async () => {
  await eventStore?.close();
  await readStore?.close();
  await db?.drop();
});

const letters = (version: number): ProjectionDefinition => ({
  name: 'letters',
  version,
  collections: { letters: {}, stamps: {} },
  eventTypes: ['LetterSent'],
  async apply(event, tx) {
    const { id, text } = event.data as { id: string; text: string };
    await tx.collection('letters').put({ _id: id, text });
  },
});
// Another current read model whose collection has the name `letters` v1 had: never touched.
const parcels: ProjectionDefinition = { name: 'parcels', version: 1, collections: { letters: {} }, eventTypes: [], apply: async () => undefined };

describe('projections prune', () => {
  it('empties what version 1 left once version 2 has caught up, and keeps what a current read model uses', async () => {
    const metadata = { eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'system' as const, correlationId: 'prune-test', causationId: null, schemaVersion: 1 };
    const { position } = await eventStore.append('letters-1', [{ type: 'LetterSent', data: { id: 'l1', text: 'Dear Ada, a private word.' }, metadata }]);
    // Readers see the log up to the oldest transaction open on the server (another test file's).
    await untilReadable(eventStore, position);
    const v1 = new ProjectionRunner({ eventStore, readStore, projection: letters(1) });
    await v1.ensureCollections();
    await v1.catchUpTo(() => '\uffff');
    await readStore.transaction(async (tx) => tx.collection('stamps_v1').put({ _id: 's1', text: 'Dear Ada' }));
    expect(await readStore.collection('letters_v1').get('l1')).toMatchObject({ text: 'Dear Ada, a private word.' });

    // Version 2 is deployed but has not read the log yet: nothing is emptied.
    const v2 = new ProjectionRunner({ eventStore, readStore, projection: letters(2) });
    await v2.ensureCollections();
    const early = await pruneOldVersions({ eventStore, readStore }, [letters(2), parcels]);
    expect(early).toMatchObject({ pruned: [], waiting: ['letters'] });
    expect(await readStore.collection('stamps_v1').get('s1')).not.toBeNull();

    const head = await eventStore.headPosition();
    await v2.catchUpTo(() => head);
    const done = await pruneOldVersions({ eventStore, readStore }, [letters(2), parcels]);
    expect(done).toMatchObject({ pruned: ['stamps_v1'], waiting: [] });
    expect(done.text).toBe('emptied: stamps_v1');
    expect(await readStore.collection('stamps_v1').get('s1')).toBeNull();
    // `letters_v1` is `parcels`' current collection: kept.
    expect(await readStore.collection('letters_v1').get('l1')).not.toBeNull();
    expect(await readStore.collection('letters_v2').get('l1')).toMatchObject({ text: 'Dear Ada, a private word.' });

    // A version 3 that has not read the log yet keeps versions 1 and 2 (`letters_v2`, `stamps_v2`: never created, no error).
    expect(await pruneOldVersions({ eventStore, readStore }, [letters(3), parcels])).toMatchObject({ pruned: [], waiting: ['letters'] });
    expect(await readStore.collection('letters_v2').get('l1')).not.toBeNull();
  });
});
