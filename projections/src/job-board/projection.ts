import {
  ImportedJobRevised,
  ImportedJobSeen,
  JobClosed,
  JobEdited,
  JobImported,
  JobPosted,
  JobReopened,
  jobFromPosted,
  type Job,
  type JobContent,
} from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';
import { locationFlags } from './location';

/**
 * A job as the board stores it: the API shape plus fields precomputed for search, so a search
 * is a handful of indexed conditions instead of text processing at request time. The keywords'
 * text (`searchText`) is not stored: it would repeat the title, company, skills and description
 * (a fifth of the document); the search index derives it (ADR 091).
 */
export type JobBoardDocument = Omit<Job, StoredElsewhere> & {
  /** The job's id (`id` in the API shape; `toJob` gives it back). */
  _id: string;
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

/**
 * Fields of the API shape the board does not store (ADR 125): the id is `_id` already, and a match
 * score, its reasons and warnings are a candidate's, never the board's (null and empty on every
 * job). They were 4 of a document's 32 keys and a fifteenth of its text, which every rebuild
 * wrote, sent and parsed into jsonb once per job. `toJob` puts them back.
 */
type StoredElsewhere = 'id' | 'matchScore' | 'matchReasons' | 'warnings';

/** The fields a keyword is searched in (each a string, or for skills strings): `searchText` joins them. */
export const KEYWORD_FIELDS = ['title', 'company', 'skills', 'description'] as const;

/** Lower-cased title, company, skills and description: the text a keyword is a substring of. */
export const searchText = (job: Pick<Job, (typeof KEYWORD_FIELDS)[number]>): string =>
  [job.title, job.company, job.skills.join(' '), job.description].join('\n').toLowerCase();

/** The fields the board stores beside the job for its searches. */
export const boardFields = (job: Pick<Job, 'location' | 'type' | 'remote'>) => ({
  locationText: job.location.toLowerCase(),
  typeText: job.type.toLowerCase(),
  ...locationFlags(job.location, job.remote),
});

const withContent = (doc: JobBoardDocument, content: JobContent): JobBoardDocument => {
  const next = { ...doc, ...content };
  return { ...next, ...boardFields(next) };
};

const schemas = { JobPosted, JobImported, ImportedJobRevised, ImportedJobSeen, JobEdited, JobClosed, JobReopened };
type JobBoardEvent = ProjectedEvent<typeof schemas>;

const added = ({ id, matchScore: _score, matchReasons: _reasons, warnings: _warnings, ...job }: Job, position: string): JobBoardDocument => ({
  _id: id,
  ...job,
  ...boardFields(job),
  closedReason: null,
  position,
});

/** Pure: a job's document after an event (null: none yet). Events about a job the board does not have leave it so. */
export function evolveJob(doc: JobBoardDocument | null, event: JobBoardEvent): JobBoardDocument | null {
  const { position } = event;
  switch (event.type) {
    case 'JobPosted':
      return added(jobFromPosted(event.data, event.metadata.occurredAt), position);
    case 'JobImported': {
      const { data } = event;
      const job: Job = {
        ...jobFromPosted({ ...data, companyId: null, postedBy: null }, data.postedAt ?? data.seenAt),
        firstSeenAt: data.seenAt,
        lastSeenAt: data.seenAt,
        validThrough: data.validThrough,
      };
      return added(job, position);
    }
    case 'ImportedJobRevised': {
      const { jobId: _jobId, externalUrl, validThrough, seenAt, ...content } = event.data;
      return doc && { ...withContent(doc, content), externalUrl, validThrough, lastSeenAt: seenAt, position };
    }
    case 'ImportedJobSeen':
      return doc && { ...doc, lastSeenAt: event.data.seenAt, position };
    case 'JobEdited': {
      const { jobId: _jobId, editedBy: _editedBy, editedAt: _editedAt, ...content } = event.data;
      return doc && { ...withContent(doc, content), position };
    }
    case 'JobClosed':
      return doc && { ...doc, isActive: false, closedReason: event.data.reason, position };
    case 'JobReopened':
      return doc && { ...doc, isActive: true, closedReason: null, position };
    default:
      return unhandled(event);
  }
}

/** `job-board`: every job by id and share token, for the board, the detail page and the feed. */
export const jobBoardProjection = evolvingProjection({
  name: 'job-board',
  // 4: only the indexes something reads (the board's searches are answered by the in-memory
  // index, so the trigram indexes only slowed every write down). 5: no stored `searchText`.
  // 6: no `id`, `matchScore`, `matchReasons` or `warnings` (ADR 125).
  version: 6,
  collections: {
    jobs: {
      // No whole-document index (ADR 112): equality on the share token (job pages) and the
      // company (a company's own jobs, while the search index loads) is served by their own
      // indexes; `isActive` (RSS) holds for most jobs, which a scan in `createdAt` order serves.
      indexes: [
        { fields: ['shareToken'], unique: true },
        { fields: ['companyId'] },
        // Newest first: the RSS feed and the SQL reference search.
        { fields: ['createdAt'] },
        // The search index catches up by position.
        { fields: ['position'] },
      ],
    },
  },
  schemas,
  slices: [slice('jobs', { documents: (event: JobBoardEvent) => event.data.jobId, evolve: evolveJob })],
});
