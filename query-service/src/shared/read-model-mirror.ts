import { setImmediate } from 'node:timers/promises';
import { START, comparePositions, type Position } from '@hireloop/platform/event-store';
import type { Collection, Doc as StoredDoc, Filter, ReadStore } from '@hireloop/platform/read-store';
import { checkpointName, type ProjectionDefinition } from '@hireloop/projections/shared/projection';
import type { ProjectionProgress } from './projection-progress';

/**
 * What a mirror keeps in memory: the documents of one read-model collection, made into whatever
 * structures its queries need. `upsert` takes a document as read (new, or a later version of
 * one already held); `size` is the number of distinct documents held (compared with the
 * collection's count to notice what the positions do not reveal).
 */
export interface MirrorData<Doc> {
  readonly size: number;
  upsert(doc: Doc): void;
}

export interface ReadModelMirrorOptions {
  /**
   * How the mirror hears that the read model moved on (bus messages, with polling as the
   * fallback). Without it every answer reads the projection checkpoint: a standalone mirror
   * (scripts, tests).
   */
  progress?: Pick<ProjectionProgress, 'position' | 'watch'> & Partial<Pick<ProjectionProgress, 'generation'>>;
  /** Documents per read-store query while loading. */
  pageSize?: number;
  /**
   * Longest an answer waits for the mirror to hold what it must see (the start-up load, a
   * reload, a catch-up) before the read store answers it instead.
   */
  maxWaitMs?: number;
  /**
   * How often (at most) an answer also checks in the background that the mirror holds as many
   * documents as the read model (a rebuild that shrank it, documents written without a position).
   */
  verifyEveryMs?: number;
  /** Told after each load: full (every document) or incremental (the documents changed since the last one). */
  onLoad?: (load: { kind: 'full' | 'incremental'; documents: number; ms: number }) => void;
  /**
   * Least time between two snapshots (`source.snapshots`) while the read model moves (default
   * 5 minutes); one is also saved after the first full load and when the mirror stops.
   */
  snapshotEveryMs?: number;
  /** Told when a restored snapshot is given up for a full load (another generation, ahead of the read model, documents it lacks). */
  onSnapshotDiscarded?: (reason: string) => void;
  /** Failures of loads (each reported once; answers are then given by the read store). */
  onError?: (error: unknown) => void;
  now?: () => number;
}

export interface ReadModelMirrorSource<Doc extends StoredDoc, Data extends MirrorData<Doc>> {
  /** The read model followed: its checkpoint tells how far the collection is. */
  projection: ProjectionDefinition;
  /** The collection mirrored. Every write to it must set `position` (the event's), and nothing may be deleted from it but by a rebuild. */
  collection: (readStore: ReadStore) => Collection<Doc>;
  /** Empty structures for a full load. */
  createData: () => Data;
  /** After a full load, before it takes over from `previous` (trim spare capacity, warm caches). */
  finishFullLoad?: (data: Data, previous: Data | null) => void;
  /**
   * A saved copy of the data with the checkpoint and generation it holds (ADR 085): restored at
   * start instead of a full load, then caught up from its checkpoint like any data; saved after
   * the first full load, now and then while the read model moves, and at stop. `restore`
   * answers null when there is none it can use (it says why itself).
   */
  snapshots?: MirrorSnapshots<Data>;
}

export interface MirrorSnapshots<Data> {
  restore(): Promise<{ data: Data; checkpoint: Position; generation: number } | null>;
  save(data: Data, checkpoint: Position, generation: number): Promise<void>;
}

/** A load under way, and the read-model position the query service knew of when it began. */
interface RunningLoad {
  done: Promise<void>;
  covers: Position | undefined;
}

/**
 * One read-model collection followed in memory (ADR 007, 020): loaded in the background when the
 * query service starts, then fed by reading the documents that changed since the projection
 * checkpoint it last saw (every document carries the position of the last event that changed it)
 * whenever the projection is heard to have moved on. The read store stays the source of truth:
 * `answer` hands the in-memory data to the caller only when it holds everything an answer
 * starting now must see, and otherwise lets the read-store query (the reference) answer.
 *
 * Documents are never removed from the mirror: a collection that loses documents other than by a
 * rebuild (whose switch counts one more generation, ADR 049) is noticed by its count and loaded
 * again in full; a
 * read model whose documents can go away keeps a tombstone instead (with a position, like any change).
 */
