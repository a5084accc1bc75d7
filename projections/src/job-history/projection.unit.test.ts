import type { JobContent } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { evolveJobHistory, type JobHistoryEvent } from './projection';

const content: JobContent = {
  title: 'Platform Engineer',
  company: 'Feedco',
  location: 'Berlin, Germany',
  salary: null,
  type: 'Full-time',
  remote: false,
  description: 'Kubernetes.',
  requirements: [],
  skills: [],
  experience: 'Mid level',
  benefits: null,
};
const meta = { streamId: 'job-j1', streamVersion: 0, position: '', recordedAt: '2026-11-01T00:00:00.000Z', metadata: { eventId: 'e', occurredAt: '2026-11-01T00:00:00.000Z', actor: 'system' as const, correlationId: 'c', causationId: null, schemaVersion: 1 } };
const event = (type: JobHistoryEvent['type'], data: object) => ({ ...meta, type, data }) as JobHistoryEvent;

describe('a job’s public history', () => {
  it('an imported job: posted when the feed says, revisions that change terms, re-sightings that change nothing', () => {
    let doc = evolveJobHistory(null, event('JobImported', { ...content, jobId: 'j1', shareToken: 's', source: 'remoteok', externalId: 'x', externalUrl: null, feed: 'f', postedAt: '2026-10-30T00:00:00.000Z', validThrough: null, seenAt: '2026-11-01T00:00:00.000Z' }));
    expect(doc?.entries).toEqual([{ at: '2026-10-30T00:00:00.000Z', kind: 'posted', changes: [] }]);
    const seen = evolveJobHistory(doc, event('ImportedJobSeen', { jobId: 'j1', seenAt: '2026-11-02T00:00:00.000Z' }));
    expect(seen).toBe(doc);
    doc = evolveJobHistory(doc, event('ImportedJobRevised', { ...content, remote: true, type: 'Contract', jobId: 'j1', externalUrl: null, validThrough: null, seenAt: '2026-11-03T00:00:00.000Z' }));
    expect(doc?.entries.at(-1)).toEqual({
      at: '2026-11-03T00:00:00.000Z',
      kind: 'changed',
      changes: [
        { field: 'type', from: 'Full-time', to: 'Contract' },
        { field: 'remote', from: false, to: true },
      ],
    });
    doc = evolveJobHistory(doc, event('JobClosed', { jobId: 'j1', reason: 'removed_from_feed', closedAt: '2026-11-04T00:00:00.000Z' }));
    expect(doc?.entries.map((entry) => entry.kind)).toEqual(['posted', 'changed', 'closed']);
  });

  it('an event for a job it never saw posted keeps nothing', () => {
    expect(evolveJobHistory(null, event('JobClosed', { jobId: 'j2', reason: 'closed_by_owner', closedAt: '2026-11-04T00:00:00.000Z' }))).toBeNull();
  });
});
