import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERASED, personalDataRules } from '@hireloop/contracts';
import { createMemoryEventStore, START, type NewEvent, type RecordedEvent } from '../event-store/index';
import { createMemoryPersonalDataKeys } from './memory';
import { protectPersonalData } from './protected-event-store';

const metadata = (schemaVersion = 1) => ({ eventId: randomUUID(), occurredAt: '2026-11-23T10:00:00.000Z', actor: 'system' as const, correlationId: 'c', causationId: null, schemaVersion });
const registered = (userId: string, name: string, email: string): NewEvent => ({
  type: 'UserRegistered',
  data: { userId, type: 'candidate', role: 'candidate', name, email, phone: '+1 555 0100', location: 'Lisbon', currentRole: 'Engineer', skills: ['Go'], companyId: null, registeredAt: '2026-11-23T10:00:00.000Z' },
  metadata: metadata(),
});
const signedIn = (userId: string): NewEvent => ({ type: 'UserSignedIn', data: { userId, method: 'password' }, metadata: metadata() });

function setUp() {
  const log = createMemoryEventStore();
  const keys = createMemoryPersonalDataKeys();
  const protection = protectPersonalData({ eventStore: log, keys, rules: personalDataRules });
  return { log, keys, protection, store: protection.eventStore };
}

const all = async (store: { readAll: (from: string) => Promise<{ events: RecordedEvent[] }> }) => (await store.readAll(START)).events;

describe('the event store with personal data sealed (ADR 019)', () => {
  it('seals the personal fields on append and opens them on read; other events pass untouched', async () => {
    const { log, store } = setUp();
    await store.append('user-1', [registered('u1', 'Rui Pestana', 'rui@example.com'), signedIn('u1')]);

    const [stored, storedSignIn] = (await log.readStream('user-1')).events;
    expect(JSON.stringify(stored)).not.toMatch(/Rui Pestana|rui@example|555 0100|Lisbon|Engineer/);
    expect(stored!.data).toEqual({ userId: 'u1', type: 'candidate', role: 'candidate', skills: ['Go'], companyId: null, registeredAt: '2026-11-23T10:00:00.000Z', sealed: expect.stringMatching(/^v1\./) });
    expect(stored!.metadata.schemaVersion).toBe(2);
    expect(storedSignIn!.data).toEqual({ userId: 'u1', method: 'password' });
    expect(storedSignIn!.metadata.schemaVersion).toBe(1);

    const [opened] = (await store.readStream('user-1')).events;
    expect(opened!.data).toMatchObject({ userId: 'u1', name: 'Rui Pestana', email: 'rui@example.com', phone: '+1 555 0100', location: 'Lisbon', currentRole: 'Engineer', skills: ['Go'] });
    expect((await all(store)).map((event) => event.type)).toEqual(['UserRegistered', 'UserSignedIn']);
  });

  it('reads an erased person as the placeholders, in streams, in readAll and in subscriptions, and leaves others readable', async () => {
    const { protection, store } = setUp();
    await store.append('user-1', [registered('u1', 'Rui Pestana', 'rui@example.com')]);
    await store.append('user-2', [registered('u2', 'Ana Sousa', 'ana@example.com')]);
    await protection.erase('u1', new Date());

    const erased = { name: ERASED, email: ERASED, phone: ERASED, location: ERASED, currentRole: null };
    expect((await store.readStream('user-1')).events[0]!.data).toMatchObject({ userId: 'u1', skills: ['Go'], ...erased });
    expect((await all(store)).map((event) => (event.data as { name: string }).name)).toEqual([ERASED, 'Ana Sousa']);

    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribe(START, async (events) => {
      delivered.push(...events);
    });
    for (let wait = 0; wait < 100 && delivered.length < 2; wait++) await new Promise((resolve) => setTimeout(resolve, 10));
    await subscription.stop();
    expect(delivered.map((event) => (event.data as { email: string }).email)).toEqual([ERASED, 'ana@example.com']);
  });

  it('reads events stored in the clear before sealing as they are, until the person is erased, then rewrites them', async () => {
    const { log, protection, store } = setUp();
    await log.append('user-1', [registered('u1', 'Rui Pestana', 'rui@example.com')]); // the old code's event
    await log.append('email-x', [{ type: 'EmailReserved', data: { email: 'rui@example.com', userId: 'u1', reservedAt: 'now' }, metadata: metadata() }]);
    expect((await store.readStream('user-1')).events[0]!.data).toMatchObject({ name: 'Rui Pestana' });

    expect(await protection.erase('u1', new Date())).toEqual({ legacyEventsRedacted: 2 });
    expect(JSON.stringify(await all(log))).not.toMatch(/Rui Pestana|rui@example|555 0100|Lisbon|Engineer/);
    expect((await store.readStream('user-1')).events[0]!.data).toMatchObject({ userId: 'u1', name: ERASED, currentRole: null });
    // Nothing left to rewrite the second time.
    expect(await protection.erase('u1', new Date())).toEqual({ legacyEventsRedacted: 0 });
  });

  it('refuses to seal anything new for an erased person, all or nothing', async () => {
    const { log, protection, store } = setUp();
    await protection.erase('u1', new Date());
    await expect(
      store.appendToStreams([
        { streamId: 'user-2', events: [registered('u2', 'Ana Sousa', 'ana@example.com')] },
        { streamId: 'user-1', events: [registered('u1', 'Rui Pestana', 'rui@example.com')] },
      ]),
    ).rejects.toThrow('This account was erased.');
    expect(await all(log)).toEqual([]);
  });

  it('a sealed value moved to another person does not open', async () => {
    const { log, store } = setUp();
    await store.append('user-1', [registered('u1', 'Rui Pestana', 'rui@example.com')]);
    await store.append('user-2', [registered('u2', 'Ana Sousa', 'ana@example.com')]);
    const [rui, ana] = await all(log);
    await log.redactLegacyEvent(ana!.metadata.eventId, { ...(ana!.data as object), sealed: (rui!.data as { sealed: string }).sealed });
    await expect(store.readStream('user-2')).rejects.toThrow();
  });
});

