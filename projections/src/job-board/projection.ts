import { JobPosted, jobFromPosted, type Job } from '@hireloop/contracts';
import type { ProjectionDefinition } from '../shared/projection';

/**
 * A job as the board stores it: the API shape plus fields precomputed for search, so queries
 * stay simple indexed filters instead of scanning text at request time.
 */
export type JobBoardDocument = Job & {
  _id: string;
  /** Lower-cased title, company, skills and description. */
  searchText: string;
  /** Lower-cased location. */
  locationText: string;
  typeText: string;
};

export const searchFields = (job: Job) => ({
  searchText: [job.title, job.company, job.skills.join(' '), job.description].join('\n').toLowerCase(),
  locationText: job.location.toLowerCase(),
  typeText: job.type.toLowerCase(),
});

/** `job-board`: every job by id, newest first on the board. */
export const jobBoardProjection: ProjectionDefinition = {
  name: 'job-board',
  version: 1,
  collections: {
    jobs: { indexes: [{ fields: ['createdAt'] }, { fields: ['shareToken'], unique: true }, { fields: ['isActive', 'createdAt'] }] },
  },
  eventTypes: ['JobPosted'],
  async apply(event, tx) {
    switch (event.type) {
      case 'JobPosted': {
        const job = jobFromPosted(JobPosted.parse(event.data), event.metadata.occurredAt);
        await tx.collection<JobBoardDocument>('jobs').put({ _id: job.id, ...job, ...searchFields(job) });
        return;
      }
    }
  },
};
