import { describe, expect, it } from 'vitest';
import { JOB_MESSAGES, MESSAGES, PostJobBody, type JobPosted } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { JOB_NOT_FOUND, NOT_YOUR_JOB, jobDecider, type ImportedJobData, type JobActor, type JobPoster } from './decider';

const spec = deciderSpec(jobDecider);
const company: JobPoster = { userId: 'user-1', type: 'company', role: 'company', companyId: 'company-1', companyName: 'Northwind' };
const candidate: JobPoster = { userId: 'user-2', type: 'candidate', role: 'candidate', companyId: null, companyName: null };
const admin: JobPoster = { userId: 'user-3', type: 'candidate', role: 'admin', companyId: null, companyName: null };

const job = PostJobBody.parse({
  title: 'Senior Data Engineer',
  location: 'Austin, TX',
  description: 'Pipelines.',
  salary: '',
  requirements: 'SQL\n\n  Python  \n',
  skills: 'Kafka, , dbt ',
  benefits: '   ',
});

const posted = (overrides: Partial<JobPosted> = {}): JobPosted => ({
  jobId: 'job-1',
  shareToken: 'share-1',
  companyId: 'company-1',
  postedBy: 'user-1',
  title: 'Senior Data Engineer',
  company: 'Northwind',
  location: 'Austin, TX',
  salary: null,
  type: 'Full-time',
  remote: false,
  description: 'Pipelines.',
  requirements: ['SQL', 'Python'],
  skills: ['Kafka', 'dbt'],
  experience: 'Entry level',
  benefits: null,
  source: 'internal',
  externalUrl: null,
  ...overrides,
});

describe('posting a job', () => {
  it("a company posts a job under its own name with the spec's defaults applied", () => {
    spec.given([]).when({ type: 'PostJob', data: { jobId: 'job-1', shareToken: 'share-1', job, poster: company } }).then([{ type: 'JobPosted', data: posted() }]);
  });

  it('the company field of the form wins over the account name', () => {
    spec
      .given([])
      .when({ type: 'PostJob', data: { jobId: 'job-1', shareToken: 'share-1', job: { ...job, company: 'Northwind Labs' }, poster: company } })
      .then([{ type: 'JobPosted', data: posted({ company: 'Northwind Labs' }) }]);
  });

  it("an admin without a company posts as 'Your Company'", () => {
    spec
      .given([])
      .when({ type: 'PostJob', data: { jobId: 'job-1', shareToken: 'share-1', job, poster: admin } })
      .then([{ type: 'JobPosted', data: posted({ company: 'Your Company', companyId: null, postedBy: 'user-3' }) }]);
  });

  it('a candidate cannot post a job', () => {
    spec.given([]).when({ type: 'PostJob', data: { jobId: 'job-1', shareToken: 'share-1', job, poster: candidate } }).thenThrows(MESSAGES.companyOnly);
  });

  it('a job id cannot be posted twice', () => {
    spec
      .given([{ type: 'JobPosted', data: posted() }])
      .when({ type: 'PostJob', data: { jobId: 'job-1', shareToken: 'share-1', job, poster: company } })
      .thenThrows('already exists');
  });
});

const owner: Exclude<JobActor, 'system'> = { userId: 'user-1', role: 'company', companyId: 'company-1' };
const stranger: Exclude<JobActor, 'system'> = { userId: 'user-9', role: 'company', companyId: 'company-9' };
const anAdmin: Exclude<JobActor, 'system'> = { userId: 'user-3', role: 'admin', companyId: null };
const at = '2026-11-22T10:00:00.000Z';

