import { START, comparePositions, type EventStore, type Position, type RecordedEvent, type Subscription } from '@hireloop/platform/event-store';
import type { Bus } from '@hireloop/platform/bus';
import { isDatabaseUnavailable } from '@hireloop/platform/database/availability';
import type { BatchWrite, Lease, ReadStore, ReadStoreTransaction } from '@hireloop/platform/read-store';
import { systemClock, type Clock } from '@hireloop/platform/runtime';
import {
  blockingParked,
  describeError,
  ensureFailureCollections,
  PARKED_COLLECTION,
  parkedEvents,
  parkedId,
  STATUS_COLLECTION,
  type ParkedEvent,
  type ProjectionStatus,
  type StatusRecord,
} from './failures';
import { CollectionNotFoundError, shadowCollection } from '@hireloop/platform/read-store';
import { checkpointName, physicalCollection, scopedTransaction, shadowCheckpointName, type ProjectionDefinition } from './shared/projection';
import { bufferedTransaction } from './shared/write-buffer';
import { combinedReads, CombinedStatementError } from './shared/combined-reads';
import { RebuildBuffer, type RebuildTarget } from './shared/rebuild-buffer';

/** Events (of the read models' types) read per batch by a rebuild's bulk phase. */
const REBUILD_BATCH = 5000;
/**
 * Read models whose indexes a rebuild builds (and which it switches) at once, each on a connection
 * of the pool (index builds on up to one more of their own, ADR 112): enough for the small ones to
 * go by beside the largest.
 */
const INDEX_BUILDS_AT_ONCE = 3;
/**
 * How long (ms) a rebuild's bulk loop runs its JavaScript before it lets I/O in (ADR 125). A
 * batch applied from memory is one synchronous stretch of a few hundred ms; meanwhile the
 * read-ahead's rows wait in the socket and the previous batch's write cannot send its next
 * statement or COPY chunk, so the server sat idle beside Node instead of working in parallel.
 */
const BULK_SLICE_MS = 4;
/** One turn of the event loop: pending I/O callbacks run before the loop goes on. */
const ioTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export const advancedSubject = (projection: string) => `projection.${projection}.advanced`;

export interface ProjectionAdvanced {
  projection: string;
  checkpoint: string;
  position: Position;
  /**
   * Set when a rebuild has just replaced the read model (ADR 049): its generation from then on.
   * Documents may have changed at or before `position`: copies kept in memory load again in full.
   */
  generation?: number;
}

/** How a rebuild is getting on (`hireloop replay` prints it). */
export interface RebuildProgress {
  /** bulk: replaying into the shadow; indexes: building them; switch: catching up under the lease and switching. */
  phase: 'bulk' | 'indexes' | 'switch';
  /** Events applied to the shadow so far. */
  events: number;
  position: Position;
}

/** What a rebuild did. */
export interface RebuildResult {
  /** The checkpoint of the read model put in place. */
  position: Position;
  /** Events the rebuild applied (of the types the read model handles). */
  events: number;
  /** Of those, the events applied while holding the projection's lease, just before the switch. */
  eventsUnderLease: number;
  /** The read model's generation from now on (one more than before). */
  generation: number;
  /**
   * Wall time (ms) of this read model's parts of the rebuild: its JavaScript and reads in the bulk
   * passes (`apply`), its shadows' index builds (`indexes`), its catch-up and switch (`switch`).
   * The writes of a one-pass rebuild are shared: `writesWaited` is the time the pass waited for them.
   */
  timings: { apply: number; indexes: number; switch: number; writesWaited: number };
}

/** Another replay of the same read model took over its shadow: this one stops, the read model in use untouched. */
export class RebuildSupersededError extends Error {
  override readonly name = 'RebuildSupersededError';
}

/** A replay of this read model is running already (its lease is held): this one did not start. */
export class RebuildInProgressError extends Error {
  override readonly name = 'RebuildInProgressError';
}

export interface RunnerOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  bus?: Bus;
  projection: ProjectionDefinition;
  batchSize?: number;
  onError?: (error: unknown) => void;
  /** When events are parked. */
  clock?: Clock;
}

/** A batch that failed, and where it ended (the events to try one by one to find the poison). */
class BatchFailedError extends Error {
  override readonly name = 'BatchFailedError';
  constructor(
    override readonly cause: unknown,
    readonly until: Position,
  ) {
    super(describeError(cause), { cause });
  }
}

/** One read model's part of a batch written together failed (ADR 083): nothing was written, and the others go on without it. */
export class RunnerBatchError extends Error {
  override readonly name = 'RunnerBatchError';
  constructor(
    readonly runner: ProjectionRunner,
    override readonly cause: unknown,
  ) {
    super(describeError(cause), { cause });
  }
}

/** How a parked event's retry went. */
export interface RetryOutcome {
  parked: ParkedEvent;
  /** null: applied and un-parked. */
  error: string | null;
}

/**
 * Runs one projection: reads the global log after its checkpoint and, per batch, writes the
 * documents and the new checkpoint in ONE read-store transaction. A crash anywhere rolls the
 * batch back, and the restart resumes from the last committed checkpoint: every event has its
 * effect exactly once.
 */
