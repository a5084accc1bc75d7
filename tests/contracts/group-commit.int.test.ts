import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createPostgresEventStore,
  decodePosition,
  DuplicateEventError,
  START,
  WrongExpectedVersionError,
  type GroupCommitOptions,
  type PostgresEventStore,
} from '@hireloop/platform/event-store';
import { createMigratedSchema, createTestDatabase, type TestDatabase } from '../support/postgres';
import { newEvent, streamName, untilReadable } from './event-store.contract';

/**
 * Group commit (ADR 076, ADR 083): what one append of a group does to the others. Every test
 * writes one group at a time (`maxInFlight: 1`), so appends made in the same turn of the event
 * loop are written together, and says so by their transaction ids.
 */

let database: Promise<TestDatabase> | undefined;
const testDatabase = (): Promise<TestDatabase> => (database ??= createTestDatabase('hl_group_commit'));

afterAll(async () => {
  if (database) await (await database).drop();
});

const transactionOf = (position: string): bigint => decodePosition(position).major;

describe('group commit: one append of a group does not decide the others', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const openStore = async (groupCommit: boolean | GroupCommitOptions = { maxInFlight: 1 }): Promise<PostgresEventStore> => {
    const { url } = await testDatabase();
    const store = await createPostgresEventStore({ connectionString: url, schema: await createMigratedSchema(url, 'gc'), groupCommit });
    cleanups.push(() => store.close());
    return store;
  };

  const settled = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));

  it('a conflict inside a group fails only its own append (all of its streams), and the rest commit in one transaction', async () => {
    const store = await openStore();
    const [taken, takenToo] = [streamName('taken'), streamName('taken-too')];
    await store.append(taken, [newEvent('First')], { expectedVersion: 'no_stream' });
    await store.append(takenToo, [newEvent('First')], { expectedVersion: 'no_stream' });
    const [free, partOfRefused, other] = [streamName('free'), streamName('part-of-refused'), streamName('other')];

    const outcomes = await Promise.all([
      settled(store.append(free, [newEvent('Free')], { expectedVersion: 'no_stream' })),
      settled(store.append(taken, [newEvent('Conflict')], { expectedVersion: 'no_stream' })),
      // A multi-stream append whose second stream's check fails writes nothing, the first stream included.
      settled(
        store.appendToStreams([
          { streamId: partOfRefused, events: [newEvent('NotWritten')], expectedVersion: 'no_stream' },
          { streamId: takenToo, events: [newEvent('Conflict')], expectedVersion: 3 },
        ]),
      ),
      settled(store.append(other, [newEvent('One'), newEvent('Two')], { expectedVersion: 'no_stream' })),
    ]);

    const [freeOutcome, takenOutcome, refusedOutcome, otherOutcome] = outcomes;
    expect('error' in takenOutcome! && takenOutcome.error).toBeInstanceOf(WrongExpectedVersionError);
    expect((takenOutcome as { error: WrongExpectedVersionError }).error).toMatchObject({ streamId: taken, actual: 0 });
    expect((refusedOutcome as { error: WrongExpectedVersionError }).error).toBeInstanceOf(WrongExpectedVersionError);
    expect((refusedOutcome as { error: WrongExpectedVersionError }).error).toMatchObject({ streamId: takenToo, actual: 0 });
    const written = [(freeOutcome as { value: { position: string } }).value, (otherOutcome as { value: { position: string; nextExpectedVersion: number } }).value];
    // The two that held shared one transaction: the conflicts did not send the group back to be written append by append.
    expect(new Set(written.map((result) => transactionOf(result.position))).size).toBe(1);
    expect(written[1]).toMatchObject({ nextExpectedVersion: 1 });

    await untilReadable(store, written[1]!.position);
    expect((await store.readStream(partOfRefused)).events).toEqual([]);
    expect((await store.readStream(taken)).events.map((event) => event.type)).toEqual(['First']);
    expect((await store.readStream(takenToo)).events.map((event) => event.type)).toEqual(['First']);
    expect((await store.readStream(other)).events.map((event) => [event.type, event.streamVersion])).toEqual([
      ['One', 0],
      ['Two', 1],
    ]);
  });

  it('an append the server refuses (an event id already stored) fails alone: the rest of its group is written, each where it was told', async () => {
    const store = await openStore();
    const stored = newEvent('Stored');
    await store.append(streamName('stored'), [stored]);
    const streams = [streamName('a'), streamName('duplicate'), streamName('b'), streamName('c')];
    const outcomes = await Promise.all([
      settled(store.append(streams[0]!, [newEvent('A')], { expectedVersion: 'no_stream' })),
      settled(store.append(streams[1]!, [newEvent('Again', {}, { eventId: stored.metadata.eventId })])),
      settled(store.append(streams[2]!, [newEvent('B')], { expectedVersion: 'no_stream' })),
      settled(store.append(streams[3]!, [newEvent('C')], { expectedVersion: 'no_stream' })),
    ]);
    expect((outcomes[1] as { error: unknown }).error).toBeInstanceOf(DuplicateEventError);
    const written = [outcomes[0], outcomes[2], outcomes[3]].map((outcome) => (outcome as { value: { position: string } }).value.position);
    await untilReadable(store, written.reduce((last, position) => (position > last ? position : last), START));
    expect((await store.readStream(streams[1]!)).events).toEqual([]);
    const { events } = await store.readAll(START);
    // After the stored event: the three others, each at the position it was told. (Appends to
    // different streams made at once have no order among them: the rest of a group is written
    // again after the refused one, in whichever order the store gathers them.)
    const others = new Map(events.slice(1).map((event) => [event.streamId, event.position]));
    expect(others).toEqual(new Map([streams[0], streams[2], streams[3]].map((stream, index) => [stream, written[index]])));
  });

  it('appends to one stream made at once are never raced: each gets the next version, in the order made, whichever group writes it', async () => {
    const store = await openStore({ maxInFlight: 2 });
    const shared = streamName('shared');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        index % 2 === 0 ? store.append(shared, [newEvent('Shared', { index })]) : store.append(streamName('elsewhere'), [newEvent('Elsewhere', { index })], { expectedVersion: 'no_stream' }),
      ),
    );
    expect([results[0], results[2], results[4]].map((result) => result!.nextExpectedVersion)).toEqual([0, 1, 2]);
    await untilReadable(store, results.reduce((last, result) => (result.position > last ? result.position : last), START));
    const { events } = await store.readStream(shared);
    expect(events.map((event) => (event.data as { index: number }).index)).toEqual([0, 2, 4]);
    // Positions follow the stream's versions (one transaction after another).
    expect(events.map((event) => event.position)).toEqual([results[0], results[2], results[4]].map((result) => result!.position));
    expect(events[0]!.position < events[1]!.position && events[1]!.position < events[2]!.position).toBe(true);
  });

  it('an append with an expected version of any on a stream that exists goes in the group, on top of the stream', async () => {
    const store = await openStore();
    const contested = streamName('contested');
    await store.append(contested, [newEvent('First')]);
    const results = await Promise.all([store.append(contested, [newEvent('Any')], { expectedVersion: 'any' }), store.append(streamName('bystander'), [newEvent('Bystander')])]);
    expect(results[0]!.nextExpectedVersion).toBe(1);
    expect(transactionOf(results[0]!.position)).toBe(transactionOf(results[1]!.position));
  });

  it('appends leave every connection committing durably: only the separate NOTIFY commits without waiting for the flush, in its own transaction (ADR 113)', async () => {
    const { url } = await testDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    cleanups.push(() => pool.end());
    const store = await createPostgresEventStore({ pool, schema: await createMigratedSchema(url, 'gc'), groupCommit: { maxInFlight: 1 } });
    cleanups.push(() => store.close());
    // A group (its NOTIFY inside its statement), then a lone append (its NOTIFY a statement of its own, ADR 093).
    const grouped = await Promise.all([0, 1, 2].map(() => store.append(streamName('grouped'), [newEvent('Grouped')], { expectedVersion: 'no_stream' })));
    expect(new Set(grouped.map((result) => transactionOf(result.position))).size).toBe(1);
    await store.append(streamName('alone'), [newEvent('Alone')], { expectedVersion: 'no_stream' });
    // Every connection of the pool, once each is free (the lone append's NOTIFY included).
    const clients = await Promise.all([0, 1, 2].map(() => pool.connect()));
    try {
      const settings = await Promise.all(clients.map(async (client) => (await client.query<{ setting: string }>("SELECT current_setting('synchronous_commit') AS setting")).rows[0]!.setting));
      expect(settings).toEqual(['on', 'on', 'on']);
    } finally {
      for (const client of clients) client.release();
    }
  });
});
