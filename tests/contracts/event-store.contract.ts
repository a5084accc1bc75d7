import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  comparePositions,
  isPosition,
  START,
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '@hireloop/platform/event-store';
import type { OutboxMessage, OutboxStore, PendingOutboxMessage } from '@hireloop/platform/outbox';

/** An append whose transaction is still open: the events are written but not committed. */
export interface HeldAppend {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export type HoldOpenAppend = (streamId: string, events: readonly NewEvent[]) => Promise<HeldAppend>;

export interface EventStoreFixture {
  /** A store with no events in it. */
  store: EventStore;
  /** Where the outbox messages appended with events wait (ADR 053). */
  outbox: OutboxStore;
  teardown(): Promise<void>;
  /** Adapters with transactions can write events and commit them later (gap-safety tests). */
  holdOpenAppend?: HoldOpenAppend;
}

export type EventStoreFactory = () => Promise<EventStoreFixture>;

// ---------------------------------------------------------------------------------------------
// Helpers

export const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  eventId: randomUUID(),
  occurredAt: new Date().toISOString(),
  actor: 'system',
  correlationId: randomUUID(),
  causationId: null,
  schemaVersion: 1,
  ...overrides,
});

export const newEvent = (type: string, data: unknown = {}, overrides: Partial<EventMetadata> = {}): NewEvent => ({
  type,
  data,
  metadata: metadata(overrides),
});

export const streamName = (prefix = 'stream'): string => `${prefix}-${randomUUID()}`;

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Waits until `readAll` can see everything up to `position` (a position returned by `append`).
 * Gap-safe adapters hold back events while any older transaction is still open (in PostgreSQL:
 * any transaction in the cluster, e.g. another test file creating its database), so an event is
 * visible soon after its append returns, not necessarily at once.
 */