export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private readonly relevant: ReadonlySet<string>;

  constructor(private readonly options: RunnerOptions) {
    this.relevant = new Set(options.projection.eventTypes);
  }

  get name() {
    return this.options.projection.name;
  }

  async ensureCollections() {
    const { projection, readStore } = this.options;
    await ensureFailureCollections(readStore);
    for (const [name, spec] of Object.entries(projection.collections)) {
      await readStore.ensureCollection(physicalCollection(projection, name), spec.indexes ?? [], { documentIndex: spec.documentIndex });
    }
  }

  checkpoint(): Promise<Position | null> {
    return this.options.readStore.getCheckpoint(checkpointName(this.options.projection));
  }

  /**
   * Applies one batch and moves the checkpoint to `nextPosition`, atomically, under the
   * projection's lease (a rebuild's switch takes it too, so none runs while the read model is
   * replaced; the checkpoint read after it tells what the rebuild already applied).
   */
  async applyBatch(events: readonly RecordedEvent[], nextPosition: Position): Promise<void> {
    const name = checkpointName(this.options.projection);
    await this.options.readStore.transaction(async (tx) => {
      const current = (await leaseCheckpoints(tx, [name])).get(name) ?? START;
      // A batch delivered again after a crash between commit and acknowledgement is skipped.
      if (comparePositions(nextPosition, current) <= 0) return;
      const flush = await this.prepareWithin(tx, events.filter((event) => comparePositions(event.position, current) > 0));
      await flush();
      await tx.setCheckpoint(name, nextPosition);
    });
    await this.announce(nextPosition);
  }

  /**
   * Several runners' batch in ONE read-store transaction (the daemon's live path, ADR 083): their
   * leases and checkpoints in one statement, every projection's JavaScript and reads, then every
   * write and checkpoint at the end, one after the other. No write happens before the end, so in
   * PostgreSQL the transaction takes its id (and holds back readers of the log, ADR 001) only
   * for its last few statements. Throws if any runner's part fails: nothing is written, and the
   * caller applies the batch runner by runner. Returns the runners that moved.
   */
  static async applyBatchTogether(readStore: ReadStore, runners: readonly ProjectionRunner[], events: readonly RecordedEvent[], nextPosition: Position): Promise<ProjectionRunner[]> {
    const moved: ProjectionRunner[] = [];
    await readStore.transaction(async (store) => {
      // Every read model's read-ahead in one or two statements, and every write with the checkpoints in one, where the store can (ADR 099).
      const { readMany, writeMany } = store;
      const tx = readMany ? combinedReads({ ...store, readMany }) : store;
      const checkpoints = await leaseCheckpoints(tx, runners.map((runner) => checkpointName(runner.options.projection)));
      const flushes: Array<() => Promise<void>> = [];
      moved.length = 0;
      const parts: Array<{ runner: ProjectionRunner; part: BatchPart }> = [];
      // Those that once wrote early go last, so the transaction's id is taken as late as it can be.
      for (const runner of [...runners].sort((a, b) => Number(a.writesEarly) - Number(b.writesEarly))) {
        const current = checkpoints.get(checkpointName(runner.options.projection)) ?? START;
        if (comparePositions(nextPosition, current) <= 0) continue;
        parts.push({ runner, part: runner.partWithin(tx, events.filter((event) => comparePositions(event.position, current) > 0)) });
        moved.push(runner);
      }
      // Every read model's read-ahead at once (ADR 092), in one statement where the store can (ADR 099).
      // A combined statement that fails is no one read model's: the daemon then applies each alone.
      const blame = (runner: ProjectionRunner, error: unknown) => (error instanceof CombinedStatementError ? error : new RunnerBatchError(runner, error));
      await Promise.all(parts.map(({ runner, part }) => part.readAhead().catch((error: unknown) => Promise.reject(blame(runner, error)))));
      for (const { runner, part } of parts) {
        try {
          const flush = await part.apply();
          flushes.push(() => flush().catch((error: unknown) => Promise.reject(blame(runner, error))));
        } catch (error) {
          throw blame(runner, error);
        }
      }
      // The writes, last: from here to COMMIT the transaction holds an id. Made all at once, they
      // wait in the connection's queue and go one after the other without a turn of the event loop between them.
      const entries = moved.map((runner) => [checkpointName(runner.options.projection), nextPosition] as const);
      const checkpointsWritten = async () => {
        if (tx.setCheckpoints) await tx.setCheckpoints(entries);
        else for (const [name, position] of entries) await tx.setCheckpoint(name, position);
      };
      if (writeMany) {
        // Every read model's writes and the checkpoints: one statement (ADR 099).
        const writes = parts.flatMap(({ part }) => part.takeWrites());
        await writeMany.call(store, writes, entries).catch((error: unknown) => Promise.reject(new CombinedStatementError(error)));
      }
      // (The first to fail is the one that did: those queued after it fail because the transaction is aborted.)
      else if (tx.setCheckpoints) await Promise.all([...flushes.map((flush) => flush()), checkpointsWritten()]);
      else {
        // A store without the batch methods may not take statements side by side in one transaction (MongoDB's sessions).
        for (const flush of flushes) await flush();
        await checkpointsWritten();
      }
    });
    await Promise.all(moved.map((runner) => runner.announce(nextPosition)));
    return moved;
  }

  /**
   * Applies `events` into a buffer (the projection's JavaScript and its reads) and returns what
   * writes the buffer: nothing is written before that is called (unless the projection queries
   * or deletes by filter, which writes the buffer out first).
   */
  private async prepareWithin(tx: ReadStoreTransaction, events: readonly RecordedEvent[]): Promise<() => Promise<void>> {
    const part = this.partWithin(tx, events);
    await part.readAhead();
    return part.apply();
  }

  /**
   * This read model's part of a batch, in two steps: `readAhead` reads in a few statements the
   * documents the events will read (ADR 092), `apply` runs the projection into a buffer and
   * returns what writes it.
   */
  private partWithin(tx: ReadStoreTransaction, events: readonly RecordedEvent[]): BatchPart {
    const buffered = bufferedTransaction(tx);
    const scoped = scopedTransaction(this.options.projection, buffered.tx, false);
    const relevant = events.filter((event) => this.relevant.has(event.type));
    const { projection } = this.options;
    return {
      readAhead: async () => {
        if (relevant.length > 0) await projection.prefetch?.(relevant, scoped);
      },
      apply: async () => {
        for (const event of relevant) await projection.apply(event, scoped);
        if (buffered.wroteEarly) this.writesEarly = true;
        return buffered.flush;
      },
      takeWrites: () => buffered.takeWrites(),
    };
  }

  /** This projection once wrote before the end of a batch (it queried what the batch had changed): `applyBatchTogether` runs it last. */
  private writesEarly = false;

  /** The projection's writes for `events` (to its shadow: `shadow`), through the batch's buffer (one write per collection). */
  private async applyWithin(tx: ReadStoreTransaction, events: readonly RecordedEvent[], shadow = false): Promise<number> {
    const buffered = bufferedTransaction(tx);
    const scoped = scopedTransaction(this.options.projection, buffered.tx, shadow);
    let applied = 0;
    for (const event of events) {
      if (!this.relevant.has(event.type)) continue;
      await this.options.projection.apply(event, scoped);
      applied++;
    }
    await buffered.flush();
    return applied;
  }

  private async announce(position: Position, generation?: number) {
    const { projection, bus } = this.options;
    const message: ProjectionAdvanced = { projection: projection.name, checkpoint: checkpointName(projection), position, ...(generation === undefined ? {} : { generation }) };
    await bus?.publish<ProjectionAdvanced>(advancedSubject(projection.name), message).catch(() => undefined);
  }

  /**
   * Reads the log itself, from its checkpoint up to `target()` included, batch by batch (a runner
   * catching up with the daemon after failures). A failing batch throws a BatchFailedError.
   */
  async catchUpTo(target: () => Position, signal?: AbortSignal): Promise<Position> {
    let position = (await this.checkpoint()) ?? START;
    while (!signal?.aborted) {
      const limit = target();
      if (comparePositions(position, limit) >= 0) break;
      const { events, nextPosition } = await this.options.eventStore.readAll(position, this.readOptions());
      const next = comparePositions(nextPosition, limit) < 0 ? nextPosition : limit;
      if (comparePositions(next, position) <= 0) break;
      try {
        await this.applyBatch(
          events.filter((event) => comparePositions(event.position, next) <= 0),
          next,
        );
      } catch (error) {
        throw new BatchFailedError(error, next);
      }
      position = next;
    }
    return position;
  }

  /**
   * Applies the events after the checkpoint, up to `until`, one per transaction, and returns the
   * first one that fails alone (with its error); null when each of them works alone.
   */
  async findPoison(until: Position): Promise<{ event: RecordedEvent; error: unknown } | null> {
    const from = (await this.checkpoint()) ?? START;
    const { events } = await this.options.eventStore.readAll(from, this.readOptions());
    for (const event of events) {
      if (comparePositions(event.position, until) > 0) break;
      try {
        await this.applyBatch([event], event.position);
      } catch (error) {
        // A database that went away is no fault of the event: it must not be parked for it (ADR 050).
        if (isDatabaseUnavailable(error)) throw error;
        return { event, error };
      }
    }
    return null;
  }

  /**
   * Records `event` as parked with its error. onPoison 'skip' moves the checkpoint past it in the
   * same transaction; 'stop' leaves the checkpoint just before it.
   */
  async park(event: RecordedEvent, error: unknown, attempts: number): Promise<ParkedEvent> {
    const { projection, readStore, clock = systemClock } = this.options;
    const name = checkpointName(projection);
    const parked: ParkedEvent = {
      _id: parkedId(name, event.position),
      projection: projection.name,
      version: projection.version,
      checkpoint: name,
      position: event.position,
      eventId: event.metadata.eventId,
      eventType: event.type,
      streamId: event.streamId,
      streamVersion: event.streamVersion,
      error: describeError(error),
      attempts,
      parkedAt: clock.now().toISOString(),
      blocking: (projection.onPoison ?? 'stop') === 'stop',
    };
    await readStore.transaction(async (tx) => {
      await tx.lock(name);
      const current = (await tx.getCheckpoint(name)) ?? START;
      if (comparePositions(event.position, current) <= 0) throw new Error(`${name} is already past the event at ${event.position}`);
      await tx.collection<ParkedEvent>(PARKED_COLLECTION).put(parked);
      if (!parked.blocking) await tx.setCheckpoint(name, event.position);
    });
    if (!parked.blocking) await this.announce(event.position);
    return parked;
  }

  /** This read model's parked events, oldest first. */
  parked(): Promise<ParkedEvent[]> {
    return parkedEvents(this.options.readStore, checkpointName(this.options.projection));
  }

  /** The parked event this read model waits before (onPoison 'stop'), if any. */
  blockingParked(): Promise<ParkedEvent | null> {
    return blockingParked(this.options.readStore, checkpointName(this.options.projection));
  }

  /**
   * Applies the parked events again, oldest first; each that works is un-parked in the same
   * transaction. A blocking one is the next event after the checkpoint, so the checkpoint moves
   * past it (and the daemon resumes from there); a skipped one is applied late, out of order.
   * The checkpoint read first holds off the runner meanwhile (it may run in another process).
   */
  async retryParked(): Promise<RetryOutcome[]> {
    const { projection, readStore, eventStore, clock = systemClock } = this.options;
    const name = checkpointName(projection);
    await this.ensureCollections();
    const outcomes: RetryOutcome[] = [];
    for (const parked of await this.parked()) {
      try {
        await readStore.transaction(async (tx) => {
          await tx.lock(name);
          const current = (await tx.getCheckpoint(name)) ?? START;
          const parkedCollection = tx.collection<ParkedEvent>(PARKED_COLLECTION);
          if (!(await parkedCollection.get(parked._id))) return; // retried meanwhile
          let event: RecordedEvent | undefined;
          if (parked.blocking) {
            event = (await eventStore.readAll(current, { ...this.readOptions(), batchSize: 1 })).events[0];
            if (event && event.position !== parked.position) throw new Error(`${name} is not waiting before the parked event at ${parked.position}`);
          } else {
            event = (await eventStore.readStream(parked.streamId, { fromVersion: parked.streamVersion })).events[0];
          }
          if (!event || event.position !== parked.position) throw new Error(`The parked event at ${parked.position} is not in the log`);
          await this.applyWithin(tx, [event]);
          if (parked.blocking) await tx.setCheckpoint(name, event.position);
          await parkedCollection.delete(parked._id);
        });
        if (parked.blocking) await this.announce(parked.position);
        outcomes.push({ parked, error: null });
      } catch (error) {
        const again: ParkedEvent = { ...parked, error: describeError(error), attempts: parked.attempts + 1, retriedAt: clock.now().toISOString() };
        await readStore.transaction((tx) => tx.collection<ParkedEvent>(PARKED_COLLECTION).put(again));
        outcomes.push({ parked: again, error: again.error });
        // Nothing after a blocking event may be applied before it.
        if (parked.blocking) break;
      }
    }
    return outcomes;
  }

  /** What this read model's runner last recorded about itself (`hireloop projections` reads it). */
  async recordStatus(status: ProjectionStatus, lastError: string | null, attempts: number): Promise<void> {
    const { projection, readStore, clock = systemClock } = this.options;
    const record: StatusRecord = {
      _id: checkpointName(projection),
      projection: projection.name,
      version: projection.version,
      status,
      lastError,
      attempts,
      updatedAt: clock.now().toISOString(),
    };
    await readStore.transaction((tx) => tx.collection<StatusRecord>(STATUS_COLLECTION).put(record));
  }

  private readOptions() {
    return { batchSize: this.options.batchSize ?? 1000, eventTypes: this.options.projection.eventTypes };
  }

  /** Processes everything currently in the log, then returns the checkpoint reached. */
  async catchUp(): Promise<Position> {
    await this.ensureCollections();
    return this.replay((await this.checkpoint()) ?? START);
  }

  /** Follows the log live until stop(). */
  async start(): Promise<void> {
    if (this.subscription) return;
    await this.ensureCollections();
    const from = (await this.checkpoint()) ?? START;
    this.subscription = this.options.eventStore.subscribe(from, (events, nextPosition) => this.applyBatch(events, nextPosition), {
      batchSize: this.options.batchSize ?? 1000,
      eventTypes: this.options.projection.eventTypes,
      onError: (error) => {
        this.subscription = null;
        this.options.onError?.(error);
      },
    });
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  /**
   * Builds the read model again from the whole log, aside, and puts it in place of the one in use
   * (ADR 049): safe while this read model's runner goes on in this or any other process.
   *
   * 1. Starts clean: the shadow collections (a replay killed half-way leaves them behind) are
   *    emptied, their indexes dropped, the shadow checkpoint set to the start.
   * 2. Replays the log into the shadows, batch by batch; the read model in use keeps serving and
   *    its runner keeps applying to it. The shadows' indexes are built at the end, once.
   * 3. Switches in ONE transaction under the projection's lease (no batch of the runner runs
   *    meanwhile): the shadows catch up with the log, replace the collections in use, and the
   *    checkpoint moves to theirs with one generation more. The runner's next batch reads that
   *    checkpoint and skips what the rebuild applied.
   *
   * A read model with no event of its own ends at the head of the log, caught up.
   */
  async rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<RebuildResult> {
    const results = await ProjectionRunner.rebuildTogether([this], onProgress);
    return results.get(this.name)!;
  }

  /**
   * Rebuilds several read models from ONE pass over the log (ADR 082): each batch read is
   * applied to every one of them, in memory, and written to their shadows in one transaction
   * while the next batch is read and computed; their indexes are built once at the end; then
   * each is switched on its own, atomically, as `rebuild` does (ADR 049). The runners must share
   * one event store and one read store. Results by read model name.
   */
  static async rebuildTogether(runners: readonly ProjectionRunner[], onProgress?: (progress: RebuildProgress) => void): Promise<Map<string, RebuildResult>> {
    const first = runners[0];
    if (!first) return new Map();
    const { readStore, eventStore } = first.options;
    if (runners.some((runner) => runner.options.readStore !== readStore || runner.options.eventStore !== eventStore)) {
      throw new Error('Read models rebuilt together share one event store and one read store');
    }
    for (const runner of runners) await runner.stop();
    // One replay of a read model at a time, in any process: two would write into one shadow.
    const leases: Lease[] = [];
    try {
      for (const runner of runners) {
        const lease = await readStore.tryLease(`replay.${checkpointName(runner.options.projection)}`);
        if (!lease) throw new RebuildInProgressError(`A replay of ${runner.name} is already running (in this or another process): let it finish, or stop it, then run this again.`);
        leases.push(lease);
      }
      return await ProjectionRunner.rebuildAside(runners, onProgress);
    } finally {
      for (const lease of leases) await lease.release();
    }
  }

  private static async rebuildAside(runners: readonly ProjectionRunner[], onProgress?: (progress: RebuildProgress) => void): Promise<Map<string, RebuildResult>> {
    const { readStore, eventStore } = runners[0]!.options;
    const targets: Array<RebuildTarget & { runner: ProjectionRunner; events: number; timings: RebuildResult['timings'] }> = [];
    for (const runner of runners) {
      const { projection } = runner.options;
      const shadows = new Map(Object.keys(projection.collections).map((name) => [name, shadowCollection(physicalCollection(projection, name))]));
      await runner.ensureCollections();
      for (const shadow of shadows.values()) {
        // A replay of the same read model switching just now renames the shadow away: make it again.
        for (let attempt = 1; ; attempt++) {
          try {
            await readStore.ensureCollection(shadow);
            await readStore.resetForRebuild(shadow);
            break;
          } catch (error) {
            if (!(error instanceof CollectionNotFoundError) || attempt >= 3) throw error;
          }
        }
      }
      const checkpoint = shadowCheckpointName(projection);
      await readStore.transaction((tx) => tx.setCheckpoint(checkpoint, START));
      targets.push({ runner, checkpoint, expected: START, shadows, events: 0, timings: { apply: 0, indexes: 0, switch: 0, writesWaited: 0 } });
    }
    const buffer = new RebuildBuffer(readStore, targets, () => runners[0]!.superseded());
    const eventTypes = [...new Set(runners.flatMap((runner) => runner.options.projection.eventTypes))];
    const batchSize = runners[0]!.options.batchSize ?? REBUILD_BATCH;
    const total = () => targets.reduce((sum, target) => sum + target.events, 0);

    let position: Position = START;
    // Read, apply and write overlap: the next batch is read while this one is applied, and this
    // one is written while the next one is applied.
    const bulk = async (phase: RebuildProgress['phase']) => {
      let reading = eventStore.readAll(position, { batchSize, eventTypes });
      for (;;) {
        const read = await reading;
        if (comparePositions(read.nextPosition, position) <= 0) break;
        if (read.events.length > 0) reading = eventStore.readAll(read.nextPosition, { batchSize, eventTypes });
        for (const target of targets) {
          const { projection } = target.runner.options;
          const relevant = target.runner.relevant;
          const tx = buffer.transaction(target);
          const started = performance.now();
          let sliceStarted = started;
          let yielded = 0;
          let applied = 0;
          for (const event of read.events) {
            if (!relevant.has(event.type)) continue;
            // No promise per event when the projection applies it from memory at once.
            const rest = projection.applyNow ? projection.applyNow(event, tx) : projection.apply(event, tx);
            if (rest) await rest;
            target.events++;
            // Lets the read-ahead and the previous batch's write go on beside this JavaScript.
            if ((++applied & 31) === 0 && performance.now() - sliceStarted >= BULK_SLICE_MS) {
              const paused = performance.now();
              await ioTurn();
              sliceStarted = performance.now();
              yielded += sliceStarted - paused;
            }
          }
          // The I/O callbacks run in the pauses are the pass's, not this read model's.
          target.timings.apply += performance.now() - started - yielded;
        }
        await buffer.flush(read.nextPosition);
        position = read.nextPosition;
        onProgress?.({ phase, events: total(), position });
        // Nothing more to read: `nextPosition` was the head of the log as this read saw it.
        if (read.events.length === 0) break;
      }
      await buffer.drain();
    };
    await bulk('bulk');
    onProgress?.({ phase: 'indexes', events: total(), position });
    // Several read models' indexes at once (the read store's DDL takes turns per collection, ADR
    // 112): the small ones are built while the largest is, the read models with most events first.
    await atOnce([...targets].sort((a, b) => b.events - a.events), INDEX_BUILDS_AT_ONCE, async ({ runner, timings }) => {
      const started = performance.now();
      for (const [name, spec] of Object.entries(runner.options.projection.collections)) {
        await readStore.ensureCollection(shadowCollection(physicalCollection(runner.options.projection, name)), spec.indexes ?? [], { documentIndex: spec.documentIndex });
      }
      timings.indexes += performance.now() - started;
    });
    // What was appended while the indexes were built, still without holding the runners back.
    await bulk('bulk');

    // Each read model switched on its own, atomically; several at once, as their indexes were.
    const switched = new Map<string, RebuildResult>();
    await atOnce(targets, INDEX_BUILDS_AT_ONCE, async (target) => {
      const started = performance.now();
      const result = await target.runner.switchIn(position, target.events, onProgress);
      target.timings.switch += performance.now() - started;
      switched.set(target.runner.name, { ...result, timings: { ...target.timings, writesWaited: buffer.waitedMs } });
    });
    // In the order of the runners, whichever switched first.
    return new Map(targets.map((target) => [target.runner.name, switched.get(target.runner.name)!]));
  }

  /**
   * Switches the shadows in, in ONE transaction under the projection's lease (no batch of the
   * runner runs meanwhile): they catch up with the log, replace the collections in use, and the
   * checkpoint moves to theirs with one generation more (ADR 049).
   */
  private async switchIn(shadowAt: Position, bulkEvents: number, onProgress?: (progress: RebuildProgress) => void): Promise<Omit<RebuildResult, 'timings'>> {
    const { projection, readStore, eventStore } = this.options;
    const live = checkpointName(projection);
    const shadowCheckpoint = shadowCheckpointName(projection);
    const shadows = Object.keys(projection.collections).map((name) => physicalCollection(projection, name));
    let eventsUnderLease = 0;
    const position = await readStore.transaction(async (tx) => {
      await tx.lock(live);
      let reached = (await tx.getCheckpoint(shadowCheckpoint)) ?? START;
      if (reached !== shadowAt) throw this.superseded();
      const inUse = (await tx.getCheckpoint(live)) ?? START;
      for (;;) {
        const read = await eventStore.readAll(reached, this.readOptions());
        if (comparePositions(read.nextPosition, reached) > 0) {
          eventsUnderLease += await this.applyWithin(tx, read.events, true);
          reached = read.nextPosition;
        }
        if (read.events.length === 0) break;
      }
      // The runner's checkpoint is a head of the log seen earlier: never ahead of a later read.
      if (comparePositions(reached, inUse) < 0) throw new Error(`${live}: the rebuild reached ${reached || 'the start'}, behind the read model in use (${inUse}); nothing was switched`);
      for (const name of shadows) await tx.switchToShadow(name);
      await tx.setCheckpoint(live, reached, { rebuilt: true });
      await tx.deleteCheckpoint(shadowCheckpoint);
      // The replay applied every event, the parked ones too.
      await tx.collection(PARKED_COLLECTION).deleteMany({ checkpoint: live });
      return reached;
    });
    const events = bulkEvents + eventsUnderLease;
    // Finds the switched indexes under their names (one shadow's indexes missing, had another
    // replay's shadow been switched in its place, would be built here).
    await this.ensureCollections();
    onProgress?.({ phase: 'switch', events, position });
    const generation = (await readStore.getCheckpointState(live))?.generation ?? 0;
    await this.announce(position, generation);
    return { position, events, eventsUnderLease, generation };
  }

  private superseded() {
    return new RebuildSupersededError(`Another replay of ${this.name} took over meanwhile; this one stopped (the read model in use is untouched).`);
  }

  /** Applies everything in the log after `from`, batch by batch; returns the checkpoint reached. */
  private async replay(from: Position): Promise<Position> {
    let position = from;
    for (;;) {
      const { events, nextPosition } = await this.options.eventStore.readAll(position, this.readOptions());
      // An empty read still moves the checkpoint to the head it saw: a read model with no event
      // of its own is then caught up.
      if (comparePositions(nextPosition, position) <= 0) return position;
      await this.applyBatch(events, nextPosition);
      position = nextPosition;
      if (events.length === 0) return position;
    }
  }
}