describe('reading many streams at once through the sealed store (ADR 094)', () => {
  it('opens each stream’s events and keeps them in their own stream, in the order asked', async () => {
    const log = createMemoryEventStore();
    const inner = { ...log, readStreams: (streamIds: readonly string[]) => Promise.all(streamIds.map((streamId) => log.readStream(streamId))) };
    const store = protectPersonalData({ eventStore: inner, keys: createMemoryPersonalDataKeys(), rules: personalDataRules }).eventStore;
    await store.append('user-1', [registered('u1', 'Rui Pestana', 'rui@example.com'), signedIn('u1')]);
    await store.append('user-2', [registered('u2', 'Ana Lobo', 'ana@example.com')]);
    const read = await store.readStreams!(['user-2', 'nobody', 'user-1']);
    expect(read.map(({ events, version }) => ({ types: events.map((event) => event.type), version }))).toEqual([
      { types: ['UserRegistered'], version: 0 },
      { types: [], version: -1 },
      { types: ['UserRegistered', 'UserSignedIn'], version: 1 },
    ]);
    expect(read[0]!.events[0]!.data).toMatchObject({ userId: 'u2', name: 'Ana Lobo' });
    expect(read[2]!.events[0]!.data).toMatchObject({ userId: 'u1', name: 'Rui Pestana' });
  });

  it('offers it only when the store under it does', () => {
    expect(setUp().store.readStreams).toBeUndefined();
  });

  it('reads a stream without its personal data as an erased person reads, looking up no key: the same events otherwise', async () => {
    const { protection, keys, store } = setUp();
    await store.append('user-1', [registered('u1', 'Rui Pestana', 'rui@example.com'), signedIn('u1')]);
    await store.append('user-2', [registered('u2', 'Ana Sousa', 'ana@example.com')]);
    await protection.erase('u2', new Date());
    let lookups = 0;
    const lookup = keys.lookup.bind(keys);
    keys.lookup = (subjects) => {
      lookups++;
      return lookup(subjects);
    };
    for (const streamId of ['user-1', 'user-2', 'user-none']) {
      const opened = await store.readStream(streamId);
      lookups = 0;
      const closed = await store.readStream(streamId, { personalData: 'closed' });
      expect(lookups).toBe(0);
      const erased = { name: ERASED, email: ERASED, phone: ERASED, location: ERASED, currentRole: null };
      // The slow way's events with the personal fields as placeholders: equal for the erased person, the rest unchanged for the other.
      expect(closed).toEqual({ ...opened, events: opened.events.map((event) => (event.type === 'UserRegistered' ? { ...event, data: { ...(event.data as object), ...erased } } : event)) });
    }
    expect((await store.readStream('user-2', { personalData: 'closed' })).events).toEqual((await store.readStream('user-2')).events);
  });
});
