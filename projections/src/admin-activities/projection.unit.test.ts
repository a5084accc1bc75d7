import { describe, expect, it } from 'vitest';
import type { InvitationSent, JobPosted, UserRegistered } from '@hireloop/contracts';
import { createMemoryEventStore, type Actor, type EventStore } from '@hireloop/platform/event-store';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { ProjectionRunner } from '../runner';
import { physicalCollection } from '../shared/projection';
import { projectionSpec, type GivenEvent } from '../shared/projection-spec';
import { adminActivitiesProjection } from './projection';
import { adminActivitiesAfter, adminActivitiesCollection, lastAdminActivityPosition, listAdminActivities } from './queries';
import { fromTheRows, joinedPerRequest, joinedProjections, story } from './story-fixtures';

const spec = projectionSpec(adminActivitiesProjection);
const admin: Actor = { userId: 'user-ops', role: 'admin' };
const boss: Actor = { userId: 'user-boss', role: 'super_admin' };
const company: Actor = { userId: 'user-owner', role: 'company' };
const candidate: Actor = { userId: 'user-ada', role: 'candidate' };

const job: JobPosted = {
  jobId: 'job-1',
  shareToken: 'share-token-secret-1',
  companyId: 'company-1',
  postedBy: 'user-ops',
  source: 'internal',
  externalUrl: null,
  title: 'Analytics Engineer',
  company: 'Northwind',
  location: 'Remote',
  salary: null,
  type: 'Full-time',
  remote: true,
  description: 'dbt all day',
  requirements: [],
  skills: ['dbt'],
  experience: '',
  benefits: null,
};
const invitation: InvitationSent = {
  invitationId: 'inv-1',
  jobId: 'job-1',
  companyId: 'company-1',
  candidateUserId: 'user-ada',
  candidateProfileId: 'profile-1',
  message: 'A personal message for Ada',
  tokenHash: 'token-hash-secret',
  sentBy: 'user-ops',
  sentAt: '2026-11-22T10:00:00.000Z',
  expiresAt: '2026-12-22T10:00:00.000Z',
};
const registered: UserRegistered = {
  userId: 'user-new',
  type: 'candidate',
  role: 'candidate',
  name: 'Newton Person',
  email: 'newton@example.test',
  phone: '+1 555 0100',
  location: 'Lisbon',
  currentRole: null,
  skills: [],
  companyId: null,
  registeredAt: '2026-11-22T10:00:00.000Z',
};
const entry = (fields: Record<string, unknown>) => ({
  position: expect.any(String),
  occurredAt: '2026-11-22T10:00:00.000Z',
  details: {},
  adminName: null,
  entityLabel: null,
  ...fields,
});

