import { START, comparePositions, type EventStore, type Position, type RecordedEvent, type Subscription } from '@hireloop/platform/event-store/index';
import type { Bus } from '@hireloop/platform/bus/index';
import type { ReadStore } from '@hireloop/platform/read-store/index';
import { checkpointName, physicalCollection, scopedTransaction, type ProjectionDefinition } from './shared/projection';
import { bufferedTransaction } from './shared/write-buffer';

export const advancedSubject = (projection: string) => `projection.${projection}.advanced`;

export interface ProjectionAdvanced {
  projection: string;
  checkpoint: string;
  position: Position;
}

export interface RunnerOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  bus?: Bus;
  projection: ProjectionDefinition;
  batchSize?: number;
  onError?: (error: unknown) => void;
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
    for (const [name, spec] of Object.entries(projection.collections)) {
      await readStore.ensureCollection(physicalCollection(projection, name), spec.indexes ?? [], { documentIndex: spec.documentIndex });
    }
  }

  checkpoint(): Promise<Position | null> {
    return this.options.readStore.getCheckpoint(checkpointName(this.options.projection));
  }

  /** Applies one batch and moves the checkpoint to `nextPosition`, atomically. */
  async applyBatch(events: readonly RecordedEvent[], nextPosition: Position): Promise<void> {
    const { projection, readStore } = this.options;
    const name = checkpointName(projection);
    await readStore.transaction(async (tx) => {
      // A batch delivered again after a crash between commit and acknowledgement is skipped.
      const current = (await tx.getCheckpoint(name)) ?? START;
      if (comparePositions(nextPosition, current) <= 0) return;
      const buffered = bufferedTransaction(tx);
      const scoped = scopedTransaction(projection, buffered.tx);
      for (const event of events) {
        if (comparePositions(event.position, current) <= 0) continue;
        if (this.relevant.has(event.type)) await projection.apply(event, scoped);
      }
      await buffered.flush();
      await tx.setCheckpoint(name, nextPosition);
    });
    await this.options.bus
      ?.publish<ProjectionAdvanced>(advancedSubject(projection.name), { projection: projection.name, checkpoint: name, position: nextPosition })
      .catch(() => undefined);
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
   * Forgets the read model and its checkpoint, then replays the whole log into it. The
   * collections' indexes are dropped for the replay and built once at the end.
   */
  async rebuild(): Promise<Position> {
    await this.stop();
    const { projection, readStore } = this.options;
    await this.ensureCollections();
    for (const name of Object.keys(projection.collections)) await readStore.resetForRebuild(physicalCollection(projection, name));
    await readStore.transaction((tx) => tx.setCheckpoint(checkpointName(projection), START));
    const position = await this.replay(START);
    await this.ensureCollections();
    return position;
  }

  /** Applies everything in the log after `from`, batch by batch; returns the checkpoint reached. */
  private async replay(from: Position): Promise<Position> {
    let position = from;
    for (;;) {
      const { events, nextPosition } = await this.options.eventStore.readAll(position, {
        batchSize: this.options.batchSize ?? 1000,
        eventTypes: this.options.projection.eventTypes,
      });
      if (events.length === 0) return position;
      await this.applyBatch(events, nextPosition);
      position = nextPosition;
    }
  }
}

export interface DaemonOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  bus?: Bus;
  projections: readonly ProjectionDefinition[];
  batchSize?: number;
  /** A projection whose batch failed; it stops, the others go on. */
  onError?: (error: unknown, projection: string) => void;
}

/**
 * One reader of the log for every projection of a process: it reads from the lowest
 * checkpoint, asks the store only for event types some projection handles, and hands each
 * batch to every runner, which skips what it has already applied and writes its documents and
 * checkpoint in its own transaction. N projections cost one read of the log, not N.
 */
export class ProjectionDaemon {
  readonly runners: ProjectionRunner[];
  private readonly failed = new Set<string>();
  private subscription: Subscription | null = null;

  constructor(private readonly options: DaemonOptions) {
    this.runners = options.projections.map(
      (projection) => new ProjectionRunner({ eventStore: options.eventStore, readStore: options.readStore, bus: options.bus, projection, batchSize: options.batchSize }),
    );
  }

  private get eventTypes() {
    return [...new Set(this.options.projections.flatMap((projection) => projection.eventTypes))];
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    let from: Position | null = null;
    for (const runner of this.runners) {
      await runner.ensureCollections();
      const checkpoint = (await runner.checkpoint()) ?? START;
      if (from === null || comparePositions(checkpoint, from) < 0) from = checkpoint;
    }
    this.subscription = this.options.eventStore.subscribe(from ?? START, (events, nextPosition) => this.apply(events, nextPosition), {
      batchSize: this.options.batchSize ?? 1000,
      eventTypes: this.eventTypes,
    });
  }

  private async apply(events: RecordedEvent[], nextPosition: Position) {
    for (const runner of this.runners) {
      if (this.failed.has(runner.name)) continue;
      try {
        await runner.applyBatch(events, nextPosition);
      } catch (error) {
        this.failed.add(runner.name);
        this.options.onError?.(error, runner.name);
      }
    }
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }
}
