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

export type ImportFeedCommand = { type: 'CompleteImportRun'; data: ImportRunCompleted } | { type: 'FailImportRun'; data: ImportRunFailed };

const sameFeed = (state: ImportFeedState, feed: string) => {
  if (state.feed !== null && state.feed !== feed) throw new DomainError('conflict', `This import stream belongs to ${state.feed}, not ${feed}.`);
};

export const importFeedDecider: Decider<ImportFeedCommand, ImportEvent, ImportFeedState> = {
  schemas: ImportEventSchemas,
  initialState: () => ({ feed: null, seenJobIds: new Set(), unclosedJobIds: new Set(), writtenByFailedRuns: new Set(), lastCompletedAt: null, lastFailure: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ImportRunCompleted':
        return {
          feed: event.data.feed,
          seenJobIds: new Set(event.data.seenJobIds),
          unclosedJobIds: new Set(event.data.unclosedJobIds),
          writtenByFailedRuns: new Set(),
          lastCompletedAt: event.data.at,
          lastFailure: null,
        };
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
        const seen = new Set(command.data.seenJobIds);
        const stillListed = command.data.unclosedJobIds.filter((jobId) => seen.has(jobId));
        if (stillListed.length) throw new DomainError('validation', `A job cannot be both listed and left unclosed: ${stillListed.join(', ')}`);
        return [{ type: 'ImportRunCompleted', data: { ...command.data, seenJobIds: [...seen] } }];
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
