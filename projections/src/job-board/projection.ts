import {
  ImportedJobRevised,
  ImportedJobSeen,
  JobClosed,
  JobImported,
  JobPosted,
  JobReopened,
  jobFromPosted,
  type Job,
  type JobContent,
} from '@hireloop/contracts';
import type { WritableCollection } from '@hireloop/platform/read-store';
import type { ProjectionDefinition } from '../shared/projection';
import { locationFlags } from './location';

/**
 * A job as the board stores it: the API shape plus fields precomputed for search, so a search
 * is a handful of indexed conditions instead of text processing at request time.
 */
export type JobBoardDocument = Job & {
  _id: string;
  /** Lower-cased title, company, skills and description. */
  searchText: string;
  /** Lower-cased location. */
  locationText: string;
  typeText: string;
  isRemote: boolean;
  isGlobal: boolean;
  isUS: boolean;
  closedReason: string | null;
  /**
   * Position of the last event that changed the document (fixed width: sorts as a string), so
   * a reader can fetch what changed after the position it has seen (the search index).
   */
  position: string;
};

export const searchFields = (job: Pick<Job, 'title' | 'company' | 'skills' | 'description' | 'location' | 'type' | 'remote'>) => ({
  searchText: [job.title, job.company, job.skills.join(' '), job.description].join('\n').toLowerCase(),
  locationText: job.location.toLowerCase(),
  typeText: job.type.toLowerCase(),
  ...locationFlags(job.location, job.remote),
});

const withContent = (doc: JobBoardDocument, content: JobContent): JobBoardDocument => {
  const next = { ...doc, ...content };
  return { ...next, ...searchFields(next) };
};

async function update(
  jobs: WritableCollection<JobBoardDocument>,
  jobId: string,
  position: string,
  change: (doc: JobBoardDocument) => JobBoardDocument,
) {
  const doc = await jobs.get(jobId);
  if (doc) await jobs.put({ ...change(doc), position });
}

/** `job-board`: every job by id and share token, for the board, the detail page and the feed. */
export const jobBoardProjection: ProjectionDefinition = {
  name: 'job-board',
  // 4: only the indexes something reads (the board's searches are answered by the in-memory
  // index, so the trigram indexes only slowed every write down).
  version: 4,
  collections: {
    jobs: {
      // Equality lookups: the share token (job pages), `isActive` (RSS), `companyId`.
      documentIndex: true,
      indexes: [
        { fields: ['shareToken'], unique: true },
        // Newest first: the RSS feed and the SQL reference search.
        { fields: ['createdAt'] },
        // The search index catches up by position.
        { fields: ['position'] },
      ],
    },
  },
  eventTypes: ['JobPosted', 'JobImported', 'ImportedJobRevised', 'ImportedJobSeen', 'JobClosed', 'JobReopened'],
  async apply(event, tx) {
    const jobs = tx.collection<JobBoardDocument>('jobs');
    const { position } = event;
    switch (event.type) {
      case 'JobPosted': {
        const job = jobFromPosted(JobPosted.parse(event.data), event.metadata.occurredAt);
        await jobs.put({ _id: job.id, ...job, ...searchFields(job), closedReason: null, position });
        return;
      }
      case 'JobImported': {
        const data = JobImported.parse(event.data);
        const job: Job = {
          ...jobFromPosted({ ...data, companyId: null, postedBy: null }, data.postedAt ?? data.seenAt),
          firstSeenAt: data.seenAt,
          lastSeenAt: data.seenAt,
          validThrough: data.validThrough,
        };
        await jobs.put({ _id: job.id, ...job, ...searchFields(job), closedReason: null, position });
        return;
      }
      case 'ImportedJobRevised': {
        const { jobId, externalUrl, validThrough, seenAt, ...content } = ImportedJobRevised.parse(event.data);
        await update(jobs, jobId, position, (doc) => ({ ...withContent(doc, content), externalUrl, validThrough, lastSeenAt: seenAt }));
        return;
      }
      case 'ImportedJobSeen': {
        const { jobId, seenAt } = ImportedJobSeen.parse(event.data);
        await update(jobs, jobId, position, (doc) => ({ ...doc, lastSeenAt: seenAt }));
        return;
      }
      case 'JobClosed': {
        const { jobId, reason } = JobClosed.parse(event.data);
        await update(jobs, jobId, position, (doc) => ({ ...doc, isActive: false, closedReason: reason }));
        return;
      }
      case 'JobReopened': {
        const { jobId } = JobReopened.parse(event.data);
        await update(jobs, jobId, position, (doc) => ({ ...doc, isActive: true, closedReason: null }));
        return;
      }
    }
  },
};
