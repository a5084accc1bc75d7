import { hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DomainError, jobStreamId, type JobEvent, type JobSource } from '@hireloop/contracts';
import { NO_STREAM_VERSION, WrongExpectedVersionError } from '@hireloop/platform/event-store';
import type { ImportRunCounts } from '@hireloop/contracts/imports/events';
import type { ImportedJob } from '@hireloop/contracts/imports/feed';
import { jobDecider, type JobCommand, type JobState } from '../jobs/decider';
import { handleCommand, toNewEvents, type CommandContext } from '../shared/command-handler';
import { foldRecorded, loadState } from '../shared/stream';
import type { CommandServiceDeps } from '../shared/deps';
import { importFeedDecider, importStreamId, jobsGoneFromFeed, type ImportFeedState } from './feed-decider';
import { FeedSyntaxError, readFeed, type FeedSource } from './feed-reader';
import { FeedFormatError, ItemCollector, type FeedFormat, type SkippedItem } from './parsers';

export type ImportDeps = Pick<CommandServiceDeps, 'eventStore' | 'clock' | 'ids'>;

/** The same job of the same source lands on the same stream, whichever feed lists it. */
export const importedJobId = (source: JobSource, externalId: string) => `${source}-${hash('sha256', `${source}:${externalId}`, 'hex').slice(0, 20)}`;

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

/** What a run tells a terminal while it reads (ADR 084): bytes read of how many, jobs so far and their rate. */
export interface ImportProgress {
  bytesRead: number;
  totalBytes: number | null;
  /** 2 when the document is read a second time (its format was only known at its end). */
  pass: 1 | 2;
  /** Items read so far (jobs and skipped items). */
  items: number;
  /** Jobs brought up to date so far (imported, revised or unchanged). */
  jobs: number;
  jobsPerSecond: number;
  elapsedMs: number;
}

export interface ImportFeedOptions {
  /** Called after each chunk read and each batch written. */
  progress?: (progress: ImportProgress) => void;
  /** Jobs decided and appended together. Default 500. */
  batchSize?: number;
  /** See `ReadFeedOptions`. */
  holdBytes?: number;
  maxItemBytes?: number;
}

/** Jobs decided together: their streams are read together and their appends share group commits. */
export const IMPORT_BATCH_SIZE = 500;
/**
 * Jobs whose appends share one transaction (all-or-nothing; a stream that moved goes job by job,
 * the rest again): the whole batch, which the PostgreSQL store writes as one statement (ADR 094).
 */
const APPEND_CHUNK = IMPORT_BATCH_SIZE;
/** Job streams read at once for a batch, where the store cannot read them all in one go. */
const READ_CONCURRENCY = 8;
/** Skipped items and problems kept in the summary (the counts stay exact). */
const MAX_DETAILS = 1000;

/** A feed's text in memory (tests, the seed) as a source. */
export const textFeedSource = (text: string): FeedSource => {
  const bytes = new TextEncoder().encode(text);
  return {
    size: bytes.byteLength,
    rereadable: true,
    async *chunks() {
      for (let start = 0; start < bytes.byteLength; start += 64 * 1024) yield bytes.subarray(start, start + 64 * 1024);
    },
  };
};

const mapWithConcurrency = async <T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
};

/**
 * One run over one feed, read as a stream (ADR 084): load, then item by item parse and, a batch at
 * a time, import every job (JobImported / ImportedJobRevised / ImportedJobSeen / JobReopened);
 * once the whole document is read, close the jobs of the previous run that are gone and record
 * the run. A feed that cannot be loaded, is not a feed, or breaks (not JSON, cut short) records
 * ImportRunFailed and closes nothing; jobs written before a break stay written and are named in
 * the failed run, so a later successful run closes them if they are gone.
 */