describe('closing and reopening a job', () => {
  it('the company that posted it closes it', () => {
    spec.given([{ type: 'JobPosted', data: posted() }]).when({ type: 'CloseJob', data: { jobId: 'job-1', by: owner, at } }).then([
      { type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: at } },
    ]);
  });

  it('an admin closes any job, and the reason says so', () => {
    spec.given([{ type: 'JobPosted', data: posted() }]).when({ type: 'CloseJob', data: { jobId: 'job-1', by: anAdmin, at } }).then([
      { type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_admin', closedAt: at } },
    ]);
  });

  it('another company may not close it', () => {
    spec.given([{ type: 'JobPosted', data: posted() }]).when({ type: 'CloseJob', data: { jobId: 'job-1', by: stranger, at } }).thenThrows(NOT_YOUR_JOB);
  });

  it('closing a closed job changes nothing (so a repeated or simultaneous close succeeds)', () => {
    spec
      .given([{ type: 'JobPosted', data: posted() }, { type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: at } }])
      .when({ type: 'CloseJob', data: { jobId: 'job-1', by: owner, at } })
      .then([]);
  });

  it('a job that does not exist cannot be closed or reopened', () => {
    spec.given([]).when({ type: 'CloseJob', data: { jobId: 'job-1', by: owner, at } }).thenThrows(JOB_NOT_FOUND);
    spec.given([]).when({ type: 'ReopenJob', data: { jobId: 'job-1', by: owner, at } }).thenThrows(JOB_NOT_FOUND);
  });

  it('the owner reopens a closed job; reopening an open job changes nothing', () => {
    spec
      .given([{ type: 'JobPosted', data: posted() }, { type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: at } }])
      .when({ type: 'ReopenJob', data: { jobId: 'job-1', by: owner, at } })
      .then([{ type: 'JobReopened', data: { jobId: 'job-1', reason: 'reopened_by_owner', reopenedAt: at } }]);
    spec.given([{ type: 'JobPosted', data: posted() }]).when({ type: 'ReopenJob', data: { jobId: 'job-1', by: owner, at } }).then([]);
  });

  it('the importer closes a job gone from its feed but never reopens one by hand', () => {
    spec.given([{ type: 'JobPosted', data: posted() }]).when({ type: 'CloseJob', data: { jobId: 'job-1', by: 'system', at } }).then([
      { type: 'JobClosed', data: { jobId: 'job-1', reason: 'removed_from_feed', closedAt: at } },
    ]);
    spec
      .given([{ type: 'JobPosted', data: posted() }, { type: 'JobClosed', data: { jobId: 'job-1', reason: 'removed_from_feed', closedAt: at } }])
      .when({ type: 'ReopenJob', data: { jobId: 'job-1', by: 'system', at } })
      .thenThrows('The importer reopens jobs only when they are back in their feed.');
  });
});

describe('importing a job', () => {
  const { jobId: _j, shareToken: _s, companyId: _c, postedBy: _p, source: _src, externalUrl: _e, ...jobContent } = posted();
  const imported = (seenAt: string, overrides: Partial<ImportedJobData> = {}): ImportedJobData => ({
    jobId: 'job-1',
    shareToken: 'share-1',
    source: 'remoteok',
    externalId: 'rok-1',
    externalUrl: 'https://remoteok.example/1',
    feed: 'https://remoteok.example/api',
    postedAt: '2026-11-01T00:00:00.000Z',
    validThrough: null,
    content: jobContent,
    seenAt,
    ...overrides,
  });
  const firstSeen = {
    type: 'JobImported' as const,
    data: {
      ...jobContent,
      jobId: 'job-1',
      shareToken: 'share-1',
      source: 'remoteok' as const,
      externalId: 'rok-1',
      externalUrl: 'https://remoteok.example/1',
      feed: 'https://remoteok.example/api',
      postedAt: '2026-11-01T00:00:00.000Z',
      validThrough: null,
      seenAt: '2026-11-20T06:00:00.000Z',
    },
  };

  it('a job seen for the first time is imported', () => {
    spec.given([]).when({ type: 'ImportJob', data: imported('2026-11-20T06:00:00.000Z') }).then([firstSeen]);
  });

  it('seen again the same day with the same content: nothing; on a later day: seen', () => {
    spec.given([firstSeen]).when({ type: 'ImportJob', data: imported('2026-11-20T18:00:00.000Z') }).then([]);
    spec.given([firstSeen]).when({ type: 'ImportJob', data: imported('2026-11-21T06:00:00.000Z') }).then([
      { type: 'ImportedJobSeen', data: { jobId: 'job-1', seenAt: '2026-11-21T06:00:00.000Z' } },
    ]);
  });

  it('changed content is a revision', () => {
    const revised = imported('2026-11-21T06:00:00.000Z', { content: { ...jobContent, title: 'Staff Data Engineer' } });
    spec.given([firstSeen]).when({ type: 'ImportJob', data: revised }).then([
      {
        type: 'ImportedJobRevised',
        data: { ...jobContent, title: 'Staff Data Engineer', jobId: 'job-1', externalUrl: 'https://remoteok.example/1', validThrough: null, seenAt: '2026-11-21T06:00:00.000Z' },
      },
    ]);
  });

  it('a change in a list (a skill added, one changed, the order) or a field newly given is a revision too; the same lists are not', () => {
    const skills = jobContent.skills;
    for (const content of [
      { ...jobContent, skills: [...skills, 'Go'] },
      { ...jobContent, skills: [...skills.slice(0, -1), `${skills.at(-1) ?? ''}!`] },
      { ...jobContent, skills: [...skills].reverse() },
      { ...jobContent, requirements: [...jobContent.requirements, 'SQL'] },
      { ...jobContent, benefits: jobContent.benefits === null ? 'Pension' : null },
    ]) {
      if (JSON.stringify(content) === JSON.stringify(jobContent)) continue;
      const events = jobDecider.decide({ type: 'ImportJob', data: imported('2026-11-20T18:00:00.000Z', { content }) }, [firstSeen].reduce((state, event) => jobDecider.evolve(state, event), jobDecider.initialState()));
      expect(events.map((event) => event.type)).toEqual(['ImportedJobRevised']);
    }
    spec.given([firstSeen]).when({ type: 'ImportJob', data: imported('2026-11-20T18:00:00.000Z', { content: { ...jobContent, skills: [...skills], requirements: [...jobContent.requirements] } }) }).then([]);
  });

  it('back in its feed after dropping out, it opens again; a job an admin closed stays closed', () => {
    const gone = { type: 'JobClosed' as const, data: { jobId: 'job-1', reason: 'removed_from_feed' as const, closedAt: '2026-11-21T00:00:00.000Z' } };
    spec.given([firstSeen, gone]).when({ type: 'ImportJob', data: imported('2026-11-22T06:00:00.000Z') }).then([
      { type: 'ImportedJobSeen', data: { jobId: 'job-1', seenAt: '2026-11-22T06:00:00.000Z' } },
      { type: 'JobReopened', data: { jobId: 'job-1', reason: 'back_in_feed', reopenedAt: '2026-11-22T06:00:00.000Z' } },
    ]);
    const closedByAdmin = { type: 'JobClosed' as const, data: { jobId: 'job-1', reason: 'closed_by_admin' as const, closedAt: '2026-11-21T00:00:00.000Z' } };
    spec.given([firstSeen, closedByAdmin]).when({ type: 'ImportJob', data: imported('2026-11-22T06:00:00.000Z') }).then([
      { type: 'ImportedJobSeen', data: { jobId: 'job-1', seenAt: '2026-11-22T06:00:00.000Z' } },
    ]);
  });

  it('a job posted on Hireloop cannot be overwritten by an import', () => {
    spec.given([{ type: 'JobPosted', data: posted() }]).when({ type: 'ImportJob', data: imported('2026-11-22T06:00:00.000Z') }).thenThrows('This job was not imported.');
  });
});

