import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { fixedClock, sequentialIds } from '@hireloop/platform/runtime';
import { handleCommand, type CommandContext } from './command-handler';
import type { Decider } from './decider';
import { CorruptStreamError, FoldedStates, loadState, loadStateSince, SCHEMA_VERSION } from './stream';

type Named = { type: 'Named'; data: { fullName: string } };
/** Version 0 of `Named` stored `{ first, last }`; today it is `{ fullName }`. */
const names: Decider<{ type: 'Name'; fullName: string }, Named, string[]> = {
  initialState: () => [],
  evolve: (state, event) => [...state, event.data.fullName],
  decide: (command) => [{ type: 'Named', data: { fullName: command.fullName } }],
  schemas: { Named: z.object({ fullName: z.string() }) },
  upcasters: { Named: { 0: (data) => ({ fullName: `${(data as { first: string }).first} ${(data as { last: string }).last}` }) } },
};

const metadata = (schemaVersion: number, occurredAt = '2026-11-20T09:00:00.000Z') => ({
  eventId: crypto.randomUUID(),
  occurredAt,
  actor: 'system' as const,
  correlationId: 'c',
  causationId: null,
  schemaVersion,
});

const context: CommandContext = { actor: 'system', correlationId: 'test', clock: fixedClock('2026-11-22T10:00:00.000Z'), ids: sequentialIds('e') };

describe('loading a stream', () => {
  it('upcasts events written with an older schema version, then folds them with the current ones', async () => {
    const store = createMemoryEventStore();
    await store.append('names-1', [
      { type: 'Named', data: { first: 'Ada', last: 'Lovelace' }, metadata: metadata(0) },
      { type: 'Named', data: { fullName: 'Grace Hopper' }, metadata: metadata(SCHEMA_VERSION, '2026-11-21T09:00:00.000Z') },
    ]);
    const loaded = await loadState(store, 'names-1', names);
    expect(loaded.state).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(loaded.version).toBe(1);
    expect(loaded.events.map((event) => event.occurredAt)).toEqual(['2026-11-20T09:00:00.000Z', '2026-11-21T09:00:00.000Z']);
  });

  it('refuses an event its schema rejects, naming the stream and version, instead of folding bad data', async () => {
    const store = createMemoryEventStore();
    await store.append('names-2', [{ type: 'Named', data: { fullName: 42 }, metadata: metadata(SCHEMA_VERSION) }]);
    await expect(loadState(store, 'names-2', names)).rejects.toThrow(CorruptStreamError);
    await expect(loadState(store, 'names-2', names)).rejects.toThrow(/names-2 at version 0/);
  });

  it('refuses an event type the stream does not know', async () => {
    const store = createMemoryEventStore();
    await store.append('names-3', [{ type: 'Renamed', data: {}, metadata: metadata(SCHEMA_VERSION) }]);
    await expect(loadState(store, 'names-3', names)).rejects.toThrow('Unknown event type Renamed in names-3 at version 0');
  });

  it('a command answers with the events as stored, with the time they were recorded as happening', async () => {
    const store = createMemoryEventStore();
    const result = await handleCommand(store, 'names-4', names, { type: 'Name', fullName: 'Katherine Johnson' }, context);
    expect(result.events).toEqual([{ type: 'Named', data: { fullName: 'Katherine Johnson' }, occurredAt: '2026-11-22T10:00:00.000Z' }]);
    const { events } = await store.readStream('names-4');
    expect(events[0]!.metadata.occurredAt).toBe(result.events[0]!.occurredAt);
  });
});

describe('loading a stream from the state folded last time (ADR 114)', () => {
  const named = (fullName: string) => ({ type: 'Named', data: { fullName }, metadata: metadata(SCHEMA_VERSION) });

  it('gives what loading it whole gives, after appends from here and from elsewhere, reading and parsing only what is new', async () => {
    const store = createMemoryEventStore();
    const states = new FoldedStates<string[]>();
    const compare = async () => {
      const whole = await loadState(store, 'names-1', names);
      expect(await loadStateSince(store, 'names-1', names, states)).toEqual({ state: whole.state, version: whole.version });
    };
    await compare(); // no stream yet
    await store.append('names-1', [named('Ada Lovelace')]);
    await compare();
    await compare(); // nothing new
    await store.append('names-1', [named('Grace Hopper'), named('Alan Turing')]);
    await compare();
    let read: Array<{ fromVersion?: number }> = [];
    const counting = {
      readStream: (streamId: string, options?: { fromVersion?: number }) => {
        read.push(options ?? {});
        return store.readStream(streamId, options);
      },
    };
    await store.append('names-1', [named('Edsger Dijkstra')]);
    read = [];
    expect((await loadStateSince(counting, 'names-1', names, states)).state).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra']);
    expect(read).toEqual([{ fromVersion: 2 }]);
    // A state it cannot build on (the event folded last is not there as it was): the whole stream again.
    const other = new FoldedStates<string[]>();
    other.set('names-1', 7, ['Nobody']);
    expect(await loadStateSince(store, 'names-1', names, other)).toEqual({ state: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra'], version: 3 });
  });

  it('forgets the state used least recently past its bound', () => {
    const states = new FoldedStates<number>(2);
    states.set('a', 0, 1);
    states.set('b', 0, 2);
    states.get('a');
    states.set('c', 0, 3);
    expect([states.get('a'), states.get('b'), states.get('c')]).toEqual([{ version: 0, state: 1 }, undefined, { version: 0, state: 3 }]);
  });
});
