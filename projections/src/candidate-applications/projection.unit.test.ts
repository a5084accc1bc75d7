import { describe, expect, it } from 'vitest';
import type { JobImported, JobPosted } from '@hireloop/contracts';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { createMemoryReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { findApplicationsOfCandidate } from '../applications/queries';
import { applicationsProjection } from '../applications/projection';
import { jobsCollection } from '../job-board/queries';
import { jobBoardProjection } from '../job-board/projection';
import { ProjectionRunner } from '../runner';
import { projectionSpec, type GivenEvent } from '../shared/projection-spec';
import { candidateApplicationsProjection } from './projection';
import { findCandidateApplicationRows } from './queries';

const posted = (jobId: string, title: string): JobPosted => ({
  jobId,
  shareToken: `share-${jobId}`,
  companyId: 'company-1',
  postedBy: 'user-1',
  title,
  company: 'Northwind',
  location: 'Austin, TX',
  salary: null,
  type: 'Full-time',
  remote: false,
  description: 'Own the pipelines.',
  requirements: [],
  skills: [],
  experience: 'Senior level',
  benefits: null,
  source: 'internal',
  externalUrl: null,
});

const imported: JobImported = {
  jobId: 'job-3',
  shareToken: 'share-job-3',
  source: 'remoteok',
  externalId: 'ext-3',
  externalUrl: 'https://jobs.example/3',
  feed: 'https://jobs.example/feed',
  postedAt: null,
  validThrough: null,
  seenAt: '2026-11-20T00:00:00.000Z',
  title: 'Data Analyst',
  company: 'Feedco',
  location: 'Austin, TX',
  salary: null,
  type: 'Full-time',
  remote: true,
  description: 'Dashboards.',
  requirements: [],
  skills: [],
  experience: 'Mid level',
  benefits: null,
};

const applied = (jobId: string, candidateUserId: string, submittedAt: string): GivenEvent => ({
  streamId: `application-${jobId}-${candidateUserId}`,
  type: 'ApplicationSubmitted',
  data: { applicationId: `app-${jobId}-${candidateUserId}`, jobId, candidateUserId, submittedAt },
});
const move = (type: string, jobId: string, candidateUserId: string, at: string): GivenEvent => ({
  streamId: `application-${jobId}-${candidateUserId}`,
  type,
  data: { applicationId: `app-${jobId}-${candidateUserId}`, jobId, candidateUserId, at, by: null },
});

/** Applications to jobs posted before and after, imported and revised, closed and reopened, moved along their timeline. */
const story: GivenEvent[] = [
  { streamId: 'job-job-1', type: 'JobPosted', data: posted('job-1', 'Data Engineer') },
  applied('job-1', 'cand-1', '2026-11-21T10:00:00.000Z'),
  // Applied before the board has the job: left out until it has.
  applied('job-2', 'cand-1', '2026-11-21T11:00:00.000Z'),
  applied('job-1', 'cand-2', '2026-11-21T12:00:00.000Z'),
  { streamId: 'job-job-2', type: 'JobPosted', data: posted('job-2', 'Platform Engineer') },
  move('ApplicationViewed', 'job-1', 'cand-1', '2026-11-22T10:00:00.000Z'),
  { streamId: 'job-job-1', type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: '2026-11-22T11:00:00.000Z' } },
  { streamId: 'job-job-3', type: 'JobImported', data: imported },
  applied('job-3', 'cand-1', '2026-11-22T12:00:00.000Z'),
  {
    streamId: 'job-job-3',
    type: 'ImportedJobRevised',
    data: { ...imported, title: 'Senior Data Analyst', location: 'Remote', externalUrl: null, validThrough: null, seenAt: '2026-11-23T00:00:00.000Z' },
  },
  { streamId: 'job-job-3', type: 'ImportedJobSeen', data: { jobId: 'job-3', seenAt: '2026-11-24T00:00:00.000Z' } },
  move('ApplicationInterviewInvited', 'job-1', 'cand-1', '2026-11-23T10:00:00.000Z'),
  { streamId: 'job-job-2', type: 'JobClosed', data: { jobId: 'job-2', reason: 'closed_by_admin', closedAt: '2026-11-23T11:00:00.000Z' } },
  { streamId: 'job-job-2', type: 'JobReopened', data: { jobId: 'job-2', reason: 'reopened_by_admin', reopenedAt: '2026-11-23T12:00:00.000Z' } },
  move('ApplicationWithdrawn', 'job-2', 'cand-1', '2026-11-24T10:00:00.000Z'),
  // A move of an application nobody sent changes nothing.
  move('ApplicationDeclined', 'job-9', 'cand-1', '2026-11-24T11:00:00.000Z'),
];

