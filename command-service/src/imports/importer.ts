import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DomainError, jobStreamId, type JobEvent, type JobSource } from '@hireloop/contracts';
import type { ImportRunCounts } from '@hireloop/contracts/imports/events';
import type { ImportedJob } from '@hireloop/contracts/imports/feed';
import { jobDecider, type JobCommand } from '../jobs/decider';
import { handleCommand, type CommandContext } from '../shared/command-handler';
import { loadState } from '../shared/stream';
import type { CommandServiceDeps } from '../shared/deps';
import { importFeedDecider, importStreamId, jobsGoneFromFeed, type ImportFeedState } from './feed-decider';
import { parseFeed, type FeedFormat, type ParsedFeed, type SkippedItem } from './parsers';

export type ImportDeps = Pick<CommandServiceDeps, 'eventStore' | 'clock' | 'ids'>;

/** The same job of the same source lands on the same stream, whichever feed lists it. */
export const importedJobId = (source: JobSource, externalId: string) =>
  `${source}-${createHash('sha256').update(`${source}:${externalId}`).digest('hex').slice(0, 20)}`;

export interface ImportSummary {
  feed: string;
  /** False when the feed could not be loaded or understood: then nothing changed. */
  ok: boolean;
  /** Why the run failed. */
  reason: string | null;
  format: FeedFormat | null;
  source: JobSource | null;
  counts: ImportRunCounts;
  skipped: SkippedItem[];
  /** Jobs that could not be written or closed (after one retry), and why; the next run tries again. */
  problems: string[];
  /** Every event of the run carries it. */
  correlationId: string;
  at: string;
}

const noCounts = (): ImportRunCounts => ({ imported: 0, revised: 0, unchanged: 0, closed: 0, reopened: 0, skipped: 0, failed: 0 });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Someone wrote to the job between our read and our append: read again and decide again, once. */
async function retryOnVersionConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'version_conflict') return work();
    throw error;
  }
}

const readFeedState = async (deps: ImportDeps, streamId: string): Promise<ImportFeedState> => {
  return (await loadState(deps.eventStore, streamId, importFeedDecider)).state;
};

/**
 * One run over one feed: load, parse, import every job (JobImported / ImportedJobRevised /
 * ImportedJobSeen / JobReopened), close the jobs of the previous run that are gone, record the run.
 * A feed that cannot be loaded or parsed records ImportRunFailed and closes nothing.
 */
export async function importFeed(deps: ImportDeps, feed: string, load: () => Promise<string>): Promise<ImportSummary> {
  const at = deps.clock.now().toISOString();
  const context: CommandContext = { actor: 'system', correlationId: `import-run-${deps.ids.newId()}`, causationId: null, clock: deps.clock, ids: deps.ids };
  const streamId = importStreamId(feed);
  const summary: ImportSummary = {
    feed,
    ok: false,
    reason: null,
    format: null,
    source: null,
    counts: noCounts(),
    skipped: [],
    problems: [],
    correlationId: context.correlationId,
    at,
  };
  const previous = await readFeedState(deps, streamId);

  const fail = async (reason: string): Promise<ImportSummary> => {
    await handleCommand(deps.eventStore, streamId, importFeedDecider, { type: 'FailImportRun', data: { feed, reason, at } }, context);
    return { ...summary, reason };
  };

  let parsed: ParsedFeed;
  try {
    parsed = parseFeed(await load());
  } catch (error) {
    return fail(messageOf(error));
  }
  summary.format = parsed.format;
  summary.source = parsed.source;
  summary.skipped = parsed.skipped;
  summary.counts.skipped = parsed.skipped.length;

  const previouslyListed = new Set([...previous.seenJobIds, ...previous.unclosedJobIds]);
  const seen = new Set<string>();
  // An item still listed but invalid this time is not a job that left: keep it open, unchanged.
  for (const { externalId } of parsed.skipped) {
    const jobId = externalId === null ? null : importedJobId(parsed.source, externalId);
    if (jobId && previouslyListed.has(jobId)) seen.add(jobId);
  }
  // An API that answers with an empty list is far more often broken than emptied.
  if (parsed.jobs.length === 0 && seen.size === 0 && previouslyListed.size > 0) {
    return fail(`The feed listed no jobs while the last run saw ${previouslyListed.size}: treated as a failed fetch, no job was closed.`);
  }

  for (const job of parsed.jobs) {
    const jobId = importedJobId(job.source, job.externalId);
    seen.add(jobId);
    try {
      const { events } = await retryOnVersionConflict(() => handleCommand(deps.eventStore, jobStreamId(jobId), jobDecider, importCommand(deps, job, jobId, feed, at), context));
      tally(summary.counts, events);
    } catch (error) {
      summary.counts.failed += 1;
      summary.problems.push(`job ${JSON.stringify(job.externalId)}: ${messageOf(error)}`);
    }
  }

  const unclosedJobIds: string[] = [];
  for (const jobId of jobsGoneFromFeed(previous, seen)) {
    try {
      if (await retryOnVersionConflict(() => closeGoneJob(deps, jobId, at, context))) summary.counts.closed += 1;
    } catch (error) {
      unclosedJobIds.push(jobId);
      summary.counts.failed += 1;
      summary.problems.push(`closing ${jobId}: ${messageOf(error)}`);
    }
  }

  await handleCommand(
    deps.eventStore,
    streamId,
    importFeedDecider,
    {
      type: 'CompleteImportRun',
      data: {
        feed,
        source: parsed.source,
        seenJobIds: [...seen].sort(),
        unclosedJobIds,
        counts: summary.counts,
        skippedReasons: parsed.skipped.slice(0, 50).map(({ item, reason }) => `${item}: ${reason}`),
        at,
      },
    },
    context,
  );
  return { ...summary, ok: true };
}

