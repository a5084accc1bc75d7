import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventStore, type EventStore } from '@hireloop/platform/event-store';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { ProjectionRunner } from '../runner';
import { adminActivitiesProjection } from './projection';
import { fromTheRows, joinedPerRequest, joinedProjections, story } from './story-fixtures';

/**
 * The Activities tab's names on PostgreSQL (ADR 071): the fan-outs by indexed filters (`labelId`,
 * `$or` with `adminId`, `$in`) find the same rows as on the memory store, and the names each row
 * holds equal the four-read-model join after every event of the story.
 */
describe('admin-activities on postgres', () => {
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

  it('names what the join named, after every event', async () => {
    const runners = [...joinedProjections, adminActivitiesProjection].map((projection) => new ProjectionRunner({ eventStore, readStore, projection }));
    let n = 0;
    for (const event of story) {
      await eventStore.append(event.streamId, [
        { type: event.type, data: event.data, metadata: { eventId: `event-${++n}`, occurredAt: '2026-11-22T10:00:00.000Z', actor: event.actor ?? 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } },
      ]);
      for (const runner of runners) await runner.catchUp();
      expect(await fromTheRows(readStore), `after ${n} events (${event.type})`).toEqual(await joinedPerRequest(readStore));
    }
    // The erasures reached the rows: Bob's own actions and the role change about him.
    const rows = await fromTheRows(readStore);
    expect(rows.filter((row) => row.adminName === '[erased]')).toHaveLength(1);
    expect(rows.some((row) => row.entityLabel === '[erased]')).toBe(true);
  });
});
