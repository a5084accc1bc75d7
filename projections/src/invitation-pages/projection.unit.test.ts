import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { createMemoryReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { ProjectionRunner } from '../runner';
import type { GivenEvent } from '../shared/projection-spec';
import { physicalCollection } from '../shared/projection';
import { projectionSpec } from '../shared/projection-spec';
import { invitationPagesProjection, type InvitationPageDocument } from './projection';
import { fromOneDocument, joinedPerRequest, joinedProjections, posted, story } from './story-fixtures';

async function project(events: GivenEvent[]): Promise<ReadStore> {
  const eventStore = createMemoryEventStore();
  const readStore = createMemoryReadStore();
  let n = 0;
  for (const event of events) {
    await eventStore.append(event.streamId, [
      { type: event.type, data: event.data, metadata: { eventId: `event-${++n}`, occurredAt: '2026-11-22T10:00:00.000Z', actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } },
    ]);
  }
  for (const projection of [...joinedProjections, invitationPagesProjection]) await new ProjectionRunner({ eventStore, readStore, projection }).catchUp();
  return readStore;
}

describe('invitation-pages', () => {
  it('answers the page by token exactly as the join of six read models did, after every event', async () => {
    const claims: Array<boolean | null> = [];
    for (let count = 1; count <= story.length; count++) {
      const readStore = await project(story.slice(0, count));
      for (const invitationId of ['inv-ada', 'inv-bob']) {
        expect(await fromOneDocument(readStore, invitationId), `after ${count} events (${story[count - 1]!.type}), ${invitationId}`).toEqual(await joinedPerRequest(readStore, invitationId));
      }
      claims.push((await fromOneDocument(readStore, 'inv-ada'))?.canClaimAccount ?? null);
    }
    // The story does reach each answer it claims to: not found, claimable, taken, free again, claimed.
    expect(claims.slice(0, 7)).toEqual([null, null, null, null, null, null, true]);
    expect(claims[10]).toBe(false);
    expect(claims[11]).toBe(true);
    expect(claims[12]).toBe(false);
    expect(claims[13]).toBe(true);
    expect(claims[19]).toBe(false);
  });

  it('holds nothing of an erased person: no message, notes, title or address', async () => {
    const readStore = await project(story);
    const dump = JSON.stringify(
      await Promise.all(Object.keys(invitationPagesProjection.collections).map((name) => readStore.collection(physicalCollection(invitationPagesProjection, name)).find({}))),
    );
    for (const text of ['Hello Ada', 'Hello Bob', 'Call me', 'Europe/London', 'Senior Data Engineer', 'Analyst', 'ada@example.com', 'bob@example.com']) expect(dump).not.toContain(text);
    const page = await readStore.collection<InvitationPageDocument>(physicalCollection(invitationPagesProjection, 'invitation-pages')).get('inv-bob');
    expect(page).toMatchObject({ message: '[erased]', candidateTitle: '', availability: { additionalNotes: '[erased]', timezone: '[erased]' }, canClaimAccount: false });
  });

  it('keeps only jobs an invitation can be for: posted on Hireloop by a company', async () => {
    await projectionSpec(invitationPagesProjection)
      .given([
        { streamId: 'job-job-2', type: 'JobPosted', data: { ...posted('job-2', 'Seeded', 'company-1'), companyId: null, postedBy: null } },
        { streamId: 'job-job-1', type: 'JobPosted', data: posted('job-1', 'Data Engineer', 'company-1') },
      ])
      .then('invitation-page-jobs', [expect.objectContaining({ _id: 'job-1', title: 'Data Engineer' })]);
  });
});