export async function importFeed(deps: ImportDeps, feed: string, load: () => Promise<string | FeedSource>, options: ImportFeedOptions = {}): Promise<ImportSummary> {
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
  const previouslyListed = new Set([...previous.seenJobIds, ...previous.unclosedJobIds, ...previous.writtenByFailedRuns]);
  const seen = new Set<string>();
  /** Jobs this run wrote that no earlier run listed: a failed run names them (see above). */
  const writtenNew: string[] = [];

  const fail = async (reason: string): Promise<ImportSummary> => {
    const data = { feed, reason, at, ...(writtenNew.length > 0 ? { writtenJobIds: writtenNew } : {}) };
    await handleCommand(deps.eventStore, streamId, importFeedDecider, { type: 'FailImportRun', data }, context);
    return { ...summary, reason };
  };

  let input: FeedSource;
  try {
    const loaded = await load();
    input = typeof loaded === 'string' ? textFeedSource(loaded) : loaded;
  } catch (error) {
    return fail(messageOf(error));
  }

  const started = Date.now();
  let items = 0;
  let jobCount = 0;
  let reading: { bytesRead: number; totalBytes: number | null; pass: 1 | 2 } = { bytesRead: 0, totalBytes: input.size, pass: 1 };
  const report = () => {
    if (!options.progress) return;
    const elapsedMs = Date.now() - started;
    options.progress({ ...reading, items, jobs: summary.counts.imported + summary.counts.revised + summary.counts.unchanged, jobsPerSecond: (summary.counts.imported + summary.counts.revised + summary.counts.unchanged) / Math.max(0.001, elapsedMs / 1000), elapsedMs });
  };

  const importOne = async (job: ImportedJob, jobId: string) => {
    const { events } = await retryOnVersionConflict(() => handleCommand(deps.eventStore, jobStreamId(jobId), jobDecider, importCommand(deps, job, jobId, feed, at), context));
    return events;
  };

  /**
   * A batch: the streams of jobs an earlier run listed are read (a few at a time), the others are
   * taken as new (no read); each job is decided and appended at the version read. A job whose stream moved meanwhile (another feed of its
   * source, an admin) goes the one-job way again: read, decide, append, retried once.
   */
  const writeBatch = async (batch: Array<{ job: ImportedJob; jobId: string }>) => {
    const known = batch.filter(({ jobId }) => previouslyListed.has(jobId));
    const states = new Map<string, { state: JobState; version: number }>();
    const loaded = await readJobStreams(deps, known.map(({ jobId }) => jobId));
    known.forEach(({ jobId }, index) => {
      const result = loaded[index]!;
      if (!(result instanceof Error)) states.set(jobId, result);
    });
    const occurredAt = deps.clock.now().toISOString();
    const done = (jobId: string, events: readonly JobEvent[]) => {
      tally(summary.counts, events);
      if (!previouslyListed.has(jobId)) writtenNew.push(jobId);
    };
    const failed = (job: ImportedJob, error: unknown) => {
      summary.counts.failed += 1;
      if (summary.problems.length < MAX_DETAILS) summary.problems.push(`job ${JSON.stringify(job.externalId)}: ${messageOf(error)}`);
    };
    // Every job of the batch is decided first, at the version read; their appends then go in
    // transactions of APPEND_CHUNK streams each (all-or-nothing: ADR 084). A chunk that fails (a
    // stream moved meanwhile: another feed of its source, an admin) sends its jobs the one-job way.
    const decided: Array<{ job: ImportedJob; jobId: string; events: JobEvent[]; expectedVersion: number | 'no_stream' }> = [];
    const oneByOne: Array<{ job: ImportedJob; jobId: string }> = [];
    for (const { job, jobId } of batch) {
      const read = states.get(jobId) ?? (previouslyListed.has(jobId) ? null : { state: jobDecider.initialState(), version: NO_STREAM_VERSION });
      if (read === null) {
        oneByOne.push({ job, jobId });
        continue;
      }
      try {
        const events = jobDecider.decide(importCommand(deps, job, jobId, feed, at), read.state);
        decided.push({ job, jobId, events, expectedVersion: read.version === NO_STREAM_VERSION ? 'no_stream' : read.version });
      } catch (error) {
        failed(job, error);
      }
    }
    for (let from = 0; from < decided.length; from += APPEND_CHUNK) {
      let chunk = decided.slice(from, from + APPEND_CHUNK);
      for (;;) {
        const writes = chunk.filter(({ events }) => events.length > 0);
        try {
          if (writes.length > 0) {
            await deps.eventStore.appendToStreams(writes.map(({ jobId, events, expectedVersion }) => ({ streamId: jobStreamId(jobId), events: toNewEvents(events, context, occurredAt), expectedVersion })));
          }
          for (const { jobId, events } of chunk) done(jobId, events);
          break;
        } catch (error) {
          // The job whose stream moved goes the one-job way; the rest of the chunk is tried again.
          const moved = error instanceof WrongExpectedVersionError ? chunk.findIndex(({ jobId }) => jobStreamId(jobId) === error.streamId) : -1;
          if (moved === -1) {
            for (const { job, jobId } of chunk) oneByOne.push({ job, jobId });
            break;
          }
          oneByOne.push({ job: chunk[moved]!.job, jobId: chunk[moved]!.jobId });
          chunk = chunk.filter((_, index) => index !== moved);
        }
      }
    }
    for (const { job, jobId } of oneByOne) {
      try {
        done(jobId, await importOne(job, jobId));
      } catch (error) {
        failed(job, error);
      }
    }
    report();
  };

  let collector: ItemCollector | null = null;
  let batch: Array<{ job: ImportedJob; jobId: string }> = [];
  let writing: Promise<void> = Promise.resolve();
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  try {
    for await (const part of readFeed(input, {
      onProgress: (progress) => {
        reading = progress;
        report();
      },
      holdBytes: options.holdBytes,
      maxItemBytes: options.maxItemBytes,
    })) {
      if (part.kind === 'format') {
        // A feed fetched from a URL is where its relative links point (ADR 117).
        collector = new ItemCollector(part.reader, { baseUrl: isFeedUrl(feed) ? feed : null });
        summary.format = part.reader.format;
        summary.source = part.reader.source;
        continue;
      }
      for (const { index, value } of part.items) {
        const result = collector!.add(index, value);
        if ('ignored' in result) continue;
        items++;
        if ('skipped' in result) {
          summary.counts.skipped += 1;
          if (summary.skipped.length < MAX_DETAILS) summary.skipped.push(result.skipped);
          // An item still listed but invalid this time is not a job that left: keep it open, unchanged.
          const { externalId } = result.skipped;
          const jobId = externalId === null ? null : importedJobId(collector!.reader.source, externalId);
          if (jobId && previouslyListed.has(jobId)) seen.add(jobId);
          continue;
        }
        const jobId = importedJobId(result.job.source, result.job.externalId);
        seen.add(jobId);
        jobCount++;
        batch.push({ job: result.job, jobId });
        if (batch.length >= batchSize) {
          // The next batch is read and parsed while this one is written; never more than one written at a time.
          await writing;
          writing = writeBatch(batch);
          batch = [];
        }
      }
    }
    await writing;
    if (batch.length > 0) await writeBatch(batch);
  } catch (error) {
    await writing;
    if (!(error instanceof FeedFormatError || error instanceof FeedLoadError)) throw error;
    // The document broke part-way (cut short, not JSON further on, the connection lost): every
    // whole job before the break is brought up to date, none is closed, the run is failed.
    if (batch.length > 0 && (error instanceof FeedSyntaxError || error instanceof FeedLoadError)) await writeBatch(batch);
    return fail(error.message);
  }
  report();

  // An API that answers with an empty list is far more often broken than emptied.
  if (jobCount === 0 && seen.size === 0 && previouslyListed.size > 0) {
    return fail(`The feed listed no jobs while the last run saw ${previouslyListed.size}: treated as a failed fetch, no job was closed.`);
  }

  const unclosedJobIds: string[] = [];
  for (const jobId of jobsGoneFromFeed(previous, seen)) {
    try {
      if (await retryOnVersionConflict(() => closeGoneJob(deps, jobId, at, context))) summary.counts.closed += 1;
    } catch (error) {
      unclosedJobIds.push(jobId);
      summary.counts.failed += 1;
      if (summary.problems.length < MAX_DETAILS) summary.problems.push(`closing ${jobId}: ${messageOf(error)}`);
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
        source: summary.source!,
        seenJobIds: [...seen],
        unclosedJobIds,
        counts: summary.counts,
        skippedReasons: summary.skipped.slice(0, 50).map(({ item, reason }) => `${item}: ${reason}`),
        at,
      },
    },
    context,
  );
  return { ...summary, ok: true };
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * The states of jobs an earlier run listed: in one round trip where the store reads many streams
 * at once (ADR 094), else a few at a time. A stream that cannot be read or folded is an error in
 * its place (its job then goes the one-job way); a failed read of all of them, an error in each.
 */
