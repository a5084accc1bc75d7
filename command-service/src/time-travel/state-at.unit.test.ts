import { randomUUID } from 'node:crypto';
import { DomainError, PostJobBody } from '@hireloop/contracts';
import { createMemoryEventStore, type NewEvent } from '@hireloop/platform/event-store';
import { describe, expect, it } from 'vitest';
import { jobDecider, type JobCommand, type JobPoster } from '../jobs/decider';
import { fold } from '../shared/decider';
import { deciderFor, stateAt, stateJson } from './state-at';

const company: JobPoster = { userId: 'user-1', type: 'company', role: 'company', companyId: 'company-1', companyName: 'Northwind' };
const by = { userId: 'user-1', role: 'company' as const, companyId: 'company-1' };
const form = (title: string, salary: string) =>
  PostJobBody.parse({ title, location: 'Austin, TX', description: 'Pipelines.', salary, requirements: 'SQL', skills: 'Kafka', benefits: '' });

/** A job with a known history: posted on the 1st, edited on the 5th, closed on the 9th. */
async function jobWithHistory() {
  const store = createMemoryEventStore();
  const streamId = 'job-job-1';
  const steps: Array<[string, JobCommand]> = [
    ['2026-11-01T09:00:00.000Z', { type: 'PostJob', data: { jobId: 'job-1', shareToken: 'share-1', job: form('Data Engineer', '$120,000'), poster: company } }],
    ['2026-11-05T09:00:00.000Z', { type: 'EditJob', data: { jobId: 'job-1', job: form('Senior Data Engineer', '$150,000'), by, at: '2026-11-05T09:00:00.000Z' } }],
    ['2026-11-09T09:00:00.000Z', { type: 'CloseJob', data: { jobId: 'job-1', by, at: '2026-11-09T09:00:00.000Z' } }],
  ];
  const history: Array<{ type: string; data: unknown }> = [];
  for (const [occurredAt, command] of steps) {
    const decided = jobDecider.decide(command, fold(jobDecider, history as never));
    history.push(...decided);
    const events: NewEvent[] = decided.map((event) => ({
      ...event,
      metadata: { eventId: randomUUID(), occurredAt, actor: { userId: 'user-1', role: 'company' }, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
    }));
    await store.append(streamId, events);
  }
  return { store, streamId };
}

describe('hireloop state <stream> --at <time>', () => {
  it('folds only the events that had occurred by then, with the stream’s own decider', async () => {
    const { store, streamId } = await jobWithHistory();
    const before = await stateAt(store, streamId, new Date('2026-10-31T00:00:00Z'));
    expect(before).toMatchObject({ version: -1, eventsInAll: 3, asOfEvent: null, state: { status: 'none' } });

    const posted = await stateAt(store, streamId, new Date('2026-11-03T00:00:00Z'));
    expect(posted).toMatchObject({ version: 0, asOfEvent: '2026-11-01T09:00:00.000Z', state: { status: 'open', content: { title: 'Data Engineer', salary: '$120,000' } } });

    const edited = await stateAt(store, streamId, new Date('2026-11-05T09:00:00Z'));
    expect(edited).toMatchObject({ version: 1, state: { status: 'open', content: { title: 'Senior Data Engineer', salary: '$150,000' } } });
    expect(edited.events.map((event) => event.type)).toEqual(['JobPosted', 'JobEdited']);

    const now = await stateAt(store, streamId, null);
    expect(now).toMatchObject({ at: null, version: 2, state: { status: 'closed' } });
  });

  it('says when the stream does not exist, and prints events alone for a stream no decider reads', async () => {
    const { store } = await jobWithHistory();
    await expect(stateAt(store, 'job-nope', null)).rejects.toThrow(new DomainError('not_found', 'No stream job-nope in the log'));
    await store.append('analytics-2026-11-01', [
      { type: 'BoardSearched', data: {}, metadata: { eventId: randomUUID(), occurredAt: '2026-11-01T00:00:00.000Z', actor: 'system', correlationId: 'c', causationId: null, schemaVersion: 1 } },
    ]);
    expect(await stateAt(store, 'analytics-2026-11-01', null)).toMatchObject({ state: null, events: [{ type: 'BoardSearched', version: 0 }] });
  });

  it('finds the decider by the longest prefix', () => {
    expect(deciderFor('candidate-contact-abc')).not.toBe(deciderFor('candidate-abc'));
    expect(deciderFor('job-1')).toBe(jobDecider);
    expect(deciderFor('nothing-1')).toBeNull();
  });

  it('prints Maps and Sets as JSON', () => {
    expect(JSON.parse(stateJson({ seen: new Set(['a']), by: new Map([['k', 1]]) }))).toEqual({ seen: ['a'], by: { k: 1 } });
  });
});