describe('editing a job (ADR 064)', () => {
  const edited = PostJobBody.parse({ title: 'Staff Data Engineer', location: 'Remote', remote: true, description: 'Own the platform.', skills: 'Kafka, Spark', requirements: 'SQL', salary: '$180k' });
  const editedEvent = (editedBy: string) => ({
    type: 'JobEdited' as const,
    data: {
      jobId: 'job-1',
      title: 'Staff Data Engineer',
      company: 'Northwind',
      location: 'Remote',
      salary: '$180k',
      type: 'Full-time',
      remote: true,
      description: 'Own the platform.',
      requirements: ['SQL'],
      skills: ['Kafka', 'Spark'],
      experience: 'Entry level',
      benefits: null,
      editedBy,
      editedAt: at,
    },
  });

  it('the company that posted it edits it; a blank company field keeps the name it had', () => {
    spec.given([{ type: 'JobPosted', data: posted() }]).when({ type: 'EditJob', data: { jobId: 'job-1', job: edited, by: owner, at } }).then([editedEvent(owner.userId)]);
  });

  it('an admin edits any job posted on Hireloop', () => {
    spec.given([{ type: 'JobPosted', data: posted() }]).when({ type: 'EditJob', data: { jobId: 'job-1', job: edited, by: anAdmin, at } }).then([editedEvent(anAdmin.userId)]);
  });

  it('another company may not edit it', () => {
    spec.given([{ type: 'JobPosted', data: posted() }]).when({ type: 'EditJob', data: { jobId: 'job-1', job: edited, by: stranger, at } }).thenThrows(NOT_YOUR_JOB);
  });

  it('a job that does not exist cannot be edited', () => {
    spec.given([]).when({ type: 'EditJob', data: { jobId: 'job-1', job: edited, by: owner, at } }).thenThrows(JOB_NOT_FOUND);
  });

  it('saving the same content records nothing', () => {
    spec.given([{ type: 'JobPosted', data: posted() }, editedEvent(owner.userId)]).when({ type: 'EditJob', data: { jobId: 'job-1', job: edited, by: owner, at } }).then([]);
  });

  it('a closed job can still be edited (and stays closed)', () => {
    spec
      .given([{ type: 'JobPosted', data: posted() }, { type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: at } }])
      .when({ type: 'EditJob', data: { jobId: 'job-1', job: edited, by: owner, at } })
      .then([editedEvent(owner.userId)]);
  });

  it('an imported job is edited at its source, not here, even by an admin', () => {
    const { jobId: _j, shareToken: _s, companyId: _c, postedBy: _p, source: _src, externalUrl: _e, ...content } = posted();
    const imported = {
      type: 'JobImported' as const,
      data: { ...content, jobId: 'job-1', shareToken: 'share-1', source: 'remoteok' as const, externalId: 'rok-1', externalUrl: null, feed: 'feed', postedAt: null, validThrough: null, seenAt: at },
    };
    spec.given([imported]).when({ type: 'EditJob', data: { jobId: 'job-1', job: edited, by: anAdmin, at } }).thenThrows(JOB_MESSAGES.importedNotEditable);
  });
});