async function readJobStreams(deps: ImportDeps, jobIds: readonly string[]): Promise<Array<{ state: JobState; version: number } | Error>> {
  const { eventStore } = deps;
  if (!eventStore.readStreams) return mapWithConcurrency(jobIds, READ_CONCURRENCY, async (jobId) => loadState(eventStore, jobStreamId(jobId), jobDecider).catch((error: unknown) => asError(error)));
  if (jobIds.length === 0) return [];
  let read: Awaited<ReturnType<NonNullable<typeof eventStore.readStreams>>>;
  try {
    read = await eventStore.readStreams(jobIds.map(jobStreamId));
  } catch (error) {
    return jobIds.map(() => asError(error));
  }
  return read.map((stream) => {
    try {
      return foldRecorded(jobDecider, stream);
    } catch (error) {
      return asError(error);
    }
  });
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

/**
 * An http(s) URL is fetched (timeout, size cap, 2xx only); anything else is a file path (or file:
 * URL), read as a stream of any size (ADR 084). What is checked before reading (the file is there,
 * the server answered 2xx with no Content-Length over the cap) fails here; the rest while reading.
 */
export async function loadFeed(feed: string, { timeoutMs = FEED_TIMEOUT_MS, maxBytes = FEED_MAX_BYTES }: LoadFeedOptions = {}): Promise<FeedSource> {
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
  return {
    size,
    rereadable: true,
    async *chunks() {
      try {
        for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) yield chunk as Buffer;
      } catch (error) {
        throw new FeedLoadError(`Could not read ${path}: ${messageOf(error)}`);
      }
    },
  };
}

