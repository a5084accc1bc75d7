import { describe, expect, it, vi } from 'vitest';
import type { AdminActivity, JobPosted, UserRegistered } from '@hireloop/contracts';
import { createMemoryBus } from '@hireloop/platform/bus';
import { comparePositions, createMemoryEventStore, type Actor, type Position } from '@hireloop/platform/event-store';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { adminActivitiesProjection } from '@hireloop/projections/admin-activities/projection';
import { adminActivitiesAfter } from '@hireloop/projections/admin-activities/queries';
import { candidateProfilesProjection } from '@hireloop/projections/candidate-profiles/projection';
import { companiesProjection } from '@hireloop/projections/companies/projection';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { allProjections } from '@hireloop/projections/registry';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { usersProjection } from '@hireloop/projections/users/projection';
import { ProjectionProgress } from '../shared/projection-progress';
import { describeActivities } from './activities';
import { AdminActivityFeed } from './activity-feed';

const admin: Actor = { userId: 'user-ops', role: 'admin' };
const company: Actor = { userId: 'user-owner', role: 'company' };
const registered = (userId: string, name: string, role: UserRegistered['role']): UserRegistered => ({
  userId,
  type: 'candidate',
  role,
  name,
  email: `${userId}@example.test`,
  phone: '',
  location: '',
  currentRole: null,
  skills: [],
  companyId: null,
  registeredAt: '2026-11-22T10:00:00.000Z',
});
const job = (jobId: string, title: string): JobPosted => ({
  jobId,
  shareToken: `share-${jobId}`,
  companyId: null,
  postedBy: 'user-ops',
  source: 'internal',
  externalUrl: null,
  title,
  company: 'Your Company',
  location: 'Remote',
  salary: null,
  type: 'Full-time',
  remote: true,
  description: 'Work',
  requirements: [],
  skills: [],
  experience: '',
  benefits: null,
});

const setup = async () => {
  const eventStore = createMemoryEventStore();
  const readStore = createMemoryReadStore();
  const bus = createMemoryBus();
  const runners = [usersProjection, jobBoardProjection, companiesProjection, candidateProfilesProjection, adminActivitiesProjection].map(
    (projection) => new ProjectionRunner({ eventStore, readStore, bus, projection }),
  );
  let n = 0;
  const append = async (streamId: string, type: string, data: unknown, actor: Actor | 'system') => {
    const { position } = await eventStore.append(streamId, [
      {
        type,
        data,
        metadata: {
          eventId: `e-${++n}`,
          occurredAt: `2026-11-22T10:00:${String(n).padStart(2, '0')}.000Z`,
          actor,
          correlationId: 't',
          causationId: null,
          schemaVersion: 1,
        },
      },
    ]);
    for (const runner of runners) await runner.catchUp();
    return position;
  };
  const progress = new ProjectionProgress(readStore, allProjections, bus, 50, 0);
  await progress.start();
  const close = async () => {
    await progress.stop();
    await bus.close();
  };
  return { readStore, progress, append, close };
};
/** Until `feed` has checked the read model at `position` or later: what it has not told by then, it never will. */
const checkedPast = (feed: AdminActivityFeed, position: Position) =>
  vi.waitFor(() => expect(comparePositions(feed.checked ?? '', position)).toBeGreaterThanOrEqual(0));

describe('the admin activity feed', () => {
  it('tells its listeners each new admin entry once, described, and nothing of other actors', async () => {
    const { readStore, progress, append, close } = await setup();
    await append('user-user-ops', 'UserRegistered', registered('user-ops', 'Olive Ops', 'admin'), 'system');
    await append('job-old', 'JobPosted', job('old', 'Before the stream'), admin);
    const feed = new AdminActivityFeed(readStore, progress);
    const heard: AdminActivity[] = [];
    const { since, unsubscribe } = await feed.subscribe((activities) => heard.push(...activities));
    expect(since).not.toBe('');
    await append('job-j1', 'JobPosted', job('j1', 'Data Engineer'), admin);
    await checkedPast(feed, await append('job-j2', 'JobPosted', job('j2', 'By a company'), company));
    expect(heard.map((a) => [a.action, a.entityId, a.description, a.adminName, a.link])).toEqual([
      ['job.posted', 'j1', 'Posted a job: Data Engineer', 'Olive Ops', '/job/j1'],
    ]);
    await append('user-user-ada', 'UserRegistered', registered('user-ada', 'Ada Lovelace', 'candidate'), 'system');
    await checkedPast(feed, await append('user-user-ada', 'UserRoleChanged', { userId: 'user-ada', from: 'candidate', to: 'admin' }, admin));
    expect(heard.map((a) => a.description)).toEqual([
      'Posted a job: Data Engineer',
      'Changed a user role: Ada Lovelace (candidate → admin)',
    ]);
    unsubscribe();
    expect(feed.size).toBe(0);
    await append('job-j3', 'JobPosted', job('j3', 'After'), admin);
    // A listener that comes later is told of the next entry; by then the one that left would have been told too.
    const later: AdminActivity[] = [];
    const { unsubscribe: stopLater } = await feed.subscribe((activities) => later.push(...activities));
    await checkedPast(feed, await append('job-j4', 'JobPosted', job('j4', 'Later still'), admin));
    expect(later.map((a) => a.description)).toEqual(['Posted a job: Later still']);
    expect(heard).toHaveLength(2);
    stopLater();
    await close();
  });

  it('describes an entry whose subject or admin is gone without failing', async () => {
    const { readStore, append, close } = await setup();
    await append('job-j1', 'JobClosed', { jobId: 'missing', reason: 'closed_by_admin', closedAt: 'x' }, admin);
    const [described] = describeActivities(await adminActivitiesAfter(readStore, ''));
    expect(described).toMatchObject({ description: 'Closed a job', entityLabel: null, adminName: 'Unknown admin', link: '/job/missing' });
    await close();
  });
});
