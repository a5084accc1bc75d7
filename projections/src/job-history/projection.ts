import { JobEventSchemas, jobTermChanges, type JobContent, type JobHistoryEntry } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';

type Tracked = Pick<JobContent, 'title' | 'salary' | 'location' | 'type' | 'remote'>;

/** One job's public history (ADR 079): its entries, and the terms as they now stand to compare the next change with. */
export type JobHistoryDocument = {
  _id: string;
  entries: JobHistoryEntry[];
  current: Tracked;
};

const schemas = JobEventSchemas;
export type JobHistoryEvent = ProjectedEvent<typeof schemas>;

const tracked = ({ title, salary, location, type, remote }: JobContent): Tracked => ({ title, salary, location, type, remote });

const withEntry = (doc: JobHistoryDocument, entry: JobHistoryEntry, current = doc.current): JobHistoryDocument => ({
  ...doc,
  entries: [...doc.entries, entry],
  current,
});

/** Pure: the history after an event. An import seen again, unchanged, leaves it as it is. */
export function evolveJobHistory(doc: JobHistoryDocument | null, event: JobHistoryEvent): JobHistoryDocument | null {
  switch (event.type) {
    case 'JobPosted':
      return { _id: event.data.jobId, entries: [{ at: event.metadata.occurredAt, kind: 'posted', changes: [] }], current: tracked(event.data) };
    case 'JobImported':
      return { _id: event.data.jobId, entries: [{ at: event.data.postedAt ?? event.data.seenAt, kind: 'posted', changes: [] }], current: tracked(event.data) };
    case 'JobEdited':
    case 'ImportedJobRevised': {
      if (!doc) return null;
      const after = tracked(event.data);
      const at = event.type === 'JobEdited' ? event.data.editedAt : event.data.seenAt;
      return withEntry(doc, { at, kind: 'changed', changes: jobTermChanges(doc.current, after) }, after);
    }
    case 'ImportedJobSeen':
      return doc;
    case 'JobClosed':
      return doc && withEntry(doc, { at: event.data.closedAt, kind: 'closed', changes: [] });
    case 'JobReopened':
      return doc && withEntry(doc, { at: event.data.reopenedAt, kind: 'reopened', changes: [] });
    default:
      return unhandled(event);
  }
}

/** `job-history`: each job's public history, one document read by the job page. */
export const jobHistoryProjection = evolvingProjection({
  name: 'job-history',
  version: 1,
  collections: { job_history: {} },
  schemas,
  slices: [slice('job_history', { documents: (event: JobHistoryEvent) => event.data.jobId, evolve: evolveJobHistory })],
});
