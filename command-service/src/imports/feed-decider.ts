import { createHash } from 'node:crypto';
import { DomainError } from '@hireloop/contracts';
import { IMPORT_STREAM_PREFIX, type ImportEvent, type ImportRunCompleted, type ImportRunFailed, ImportEventSchemas } from '@hireloop/contracts/imports/events';
import { assertNever, type Decider } from '../shared/decider';

/** Stream `import-<sha256(feed)>`: one per feed (a URL or an absolute file path), its runs in order. */
export const importStreamId = (feed: string) => `${IMPORT_STREAM_PREFIX}${createHash('sha256').update(feed).digest('hex')}`;

export interface ImportFeedState {
  feed: string | null;
  /** Jobs the last successful run saw: the ones this feed closes when they disappear. */
  seenJobIds: ReadonlySet<string>;
  /** Jobs that left the feed but could not be closed yet. */
  unclosedJobIds: ReadonlySet<string>;
  /** Jobs written by runs that broke part-way since the last successful run (ADR 084): closed like the others when gone. */
  writtenByFailedRuns: ReadonlySet<string>;
  lastCompletedAt: string | null;
  lastFailure: { reason: string; at: string } | null;
}

/** A completed run as the importer knows it: every job it listed, of which the event records the change (ADR 094). */
export type CompleteImportRunData = Omit<Extract<ImportRunCompleted, { listedJobs: number }>, 'listedJobs' | 'addedJobIds' | 'removedJobIds'> & {
  seenJobIds: readonly string[];
};

export type ImportFeedCommand = { type: 'CompleteImportRun'; data: CompleteImportRunData } | { type: 'FailImportRun'; data: ImportRunFailed };

const sorted = (ids: Iterable<string>) => [...ids].sort();

const sameFeed = (state: ImportFeedState, feed: string) => {
  if (state.feed !== null && state.feed !== feed) throw new DomainError('conflict', `This import stream belongs to ${state.feed}, not ${feed}.`);
};

export const importFeedDecider: Decider<ImportFeedCommand, ImportEvent, ImportFeedState> = {
  schemas: ImportEventSchemas,
  initialState: () => ({ feed: null, seenJobIds: new Set(), unclosedJobIds: new Set(), writtenByFailedRuns: new Set(), lastCompletedAt: null, lastFailure: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ImportRunCompleted': {
        let seenJobIds: Set<string>;
        if ('seenJobIds' in event.data) seenJobIds = new Set(event.data.seenJobIds);
        else {
          seenJobIds = new Set(state.seenJobIds);
          for (const jobId of event.data.addedJobIds) seenJobIds.add(jobId);
          for (const jobId of event.data.removedJobIds) seenJobIds.delete(jobId);
        }
        return {
          feed: event.data.feed,
          seenJobIds,
          unclosedJobIds: new Set(event.data.unclosedJobIds),
          writtenByFailedRuns: new Set(),
          lastCompletedAt: event.data.at,
          lastFailure: null,
        };
      }
      case 'ImportRunFailed':
        // A failed run changes nothing the next run compares against, except the jobs it wrote before it broke.
        return {
          ...state,
          feed: event.data.feed,
          writtenByFailedRuns: event.data.writtenJobIds?.length ? new Set([...state.writtenByFailedRuns, ...event.data.writtenJobIds]) : state.writtenByFailedRuns,
          lastFailure: { reason: event.data.reason, at: event.data.at },
        };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CompleteImportRun': {
        sameFeed(state, command.data.feed);
        const { seenJobIds, ...run } = command.data;
        const seen = new Set(seenJobIds);
        const stillListed = command.data.unclosedJobIds.filter((jobId) => seen.has(jobId));
        if (stillListed.length) throw new DomainError('validation', `A job cannot be both listed and left unclosed: ${stillListed.join(', ')}`);
        // The change from the last completed run, not the whole listing: evolve applies it to the last run's.
        const addedJobIds = sorted([...seen].filter((jobId) => !state.seenJobIds.has(jobId)));
        const removedJobIds = sorted([...state.seenJobIds].filter((jobId) => !seen.has(jobId)));
        return [{ type: 'ImportRunCompleted', data: { ...run, listedJobs: seen.size, addedJobIds, removedJobIds } }];
      }
      case 'FailImportRun':
        sameFeed(state, command.data.feed);
        return [{ type: 'ImportRunFailed', data: command.data }];
      default:
        return assertNever(command);
    }
  },
};

/**
 * The disappearance rule: jobs the last successful run saw (or could not close, or a broken run
 * since wrote) that this run did
 * not. Only a successful run may call this — a failed fetch never closes anything.
 */
export const jobsGoneFromFeed = (state: ImportFeedState, seenNow: ReadonlySet<string>): string[] =>
  [...new Set([...state.seenJobIds, ...state.unclosedJobIds, ...state.writtenByFailedRuns])].filter((jobId) => !seenNow.has(jobId)).sort();