describe('admin-activities read model', () => {
  it('records an admin’s action with ids only: who, what, when and the subject', async () => {
    await spec
      .given([{ streamId: 'job-job-1', type: 'JobPosted', data: job, actor: admin }])
      .then('activities', [
        entry({
          _id: 'event-1',
          adminId: 'user-ops',
          adminRole: 'admin',
          eventType: 'JobPosted',
          action: 'job.posted',
          entityType: 'job',
          entityId: 'job-1',
          labelId: 'job-1',
          entityLabel: 'Analytics Engineer',
        }),
      ]);
  });

  it('ignores the same events by companies, candidates and the system', async () => {
    await spec
      .given([
        { streamId: 'job-job-1', type: 'JobPosted', data: job, actor: company },
        {
          streamId: 'job-job-1',
          type: 'JobClosed',
          data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: '2026-11-22T11:00:00.000Z' },
          actor: company,
        },
        { streamId: 'user-user-ada', type: 'UserRoleChanged', data: { userId: 'user-ada', from: 'candidate', to: 'admin' } },
        { streamId: 'invitation-inv-1', type: 'InvitationSent', data: invitation, actor: candidate },
      ])
      .then('activities', []);
  });

  it('ignores an admin’s own sessions (not in the catalogue)', async () => {
    await spec
      .given([{ streamId: 'user-user-ops', type: 'UserSignedIn', data: { userId: 'user-ops', method: 'password' }, actor: admin }])
      .then('activities', []);
  });

  it('a role change keeps the roles; a visibility change says which; invitations and applications name their job', async () => {
    await spec
      .given([
        { streamId: 'user-user-ada', type: 'UserRoleChanged', data: { userId: 'user-ada', from: 'candidate', to: 'admin' }, actor: boss },
        {
          streamId: 'candidate-profile-1',
          type: 'CandidateProfileVisibilityChanged',
          data: { profileId: 'profile-1', userId: 'user-ada', isPublic: false, changedAt: 'x' },
          actor: admin,
        },
        { streamId: 'invitation-inv-1', type: 'InvitationSent', data: invitation, actor: admin },
        {
          streamId: 'application-a1',
          type: 'ApplicationDeclined',
          data: { applicationId: 'app-1', jobId: 'job-1', candidateUserId: 'user-ada', at: '2026-11-22T10:00:00.000Z', by: 'user-ops' },
          actor: admin,
        },
      ])
      .then('activities', [
        entry({
          _id: 'event-1',
          adminId: 'user-boss',
          adminRole: 'super_admin',
          eventType: 'UserRoleChanged',
          action: 'user.role_changed',
          entityType: 'user',
          entityId: 'user-ada',
          details: { fromRole: 'candidate', toRole: 'admin' },
          labelId: 'user-ada',
        }),
        entry({
          _id: 'event-2',
          adminId: 'user-ops',
          adminRole: 'admin',
          eventType: 'CandidateProfileVisibilityChanged',
          action: 'candidate.visibility_changed',
          entityType: 'candidate',
          entityId: 'profile-1',
          details: { visibility: 'private' },
          labelId: 'profile-1',
        }),
        entry({
          _id: 'event-3',
          adminId: 'user-ops',
          adminRole: 'admin',
          eventType: 'InvitationSent',
          action: 'invitation.sent',
          entityType: 'invitation',
          entityId: 'inv-1',
          details: { jobId: 'job-1' },
          labelId: 'job-1',
        }),
        entry({
          _id: 'event-4',
          adminId: 'user-ops',
          adminRole: 'admin',
          eventType: 'ApplicationDeclined',
          action: 'application.declined',
          entityType: 'application',
          entityId: 'app-1',
          details: { jobId: 'job-1' },
          labelId: 'job-1',
        }),
      ]);
  });

  it('keeps no secret and nothing personal of the payload but the names the tab shows: no token, token hash, message, email or phone', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await append(eventStore, 'job-job-1', 'JobPosted', job, admin);
    await append(eventStore, 'invitation-inv-1', 'InvitationSent', invitation, admin);
    await append(eventStore, 'user-user-new', 'UserRegistered', registered, admin);
    await new ProjectionRunner({ eventStore, readStore, projection: adminActivitiesProjection }).catchUp();
    expect(await adminActivitiesCollection(readStore).find({})).toHaveLength(3);
    const stored = JSON.stringify(
      await Promise.all(Object.keys(adminActivitiesProjection.collections).map((name) => readStore.collection(physicalCollection(adminActivitiesProjection, name)).find({}))),
    );
    // The user an admin registered is named, as the tab shows them (ADR 071), and nothing else of them is kept.
    expect(stored).toContain('Newton Person');
    for (const text of [
      'share-token-secret-1',
      'token-hash-secret',
      'A personal message',
      'newton@example.test',
      '555 0100',
      'Lisbon',
      'dbt all day',
    ])
      expect(stored).not.toContain(text);
  });
});

let eventIds = 0;
const append = (
  eventStore: EventStore,
  streamId: string,
  type: string,
  data: unknown,
  actor: Actor,
  occurredAt = '2026-11-22T10:00:00.000Z',
) =>
  eventStore.append(streamId, [
    { type, data, metadata: { eventId: `e-${++eventIds}`, occurredAt, actor, correlationId: 'test', causationId: null, schemaVersion: 1 } },
  ]);

/** A mixed history: admins and others, each admin action at its own time. */
const history = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const actor = [admin, boss, company, candidate, 'system' as const][i % 5]!;
    const occurredAt = new Date(Date.UTC(2026, 10, 1 + (i % 20), 9, i % 60)).toISOString();
    return i % 3 === 0
      ? { streamId: `job-j${i}`, type: 'JobPosted', data: { ...job, jobId: `j${i}` }, actor, occurredAt }
      : i % 3 === 1
        ? { streamId: `user-u${i}`, type: 'UserRoleChanged', data: { userId: `u${i}`, from: 'candidate', to: 'admin' }, actor, occurredAt }
        : { streamId: `user-u${i}`, type: 'UserSignedIn', data: { userId: `u${i}`, method: 'password' }, actor, occurredAt };
  });

describe('admin-activities: a rebuild from zero equals the live read model', () => {
  it('live, batch by batch as events come, then replayed into a fresh store and rebuilt in place: the same documents', async () => {
    const eventStore = createMemoryEventStore();
    const live = createMemoryReadStore();
    const runner = new ProjectionRunner({ eventStore, readStore: live, projection: adminActivitiesProjection, batchSize: 7 });
    const events = history(120);
    for (const [i, event] of events.entries()) {
      await append(eventStore, event.streamId, event.type, event.data, event.actor, event.occurredAt);
      if (i % 9 === 0) await runner.catchUp();
    }
    await runner.catchUp();
    const liveDocs = await adminActivitiesCollection(live).find({}, { sort: { _id: 1 } });
    // 2 of every 5 events are an admin's; of those, sign-ins are not activities.
    expect(liveDocs.length).toBe(events.filter((e, i) => i % 5 < 2 && e.type !== 'UserSignedIn').length);

    const fresh = createMemoryReadStore();
    await new ProjectionRunner({ eventStore, readStore: fresh, projection: adminActivitiesProjection }).catchUp();
    expect(await adminActivitiesCollection(fresh).find({}, { sort: { _id: 1 } })).toEqual(liveDocs);

    await runner.rebuild();
    expect(await adminActivitiesCollection(live).find({}, { sort: { _id: 1 } })).toEqual(liveDocs);
  });
});

