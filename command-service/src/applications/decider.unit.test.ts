import { describe, it } from 'vitest';
import { JOB_MESSAGES, type ApplicationSubmitted, type JobEvent } from '@hireloop/contracts';
import { jobDecider, type JobState } from '../jobs/decider';
import { fold } from '../shared/decider';
import { deciderSpec } from '../shared/decider-spec';
import { applicationDecider } from './decider';

const spec = deciderSpec(applicationDecider);
const application: ApplicationSubmitted = { applicationId: 'application-1', jobId: 'job-1', candidateUserId: 'user-2', submittedAt: '2026-11-22T10:00:00.000Z' };

const content = {
  title: 'Senior Data Engineer',
  company: 'Northwind',
  location: 'Austin, TX',
  salary: null,
  type: 'Full-time',
  remote: false,
  description: 'Pipelines.',
  requirements: [],
  skills: [],
  experience: 'Senior level',
  benefits: null,
};
const postedHere: JobEvent = { type: 'JobPosted', data: { ...content, jobId: 'job-1', shareToken: 's', companyId: 'company-1', postedBy: 'user-1', source: 'internal', externalUrl: null } };
const importedJob: JobEvent = {
  type: 'JobImported',
  data: { ...content, jobId: 'job-1', shareToken: 's', source: 'remoteok', externalId: 'r1', externalUrl: 'https://remoteok.example/1', feed: 'f', postedAt: null, validThrough: null, seenAt: '2026-11-20T00:00:00.000Z' },
};
const closed: JobEvent = { type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: '2026-11-21T00:00:00.000Z' } };
const job = (...events: JobEvent[]): JobState => fold(jobDecider, events);
const apply = (state: JobState, candidateType: 'candidate' | 'company' = 'candidate') => ({
  type: 'SubmitApplication' as const,
  data: { ...application, candidateType, job: state },
});

describe('applying to a job', () => {
  it('a candidate applies to an open job posted on Hireloop', () => {
    spec.given([]).when(apply(job(postedHere))).then([{ type: 'ApplicationSubmitted', data: application }]);
  });

  it('a company account cannot apply', () => {
    spec.given([]).when(apply(job(postedHere), 'company')).thenThrows(JOB_MESSAGES.candidatesOnly);
  });

  it('a job that does not exist cannot be applied to', () => {
    spec.given([]).when(apply(job())).thenThrows(JOB_MESSAGES.notFound);
  });

  it('an imported job is applied to on its own site', () => {
    spec.given([]).when(apply(job(importedJob))).thenThrows(JOB_MESSAGES.external);
  });

  it('a closed job takes no more applications', () => {
    spec.given([]).when(apply(job(postedHere, closed))).thenThrows(JOB_MESSAGES.closed);
  });

  it('a candidate applies once', () => {
    spec.given([{ type: 'ApplicationSubmitted', data: application }]).when(apply(job(postedHere))).thenThrows(JOB_MESSAGES.alreadyApplied);
  });
});