/**
 * `work` on every item, at most `limit` at a time, in the items' order. At the first failure
 * nothing more starts; it is thrown once the running ones have ended.
 */
async function atOnce<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const waiting = [...items];
  const worker = async () => {
    for (let item = waiting.shift(); item !== undefined; item = waiting.shift()) {
      try {
        await work(item);
      } catch (error) {
        waiting.length = 0;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A read model's part of a batch (`ProjectionRunner.partWithin`). */
interface BatchPart {
  readAhead(): Promise<void>;
  apply(): Promise<() => Promise<void>>;
  /** After `apply`: the writes `flush` would make, taken to be written with the others' (ADR 099). */
  takeWrites(): BatchWrite[];
}

/** The leases of `names` and their checkpoints: in one statement when the store can (ADR 083), else name by name. */
async function leaseCheckpoints(tx: ReadStoreTransaction, names: readonly string[]): Promise<Map<string, Position | null>> {
  if (tx.leaseCheckpoints) return tx.leaseCheckpoints(names);
  const found = new Map<string, Position | null>();
  for (const name of [...new Set(names)].sort()) {
    await tx.lock(name);
    found.set(name, await tx.getCheckpoint(name));
  }
  return found;
}

/** 100 ms doubling up to 30 s, each delay drawn between half and all of it (jitter). */
export const exponentialBackoff = (attempt: number, random: () => number = Math.random): number => {
  const ceiling = Math.min(30_000, 100 * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
};

export interface RetryPolicy {
  /** Tries of a failing batch before its events are tried one by one to find the poison. Default 5. */
  attempts?: number;
  /** Milliseconds to wait after the n-th failed try (n from 1). Default `exponentialBackoff`. */
  delay?: (attempt: number) => number;
  /** How often a stopped read model looks whether its parked event was retried. Default 5 s. */
  stoppedCheckMs?: number;
  /** Runs `work` after `ms` and returns what cancels it (default: setTimeout). */
  schedule?: (work: () => void, ms: number) => () => void;
}

/** Object.assign, checked against the fields of a supervised runner. */
const update = (supervised: Supervised, patch: Partial<Supervised>) => Object.assign(supervised, patch);

const timeoutScheduler = (work: () => void, ms: number) => {
  const timer = setTimeout(work, ms);
  return () => clearTimeout(timer);
};

/** A failure as the daemon reports it: each failed try, each parked event, each stop. */
export interface ProjectionFailure {
  projection: string;
  status: ProjectionStatus;
  attempts: number;
  /** Set when this failure parked an event. */
  parked: ParkedEvent | null;
}

export interface DaemonOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  bus?: Bus;
  projections: readonly ProjectionDefinition[];
  batchSize?: number;
  retry?: RetryPolicy;
  clock?: Clock;
  /** A projection failed: it is retrying, has parked an event, or has stopped; the others go on. */
  onError?: (error: unknown, failure: ProjectionFailure) => void;
  /**
   * How often each projection's status record is written again even when nothing changed, so
   * that other processes (`hireloop projections`, a query service's /healthz) can tell a runner
   * that is alive and reaches the database from one that is not (ADR 050). Default 10 s.
   */
  heartbeatMs?: number;
  /** The feed itself failed (its handler threw); it is started again from where it got after a pause. */
  onFeedError?: (error: unknown) => void;
}

/** A status record older than this says its runner is not heard from: dead, or cut off from the database. */
export const STALE_AFTER_MS = 30_000;

/** What the daemon knows of one of its projections right now. */
export interface LiveStatus {
  name: string;
  version: number;
  status: ProjectionStatus;
  lastError: string | null;
  /** Failed tries of the batch it is stuck at (0 when running). */
  attempts: number;
}

interface Supervised extends LiveStatus {
  runner: ProjectionRunner;
  /** The checkpoint the failing batch starts after, and where it ends. */
  failingAt: Position | null;
  failingUntil: Position;
  cancel: (() => void) | null;
}

/**
 * One reader of the log for every projection of a process: it reads from the lowest
 * checkpoint, asks the store only for event types some projection handles, and hands each
 * batch to every running runner, which skips what it has already applied and writes its
 * documents and checkpoint in its own transaction. N projections cost one read of the log, not N.
 *
 * A runner whose batch fails leaves the feed (the others go on) and retries with backoff by
 * reading the log itself from its checkpoint; it rejoins once it has caught up with the daemon,
 * the last stretch taken while no batch is being handed out, so it misses nothing. After
 * `attempts` tries of the same batch, its events are applied one by one, and the first that
 * fails alone is parked: the runner moves past it (onPoison 'skip') or stops before it ('stop')
 * until it is retried (ADR 016).
 */
export class ProjectionDaemon {
  readonly runners: ProjectionRunner[];
  private readonly supervised: Supervised[];
  private subscription: Subscription | null = null;
  /** Where the batches handed out so far end: a recovering runner catches up to here. */
  private delivered: Position = START;
  /** Batches and rejoins, one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly recoveries = new Set<Promise<void>>();
  private abort = new AbortController();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private feedRestart: (() => void) | null = null;

  constructor(private readonly options: DaemonOptions) {
    this.supervised = options.projections.map((projection) => ({
      runner: new ProjectionRunner({ eventStore: options.eventStore, readStore: options.readStore, bus: options.bus, projection, batchSize: options.batchSize, clock: options.clock }),
      name: projection.name,
      version: projection.version,
      status: 'running',
      lastError: null,
      attempts: 0,
      failingAt: null,
      failingUntil: START,
      cancel: null,
    }));
    this.runners = this.supervised.map((supervised) => supervised.runner);
  }

  private get eventTypes() {
    return [...new Set(this.options.projections.flatMap((projection) => projection.eventTypes))];
  }

  private get policy() {
    const retry = this.options.retry ?? {};
    return {
      attempts: retry.attempts ?? 5,
      delay: retry.delay ?? ((attempt: number) => exponentialBackoff(attempt)),
      stoppedCheckMs: retry.stoppedCheckMs ?? 5_000,
      schedule: retry.schedule ?? timeoutScheduler,
    };
  }

  /** Each projection's state in this process (no I/O). */
  status(): LiveStatus[] {
    return this.supervised.map(({ name, version, status, lastError, attempts }) => ({ name, version, status, lastError, attempts }));
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    this.abort = new AbortController();
    let from: Position | null = null;
    for (const supervised of this.supervised) {
      const { runner } = supervised;
      await runner.ensureCollections();
      // A read model stopped before a parked event stays stopped across restarts until it is retried.
      const blocking = await runner.blockingParked();
      update(supervised, { status: blocking ? 'stopped' : 'running', lastError: blocking?.error ?? null, attempts: 0, failingAt: null });
      await this.record(supervised);
      if (blocking) {
        this.checkStopped(supervised);
        continue;
      }
      const checkpoint = (await runner.checkpoint()) ?? START;
      if (from === null || comparePositions(checkpoint, from) < 0) from = checkpoint;
    }
    // Nothing running: a runner that resumes later catches up to wherever the feed has got.
    this.delivered = from ?? (await this.options.eventStore.headPosition());
    this.follow(1);
    const heartbeatMs = this.options.heartbeatMs ?? 10_000;
    if (heartbeatMs > 0) {
      this.heartbeat = setInterval(() => void Promise.all(this.supervised.map((supervised) => this.record(supervised))), heartbeatMs);
      this.heartbeat.unref();
    }
  }

  /**
   * Subscribes the feed from where the batches handed out so far end. The event store retries
   * failed reads by itself; should the handler still throw, the feed is not left dead: it is
   * subscribed again after a backoff (reported to `onFeedError`).
   */
  private follow(attempt: number) {
    const signal = this.abort.signal;
    this.subscription = this.options.eventStore.subscribe(this.delivered, (events, nextPosition) => this.apply(events, nextPosition), {
      batchSize: this.options.batchSize ?? 1000,
      eventTypes: this.eventTypes,
      onError: (error) => {
        this.subscription = null;
        try {
          this.options.onFeedError?.(error);
        } catch {
          // A reporter that throws must not stop the feed.
        }
        if (signal.aborted) return;
        const cancel = this.policy.schedule(() => {
          this.feedRestart = null;
          if (!signal.aborted) this.follow(attempt + 1);
        }, this.policy.delay(attempt));
        this.feedRestart = cancel;
      },
    });
  }

  async stop(): Promise<void> {
    this.abort.abort();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.feedRestart?.();
    this.feedRestart = null;
    for (const supervised of this.supervised) {
      supervised.cancel?.();
      supervised.cancel = null;
    }
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    await Promise.all(this.recoveries);
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private apply(events: RecordedEvent[], nextPosition: Position) {
    return this.exclusive(async () => {
      let running = this.supervised.filter((supervised) => supervised.status === 'running');
      // Every running read model in one short transaction (ADR 083). A read model whose part fails
      // is counted as failed (one try, as alone) and the others are written together without it;
      // a failure no read model is named for (the commit, the connection): each alone, as below.
      while (running.length > 1) {
        try {
          await ProjectionRunner.applyBatchTogether(
            this.options.readStore,
            running.map(({ runner }) => runner),
            events,
            nextPosition,
          );
          this.delivered = nextPosition;
          return;
        } catch (error) {
          const failing = error instanceof RunnerBatchError ? running.find(({ runner }) => runner === error.runner) : undefined;
          if (!failing) break;
          await this.failed(failing, (error as RunnerBatchError).cause, nextPosition);
          running = running.filter((supervised) => supervised !== failing);
        }
      }
      for (const supervised of running) {
        try {
          await supervised.runner.applyBatch(events, nextPosition);
        } catch (error) {
          await this.failed(supervised, error, nextPosition);
        }
      }
      this.delivered = nextPosition;
    });
  }

  /** Counts the try (a new batch starts the count again) and schedules the next one. */
  private async failed(supervised: Supervised, error: unknown, until: Position) {
    const checkpoint = await supervised.runner.checkpoint().catch(() => supervised.failingAt);
    if (supervised.status === 'running' || checkpoint !== supervised.failingAt) {
      supervised.attempts = 0;
      supervised.failingAt = checkpoint;
    }
    supervised.attempts += 1;
    supervised.failingUntil = until;
    supervised.status = 'retrying';
    supervised.lastError = describeError(error);
    this.report(supervised, error, null);
    this.later(supervised, this.policy.delay(supervised.attempts), () => this.recover(supervised));
    await this.record(supervised);
  }

  private recover(supervised: Supervised) {
    const { runner } = supervised;
    const signal = this.abort.signal;
    const recovery = (async () => {
      try {
        if (supervised.attempts >= this.policy.attempts) {
          const poison = await runner.findPoison(supervised.failingUntil);
          if (poison) {
            const parked = await runner.park(poison.event, poison.error, supervised.attempts + 1);
            supervised.lastError = parked.error;
            if (parked.blocking) {
              supervised.status = 'stopped';
              this.report(supervised, poison.error, parked);
              await this.record(supervised);
              this.checkStopped(supervised);
              return;
            }
            this.report(supervised, poison.error, parked);
          }
          supervised.attempts = 0;
          supervised.failingAt = null;
        }
        // Most of the way without holding the other runners back…
        await runner.catchUpTo(() => this.delivered, signal);
        if (signal.aborted) return;
        // …and the rest while no batch is handed out, so the next one starts where it stands.
        await this.exclusive(async () => {
          const reached = await runner.catchUpTo(() => this.delivered, signal);
          if (signal.aborted) return;
          if (comparePositions(reached, this.delivered) < 0) throw new Error(`${runner.name} could not read up to ${this.delivered}`);
          update(supervised, { status: 'running', attempts: 0, failingAt: null });
        });
        if (supervised.status === 'running') await this.record(supervised);
      } catch (error) {
        if (signal.aborted) return;
        await this.failed(supervised, error instanceof BatchFailedError ? error.cause : error, error instanceof BatchFailedError ? error.until : supervised.failingUntil);
      }
    })();
    this.recoveries.add(recovery);
    void recovery.finally(() => this.recoveries.delete(recovery));
  }

  /** A stopped runner resumes once its parked event is gone (`hireloop projections retry`). */
  private checkStopped(supervised: Supervised) {
    this.later(supervised, this.policy.stoppedCheckMs, () => {
      const check = supervised.runner.blockingParked().then(
        (blocking) => {
          if (blocking) return this.checkStopped(supervised);
          update(supervised, { status: 'retrying', attempts: 0, failingAt: null });
          this.recover(supervised);
        },
        () => this.checkStopped(supervised),
      );
      this.recoveries.add(check);
      void check.finally(() => this.recoveries.delete(check));
    });
  }

  private later(supervised: Supervised, ms: number, work: () => void) {
    supervised.cancel?.();
    const signal = this.abort.signal;
    // A batch or check still finishing after stop() must not leave a timer behind.
    if (signal.aborted) return;
    supervised.cancel = this.policy.schedule(() => {
      supervised.cancel = null;
      if (!signal.aborted) work();
    }, ms);
  }

  private report(supervised: Supervised, error: unknown, parked: ParkedEvent | null) {
    try {
      this.options.onError?.(error, { projection: supervised.name, status: supervised.status, attempts: supervised.attempts, parked });
    } catch {
      // A reporter that throws must not stop the runner.
    }
  }

  /** Best effort: the state in memory is what this process acts on; the record is for the others. */
  private async record(supervised: Supervised) {
    await supervised.runner.recordStatus(supervised.status, supervised.lastError, supervised.attempts).catch(() => undefined);
  }
}
