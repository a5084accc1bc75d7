import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNatsBus, type Bus } from '@hireloop/platform/bus';
import { createPostgresEventStore, type EventStore } from '@hireloop/platform/event-store';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { ProjectionRunner } from '@hireloop/projections/runner';
import type { ProjectionDefinition } from '@hireloop/projections/shared/projection';
import { untilReadable } from '../../../tests/contracts/event-store.contract';
import { deleteTestStream, TEST_NATS_URL } from '../../../tests/support/nats';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { ProjectionProgress } from './projection-progress';

/*
 * A replay (ADR 049) replaces a read model in one process; every query replica, each its own
 * process on NATS, must hear of it so that what it keeps in memory is loaded again: by the bus
 * message, or by polling the checkpoint when no message comes.
 */
const notes: ProjectionDefinition = {
  name: 'notes',
  version: 1,
  collections: { notes: {} },
  eventTypes: ['NoteWritten'],
  async apply(event, tx) {
    await tx.collection('notes').put({ _id: event.metadata.eventId, position: event.position });
  },
};

let db: TestDatabase;
let eventStore: EventStore;
let readStore: ReadStore;
const buses: Bus[] = [];
const streamName = `TEST_PROGRESS_${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
const subjectPrefix = `test_progress_${randomUUID().slice(0, 8)}`;

/** One process's connection to NATS. */
async function processBus(): Promise<Bus> {
  const bus = await createNatsBus({ servers: TEST_NATS_URL, streamName, subjectPrefix, onError: () => undefined });
  buses.push(bus);
  return bus;
}

beforeAll(async () => {
  db = await createTestDatabase('hl_progress');
  eventStore = await createPostgresEventStore({ connectionString: db.url });
  readStore = await createPostgresReadStore({ connectionString: db.url });
  let last = '';
  for (let i = 0; i < 5; i++) {
    ({ position: last } = await eventStore.append(`note-${i}`, [
      { type: 'NoteWritten', data: {}, metadata: { eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'system', correlationId: 'c', causationId: null, schemaVersion: 1 } },
    ]));
  }
  // Readers see the log up to the oldest transaction open on the server (another test file's).
  await untilReadable(eventStore, last);
  await new ProjectionRunner({ eventStore, readStore, projection: notes }).catchUp();
});

afterAll(async () => {
  for (const bus of buses) await bus.close();
  await deleteTestStream(streamName);
  await eventStore?.close();
  await readStore?.close();
  await db?.drop();
});

describe('projection progress after a rebuild', () => {
  it('every query replica hears on NATS that a replay in another process replaced the read model', async () => {
    // Polling off: only the bus can tell them.
    const replicas = [new ProjectionProgress(readStore, [notes], await processBus(), 50, 0), new ProjectionProgress(readStore, [notes], await processBus(), 50, 0)];
    const heard = replicas.map(() => [] as Array<number | undefined>);
    for (const [n, replica] of replicas.entries()) {
      await replica.start();
      replica.watch(notes.name, (_position, generation) => heard[n]!.push(generation));
    }
    const before = (await readStore.getCheckpointState('notes_v1'))!;
    const result = await new ProjectionRunner({ eventStore, readStore, bus: await processBus(), projection: notes }).rebuild();
    // No event came in between: the checkpoint stays where it was, the generation tells.
    expect(result.position).toBe(before.position);
    expect(result.generation).toBe(before.generation + 1);
    await vi.waitFor(() => expect(heard).toEqual([[result.generation], [result.generation]]), { timeout: 10_000, interval: 20 });
    for (const replica of replicas) {
      expect(replica.generation(notes.name)).toBe(result.generation);
      await replica.stop();
    }
  });

  it('a replica that hears no message notices the new generation by polling the checkpoint', async () => {
    const replica = new ProjectionProgress(readStore, [notes], undefined, 50, 20);
    const heard: Array<number | undefined> = [];
    await replica.start();
    replica.watch(notes.name, (_position, generation) => heard.push(generation));
    await vi.waitFor(() => expect(replica.generation(notes.name)).toBeDefined(), { timeout: 10_000, interval: 20 });
    const known = replica.generation(notes.name)!;
    const result = await new ProjectionRunner({ eventStore, readStore, projection: notes }).rebuild();
    expect(result.generation).toBe(known + 1);
    await vi.waitFor(() => expect(heard.at(-1)).toBe(known + 1), { timeout: 10_000, interval: 20 });
    await replica.stop();
  });
});