async function fetchFeed(url: string, timeoutMs: number, maxBytes: number): Promise<FeedSource> {
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = () => new FeedLoadError(`No complete answer from ${url} within ${timeoutMs / 1000} s`);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow', headers: { accept: 'application/json, application/feed+json, application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1', 'user-agent': 'Hireloop job importer' } });
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
  const declared = response.headers.get('content-length');
  if (Number(declared ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const body = response.body;
  let read = false;
  return {
    size: declared !== null && Number.isFinite(Number(declared)) ? Number(declared) : null,
    // Read once: a document whose format is only known at its end is held in memory, within the cap.
    rereadable: false,
    async *chunks() {
      if (read) throw new FeedLoadError(`${url} can be read only once`);
      read = true;
      if (!body) return;
      const reader = body.getReader();
      let size = 0;
      try {
        for (;;) {
          let next: Awaited<ReturnType<typeof reader.read>>;
          try {
            next = await reader.read();
          } catch (error) {
            if (signal.aborted) throw timedOut();
            throw new FeedLoadError(`Reading ${url} failed: ${messageOf(error)}`);
          }
          if (next.done) break;
          size += next.value.byteLength;
          if (size > maxBytes) throw tooLarge();
          yield next.value;
        }
      } finally {
        await reader.cancel().catch(() => undefined);
      }
    },
  };
}
