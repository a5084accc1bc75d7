import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createPostgresEventStore } from '@hireloop/platform/event-store';
import { createPostgresReadStore } from '@hireloop/platform/read-store';
import { ProjectionDaemon } from '@hireloop/projections/runner';
import { physicalCollection, type ProjectionDefinition } from '@hireloop/projections/shared/projection';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { newEvent, streamName, untilReadable, waitFor } from './event-store.contract';

/**
 * ADR 083: the daemon writes a batch for every read model in one transaction, and that
 * transaction takes no id (which every reader of the log would wait for, ADR 001) while the
 * projections run their JavaScript and reads: only its last statements, the writes, hold one.
 */

let database: TestDatabase | undefined;
afterAll(async () => {
  await database?.drop();
});

const counting = (name: string, gate?: () => Promise<void>): ProjectionDefinition => ({
  name,
  version: 1,
  collections: { [`${name}-counters`]: {} },
  eventTypes: ['Counted'],
  async apply(_event, tx) {
    const counters = tx.collection<{ _id: string; count: number }>(`${name}-counters`);
    const current = await counters.get('all');
    await gate?.();
    await counters.put({ _id: 'all', count: (current?.count ?? 0) + 1 });
  },
});

it('a batch whose projection waits holds no transaction id meanwhile: appends made then are read at once; then every read model commits together', async () => {
  database = await createTestDatabase('hl_batch_tx');
  const eventStore = await createPostgresEventStore({ connectionString: database.url });
  const readStore = await createPostgresReadStore({ connectionString: database.url });
  const observer = new pg.Client({ connectionString: database.url });
  await observer.connect();
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let waiting = false;
  let gated = false;
  const daemon = new ProjectionDaemon({
    eventStore,
    readStore,
    projections: [
      counting('first'),
      counting('waits', async () => {
        if (!gated) return;
        waiting = true;
        await opened;
      }),
      counting('last'),
    ],
  });
  try {
    const checkpoints = () => Promise.all(daemon.runners.map((runner) => runner.checkpoint()));
    const untilHead = async () => {
      const head = await eventStore.headPosition();
      for (let attempt = 0; !(await checkpoints()).every((checkpoint) => checkpoint !== null && checkpoint >= head); attempt++) {
        if (attempt > 500) throw new Error('the read models never reached the head');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    // A first batch, so every checkpoint row exists (a row lock on one would take an id).
    await eventStore.append(streamName('counted'), [newEvent('Counted')]);
    await daemon.start();
    await untilHead();
    gated = true;
    await eventStore.append(streamName('counted'), [newEvent('Counted')]);
    await waitFor(() => waiting, 'the batch to reach the waiting projection');

    // The batch is inside its transaction (idle in it, on the projection's wait), without an id.
    const { rows } = await observer.query<{ xid: string | null }>(
      `SELECT backend_xid::text AS xid FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`,
    );
    expect(rows.length).toBe(1);
    expect(rows[0]!.xid).toBeNull();
    // So a reader of the log is not held back by it: an append made now is read at once.
    const { position } = await eventStore.append(streamName('other'), [newEvent('Unrelated')]);
    await untilReadable(eventStore, position);
    // Nothing of this batch written yet: the first projection's document waits for the end of the batch.
    expect(await readStore.collection(physicalCollection({ version: 1 }, 'first-counters')).find()).toEqual([{ _id: 'all', count: 1 }]);

    open();
    await untilHead();
    // Each read model counted both events, once.
    for (const name of ['first', 'waits', 'last']) {
      expect(await readStore.collection(physicalCollection({ version: 1 }, `${name}-counters`)).find()).toEqual([{ _id: 'all', count: 2 }]);
    }
  } finally {
    open();
    await daemon.stop();
    await observer.end();
    await eventStore.close();
    await readStore.close();
  }
});
