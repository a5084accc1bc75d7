import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventStore, type EventStore } from '@hireloop/platform/event-store';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { ProjectionRunner } from '../runner';
import { companyInvitationsProjection } from './projection';
import { fromTheRows, joinedPerRequest, joinedProjections, story } from './story-fixtures';

/**
 * A company's invitations list on PostgreSQL (ADR 071): the fan-outs by indexed filters (`jobId`,
 * `candidateProfileId`, `$or` at erasure) and the reveal's lookup by owner find the same rows as on
 * the memory store, and the list from the rows equals the three-read-model join after every event.
 */
describe('company-invitations on postgres', () => {
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
    const runners = [...joinedProjections, companyInvitationsProjection].map((projection) => new ProjectionRunner({ eventStore, readStore, projection }));
    const revealedNames: Array<string | null> = [];
    let n = 0;
    for (const event of story) {
      await eventStore.append(event.streamId, [
        { type: event.type, data: event.data, metadata: { eventId: `event-${++n}`, occurredAt: '2026-11-22T10:00:00.000Z', actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } },
      ]);
      for (const runner of runners) await runner.catchUp();
      for (const companyId of ['company-1', 'company-2']) {
        expect(await fromTheRows(readStore, companyId), `after ${n} events (${event.type}), ${companyId}`).toEqual(await joinedPerRequest(readStore, companyId));
      }
      revealedNames.push((await fromTheRows(readStore, 'company-1')).find((row) => row.invitationId === 'inv-bob')?.candidate?.name ?? null);
    }
    // Revealed (16), renamed (21), erased (25).
    expect([revealedNames[15], revealedNames[20], revealedNames[24]]).toEqual(['Bob Lovelace', 'Robert Stone', null]);
  });
});