const importCommand = (deps: ImportDeps, job: ImportedJob, jobId: string, feed: string, seenAt: string): JobCommand => ({
  type: 'ImportJob',
  data: {
    jobId,
    // Used only the first time; the share link must not be derivable from public data.
    shareToken: deps.ids.newToken(16),
    source: job.source,
    externalId: job.externalId,
    externalUrl: job.externalUrl,
    feed,
    postedAt: job.postedAt,
    validThrough: job.validThrough,
    content: job.content,
    seenAt,
  },
});

const tally = (counts: ImportRunCounts, events: readonly JobEvent[]) => {
  const types = new Set(events.map((event) => event.type));
  if (types.has('JobImported')) counts.imported += 1;
  else if (types.has('ImportedJobRevised')) counts.revised += 1;
  else counts.unchanged += 1;
  if (types.has('JobReopened')) counts.reopened += 1;
};

/**
 * Closes a job that left its feed, unless it is already closed (by an admin, or an earlier run) or
 * was not imported. The append expects the version read, so a change in between is retried.
 */
async function closeGoneJob(deps: ImportDeps, jobId: string, at: string, context: CommandContext): Promise<boolean> {
  const streamId = jobStreamId(jobId);
  const { state: job, version } = await loadState(deps.eventStore, streamId, jobDecider);
  if (job.status !== 'open' || job.externalId === null) return false;
  const result = await handleCommand(deps.eventStore, streamId, jobDecider, { type: 'CloseJob', data: { jobId, by: 'system', at } }, context, { expectedVersion: version });
  return result.events.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Loading

export const FEED_TIMEOUT_MS = 15_000;
export const FEED_MAX_BYTES = 10 * 1024 * 1024;

export interface LoadFeedOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

/** The feed could not be read: the run fails, nothing is closed. */
export class FeedLoadError extends Error {
  override readonly name = 'FeedLoadError';
}

export const isFeedUrl = (feed: string) => /^https?:\/\//i.test(feed);

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** An http(s) URL is fetched (timeout, size cap, 2xx only); anything else is a file path (or file: URL). */
export async function loadFeed(feed: string, { timeoutMs = FEED_TIMEOUT_MS, maxBytes = FEED_MAX_BYTES }: LoadFeedOptions = {}): Promise<string> {
  if (isFeedUrl(feed)) return fetchFeed(feed, timeoutMs, maxBytes);
  const path = /^file:/i.test(feed) ? fileURLToPath(feed) : feed;
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new FeedLoadError(`${path} is not a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof FeedLoadError) throw error;
    throw new FeedLoadError(`Could not read ${path}: ${messageOf(error)}`);
  }
  if (size > maxBytes) throw new FeedLoadError(`${path} is larger than ${megabytes(maxBytes)}`);
  // TextDecoder drops a byte-order mark.
  return new TextDecoder().decode(await readFile(path));
}

async function fetchFeed(url: string, timeoutMs: number, maxBytes: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = () => new FeedLoadError(`No complete answer from ${url} within ${timeoutMs / 1000} s`);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow', headers: { accept: 'application/json', 'user-agent': 'Hireloop job importer' } });
  } catch (error) {
    if (signal.aborted) throw timedOut();
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new FeedLoadError(`Could not reach ${url} (${messageOf(error)}${cause})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedLoadError(`${url} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  const tooLarge = () => new FeedLoadError(`${url} sent more than ${megabytes(maxBytes)}`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FeedLoadError) throw error;
    if (signal.aborted) throw timedOut();
    throw new FeedLoadError(`Reading ${url} failed: ${messageOf(error)}`);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