describe('admin-activities queries', () => {
  const seeded = async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    for (const event of history(60)) await append(eventStore, event.streamId, event.type, event.data, event.actor, event.occurredAt);
    await new ProjectionRunner({ eventStore, readStore, projection: adminActivitiesProjection }).catchUp();
    return readStore;
  };
  const all = { admin: null, action: null, from: null, to: null, page: 1, pageSize: 100 } as const;

  it('lists newest first by log position, paged, with the total', async () => {
    const readStore = await seeded();
    const { activities, total } = await listAdminActivities(readStore, all);
    expect(total).toBe(activities.length);
    expect(activities.map((a) => a.position)).toEqual([...activities.map((a) => a.position)].sort().reverse());
    const page2 = await listAdminActivities(readStore, { ...all, page: 2, pageSize: 5 });
    expect(page2.total).toBe(total);
    expect(page2.activities).toEqual(activities.slice(5, 10));
  });

  it('filters by admin, by action and by date range', async () => {
    const readStore = await seeded();
    const { activities } = await listAdminActivities(readStore, all);
    const byBoss = await listAdminActivities(readStore, { ...all, admin: 'user-boss' });
    expect(byBoss.activities).toEqual(activities.filter((a) => a.adminId === 'user-boss'));
    expect(byBoss.total).toBeGreaterThan(0);
    const posted = await listAdminActivities(readStore, { ...all, action: 'job.posted' });
    expect(posted.activities).toEqual(activities.filter((a) => a.action === 'job.posted'));
    const from = '2026-11-05T00:00:00.000Z';
    const to = '2026-11-10T00:00:00.000Z';
    const ranged = await listAdminActivities(readStore, { ...all, from, to });
    expect(ranged.activities).toEqual(activities.filter((a) => a.occurredAt >= from && a.occurredAt < to));
    expect(ranged.total).toBeGreaterThan(0);
    expect(ranged.total).toBeLessThan(activities.length);
  });

  it('the stream’s next news: entries after a position, oldest first; the newest position', async () => {
    const readStore = await seeded();
    const { activities } = await listAdminActivities(readStore, all);
    expect(await lastAdminActivityPosition(readStore)).toBe(activities[0]!.position);
    expect(await adminActivitiesAfter(readStore, activities[3]!.position)).toEqual(activities.slice(0, 3).reverse());
  });
});

async function project(events: GivenEvent[]) {
  const eventStore = createMemoryEventStore();
  const readStore = createMemoryReadStore();
  let n = 0;
  for (const event of events) {
    await eventStore.append(event.streamId, [
      { type: event.type, data: event.data, metadata: { eventId: `event-${++n}`, occurredAt: '2026-11-22T10:00:00.000Z', actor: event.actor ?? 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } },
    ]);
  }
  for (const projection of [...joinedProjections, adminActivitiesProjection]) await new ProjectionRunner({ eventStore, readStore, projection }).catchUp();
  return readStore;
}

describe('admin-activities: the names the tab shows, kept on the rows (ADR 071)', () => {
  it('after every event of the story, the rows name what the join of four read models named', async () => {
    const seen: string[] = [];
    for (let count = 1; count <= story.length; count++) {
      const readStore = await project(story.slice(0, count));
      const rows = await fromTheRows(readStore);
      expect(rows, `after ${count} events (${story[count - 1]!.type})`).toEqual(await joinedPerRequest(readStore));
      seen.push(...rows.map((row) => `${row.adminName} · ${row.entityLabel}`));
    }
    // The story reaches each case it claims to: renames, a job edited and revised, a title for a nameless candidate, erasures, an unknown admin.
    for (const label of [
      'Olive Ops · Data Engineer',
      'Olive Ops · Senior Data Engineer',
      'Olive Ops · Northwind Data',
      'Olive Ops · Northwind Analytics',
      'Olive Ops · Ada Lovelace',
      'Olive Ops · Ada King',
      'Olive Ops · Analyst',
      'Olive Ops · null',
      'Sam Boss · Bob Stone',
      'Bob Stone · Senior Data Engineer',
      '[erased] · Senior Data Engineer',
      'Sam Boss · [erased]',
      'Olive Ops · Imported Role',
      'Olive Ops · Revised Role',
      'Unknown admin · null',
      'Olive Ops · Nia New',
    ])
      expect(seen, label).toContain(label);
  });

  it('holds nothing of an erased person but the erased text: no name, title or profile', async () => {
    const readStore = await project(story);
    const dump = JSON.stringify(
      await Promise.all(Object.keys(adminActivitiesProjection.collections).map((name) => readStore.collection(physicalCollection(adminActivitiesProjection, name)).find({}))),
    );
    for (const text of ['Ada', 'Lovelace', 'King', 'Bob', 'Stone', 'Hello Ada', 'ada@example.com', '7946']) expect(dump).not.toContain(text);
    expect(dump).toContain('[erased]');
    expect(dump).toContain('Nia New');
  });
});
