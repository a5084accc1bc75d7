import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@hireloop/contracts';
import { createMemoryEventStore, type EventStore } from '@hireloop/platform/event-store';
import { createBaseApp } from '@hireloop/platform/http/app';
import { sequentialIds, fixedClock } from '@hireloop/platform/runtime';
import { CONFLICT_ATTEMPTS, handleCommand, type CommandContext } from './command-handler';
import type { Decider } from './decider';

type Counted = { type: 'Counted'; data: { by: string } };
const counter: Decider<{ type: 'Count'; by: string }, Counted, number> = {
  initialState: () => 0,
  evolve: (n) => n + 1,
  decide: (command) => [{ type: 'Counted', data: { by: command.by } }],
  schemas: { Counted: z.object({ by: z.string() }) },
};

const context: CommandContext = { actor: 'system', correlationId: 'test', clock: fixedClock('2026-11-22T10:00:00Z'), ids: sequentialIds('e') };

/** A store whose reads all finish before any append, so racing commands see the same version. */
const racingStore = (inner: EventStore, readers: number): EventStore => {
  let waiting = 0;
  let release: () => void = () => undefined;
  const allRead = new Promise<void>((resolve) => (release = resolve));
  return {
    ...inner,
    async readStream(streamId, options) {
      const result = await inner.readStream(streamId, options);
      if (++waiting === readers) release();
      await allRead;
      return result;
    },
  };
};

describe('handling a command', () => {
  it('of two commands that read the same version, the loser is decided again on the new state and both land', async () => {
    const store = racingStore(createMemoryEventStore(), 2);
    const results = await Promise.all([
      handleCommand(store, 'counter-1', counter, { type: 'Count', by: 'a' }, context),
      handleCommand(store, 'counter-1', counter, { type: 'Count', by: 'b' }, context),
    ]);
    expect(results.map((result) => result.nextExpectedVersion).sort()).toEqual([0, 1]);
    expect((await store.readStream('counter-1')).events.map((event) => (event.data as { by: string }).by).sort()).toEqual(['a', 'b']);
  });

  it('a command that names the version its client saw is not retried: the loser of the race gets a version conflict', async () => {
    const store = racingStore(createMemoryEventStore(), 2);
    const results = await Promise.allSettled([
      handleCommand(store, 'counter-1', counter, { type: 'Count', by: 'a' }, context, { expectedVersion: 'no_stream' }),
      handleCommand(store, 'counter-1', counter, { type: 'Count', by: 'b' }, context, { expectedVersion: 'no_stream' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(DomainError);
    expect(rejected?.status === 'rejected' && (rejected.reason as DomainError).code).toBe('version_conflict');
    expect((await store.readStream('counter-1')).events).toHaveLength(1);
  });

  it('a command that keeps losing gives up with a version conflict instead of spinning', async () => {
    const inner = createMemoryEventStore();
    let appends = 0;
    const alwaysBeaten: EventStore = {
      ...inner,
      async append(streamId, events, options) {
        appends++;
        await inner.append(streamId, [{ type: 'Counted', data: { by: 'someone else' }, metadata: { ...events[0]!.metadata, eventId: crypto.randomUUID() } }]);
        return inner.append(streamId, events, options);
      },
    };
    const failure = await handleCommand(alwaysBeaten, 'counter-3', counter, { type: 'Count', by: 'a' }, context).catch((error: unknown) => error);
    expect((failure as DomainError).code).toBe('version_conflict');
    expect(appends).toBe(CONFLICT_ATTEMPTS);
  });

  it('a version conflict reaches the client as 412 with a message a person can act on', async () => {
    const app = createBaseApp();
    app.post('/count', async () => {
      throw new DomainError('version_conflict', 'This record was changed by someone else at the same time. Reload and try again.');
    });
    const response = await app.inject({ method: 'POST', url: '/count' });
    expect(response.statusCode).toBe(412);
    expect(response.json()).toEqual({ success: false, error: 'This record was changed by someone else at the same time. Reload and try again.' });
  });

  it('stamps every event with the actor, correlation id, time and a schema version', async () => {
    const store = createMemoryEventStore();
    await handleCommand(store, 'counter-2', counter, { type: 'Count', by: 'a' }, { ...context, ids: sequentialIds('e'), actor: { userId: 'user-1', role: 'company' } });
    const [event] = (await store.readStream('counter-2')).events;
    expect(event?.metadata).toEqual({
      eventId: 'e-1',
      occurredAt: '2026-11-22T10:00:00.000Z',
      actor: { userId: 'user-1', role: 'company' },
      correlationId: 'test',
      causationId: null,
      schemaVersion: 1,
    });
  });

  it('an unexpected error is a 500 that does not leak internals', async () => {
    const app = createBaseApp();
    app.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
  });
});
