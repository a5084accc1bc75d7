import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { createMemoryReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { ProjectionRunner } from '../runner';
import { physicalCollection } from '../shared/projection';
import type { GivenEvent } from '../shared/projection-spec';
import { companyInvitationsProjection } from './projection';
import { fromTheRows, joinedPerRequest, joinedProjections, story } from './story-fixtures';

async function project(events: GivenEvent[]): Promise<ReadStore> {
  const eventStore = createMemoryEventStore();
  const readStore = createMemoryReadStore();
  let n = 0;
  for (const event of events) {
    await eventStore.append(event.streamId, [
      { type: event.type, data: event.data, metadata: { eventId: `event-${++n}`, occurredAt: '2026-11-22T10:00:00.000Z', actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } },
    ]);
  }
  for (const projection of [...joinedProjections, companyInvitationsProjection]) await new ProjectionRunner({ eventStore, readStore, projection }).catchUp();
  return readStore;
}

describe('company-invitations', () => {
  it('answers a company’s list exactly as the join of three read models did, after every event', async () => {
    const candidates: string[] = [];
    for (let count = 1; count <= story.length; count++) {
      const readStore = await project(story.slice(0, count));
      for (const companyId of ['company-1', 'company-2']) {
        const rows = await fromTheRows(readStore, companyId);
        expect(rows, `after ${count} events (${story[count - 1]!.type}), ${companyId}`).toEqual(await joinedPerRequest(readStore, companyId));
        candidates.push(...rows.map((row) => `${companyId} ${row.invitationId} ${row.jobTitle} · ${row.candidateTitle} · ${row.candidate?.name ?? '-'}`));
      }
    }
    // The story reaches what it claims to: the job edited, the revealed candidate renamed, the other company's row apart, erasures.
    for (const line of [
      'company-1 inv-bob Data Engineer · Analyst · Bob Lovelace',
      'company-1 inv-bob Lead Data Engineer · Analyst · Robert Stone',
      'company-1 inv-ada Data Engineer · Senior Data Engineer · -',
      'company-1 inv-ada Lead Data Engineer · Data Engineer · -',
      'company-2 inv-other Other Role · Analyst · -',
      'company-1 inv-bob Lead Data Engineer ·  · -',
    ])
      expect(candidates, line).toContain(line);
    expect(candidates.some((line) => line.startsWith('company-1 inv-other'))).toBe(false);
  });

  it('holds nothing of an erased person: no message, notes, title, name or address', async () => {
    const readStore = await project(story);
    const dump = JSON.stringify(
      await Promise.all(Object.keys(companyInvitationsProjection.collections).map((name) => readStore.collection(physicalCollection(companyInvitationsProjection, name)).find({}))),
    );
    for (const text of ['Hello Ada', 'Hello Bob', 'Call me', 'Europe/London', 'Senior Data Engineer', 'Analyst', 'Lovelace', 'Robert', 'ada@example.com', 'bob@example.com', 'robert@example.com'])
      expect(dump).not.toContain(text);
  });

  it('keeps a candidate’s name and address on a row only once they revealed their profile to that company', async () => {
    const readStore = await project(story.slice(0, 8));
    const rows = await readStore.collection(physicalCollection(companyInvitationsProjection, 'company-invitations')).find({});
    expect(rows.length).toBe(2);
    expect(JSON.stringify(rows)).not.toContain('bob@example.com');
    expect(JSON.stringify(rows)).not.toContain('Lovelace');
  });
});