export class ReadModelMirror<Doc extends StoredDoc, Data extends MirrorData<Doc>> {
  private data: Data | null = null;
  /** The projection checkpoint read before the last load: every change up to it is in `data`. */
  private checkpoint: Position = START;
  /** The read model's generation `data` was loaded from: a rebuild's switch makes it one more (ADR 049). */
  private generation = 0;
  private verifiedAt = Number.NEGATIVE_INFINITY;
  private running: RunningLoad | null = null;
  private queued: Promise<void> | null = null;
  private queuedVerify = false;
  private reloading = false;
  private started = false;
  private stopped = false;
  private unwatch: (() => void) | null = null;
  private restoreTried = false;
  /** What the last snapshot saved holds, and when it was saved. */
  private saved: { checkpoint: Position; generation: number; at: number } | null = null;
  /** `fullLoads` when the last snapshot was saved. */
  private fullLoadsSaved = 0;
  private readonly name: string;
  /** The read model it follows: what a reader through it waits for (`request.caughtUpWith`, ADR 054). */
  get readModels(): readonly string[] {
    return [this.name];
  }
  private readonly pageSize: number;
  private readonly maxWaitMs: number;
  private readonly verifyEveryMs: number;
  private readonly now: () => number;
  /** Loads, for tests and logs. */
  fullLoads = 0;
  incrementalLoads = 0;
  /** Snapshots restored (then caught up), and saved. */
  restoredLoads = 0;
  snapshotsSaved = 0;
  /** Answers given from memory, and by the read store while the mirror was not ready. */
  readonly answers = { index: 0, readStore: 0 };
  /** Answers waiting now for a load to bring the mirror where they must see (tests wait for it instead of sleeping). */
  waitingAnswers = 0;

  constructor(
    private readonly readStore: ReadStore,
    private readonly source: ReadModelMirrorSource<Doc, Data>,
    private readonly options: ReadModelMirrorOptions = {},
  ) {
    this.name = source.projection.name;
    this.pageSize = options.pageSize ?? 5000;
    this.maxWaitMs = options.maxWaitMs ?? 5000;
    this.verifyEveryMs = options.verifyEveryMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** What is held now (null before the first load): for sizes and stats, not for answers. */
  get current(): Data | null {
    return this.data;
  }

  /**
   * Loads every document in the background, and from then on catches up as soon as `progress`
   * tells that the read model moved on (so that answers seldom find the mirror behind).
   */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.unwatch =
      this.options.progress?.watch(this.name, (position, generation) => {
        // Replaced by a rebuild: documents changed at or before the checkpoint too, so a load that
        // starts now (a full one) is needed, not the one under way.
        if (generation !== undefined && generation !== this.generation) this.background(this.update(false));
        else if (comparePositions(position, this.checkpoint) > 0) this.background(this.catchUp(position));
      }) ?? null;
    this.background(this.update(false));
  }

  /** Stops following the read model; a load under way ends at its next page. */
  async stop(): Promise<void> {
    const first = !this.stopped;
    this.stopped = true;
    this.unwatch?.();
    this.unwatch = null;
    await Promise.allSettled([this.running?.done, this.queued]);
    // What it holds now, for the next start (no load runs any more).
    if (first) await this.saveSnapshot(true).catch((error: unknown) => this.options.onError?.(error));
  }

  /**
   * Saves a snapshot when the data moved since the last one and `snapshotEveryMs` went by (or
   * `now`): called at the end of a load (one load runs at a time, so nothing changes the data
   * while it is written) and at stop.
   */
  private async saveSnapshot(now: boolean): Promise<void> {
    const snapshots = this.source.snapshots;
    if (!snapshots || !this.data || this.reloading) return;
    const saved = this.saved;
    if (saved && saved.checkpoint === this.checkpoint && saved.generation === this.generation) return;
    // After a full load, at once (the next start then needs no full load); else now and then.
    if (!now && saved && saved.generation === this.generation && this.fullLoadsSaved === this.fullLoads && this.now() - saved.at < (this.options.snapshotEveryMs ?? 300_000)) return;
    const { checkpoint, generation } = this;
    const fullLoads = this.fullLoads;
    await snapshots.save(this.data, checkpoint, generation);
    this.saved = { checkpoint, generation, at: this.now() };
    this.fullLoadsSaved = fullLoads;
    this.snapshotsSaved++;
  }

  /**
   * `fromMemory` over the data when it holds what an answer starting now must see, else
   * `fromReadStore` (the reference), saying which answered. Synchronous from the check to the
   * answer, so no load changes the data in between.
   */
  async answer<T>(fromMemory: (data: Data) => T, fromReadStore: () => Promise<T>): Promise<{ answer: T; answeredBy: 'index' | 'read-store' }> {
    if (!(await this.holdsWhatAnswerMustSee())) {
      this.answers.readStore++;
      return { answer: await fromReadStore(), answeredBy: 'read-store' };
    }
    this.answers.index++;
    return { answer: fromMemory(this.data!), answeredBy: 'index' };
  }

