import { describe, expect, it, vi } from 'vitest';
import { createMemoryEventStore, type EventStore } from '@hireloop/platform/event-store';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { ProjectionDaemon } from './runner';
import type { ProjectionDefinition } from './shared/projection';

const tally: ProjectionDefinition = {
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

const counted = (n: number) => ({
  type: 'Counted',
  data: { key: 'k' },
  metadata: { eventId: `e${n}`, occurredAt: '2026-01-05T09:00:00.000Z', actor: 'system' as const, correlationId: `c${n}`, causationId: null, schemaVersion: 1 },
});

describe('the projection daemon feed (ADR 050)', () => {
  it('is subscribed again after its handler threw, instead of leaving the read models behind for good', async () => {
    const inner = createMemoryEventStore();
    let breakNext = true;
    // A feed whose first batch blows up in the handler (whatever the cause): the subscription ends with onError.
    const eventStore: EventStore = {
      ...inner,
      subscribe: (from, handler, options) =>
        inner.subscribe(
          from,
          async (events, next) => {
            if (breakNext) {
              breakNext = false;
              throw new Error('the feed broke');
            }
            return handler(events, next);
          },
          options,
        ),
    };
    const readStore = createMemoryReadStore();
    const feedErrors: unknown[] = [];
    const daemon = new ProjectionDaemon({ eventStore, readStore, projections: [tally], onFeedError: (error) => feedErrors.push(error), retry: { delay: () => 10 } });
    await inner.append('s', [counted(1)]);
    await daemon.start();
    try {
      await inner.append('s', [counted(2)]);
      const head = await inner.headPosition();
      await vi.waitFor(async () => expect(await daemon.runners[0]!.checkpoint()).toBe(head));
      expect(await readStore.collection<{ _id: string; count: number }>('tallies_v1').get('k')).toEqual({ _id: 'k', count: 2 });
      expect(feedErrors.map(String)).toEqual(['Error: the feed broke']);
    } finally {
      await daemon.stop();
    }
  });
});