export async function untilReadable(store: EventStore, position: Position, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await store.headPosition()) < position) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for position ${position} to become readable`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the whole visible log with a small batch size. */
export async function readEverything(store: EventStore, from: Position = START): Promise<{ events: RecordedEvent[]; position: Position }> {
  const events: RecordedEvent[] = [];
  let position = from;
  for (;;) {
    const batch = await store.readAll(position, { batchSize: 3 });
    events.push(...batch.events);
    position = batch.nextPosition;
    if (batch.events.length < 3) return { events, position };
  }
}

const ids = (events: readonly { metadata: EventMetadata }[]): string[] => events.map((event) => event.metadata.eventId);

async function expectConflict(promise: Promise<unknown>, expected: { streamId: string; actual: number }): Promise<void> {
  const error: unknown = await promise.then(
    () => new Error('expected a WrongExpectedVersionError, but the append succeeded'),
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  if (!(error instanceof WrongExpectedVersionError)) return;
  expect(error.streamId).toBe(expected.streamId);
  expect(error.actual).toBe(expected.actual);
}

// ---------------------------------------------------------------------------------------------
// The contract every adapter must honour

/** What an adapter's store does not promise, each named in its ADR (the tests it skips say so). */
export interface EventStoreContractOptions {
  /**
   * false: an event id is unique within its stream only. KurrentDB's idempotence is per stream
   * (the same id appended again to the same stream is taken as the retry it is); it does not
   * refuse an id another stream already holds (ADR 075).
   */
  eventIdsUniqueAcrossStreams?: boolean;
}

export function eventStoreContract(name: string, factory: EventStoreFactory, contractOptions: EventStoreContractOptions = {}): void {
  describe(`${name} event store`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;

    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
    });

    afterEach(async () => {
      await fixture.teardown();
    });

    describe('outbox messages appended with events (ADR 053)', () => {
      const mail = (key: string): OutboxMessage => ({ key, topic: 'mail.send', payload: { to: `${key}@example.com`, subject: 'Hello', text: 'Hi' } });
      /** Takes every due message, as a relay does, recording each; `outcome` decides what becomes of it. */
      const drain = async (outcome: (message: PendingOutboxMessage) => 'done' | 'retry' = () => 'done') => {
        const seen: PendingOutboxMessage[] = [];
        while (
          await fixture.outbox.deliverNext(async (message) => {
            seen.push(message);
            return outcome(message) === 'done' ? { done: true } : { done: false, retryAt: new Date(Date.now() + 60_000), error: 'SMTP away' };
          })
        );
        return seen;
      };

      it('keeps the messages of an append, with their events, until they are delivered', async () => {
        await store.append(streamName(), [newEvent('Invited')], { expectedVersion: 'no_stream', outbox: [mail('a'), mail('b')] });
        expect(await fixture.outbox.pending()).toBe(2);
        expect(await drain()).toEqual([
          { ...mail('a'), attempts: 0 },
          { ...mail('b'), attempts: 0 },
        ]);
        expect(await fixture.outbox.pending()).toBe(0);
        expect(await drain()).toEqual([]);
      });

      it('keeps no message of an append that is rejected, and none of a multi-stream append that fails', async () => {
        const stream = streamName();
        await store.append(stream, [newEvent('Created')]);
        await expect(store.append(stream, [newEvent('Again')], { expectedVersion: 'no_stream', outbox: [mail('lost')] })).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await expect(
          store.appendToStreams([{ streamId: streamName(), events: [newEvent('A')] }, { streamId: stream, events: [newEvent('B')], expectedVersion: 5 }], { outbox: [mail('lost-too')] }),
        ).rejects.toBeInstanceOf(WrongExpectedVersionError);
        expect(await fixture.outbox.pending()).toBe(0);
      });

      it('keeps the messages of a multi-stream append, and a key already waiting once', async () => {
        await store.appendToStreams([{ streamId: streamName(), events: [newEvent('A')] }, { streamId: streamName(), events: [newEvent('B')] }], { outbox: [mail('one'), mail('one')] });
        await store.append(streamName(), [newEvent('C')], { outbox: [mail('one')] });
        expect((await drain()).map((message) => message.key)).toEqual(['one']);
      });

      it('keeps a message whose delivery failed, counting the attempt, until it is due again', async () => {
        await store.append(streamName(), [newEvent('Invited')], { outbox: [mail('later')] });
        expect(await drain(() => 'retry')).toEqual([{ ...mail('later'), attempts: 0 }]);
        // Not due for a minute: nothing to take now, and it is still there.
        expect(await drain()).toEqual([]);
        expect(await fixture.outbox.pending()).toBe(1);
      });

      it('forgets an address: its waiting mails go, due or waiting for a retry, and other mails read it as erased (ADR 061)', async () => {
        const toAda = (key: string): OutboxMessage => ({ key, topic: 'mail.send', payload: { to: 'Ada@Example.com', subject: 'For Ada', text: 'Your link: https://x.test/reset/SECRET' } });
        const aboutAda: OutboxMessage = { key: 'about', topic: 'mail.send', payload: { to: 'bo@example.com', subject: 'Hello', text: 'Write to ada@example.com', attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'ORGANIZER:mailto:ADA@example.com' }] } };
        await store.append(streamName(), [newEvent('Invited')], { outbox: [toAda('retrying')] });
        expect(await drain(() => 'retry')).toHaveLength(1);
        await store.append(streamName(), [newEvent('Invited')], { outbox: [toAda('due'), aboutAda, mail('other')] });
        expect(await fixture.outbox.forget('ada@example.com')).toBe(2);
        expect(await fixture.outbox.pending()).toBe(2);
        expect(await drain()).toEqual([
          {
            key: 'about',
            topic: 'mail.send',
            payload: { to: 'bo@example.com', subject: 'Hello', text: 'Write to [erased]', attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'ORGANIZER:mailto:[erased]' }] },
            attempts: 0,
          },
          { ...mail('other'), attempts: 0 },
        ]);
        expect(await fixture.outbox.forget('ada@example.com')).toBe(0);
      });

      it('tells a relay in this process at once when messages are added', async () => {
        let added = 0;
        const stop = fixture.outbox.onAdded(() => added++);
        await store.append(streamName(), [newEvent('Invited')], { outbox: [mail('x')] });
        await store.append(streamName(), [newEvent('Other')]);
        stop();
        expect(added).toBe(1);
      });
    });

    describe('append and expected versions', () => {
      it('appends to a new stream with no_stream and reports version 0 for one event', async () => {
        const streamId = streamName();
        const result = await store.append(streamId, [newEvent('Created')], { expectedVersion: 'no_stream' });
        expect(result.nextExpectedVersion).toBe(0);
        expect(isPosition(result.position)).toBe(true);
        expect(result.position > START).toBe(true);
        const read = await store.readStream(streamId);
        expect(read.version).toBe(0);
        expect(read.events.map((event) => event.type)).toEqual(['Created']);
      });

      it('gives the events of one append consecutive stream versions', async () => {
        const streamId = streamName();
        const first = await store.append(streamId, [newEvent('A'), newEvent('B')], { expectedVersion: 'no_stream' });
        expect(first.nextExpectedVersion).toBe(1);
        const second = await store.append(streamId, [newEvent('C'), newEvent('D'), newEvent('E')], { expectedVersion: 1 });
        expect(second.nextExpectedVersion).toBe(4);
        const read = await store.readStream(streamId);
        expect(read.events.map((event) => [event.type, event.streamVersion])).toEqual([
          ['A', 0],
          ['B', 1],
          ['C', 2],
          ['D', 3],
          ['E', 4],
        ]);
        expect(read.version).toBe(4);
      });

      it('rejects no_stream when the stream already exists', async () => {
        const streamId = streamName();
        await store.append(streamId, [newEvent('Created')], { expectedVersion: 'no_stream' });
        await expectConflict(store.append(streamId, [newEvent('Created')], { expectedVersion: 'no_stream' }), {
          streamId,
          actual: 0,
        });
      });

      it('accepts the exact current version and rejects any other version', async () => {
        const streamId = streamName();
        await store.append(streamId, [newEvent('A'), newEvent('B')], { expectedVersion: 'no_stream' });
        await expectConflict(store.append(streamId, [newEvent('C')], { expectedVersion: 0 }), { streamId, actual: 1 });
        await expectConflict(store.append(streamId, [newEvent('C')], { expectedVersion: 2 }), { streamId, actual: 1 });
        await expectConflict(store.append(streamId, [newEvent('C')], { expectedVersion: -1 }), { streamId, actual: 1 });
        const result = await store.append(streamId, [newEvent('C')], { expectedVersion: 1 });
        expect(result.nextExpectedVersion).toBe(2);
      });

      it('keeps counting versions past 9 when appending one event at a time (numeric, not text, order)', async () => {
        const streamId = streamName();
        for (let version = 0; version < 12; version++) {
          const result = await store.append(streamId, [newEvent('Step', { version })], { expectedVersion: version === 0 ? 'no_stream' : version - 1 });
          expect(result.nextExpectedVersion).toBe(version);
        }
        const any = await store.append(streamId, [newEvent('Step', { version: 12 })]);
        expect(any.nextExpectedVersion).toBe(12);
        const { events, version } = await store.readStream(streamId);
        expect(version).toBe(12);
        expect(events.map((e) => e.streamVersion)).toEqual(Array.from({ length: 13 }, (_, i) => i));
      });

      it('rejects an exact version for a stream that does not exist', async () => {
        const streamId = streamName();
        await expectConflict(store.append(streamId, [newEvent('A')], { expectedVersion: 0 }), { streamId, actual: -1 });
        expect(await store.readStream(streamId)).toEqual({ events: [], version: -1 });
      });

      it("appends with 'any' (and with no expected version) to new and existing streams", async () => {
        const streamId = streamName();
        expect((await store.append(streamId, [newEvent('A')], { expectedVersion: 'any' })).nextExpectedVersion).toBe(0);
        expect((await store.append(streamId, [newEvent('B')], { expectedVersion: 'any' })).nextExpectedVersion).toBe(1);
        expect((await store.append(streamId, [newEvent('C')])).nextExpectedVersion).toBe(2);
        expect((await store.readStream(streamId)).events.map((event) => event.type)).toEqual(['A', 'B', 'C']);
      });

      it('writes nothing when an append is rejected', async () => {
        const streamId = streamName();
        const { position } = await store.append(streamId, [newEvent('A')], { expectedVersion: 'no_stream' });
        await expect(store.append(streamId, [newEvent('B'), newEvent('C')], { expectedVersion: 5 })).rejects.toThrow(
          WrongExpectedVersionError,
        );
        expect((await store.readStream(streamId)).events.map((event) => event.type)).toEqual(['A']);
        await untilReadable(store, position);
        expect((await store.readAll(START)).events.map((event) => event.type)).toEqual(['A']);
      });

      it.skipIf(contractOptions.eventIdsUniqueAcrossStreams === false)('refuses to store the same event id twice', async () => {
        const duplicate = newEvent('A');
        const { position } = await store.append(streamName(), [duplicate]);
        await expect(store.append(streamName(), [newEvent('B'), duplicate])).rejects.toThrow();
        await untilReadable(store, position);
        expect((await store.readAll(START)).events.map((event) => event.type)).toEqual(['A']);
      });

      it('lets exactly one of ten concurrent appends at the same expected version succeed', async () => {
        const streamId = streamName();
        await store.append(streamId, [newEvent('Created')], { expectedVersion: 'no_stream' });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, (_, index) =>
            store.append(streamId, [newEvent('Raced', { index }), newEvent('AlsoRaced', { index })], { expectedVersion: 0 }),
          ),
        );
        const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(9);
        for (const loser of losers) expect(loser).toBeInstanceOf(WrongExpectedVersionError);
        const read = await store.readStream(streamId);
        expect(read.version).toBe(2);
        expect(read.events.map((event) => event.streamVersion)).toEqual([0, 1, 2]);
        // Both events of the winner, and only them.
        expect(new Set(read.events.slice(1).map((event) => JSON.stringify(event.data))).size).toBe(1);
      });

      it('lets concurrent no_stream appends create a stream only once', async () => {
        const streamId = streamName();
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, () => store.append(streamId, [newEvent('Created')], { expectedVersion: 'no_stream' })),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(WrongExpectedVersionError);
        }
        expect((await store.readStream(streamId)).version).toBe(0);
      });

      it("lets concurrent appends with 'any' all succeed with distinct versions", async () => {
        const streamId = streamName();
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, index) => store.append(streamId, [newEvent('Any', { index })], { expectedVersion: 'any' })),
        );
        expect(results.map((result) => result.nextExpectedVersion).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        const read = await store.readStream(streamId);
        expect(read.events.map((event) => event.streamVersion)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      });
    });

    describe('concurrent appends to different streams (group commit, ADR 076)', () => {
      it('fails only the append whose expected version does not hold; the others are written', async () => {
        const taken = streamName('taken');
        await store.append(taken, [newEvent('Existing')], { expectedVersion: 'no_stream' });
        const others = Array.from({ length: 6 }, () => streamName('other'));
        const [conflict, ...outcomes] = await Promise.allSettled([
          store.append(taken, [newEvent('Conflicting')], { expectedVersion: 'no_stream' }),
          ...others.map((streamId, index) => store.append(streamId, [newEvent('Own', { index }), newEvent('Own2', { index })], { expectedVersion: 'no_stream' })),
        ]);
        expect(conflict!.status).toBe('rejected');
        await expectConflict(Promise.reject((conflict as PromiseRejectedResult).reason), { streamId: taken, actual: 0 });
        for (const outcome of outcomes) {
          expect(outcome.status).toBe('fulfilled');
          if (outcome.status === 'fulfilled') expect(outcome.value.nextExpectedVersion).toBe(1);
        }
        for (const streamId of others) expect((await store.readStream(streamId)).events.map((event) => event.type)).toEqual(['Own', 'Own2']);
        expect((await store.readStream(taken)).events.map((event) => event.type)).toEqual(['Existing']);
        const last = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.position] : [])).sort(comparePositions).at(-1)!;
        await untilReadable(store, last);
        const { events } = await readEverything(store);
        expect(events.filter((event) => event.streamId === taken)).toHaveLength(1);
        expect(events).toHaveLength(1 + 2 * others.length);
      });

      it('writes a multi-stream append whole or not at all among concurrent appends', async () => {
        const [fresh, taken, a, b, c] = ['fresh', 'taken', 'a', 'b', 'c'].map((prefix) => streamName(prefix)) as [string, string, string, string, string];
        await store.append(taken, [newEvent('Existing')], { expectedVersion: 'no_stream' });
        const [refused, together, single] = await Promise.allSettled([
          store.appendToStreams([
            { streamId: fresh, events: [newEvent('ShouldNotExist')], expectedVersion: 'no_stream' },
            { streamId: taken, events: [newEvent('Conflicting')], expectedVersion: 'no_stream' },
          ]),
          store.appendToStreams([
            { streamId: a, events: [newEvent('A1'), newEvent('A2')], expectedVersion: 'no_stream' },
            { streamId: b, events: [newEvent('B1')], expectedVersion: 'no_stream' },
          ]),
          store.append(c, [newEvent('C1')], { expectedVersion: 'no_stream' }),
        ]);
        expect(refused!.status).toBe('rejected');
        await expectConflict(Promise.reject((refused as PromiseRejectedResult).reason), { streamId: taken, actual: 0 });
        expect((await store.readStream(fresh)).version).toBe(-1);
        expect(together!.status).toBe('fulfilled');
        if (together!.status === 'fulfilled') {
          expect(together!.value.map((result) => result.nextExpectedVersion)).toEqual([1, 0]);
          expect(comparePositions(together!.value[0]!.position, together!.value[1]!.position)).toBeLessThan(0);
        }
        expect(single!.status).toBe('fulfilled');
        expect((await store.readStream(a)).events.map((event) => event.type)).toEqual(['A1', 'A2']);
        expect((await store.readStream(b)).events.map((event) => event.type)).toEqual(['B1']);
      });

      it.skipIf(contractOptions.eventIdsUniqueAcrossStreams === false)('fails only the append that repeats a stored event id', async () => {
        const stored = newEvent('Stored');
        await store.append(streamName(), [stored]);
        const [again, ...outcomes] = await Promise.allSettled([
          store.append(streamName(), [newEvent('Fresh'), stored]),
          ...Array.from({ length: 4 }, () => store.append(streamName(), [newEvent('Fine')], { expectedVersion: 'no_stream' })),
        ]);
        expect(again!.status).toBe('rejected');
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      });

      it('lets appends racing on one stream, among appends to other streams, keep their expected versions', async () => {
        const raced = streamName('raced');
        await store.append(raced, [newEvent('Created')], { expectedVersion: 'no_stream' });
        const others = Array.from({ length: 5 }, () => streamName('other'));
        const [exact, anyVersion, bystanders] = await Promise.all([
          Promise.allSettled(Array.from({ length: 6 }, (_, index) => store.append(raced, [newEvent('Exact', { index })], { expectedVersion: 0 }))),
          Promise.all(Array.from({ length: 4 }, (_, index) => store.append(raced, [newEvent('Any', { index })], { expectedVersion: 'any' }))),
          Promise.all(others.map((streamId) => store.append(streamId, [newEvent('Other')], { expectedVersion: 'no_stream' }))),
        ]);
        for (const outcome of exact) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(WrongExpectedVersionError);
        const read = await store.readStream(raced);
        // Every 'any' append and at most one exact append at version 0 (none when an 'any' append got there first) were written, with no gap in the versions.
        const exactWinners = exact.filter((outcome) => outcome.status === 'fulfilled').length;
        expect(exactWinners).toBeLessThanOrEqual(1);
        expect(read.events.map((event) => event.streamVersion)).toEqual(Array.from({ length: 1 + 4 + exactWinners }, (_, version) => version));
        expect(read.events.filter((event) => event.type === 'Any')).toHaveLength(4);
        if (exactWinners === 1) expect(read.events[1]!.type).toBe('Exact');
        expect(new Set(anyVersion.map((result) => result.nextExpectedVersion)).size).toBe(4);
        expect(bystanders.map((result) => result.nextExpectedVersion)).toEqual([0, 0, 0, 0, 0]);
      });
    });

    describe('appends to several streams at once', () => {
      it('writes every stream of a multi-stream append, in order, with positions readAll agrees with', async () => {
        const [a, b] = [streamName('a'), streamName('b')];
        const results = await store.appendToStreams([
          { streamId: a, events: [newEvent('A1'), newEvent('A2')], expectedVersion: 'no_stream' },
          { streamId: b, events: [newEvent('B1')], expectedVersion: 'no_stream' },
        ]);
        expect(results.map((result) => result.nextExpectedVersion)).toEqual([1, 0]);
        expect(comparePositions(results[0]!.position, results[1]!.position)).toBeLessThan(0);
        await untilReadable(store, results[1]!.position);
        const { events } = await readEverything(store);
        expect(events.map((event) => event.type)).toEqual(['A1', 'A2', 'B1']);
        expect(events.at(-1)!.position).toBe(results[1]!.position);
      });

      it('writes nothing to any stream when one expected version does not hold', async () => {
        const [fresh, taken] = [streamName('fresh'), streamName('taken')];
        await store.append(taken, [newEvent('Existing')], { expectedVersion: 'no_stream' });
        const failure = await store
          .appendToStreams([
            { streamId: fresh, events: [newEvent('ShouldNotExist')], expectedVersion: 'no_stream' },
            { streamId: taken, events: [newEvent('Conflicting')], expectedVersion: 'no_stream' },
          ])
          .catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(WrongExpectedVersionError);
        expect((failure as WrongExpectedVersionError).streamId).toBe(taken);
        expect((await store.readStream(fresh)).version).toBe(-1);
        expect((await store.readStream(taken)).events.map((event) => event.type)).toEqual(['Existing']);
      });

      it('lets exactly one of two racing multi-stream appends that share a stream succeed', async () => {
        const shared = streamName('shared');
        const outcomes = await Promise.allSettled(
          [1, 2].map((n) =>
            store.appendToStreams([
              { streamId: streamName(`own${n}`), events: [newEvent('Own')], expectedVersion: 'no_stream' },
              { streamId: shared, events: [newEvent('Shared', { n })], expectedVersion: 'no_stream' },
            ]),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        expect((await store.readStream(shared)).events).toHaveLength(1);
      });
    });

    describe('readStream', () => {
      it("returns a stream's events in order with their type, data, metadata and store fields", async () => {
        const streamId = streamName();
        const events = [newEvent('Opened', { title: 'Engineer', tags: ['a', 'b'] }), newEvent('Renamed', { title: 'Élève ✓' })];
        const before = Date.now();
        await store.append(streamId, events, { expectedVersion: 'no_stream' });
        const read = await store.readStream(streamId);
        expect(read.events).toHaveLength(2);
        read.events.forEach((event, index) => {
          expect(event.type).toBe(events[index]!.type);
          expect(event.data).toEqual(events[index]!.data);
          expect(event.metadata).toEqual(events[index]!.metadata);
          expect(event.streamId).toBe(streamId);
          expect(event.streamVersion).toBe(index);
          expect(isPosition(event.position)).toBe(true);
          expect(new Date(event.recordedAt).toISOString()).toBe(event.recordedAt);
          expect(Date.parse(event.recordedAt)).toBeGreaterThanOrEqual(before - 5_000);
        });
        expect(read.events[0]!.position < read.events[1]!.position).toBe(true);
      });

      it('reads from a version on, and still reports the current version', async () => {
        const streamId = streamName();
        await store.append(streamId, [newEvent('A'), newEvent('B'), newEvent('C')], { expectedVersion: 'no_stream' });
        const fromOne = await store.readStream(streamId, { fromVersion: 1 });
        expect(fromOne.events.map((event) => event.type)).toEqual(['B', 'C']);
        expect(fromOne.version).toBe(2);
        const pastTheEnd = await store.readStream(streamId, { fromVersion: 3 });
        expect(pastTheEnd).toEqual({ events: [], version: 2 });
      });

      it('reads a missing stream as no events and version -1', async () => {
        await store.append(streamName(), [newEvent('Elsewhere')]);
        expect(await store.readStream(streamName())).toEqual({ events: [], version: -1 });
      });

      it('keeps streams apart', async () => {
        const left = streamName('left');
        const right = streamName('right');
        await store.append(left, [newEvent('L1')]);
        await store.append(right, [newEvent('R1')]);
        await store.append(left, [newEvent('L2')]);
        expect((await store.readStream(left)).events.map((event) => [event.type, event.streamVersion])).toEqual([
          ['L1', 0],
          ['L2', 1],
        ]);
        expect((await store.readStream(right)).events.map((event) => [event.type, event.streamVersion])).toEqual([['R1', 0]]);
      });

      it('round-trips metadata: user and system actors, causation ids, schema versions', async () => {
        const streamId = streamName();
        const byUser = newEvent('ByUser', { nested: { deep: [1, 2.5, null, true, 'x'] } }, {
          actor: { userId: randomUUID(), role: 'recruiter' },
          causationId: randomUUID(),
          schemaVersion: 3,
        });
        const bySystem = newEvent('BySystem', null, { actor: 'system', causationId: null });
        const { position } = await store.append(streamId, [byUser, bySystem]);
        const [first, second] = (await store.readStream(streamId)).events;
        expect(first!.metadata).toEqual(byUser.metadata);
        expect(first!.data).toEqual({ nested: { deep: [1, 2.5, null, true, 'x'] } });
        expect(second!.metadata).toEqual(bySystem.metadata);
        expect(second!.metadata.causationId).toBeNull();
        expect(second!.data).toBeNull();
        await untilReadable(store, position);
        const [viaLog] = (await store.readAll(START, { eventTypes: ['ByUser'] })).events;
        expect(viaLog!.metadata).toEqual(byUser.metadata);
      });
    });

    describe('readAll and positions', () => {
      async function appendSix(): Promise<string[]> {
        const a = streamName('a');
        const b = streamName('b');
        const events = [
          [a, newEvent('Opened')],
          [b, newEvent('Opened')],
          [a, newEvent('Closed')],
          [b, newEvent('Noted')],
          [a, newEvent('Noted')],
          [b, newEvent('Closed')],
        ] as const;
        let position = START;
        for (const [streamId, event] of events) ({ position } = await store.append(streamId, [event]));
        await untilReadable(store, position);
        return ids(events.map(([, event]) => event));
      }

      it('returns an empty log from START with START as the next position', async () => {
        expect(await store.readAll(START)).toEqual({ events: [], nextPosition: START });
        expect(await store.headPosition()).toBe(START);
      });

      it('returns every event in append order from START', async () => {
        const expected = await appendSix();
        const all = await store.readAll(START);
        expect(ids(all.events)).toEqual(expected);
        expect(all.nextPosition).toBe(all.events.at(-1)!.position);
      });

      it('returns only the events after a position taken from the middle of the log', async () => {
        const expected = await appendSix();
        const all = await store.readAll(START);
        const middle = all.events[2]!.position;
        const rest = await store.readAll(middle);
        expect(ids(rest.events)).toEqual(expected.slice(3));
        const atEnd = await store.readAll(all.nextPosition);
        expect(atEnd).toEqual({ events: [], nextPosition: all.nextPosition });
      });

      it('pages with batchSize and nextPosition without skipping or repeating events', async () => {
        const expected = await appendSix();
        const first = await store.readAll(START, { batchSize: 4 });
        expect(ids(first.events)).toEqual(expected.slice(0, 4));
        expect(first.nextPosition).toBe(first.events[3]!.position);
        const second = await store.readAll(first.nextPosition, { batchSize: 4 });
        expect(ids(second.events)).toEqual(expected.slice(4));
        const third = await store.readAll(second.nextPosition, { batchSize: 4 });
        expect(third.events).toEqual([]);
        expect(third.nextPosition).toBe(second.nextPosition);
        expect(ids((await readEverything(store)).events)).toEqual(expected);
      });

      it('filters by event type, and its nextPosition lets the reader continue without missing events', async () => {
        const expected = await appendSix();
        const all = await store.readAll(START);
        const notes = await store.readAll(START, { eventTypes: ['Noted', 'Closed'] });
        expect(ids(notes.events)).toEqual([expected[2], expected[3], expected[4], expected[5]]);
        expect(notes.events.every((event) => event.type === 'Noted' || event.type === 'Closed')).toBe(true);
        expect(notes.nextPosition).toBe(all.nextPosition);

        const paged: RecordedEvent[] = [];
        let position = START;
        for (let round = 0; round < 10; round++) {
          const batch = await store.readAll(position, { eventTypes: ['Opened'], batchSize: 1 });
          paged.push(...batch.events);
          expect(batch.nextPosition >= position).toBe(true);
          if (batch.events.length === 0) break;
          position = batch.nextPosition;
        }
        expect(ids(paged)).toEqual([expected[0], expected[1]]);

        const later = newEvent('Opened');
        await untilReadable(store, (await store.append(streamName(), [later])).position);
        const afterFilter = await store.readAll(notes.nextPosition, { eventTypes: ['Opened'] });
        expect(ids(afterFilter.events)).toEqual([later.metadata.eventId]);
        expect(await store.readAll(START, { eventTypes: ['NoSuchType'] })).toMatchObject({ events: [] });
      });

      it('gives positions that strictly increase in readAll order and compare as plain strings', async () => {
        await appendSix();
        await untilReadable(store, (await store.append(streamName(), [newEvent('Batch'), newEvent('Batch'), newEvent('Batch')])).position);
        const { events } = await store.readAll(START);
        expect(events).toHaveLength(9);
        const positions = events.map((event) => event.position);
        for (const position of positions) {
          expect(isPosition(position)).toBe(true);
          expect(position > START).toBe(true);
        }
        for (let index = 1; index < positions.length; index++) {
          expect(positions[index - 1]! < positions[index]!).toBe(true);
          expect(comparePositions(positions[index - 1]!, positions[index]!)).toBe(-1);
        }
        expect([...positions].reverse().sort()).toEqual(positions);
        expect(new Set(positions).size).toBe(positions.length);
      });

      it('reports the position of the last written event from append, as readAll and headPosition see it', async () => {
        await store.append(streamName(), [newEvent('A')]);
        const result = await store.append(streamName(), [newEvent('B'), newEvent('C')]);
        await untilReadable(store, result.position);
        const { events, nextPosition } = await store.readAll(START);
        expect(events.at(-1)!.position).toBe(result.position);
        expect(nextPosition).toBe(result.position);
        expect(await store.headPosition()).toBe(result.position);
        expect(events[1]!.position < result.position).toBe(true);
      });
    });

    describe('subscribe', () => {
      it('delivers existing events, then newly appended ones, in order, until stop()', async () => {
        const expected = await Promise.all([newEvent('One'), newEvent('Two')].map(async (event) => {
          await store.append(streamName(), [event]);
          return event.metadata.eventId;
        }));
        const received: RecordedEvent[] = [];
        const positions: Position[] = [];
        const subscription = store.subscribe(START, async (events, nextPosition) => {
          received.push(...events);
          positions.push(nextPosition);
        });
        await waitFor(() => received.length === 2, 'the existing events');
        expect(ids(received)).toEqual(expected);

        const later = [newEvent('Three'), newEvent('Four')];
        await store.append(streamName(), [later[0]!]);
        await store.append(streamName(), [later[1]!]);
        await waitFor(() => received.length === 4, 'the new events');
        expect(ids(received)).toEqual([...expected, ...ids(later)]);
        expect(positions.at(-1)).toBe(received.at(-1)!.position);
        for (let index = 1; index < positions.length; index++) expect(positions[index - 1]! < positions[index]!).toBe(true);

        await subscription.stop();
        await store.append(streamName(), [newEvent('AfterStop')]);
        await delay(300);
        expect(received).toHaveLength(4);
      });

      it('with a type filter, tells the subscriber when the log moved on past other types only', async () => {
        const wanted = await store.append(streamName(), [newEvent('Wanted')]);
        const batches: Array<{ types: string[]; nextPosition: Position }> = [];
        const subscription = store.subscribe(START, async (events, nextPosition) => {
          batches.push({ types: events.map((event) => event.type), nextPosition });
        }, { eventTypes: ['Wanted'] });
        try {
          await waitFor(() => batches.some((batch) => batch.types.includes('Wanted')), 'the wanted event');
          expect(batches.find((batch) => batch.types.includes('Wanted'))!.nextPosition >= wanted.position).toBe(true);
          const other = await store.append(streamName(), [newEvent('Other')]);
          await waitFor(() => (batches.at(-1)?.nextPosition ?? START) >= other.position, 'the position past the other event');
          expect(batches.flatMap((batch) => batch.types)).toEqual(['Wanted']);
        } finally {
          await subscription.stop();
        }
      });

      it('delivers only the events after the position it starts from', async () => {
        await untilReadable(store, (await store.append(streamName(), [newEvent('Old')])).position);
        const from = await store.headPosition();
        const fresh = newEvent('New');
        const received: RecordedEvent[] = [];
        const subscription = store.subscribe(from, async (events) => {
          received.push(...events);
        });
        await store.append(streamName(), [fresh]);
        await waitFor(() => received.length >= 1, 'the new event');
        await delay(100);
        expect(ids(received)).toEqual([fresh.metadata.eventId]);
        await subscription.stop();
      });

      it('delivers only the subscribed event types', async () => {
        const wanted = newEvent('Wanted');
        const alsoWanted = newEvent('Wanted');
        await store.append(streamName(), [newEvent('Other'), wanted]);
        const received: RecordedEvent[] = [];
        const subscription = store.subscribe(START, async (events) => {
          received.push(...events);
        }, { eventTypes: ['Wanted'] });
        await store.append(streamName(), [newEvent('Other')]);
        await store.append(streamName(), [alsoWanted]);
        await waitFor(() => received.length >= 2, 'the wanted events');
        await delay(100);
        expect(ids(received)).toEqual([wanted.metadata.eventId, alsoWanted.metadata.eventId]);
        await subscription.stop();
      });

      it('delivers a long backlog in batches without skipping or repeating, one batch at a time', async () => {
        const expected: string[] = [];
        for (let round = 0; round < 5; round++) {
          const events = Array.from({ length: 5 }, () => newEvent('Backlog'));
          await store.append(streamName(), events);
          expected.push(...ids(events));
        }
        const received: RecordedEvent[] = [];
        let running = 0;
        let overlapped = false;
        const subscription = store.subscribe(START, async (events) => {
          running += 1;
          if (running > 1) overlapped = true;
          await delay(5);
          received.push(...events);
          running -= 1;
        }, { batchSize: 4 });
        await waitFor(() => received.length === expected.length, 'the backlog');
        expect(ids(received)).toEqual(expected);
        expect(overlapped).toBe(false);
        await subscription.stop();
      });

      it('resolves stop() only after the running handler has finished', async () => {
        let entered = false;
        let finished = false;
        let calls = 0;
        const subscription = store.subscribe(START, async () => {
          calls += 1;
          entered = true;
          await delay(200);
          finished = true;
        });
        await store.append(streamName(), [newEvent('Slow')]);
        await waitFor(() => entered, 'the handler to start');
        await subscription.stop();
        expect(finished).toBe(true);
        await store.append(streamName(), [newEvent('AfterStop')]);
        await delay(200);
        expect(calls).toBe(1);
      });

      it('stops and reports to onError when the handler throws', async () => {
        const failure = new Error('projection failed');
        const errors: unknown[] = [];
        let calls = 0;
        const subscription = store.subscribe(START, async () => {
          calls += 1;
          throw failure;
        }, { onError: (error) => errors.push(error) });
        await store.append(streamName(), [newEvent('Boom')]);
        await waitFor(() => errors.length === 1, 'the error report');
        expect(errors[0]).toBe(failure);
        await store.append(streamName(), [newEvent('AfterFailure')]);
        await delay(200);
        expect(calls).toBe(1);
        await subscription.stop();
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Gap safety: adapters whose appends are transactions must not let readers pass an event that
// is written but not yet committed.

export function eventStoreGapSafetyContract(name: string, factory: EventStoreFactory): void {
  describe(`${name} event store: events committed late`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;
    let holdOpenAppend: HoldOpenAppend;
    const held: HeldAppend[] = [];

    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
      if (!fixture.holdOpenAppend) throw new Error(`${name}: the gap-safety contract needs holdOpenAppend`);
      holdOpenAppend = fixture.holdOpenAppend;
    });

    afterEach(async () => {
      for (const append of held.splice(0)) await append.rollback().catch(() => {});
      await fixture.teardown();
    });

    const hold = async (streamId: string, events: readonly NewEvent[]): Promise<HeldAppend> => {
      const append = await holdOpenAppend(streamId, events);
      held.push(append);
      return append;
    };

    it('does not let readAll move past an open transaction, and returns its event once it commits', async () => {
      const early = newEvent('Early');
      await untilReadable(store, (await store.append(streamName(), [early])).position);
      const lateEvent = newEvent('Late');
      const late = await hold(streamName(), [lateEvent]);
      const after = [newEvent('After'), newEvent('After')];
      await store.append(streamName(), [after[0]!]);
      const { position: lastPosition } = await store.append(streamName(), [after[1]!]);

      // The later events are committed, but the late one could still appear before them.
      const before = await store.readAll(START);
      expect(ids(before.events)).toEqual([early.metadata.eventId]);
      expect(before.nextPosition).toBe(before.events[0]!.position);
      expect(await store.headPosition()).toBe(before.nextPosition);
      const filtered = await store.readAll(START, { eventTypes: ['After'] });
      expect(filtered.events).toEqual([]);
      expect(filtered.nextPosition <= before.nextPosition).toBe(true);

      await late.commit();
      await untilReadable(store, lastPosition);
      const all = await store.readAll(START);
      expect(ids(all.events)).toEqual([early.metadata.eventId, lateEvent.metadata.eventId, ...ids(after)]);
      // A reader that checkpointed before the commit continues with the late event.
      const resumed = await store.readAll(before.nextPosition);
      expect(ids(resumed.events)).toEqual([lateEvent.metadata.eventId, ...ids(after)]);
      const resumedFiltered = await store.readAll(filtered.nextPosition, { eventTypes: ['After', 'Late'] });
      expect(ids(resumedFiltered.events)).toEqual([lateEvent.metadata.eventId, ...ids(after)]);
      expect(await store.headPosition()).toBe(all.nextPosition);
    });

    it('delivers a late-committed event to a reader that already read everything visible', async () => {
      const first = newEvent('First');
      await untilReadable(store, (await store.append(streamName(), [first])).position);
      const lateEvent = newEvent('Late');
      const late = await hold(streamName(), [lateEvent]);
      const next = newEvent('Next');
      const { position: nextPosition } = await store.append(streamName(), [next]);

      const seen: RecordedEvent[] = [];
      let checkpoint = START;
      const catchUp = async (): Promise<void> => {
        const batch = await readEverything(store, checkpoint);
        seen.push(...batch.events);
        checkpoint = batch.position;
      };
      await catchUp();
      expect(ids(seen)).toEqual([first.metadata.eventId]);
      await catchUp();
      expect(ids(seen)).toEqual([first.metadata.eventId]);

      await late.commit();
      await untilReadable(store, nextPosition);
      await catchUp();
      expect(ids(seen)).toEqual([first.metadata.eventId, lateEvent.metadata.eventId, next.metadata.eventId]);
    });

    it('delivers a late-committed event to a subscription, in order and without skipping it', async () => {
      const first = newEvent('First');
      await store.append(streamName(), [first]);
      const received: RecordedEvent[] = [];
      const subscription = store.subscribe(START, async (events) => {
        received.push(...events);
      });
      await waitFor(() => received.length === 1, 'the first event');

      const lateEvent = newEvent('Late');
      const late = await hold(streamName(), [lateEvent]);
      const next = newEvent('Next');
      await store.append(streamName(), [next]);
      await delay(500);
      expect(ids(received)).toEqual([first.metadata.eventId]);

      await late.commit();
      await waitFor(() => received.length === 3, 'the late and the next event');
      expect(ids(received)).toEqual([first.metadata.eventId, lateEvent.metadata.eventId, next.metadata.eventId]);
      await subscription.stop();
    });

    it('lets readers continue once an open transaction rolls back', async () => {
      const late = await hold(streamName(), [newEvent('RolledBack')]);
      const next = newEvent('Next');
      const { position } = await store.append(streamName(), [next]);
      expect((await store.readAll(START)).events).toEqual([]);
      await late.rollback();
      await untilReadable(store, position);
      expect(ids((await store.readAll(START)).events)).toEqual([next.metadata.eventId]);
    });

    it('keeps a held append and a concurrent append to the same stream consistent', async () => {
      const streamId = streamName();
      const late = await hold(streamId, [newEvent('Held')]);
      // Settled at once, so its rejection is never unhandled while we wait for the commit.
      const racing = store.append(streamId, [newEvent('Racing')], { expectedVersion: 'no_stream' }).then(
        () => 'succeeded',
        (error: unknown) => error,
      );
      await delay(100);
      await late.commit();
      expect(await racing).toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.readStream(streamId)).events.map((event) => event.type)).toEqual(['Held']);
    });
  });
}
