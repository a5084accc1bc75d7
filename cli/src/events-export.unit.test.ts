import { randomUUID } from 'node:crypto';
import { createMemoryEventStore, START, type Actor, type NewEvent, type RecordedEvent } from '@hireloop/platform/event-store';
import { describe, expect, it } from 'vitest';
import { UsageError } from './args';
import { eventFilterOf, exportEvents, NO_FILTER, progressLine } from './events-export';

const event = (type: string, { actor = 'system', correlationId = randomUUID(), occurredAt = '2026-11-10T12:00:00.000Z' }: { actor?: Actor; correlationId?: string; occurredAt?: string } = {}): NewEvent => ({
  type,
  data: { n: type },
  metadata: { eventId: randomUUID(), occurredAt, actor, correlationId, causationId: null, schemaVersion: 1 },
});

const lena: Actor = { userId: 'user-lena', role: 'candidate' };
const northwind: Actor = { userId: 'user-northwind', role: 'company' };

/** A small log with a known history: two jobs, a contact thread, a sign-up, over three days. */
async function knownLog() {
  const store = createMemoryEventStore();
  await store.append('job-1', [event('JobPosted', { actor: northwind, correlationId: 'post-1', occurredAt: '2026-11-01T09:00:00.000Z' })]);
  await store.append('user-lena', [event('UserRegistered', { actor: lena, correlationId: 'signup', occurredAt: '2026-11-01T10:00:00.000Z' })]);
  await store.append('candidate-contact-9', [event('CandidateContacted', { actor: northwind, correlationId: 'contact', occurredAt: '2026-11-02T08:00:00.000Z' })]);
  await store.append('job-2', [event('JobPosted', { actor: northwind, correlationId: 'post-2', occurredAt: '2026-11-03T09:00:00.000Z' })]);
  await store.append('job-2', [event('JobClosed', { correlationId: 'close-2', occurredAt: '2026-11-03T18:00:00.000Z' })]);
  return store;
}

async function exported(store: Awaited<ReturnType<typeof knownLog>>, options: Partial<Parameters<typeof exportEvents>[1]> = {}) {
  const lines: string[] = [];
  const result = await exportEvents(store, { from: START, write: (line) => lines.push(line), batchSize: 2, ...options });
  const events = lines.map((line) => JSON.parse(line) as RecordedEvent);
  return { result, events, lines };
}

describe('hireloop events: filters', () => {
  it('writes every event as one JSON line, in log order, without filters', async () => {
    const { events, lines, result } = await exported(await knownLog());
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    expect(events.map((e) => `${e.streamId}:${e.type}`)).toEqual([
      'job-1:JobPosted',
      'user-lena:UserRegistered',
      'candidate-contact-9:CandidateContacted',
      'job-2:JobPosted',
      'job-2:JobClosed',
    ]);
    expect(result).toMatchObject({ read: 5, written: 5 });
  });

  it('by stream category: `job` is not `job-board`, and `candidate-contact` is its own', async () => {
    const store = await knownLog();
    await store.append('jobboard-x', [event('Other')]);
    expect((await exported(store, { filter: eventFilterOf({ category: ['job'] }) })).events.map((e) => e.streamId)).toEqual(['job-1', 'job-2', 'job-2']);
    expect((await exported(store, { filter: eventFilterOf({ category: ['candidate-contact,user'] }) })).events.map((e) => e.type)).toEqual(['UserRegistered', 'CandidateContacted']);
  });

  it('by event type (the store filters), time range, actor and correlation id, together', async () => {
    const store = await knownLog();
    expect((await exported(store, { eventTypes: ['JobPosted'] })).events.map((e) => e.streamId)).toEqual(['job-1', 'job-2']);
    const days = eventFilterOf({ since: '2026-11-01T09:30:00Z', until: '2026-11-03' });
    expect((await exported(store, { filter: days })).events.map((e) => e.type)).toEqual(['UserRegistered', 'CandidateContacted']);
    expect((await exported(store, { filter: { ...NO_FILTER, actor: 'user-northwind' } })).events.map((e) => e.type)).toEqual(['JobPosted', 'CandidateContacted', 'JobPosted']);
    expect((await exported(store, { filter: { ...NO_FILTER, actor: 'system' } })).events.map((e) => e.type)).toEqual(['JobClosed']);
    expect((await exported(store, { filter: eventFilterOf({ correlation: 'contact' }) })).events.map((e) => e.streamId)).toEqual(['candidate-contact-9']);
    const both = { ...eventFilterOf({ category: ['job'], since: '2026-11-02' }), actor: 'user-northwind' };
    expect((await exported(store, { filter: both })).events.map((e) => `${e.streamId}:${e.type}`)).toEqual(['job-2:JobPosted']);
  });

  it('from a position printed earlier: only what came after it', async () => {
    const store = await knownLog();
    const { events } = await exported(store);
    const after = await exported(store, { from: events[2]!.position });
    expect(after.events.map((e) => e.type)).toEqual(['JobPosted', 'JobClosed']);
  });

  it('refuses flags it cannot read, naming them', () => {
    expect(() => eventFilterOf({ since: 'last tuesday' })).toThrow(UsageError);
    expect(() => eventFilterOf({ since: 'last tuesday' })).toThrow(/--since must be a date or time/);
    expect(() => eventFilterOf({ since: '2026-11-03', until: '2026-11-01' })).toThrow('events: --since must be before --until');
    expect(() => eventFilterOf({ category: ['Job Posted'] })).toThrow(/--category takes a stream category/);
  });
});

describe('hireloop events: progress and --follow', () => {
  it('reports progress after each batch, ending with every event read', async () => {
    const reports: string[] = [];
    const { result } = await exported(await knownLog(), { progress: (progress) => reports.push(progressLine(progress)) });
    expect(reports.length).toBe(3);
    expect(reports.at(-1)).toMatch(/^\[#{24}\] 100% {2}5 read, 5 written, [\d,]+ events\/s$/);
    expect(result.read).toBe(5);
  });

  it('keeps printing what is appended after the end, filters applied, until stopped', async () => {
    const store = await knownLog();
    const lines: string[] = [];
    const abort = new AbortController();
    const following = exportEvents(store, { from: START, follow: true, signal: abort.signal, filter: eventFilterOf({ category: ['job'] }), write: (line) => lines.push(line) });
    // The catch-up part is done once the last job event of the known log is out.
    await expect.poll(() => lines.length).toBe(3);
    await store.append('user-tomas', [event('UserRegistered')]);
    await store.append('job-3', [event('JobPosted', { actor: northwind })]);
    await expect.poll(() => lines.map((line) => (JSON.parse(line) as RecordedEvent).streamId).at(-1)).toBe('job-3');
    abort.abort();
    const result = await following;
    expect(lines).toHaveLength(4);
    expect(result).toMatchObject({ written: 4, read: 7 });
  });
});