async function project(events: GivenEvent[]): Promise<ReadStore> {
  const eventStore = createMemoryEventStore();
  const readStore = createMemoryReadStore();
  let n = 0;
  for (const event of events) {
    await eventStore.append(event.streamId, [
      { type: event.type, data: event.data, metadata: { eventId: `event-${++n}`, occurredAt: '2026-11-22T10:00:00.000Z', actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } },
    ]);
  }
  for (const projection of [applicationsProjection, jobBoardProjection, candidateApplicationsProjection]) await new ProjectionRunner({ eventStore, readStore, projection }).catchUp();
  return readStore;
}

/** What the list showed when it joined `applications` with `job-board` on every request (before ADR 054). */
async function joinedPerRequest(readStore: ReadStore, userId: string) {
  const rows = await findApplicationsOfCandidate(readStore, userId);
  const jobs = new Map((await jobsCollection(readStore).find({})).map((job) => [job._id, job]));
  return rows.flatMap((row) => {
    const job = jobs.get(row.jobId);
    return job ? [{ applicationId: row.applicationId, jobTitle: job.title, company: job.company, location: job.location, jobIsOpen: job.isActive, appliedAt: row.submittedAt, status: row.status, timeline: row.timeline }] : [];
  });
}

async function fromOneDocument(readStore: ReadStore, userId: string) {
  return (await findCandidateApplicationRows(readStore, userId)).flatMap((row) =>
    row.job
      ? [{ applicationId: row.applicationId, jobTitle: row.job.title, company: row.job.company, location: row.job.location, jobIsOpen: row.job.isActive, appliedAt: row.submittedAt, status: row.status, timeline: row.timeline }]
      : [],
  );
}

describe('candidate-applications', () => {
  it('answers the candidate list exactly as the join of applications and the board did, after every event', async () => {
    for (let count = 1; count <= story.length; count++) {
      const readStore = await project(story.slice(0, count));
      for (const userId of ['cand-1', 'cand-2']) {
        expect(await fromOneDocument(readStore, userId), `after ${count} events, ${userId}`).toEqual(await joinedPerRequest(readStore, userId));
      }
    }
    const readStore = await project(story);
    expect((await fromOneDocument(readStore, 'cand-1')).map((row) => [row.jobTitle, row.location, row.jobIsOpen, row.status])).toEqual([
      ['Senior Data Analyst', 'Remote', true, 'applied'],
      ['Platform Engineer', 'Austin, TX', true, 'withdrawn'],
      ['Data Engineer', 'Austin, TX', false, 'interview'],
    ]);
  });

  it('keeps a row for an application whose job the board does not have, without the job', async () => {
    await projectionSpec(candidateApplicationsProjection)
      .given([applied('job-2', 'cand-1', '2026-11-21T11:00:00.000Z')])
      .then('candidate_application_rows', [
        {
          _id: 'job-2:cand-1',
          applicationId: 'app-job-2-cand-1',
          jobId: 'job-2',
          candidateUserId: 'cand-1',
          submittedAt: '2026-11-21T11:00:00.000Z',
          status: 'applied',
          timeline: [{ status: 'applied', at: '2026-11-21T11:00:00.000Z' }],
          job: null,
          termsWhenApplied: null,
        },
      ]);
  });

  it('keeps the job’s terms as they were when the candidate applied, beside the terms now (ADR 079)', async () => {
    const readStore = await project(story);
    const rows = await findCandidateApplicationRows(readStore, 'cand-1');
    const analyst = rows.find((row) => row.jobId === 'job-3')!;
    expect(analyst.termsWhenApplied).toEqual({ title: 'Data Analyst', salary: null, location: 'Austin, TX', type: 'Full-time', remote: true });
    expect(analyst.job?.terms).toMatchObject({ title: 'Senior Data Analyst', location: 'Remote' });
    // Applied before the board knew the job: no terms to compare with.
    expect(rows.find((row) => row.jobId === 'job-2')!.termsWhenApplied).toBeNull();
  });
});
