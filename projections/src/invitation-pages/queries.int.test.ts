import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventStore, type EventStore } from '@hireloop/platform/event-store';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { ProjectionRunner } from '../runner';
import { invitationPagesProjection } from './projection';
import { fromOneDocument, joinedPerRequest, joinedProjections, story } from './story-fixtures';

/**
 * The page by token on PostgreSQL (ADR 059): the fan-outs by indexed filters (`$in`, `$or`, the
 * array field `takenBy`) find the same pages as on the memory store, and the one-document answer
 * equals the six-read-model join after every event of the story.
 */
describe('invitation-pages on postgres', () => {
  let db: TestDatabase;
  let readStore: ReadStore;
  let eventStore: EventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    readStore = await createPostgresReadStore({ connectionString: db.url });
    eventStore = createMemoryEventStore();
  });
  afterAll(async () => {
    await readStore.close();
    await db.drop();
  });

  it('answers as the join did, after every event', async () => {
    const runners = [...joinedProjections, invitationPagesProjection].map((projection) => new ProjectionRunner({ eventStore, readStore, projection }));
    const answers: Array<boolean | null> = [];
    let n = 0;
    for (const event of story) {
      await eventStore.append(event.streamId, [
        { type: event.type, data: event.data, metadata: { eventId: `event-${++n}`, occurredAt: '2026-11-22T10:00:00.000Z', actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } },
      ]);
      for (const runner of runners) await runner.catchUp();
      for (const invitationId of ['inv-ada', 'inv-bob']) {
        expect(await fromOneDocument(readStore, invitationId), `after ${n} events (${event.type}), ${invitationId}`).toEqual(await joinedPerRequest(readStore, invitationId));
      }
      answers.push((await fromOneDocument(readStore, 'inv-ada'))?.canClaimAccount ?? null);
    }
    // Taken by Mallory's account (event 11), free again once she is erased (12).
    expect([answers[10], answers[11]]).toEqual([false, true]);
  });
});
