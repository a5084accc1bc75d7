import { describe, expect, it } from 'vitest';
import { jobFromPosted, type JobImported, type JobPosted } from '@hireloop/contracts';
import { encodePosition } from '@hireloop/platform/event-store';
import { projectedEvent, projectionSpec } from '../shared/projection-spec';
import { evolveJob, jobBoardProjection, type JobBoardDocument } from './projection';
import { toJob } from './queries';

const spec = projectionSpec(jobBoardProjection);

/** The memory event store's position of the n-th event given (1-based). */
const nth = (n: number) => encodePosition(0, n);

const posted: JobPosted = {
  jobId: 'job-1',
  shareToken: 'share-1',
  companyId: 'company-1',
  postedBy: 'user-1',
  title: 'Senior Data Engineer',
  company: 'Northwind',
  location: 'Austin, TX',
  salary: '$150k',
  type: 'Full-time',
  remote: false,
  description: 'Own the PIPELINES.',
  requirements: ['SQL'],
  skills: ['Kafka', 'dbt'],
  experience: 'Senior level',
  benefits: null,
  source: 'internal',
  externalUrl: null,
};

const postedDocument = {
  _id: 'job-1',
  shareToken: 'share-1',
  title: 'Senior Data Engineer',
  company: 'Northwind',
  companyId: 'company-1',
  location: 'Austin, TX',
  salary: '$150k',
  type: 'Full-time',
  remote: false,
  description: 'Own the PIPELINES.',
  requirements: ['SQL'],
  skills: ['Kafka', 'dbt'],
  benefits: null,
  experience: 'Senior level',
  createdAt: '2026-11-20T08:30:00.000Z',
  isActive: true,
  source: 'internal',
  externalUrl: null,
  firstSeenAt: null,
  lastSeenAt: null,
  validThrough: null,
  locationText: 'austin, tx',
  typeText: 'full-time',
  isRemote: false,
  isGlobal: false,
  isUS: true,
  closedReason: null,
  position: nth(1),
};

const imported: JobImported = {
  jobId: 'remoteok-abc',
  shareToken: 'share-2',
  source: 'remoteok',
  externalId: '1093241',
  externalUrl: 'https://remoteok.com/remote-jobs/1093241',
  feed: 'https://remoteok.com/api',
  postedAt: '2026-05-07T10:00:00.000Z',
  validThrough: null,
  seenAt: '2026-05-08T06:00:00.000Z',
  title: 'Backend Engineer',
  company: 'Acme',
  location: 'Worldwide',
  salary: null,
  type: 'Full-time',
  remote: true,
  description: 'Go and Postgres.',
  requirements: [],
  skills: ['Go'],
  experience: 'Mid level',
  benefits: null,
};

