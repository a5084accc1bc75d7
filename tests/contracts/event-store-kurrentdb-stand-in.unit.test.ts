/**
 * The KurrentDB adapter's own logic (positions, paging, filters, batches, errors, wake-ups) run
 * through the event-store contract against an in-memory stand-in of the client
 * (tests/support/kurrentdb-stand-in.ts), on machines without a KurrentDB server (ADR 075). It is
 * not KurrentDB: event-store-kurrentdb.int.test.ts runs the same contract on a real server.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { START, WrongExpectedVersionError } from '@hireloop/platform/event-store';
import { createKurrentDbEventStore } from '@hireloop/platform/event-store/kurrentdb';
import { createMemoryOutboxStore } from '@hireloop/platform/outbox';
import { createKurrentDbStandIn } from '../support/kurrentdb-stand-in';
import { eventStoreContract, newEvent, readEverything, streamName, type EventStoreFactory } from './event-store.contract';

const open = async (namespace?: string) => {
  const client = createKurrentDbStandIn();
  const outbox = createMemoryOutboxStore();
  const store = await createKurrentDbEventStore({ connectionString: 'kurrentdb://stand-in:2113?tls=false', client, outbox, pollIntervalMs: 50, ...(namespace === undefined ? {} : { namespace }) });
  return { client, outbox, store };
};

const withoutNamespace: EventStoreFactory = async () => {
  const { store, outbox } = await open();
  return { store, outbox, teardown: () => store.close() };
};
const withNamespace: EventStoreFactory = async () => {
  const { store, outbox } = await open(`t${randomUUID().replaceAll('-', '')}-`);
  return { store, outbox, teardown: () => store.close() };
};

describe('kurrentdb adapter on a stand-in of the client', () => {
  // The server-side event-type filter (a deployment of its own) and the stream-prefix one (tests, shared servers).
  eventStoreContract('kurrentdb stand-in, no namespace', withoutNamespace, { eventIdsUniqueAcrossStreams: false });
  eventStoreContract('kurrentdb stand-in, namespaced', withNamespace, { eventIdsUniqueAcrossStreams: false });

  it('reads a multi-stream append in request order, with positions where events of one write share a commit position', async () => {
    const { store, client } = await open();
    const [a, b] = [streamName('a'), streamName('b')];
    const results = await store.appendToStreams([
      { streamId: a, events: [newEvent('A1'), newEvent('A2')], expectedVersion: 'no_stream' },
      { streamId: b, events: [newEvent('B1')], expectedVersion: 'no_stream' },
    ]);
    expect(client.calls.multiStreamAppend).toBe(1);
    const { events } = await readEverything(store);
    const commits = new Set(events.map((event) => event.position.split('.')[0]));
    expect(commits.size).toBe(1);
    expect(events.map((event) => event.type)).toEqual(['A1', 'A2', 'B1']);
    expect(results.map((result) => result.position)).toEqual([events[1]!.position, events[2]!.position]);
    await store.close();
  });

  it('checks the expected version of a stream given no events, and sends only the streams written', async () => {
    const { store, client } = await open();
    const [checkedOnly, a, b] = [streamName('checked'), streamName('a'), streamName('b')];
    await store.append(checkedOnly, [newEvent('Existing')]);
    await expect(
      store.appendToStreams([{ streamId: checkedOnly, events: [], expectedVersion: 'no_stream' }, { streamId: a, events: [newEvent('A')] }, { streamId: b, events: [newEvent('B')] }]),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(client.calls.multiStreamAppend).toBeUndefined();
    const results = await store.appendToStreams([{ streamId: checkedOnly, events: [], expectedVersion: 0 }, { streamId: a, events: [newEvent('A')] }, { streamId: b, events: [newEvent('B')] }]);
    expect(client.calls.multiStreamAppend).toBe(1);
    expect(results.map((result) => result.nextExpectedVersion)).toEqual([0, 0, 0]);
    expect((await readEverything(store)).events.map((event) => event.type)).toEqual(['Existing', 'A', 'B']);
    await store.close();
  });

  it('answers an expected version below -1 with a conflict, without sending it (KurrentDB reads -2 as "any")', async () => {
    const { store, client } = await open();
    const streamId = streamName();
    await store.append(streamId, [newEvent('A')]);
    const appends = client.calls.appendToStream;
    await expect(store.append(streamId, [newEvent('B')], { expectedVersion: -2 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(client.calls.appendToStream).toBe(appends);
    expect((await store.readStream(streamId)).version).toBe(0);
    await store.close();
  });

  it('reads a log that holds only KurrentDB\'s own system events as empty', async () => {
    const plain = await open();
    expect(await plain.store.readAll(START)).toEqual({ events: [], nextPosition: START });
    expect(await plain.store.headPosition()).toBe(START);
    await plain.store.close();
  });

  it('writes outbox messages only after the events are committed, and reports a write that fails then', async () => {
    const client = createKurrentDbStandIn();
    const failures: unknown[] = [];
    const outbox = { ...createMemoryOutboxStore(), add: () => Promise.reject(new Error('outbox database away')) };
    const store = await createKurrentDbEventStore({ connectionString: 'kurrentdb://stand-in:2113', client, outbox, onOutboxError: (error) => failures.push(error) });
    const streamId = streamName();
    const result = await store.append(streamId, [newEvent('Invited')], { outbox: [{ key: 'k', topic: 'mail.send', payload: { to: 'a@example.com' } }] });
    expect(result.nextExpectedVersion).toBe(0);
    expect(failures).toEqual([new Error('outbox database away')]);
    expect((await store.readStream(streamId)).version).toBe(0);
    await store.close();
  });
});
