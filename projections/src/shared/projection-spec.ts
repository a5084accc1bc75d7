import { expect } from 'vitest';
import { createMemoryEventStore, type Actor, type RecordedEvent } from '@hireloop/platform/event-store';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { ProjectionRunner } from '../runner';
import { physicalCollection, type ProjectionDefinition } from './projection';

export interface GivenEvent {
  streamId: string;
  type: string;
  data: unknown;
  occurredAt?: string;
  /** Who caused it; the system unless given. */
  actor?: Actor;
}

/**
 * given(events).then(collection, documents): appends the events to a memory event store, runs
 * the real projection runner over them and compares the collection's documents (by _id order).
 */
export const projectionSpec = (projection: ProjectionDefinition) => ({
  given: (events: GivenEvent[]) => {
    const run = async () => {
      const eventStore = createMemoryEventStore();
      const readStore = createMemoryReadStore();
      let n = 0;
      for (const event of events) {
        await eventStore.append(event.streamId, [
          {
            type: event.type,
            data: event.data,
            metadata: {
              eventId: `event-${++n}`,
              occurredAt: event.occurredAt ?? '2026-11-22T10:00:00.000Z',
              actor: event.actor ?? 'system',
              correlationId: 'test',
              causationId: null,
              schemaVersion: 1,
            },
          },
        ]);
      }
      await new ProjectionRunner({ eventStore, readStore, projection }).catchUp();
      return readStore;
    };
    return {
      then: async (collection: string, expected: Array<Record<string, unknown>>) => {
        const readStore = await run();
        const docs = await readStore.collection(physicalCollection(projection, collection)).find({}, { sort: { _id: 1 } });
        expect(docs).toEqual(expected);
      },
    };
  },
});

/** An event as an evolve receives it (parsed), to test an evolve as the pure function it is. */
export const projectedEvent = <Type extends string, Data>(
  type: Type,
  data: Data,
  at: { position?: string; occurredAt?: string; streamVersion?: number } = {},
): Omit<RecordedEvent, 'type' | 'data'> & { type: Type; data: Data } => ({
  type,
  data,
  streamId: 'test',
  streamVersion: at.streamVersion ?? 0,
  position: at.position ?? '00000000000000000001',
  recordedAt: at.occurredAt ?? '2026-11-22T10:00:00.000Z',
  metadata: { eventId: 'event-1', occurredAt: at.occurredAt ?? '2026-11-22T10:00:00.000Z', actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 },
});
