import { describe, it } from 'vitest';
import { MESSAGES, PostJobBody, type JobPosted } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { jobDecider, type JobPoster } from './decider';

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