describe('job board read model', () => {
  it('a posted job appears open, dated when it was posted, with its search fields precomputed', async () => {
    await spec.given([{ streamId: 'job-job-1', type: 'JobPosted', data: posted, occurredAt: '2026-11-20T08:30:00.000Z' }]).then('jobs', [postedDocument]);
  });

  it('an edited job shows its new content, searchable by it, and keeps its id, link, date and status (ADR 064)', async () => {
    const { jobId: _jobId, shareToken: _shareToken, companyId: _companyId, postedBy: _postedBy, source: _source, externalUrl: _externalUrl, ...content } = posted;
    await spec
      .given([
        { streamId: 'job-job-1', type: 'JobPosted', data: posted, occurredAt: '2026-11-20T08:30:00.000Z' },
        { streamId: 'job-job-1', type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: '2026-11-21T08:00:00.000Z' } },
        {
          streamId: 'job-job-1',
          type: 'JobEdited',
          data: { ...content, jobId: 'job-1', title: 'Staff Data Engineer', location: 'Remote', remote: true, skills: ['Spark'], editedBy: 'user-1', editedAt: '2026-11-22T08:00:00.000Z' },
        },
      ])
      .then('jobs', [
        {
          ...postedDocument,
          title: 'Staff Data Engineer',
          location: 'Remote',
          remote: true,
          skills: ['Spark'],
          locationText: 'remote',
          isRemote: true,
          isGlobal: false,
          isUS: false,
          isActive: false,
          closedReason: 'closed_by_owner',
          position: nth(3),
        },
      ]);
  });

  it('an owner closes a job and opens it again', async () => {
    await spec
      .given([
        { streamId: 'job-job-1', type: 'JobPosted', data: posted, occurredAt: '2026-11-20T08:30:00.000Z' },
        { streamId: 'job-job-1', type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: '2026-11-21T08:00:00.000Z' } },
      ])
      .then('jobs', [{ ...postedDocument, isActive: false, closedReason: 'closed_by_owner', position: nth(2) }]);
    await spec
      .given([
        { streamId: 'job-job-1', type: 'JobPosted', data: posted, occurredAt: '2026-11-20T08:30:00.000Z' },
        { streamId: 'job-job-1', type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: '2026-11-21T08:00:00.000Z' } },
        { streamId: 'job-job-1', type: 'JobReopened', data: { jobId: 'job-1', reason: 'reopened_by_owner', reopenedAt: '2026-11-22T08:00:00.000Z' } },
      ])
      .then('jobs', [{ ...postedDocument, position: nth(3) }]);
  });

  it('an imported job is dated by its source, keeps first and last seen, and follows its feed', async () => {
    await spec
      .given([
        { streamId: 'job-remoteok-abc', type: 'JobImported', data: imported },
        { streamId: 'job-remoteok-abc', type: 'ImportedJobSeen', data: { jobId: 'remoteok-abc', seenAt: '2026-05-09T06:00:00.000Z' } },
        {
          streamId: 'job-remoteok-abc',
          type: 'ImportedJobRevised',
          data: {
            jobId: 'remoteok-abc',
            externalUrl: 'https://remoteok.com/remote-jobs/1093241',
            validThrough: '2026-06-01T00:00:00.000Z',
            seenAt: '2026-05-10T06:00:00.000Z',
            title: 'Senior Backend Engineer',
            company: 'Acme',
            location: 'Remote - USA',
            salary: '$120,000 - $150,000',
            type: 'Full-time',
            remote: true,
            description: 'Go and Postgres.',
            requirements: [],
            skills: ['Go'],
            experience: 'Senior level',
            benefits: null,
          },
        },
        { streamId: 'job-remoteok-abc', type: 'JobClosed', data: { jobId: 'remoteok-abc', reason: 'removed_from_feed', closedAt: '2026-05-11T06:00:00.000Z' } },
      ])
      .then('jobs', [
        {
          _id: 'remoteok-abc',
          shareToken: 'share-2',
          title: 'Senior Backend Engineer',
          company: 'Acme',
          companyId: null,
          location: 'Remote - USA',
          salary: '$120,000 - $150,000',
          type: 'Full-time',
          remote: true,
          description: 'Go and Postgres.',
          requirements: [],
          skills: ['Go'],
          benefits: null,
          experience: 'Senior level',
          createdAt: '2026-05-07T10:00:00.000Z',
          isActive: false,
          source: 'remoteok',
          externalUrl: 'https://remoteok.com/remote-jobs/1093241',
          firstSeenAt: '2026-05-08T06:00:00.000Z',
          lastSeenAt: '2026-05-10T06:00:00.000Z',
          validThrough: '2026-06-01T00:00:00.000Z',
          locationText: 'remote - usa',
          typeText: 'full-time',
          isRemote: true,
          isGlobal: false,
          isUS: true,
          closedReason: 'removed_from_feed',
          // The last event that changed it: the fourth.
          position: nth(4),
        },
      ]);
  });

  it('events of other read models leave the board empty', async () => {
    await spec.given([{ streamId: 'user-user-1', type: 'UserSignedIn', data: { userId: 'user-1', method: 'password' } }]).then('jobs', []);
  });
});

describe('evolveJob (pure)', () => {
  const closed = projectedEvent('JobClosed', { jobId: 'job-1', reason: 'closed_by_owner' as const, closedAt: '2026-11-21T08:30:00.000Z' }, { position: nth(2) });

  it('closing a job returns a new document at the event position, the one given left as it was', () => {
    const before: JobBoardDocument = { ...postedDocument, source: 'internal' };
    const copy = structuredClone(before);
    expect(evolveJob(before, closed)).toEqual({ ...before, isActive: false, closedReason: 'closed_by_owner', position: nth(2) });
    expect(before).toEqual(copy);
  });

  it('the document holds no field of the API shape twice or always empty, and toJob gives the job back whole (ADR 125)', () => {
    const doc = evolveJob(null, projectedEvent('JobPosted', posted, { position: nth(1), occurredAt: '2026-11-20T08:30:00.000Z' }))!;
    for (const field of ['id', 'matchScore', 'matchReasons', 'warnings']) expect(doc).not.toHaveProperty(field);
    expect(toJob(doc)).toEqual(jobFromPosted(posted, '2026-11-20T08:30:00.000Z'));
  });

  it('an event about a job the board does not have leaves it without one', () => {
    expect(evolveJob(null, closed)).toBeNull();
  });
});
