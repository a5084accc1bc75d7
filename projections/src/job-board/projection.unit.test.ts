import { describe, it } from 'vitest';
import type { JobPosted } from '@hireloop/contracts';
import { projectionSpec } from '../shared/projection-spec';
import { jobBoardProjection } from './projection';

const spec = projectionSpec(jobBoardProjection);

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

describe('job board read model', () => {
  it('a posted job appears open, dated when it was posted, with its search fields precomputed', async () => {
    await spec.given([{ streamId: 'job-job-1', type: 'JobPosted', data: posted, occurredAt: '2026-11-20T08:30:00.000Z' }]).then('jobs', [
      {
        _id: 'job-1',
        id: 'job-1',
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
        matchScore: null,
        matchReasons: [],
        warnings: [],
        searchText: 'senior data engineer\nnorthwind\nkafka dbt\nown the pipelines.',
        locationText: 'austin, tx',
        typeText: 'full-time',
      },
    ]);
  });

  it('events of other read models leave the board empty', async () => {
    await spec.given([{ streamId: 'user-user-1', type: 'UserSignedIn', data: { userId: 'user-1', method: 'password' } }]).then('jobs', []);
  });
});