  /**
   * Whether the mirror holds every change an answer starting now must see: what the query
   * service has heard the read model committed (with `progress`; `request.caughtUpWith` made that
   * at least the caller's X-Min-Position), or the checkpoint read now (without). With no I/O
   * when it does.
   *
   * When it does not (the start-up load, a reload, or a catch-up still to do), the answer waits
   * for the load that brings it there, at most `maxWaitMs`, and past that (or if the load fails)
   * it is given by the read store: the reference, so the answer is the same, only slower. Waiting
   * is the default rather than the read store at once: one read-store query may scan the whole
   * collection, so a start-up burst sent there would pile scans onto the database and slow the
   * load that would answer them all; the bound keeps a slow or failing load from holding answers.
   */
  private async holdsWhatAnswerMustSee(): Promise<boolean> {
    const progress = this.options.progress;
    let needed: Position | undefined;
    let behind: boolean;
    let replaced: boolean;
    if (progress) {
      needed = progress.position(this.name);
      behind = needed !== undefined && comparePositions(needed, this.checkpoint) > 0;
      const generation = progress.generation?.(this.name);
      replaced = generation !== undefined && generation !== this.generation;
    } else {
      const state = await this.readStore.getCheckpointState(checkpointName(this.source.projection));
      needed = state?.position ?? START;
      behind = needed !== this.checkpoint;
      replaced = (state?.generation ?? 0) !== this.generation;
    }
    if (this.data && !this.reloading && !behind && !replaced) {
      this.verifyIfDue();
      return true;
    }
    // After a switch, only a load that starts now reads the new generation.
    const caughtUp = (replaced ? this.update(false) : this.catchUp(needed)).then(
      // (A stopped mirror's loads end at once: its data is then no proof of anything.)
      () => this.data !== null && !this.stopped,
      () => false,
    );
    if (this.maxWaitMs <= 0) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(resolve, this.maxWaitMs, false);
    });
    this.waitingAnswers++;
    try {
      return await Promise.race([caughtUp, late]);
    } finally {
      this.waitingAnswers--;
      clearTimeout(timer);
    }
  }

  /** Brings the mirror up to date with the read model now, verifying its size (full reload if needed). */
  refresh(): Promise<void> {
    return this.update(true);
  }

  /**
   * A load that brings the mirror to `needed` at least: the one under way if it began knowing
   * of `needed` (the checkpoint it reads is then at or past it), else the next one. Without
   * `progress` nothing tells what the running load saw: always the next one.
   */
  private catchUp(needed: Position | undefined): Promise<void> {
    const running = this.running;
    if (running && this.options.progress) {
      if (needed === undefined || (running.covers !== undefined && comparePositions(running.covers, needed) >= 0)) return running.done;
    }
    return this.update(false);
  }

  private verifyIfDue() {
    if (!this.running && this.now() - this.verifiedAt >= this.verifyEveryMs) this.background(this.update(false));
  }

  /** Loads started off the answer path report their failures through `onError` (in `update`). */
  private background(load: Promise<void>) {
    load.catch(() => undefined);
  }

  /**
   * Runs one load at a time. A caller arriving while a load runs may know of a checkpoint that
   * load did not see: it waits for the next load, which every such caller shares.
   */
  private update(verify: boolean): Promise<void> {
    if (!this.running) {
      const covers = this.options.progress?.position(this.name);
      const done: Promise<void> = this.load(verify).finally(() => {
        if (this.running?.done === done) this.running = null;
      });
      done.catch((error: unknown) => this.options.onError?.(error));
      this.running = { done, covers };
      return done;
    }
    this.queuedVerify ||= verify;
    if (!this.queued) {
      this.queued = this.running.done
        .catch(() => undefined)
        .then(() => {
          const queuedVerify = this.queuedVerify;
          this.queued = null;
          this.queuedVerify = false;
          return this.update(queuedVerify);
        });
    }
    return this.queued;
  }

  private async load(verify: boolean): Promise<void> {
    if (this.stopped) return;
    await this.restoreOnce();
    if (this.stopped) return;
    await this.loadFromReadStore(verify);
    if (!this.stopped) await this.saveSnapshot(false);
  }

  /** The first load starts from the snapshot, if there is one it can use: the catch-up below brings it up to date. */
  private async restoreOnce(): Promise<void> {
    const snapshots = this.source.snapshots;
    if (this.data || this.restoreTried || !snapshots) return;
    this.restoreTried = true;
    const restored = await snapshots.restore();
    if (!restored || this.stopped) return;
    this.data = restored.data;
    this.checkpoint = restored.checkpoint;
    this.generation = restored.generation;
    // Nothing changed since: no need to save it again until the read model moves.
    this.saved = { checkpoint: restored.checkpoint, generation: restored.generation, at: this.now() };
    this.restoredLoads++;
  }

  private async loadFromReadStore(verify: boolean): Promise<void> {
    const collection = this.source.collection(this.readStore);
    // Read before the documents: every change up to it is then in what the pages return.
    const state = await this.readStore.getCheckpointState(checkpointName(this.source.projection));
    const checkpoint = state?.position ?? START;
    const generation = state?.generation ?? 0;
    const due = verify || this.now() - this.verifiedAt >= this.verifyEveryMs;
    if (this.data && checkpoint === this.checkpoint && generation === this.generation && !due) return;
    const expected = due ? await collection.count({}) : null;
    const data = this.data;
    // A rebuild put another read model in place (ADR 049): documents may have changed at or before
    // the checkpoint, which the positions do not reveal. (A checkpoint moved back: one reset by hand.)
    if (!data || generation !== this.generation || checkpoint < this.checkpoint || (expected !== null && expected < data.size)) {
      if (data && this.fullLoads === 0 && this.restoredLoads > 0) {
        this.options.onSnapshotDiscarded?.(
          generation !== this.generation
            ? `the read model was rebuilt since (generation ${generation}, the snapshot's ${this.generation})`
            : checkpoint < this.checkpoint
              ? `it is ahead of the read model (checkpoint ${checkpoint}, the snapshot's ${this.checkpoint})`
              : `the read model holds fewer documents (${expected}) than it does (${data.size})`,
        );
      }
      if (!(await this.fullLoad(checkpoint, generation))) return;
    } else {
      const started = this.now();
      let changed = 0;
      for await (const page of this.pages({ position: { $gt: this.checkpoint } })) {
        if (this.stopped) return;
        for (const doc of page) data.upsert(doc);
        changed += page.length;
      }
      this.incrementalLoads++;
      this.options.onLoad?.({ kind: 'incremental', documents: changed, ms: this.now() - started });
      this.checkpoint = checkpoint;
      // Documents the position does not reveal (written without one): start again.
      if (expected !== null && data.size < expected) {
        if (this.fullLoads === 0 && this.restoredLoads > 0) this.options.onSnapshotDiscarded?.(`the read model holds documents it lacks (${expected} against ${data.size} after catching up)`);
        if (!(await this.fullLoad(checkpoint, generation))) return;
      }
    }
    if (due) this.verifiedAt = this.now();
  }

  /** Builds new data from every document, then swaps it in; false when stopped meanwhile. */
  private async fullLoad(checkpoint: Position, generation: number): Promise<boolean> {
    const started = this.now();
    const data = this.source.createData();
    this.reloading = true;
    try {
      // Documents written meanwhile have positions after `checkpoint`: the next catch-up brings them.
      for await (const page of this.pages({})) {
        if (this.stopped) return false;
        for (const doc of page) data.upsert(doc);
      }
      this.source.finishFullLoad?.(data, this.data);
    } finally {
      this.reloading = false;
    }
    this.data = data;
    this.checkpoint = checkpoint;
    this.generation = generation;
    this.fullLoads++;
    this.options.onLoad?.({ kind: 'full', documents: data.size, ms: this.now() - started });
    return true;
  }

  /**
   * The documents matching `filter`, page after page in _id order, each page the ones after
   * the last _id of the page before (keyset paging: a primary-key range per page, where an
   * OFFSET would re-read every document it skips). The next page is fetched while the caller
   * takes in this one, and the event loop gets a turn between pages (taking in is synchronous),
   * so requests are served during a long load.
   */
  private async *pages(filter: Filter): AsyncGenerator<Doc[]> {
    const collection = this.source.collection(this.readStore);
    const fetch = (after: string | null) =>
      collection.find(after === null ? filter : { ...filter, _id: { $gt: after } }, { sort: { _id: 1 }, limit: this.pageSize });
    let next = fetch(null);
    for (;;) {
      const page = await next;
      const last = page.length === this.pageSize ? page.at(-1)!._id : null;
      if (last !== null) {
        next = fetch(last);
        // Awaited on the next turn; if taking in throws first, the failure is the taking-in one.
        next.catch(() => undefined);
      }
      yield page;
      if (last === null) return;
      await setImmediate();
    }
  }
}
