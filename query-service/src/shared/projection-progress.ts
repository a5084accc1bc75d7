import type { Bus, Unsubscribe } from '@hireloop/platform/bus';
import { comparePositions, type Position } from '@hireloop/platform/event-store';
import type { ReadStore } from '@hireloop/platform/read-store';
import { advancedSubject, type ProjectionAdvanced } from '@hireloop/projections/runner';
import { checkpointName, type ProjectionDefinition } from '@hireloop/projections/shared/projection';

/**
 * Told each time a watched read model is known to have committed a later checkpoint, or to have
 * been replaced by a rebuild (`generation` one more: its documents may have changed at or before
 * `position`, ADR 049).
 */
export type ProgressListener = (position: Position, generation: number | undefined) => void;

/**
 * Knows how far each read model has got. Projection runners announce progress on the bus;
 * the committed checkpoint in the read store is the source of truth, polled as a fallback
 * (a bus message may be lost, or the runner may live in another process): by `waitFor`
 * every `pollMs`, and, while started, every `watchPollMs` for the read models someone watches.
 *
 * Every position it reports was read from a committed checkpoint (the runner publishes after
 * its commit): whatever the read model held at that position can be read from the store.
 * It also passes on that a rebuild replaced a read model (its generation, in the runner's message
 * and in the checkpoint), so that every query process reloads what it keeps in memory.
 */
export class ProjectionProgress {
  private readonly reached = new Map<string, Position>();
  /** The latest generation heard of per read model (how many times a rebuild replaced it). */
  private readonly generations = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Map<string, Set<ProgressListener>>();
  private unsubscribe: Unsubscribe | null = null;
  private poller: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly readStore: ReadStore,
    private readonly projections: readonly ProjectionDefinition[],
    private readonly bus?: Bus,
    private readonly pollMs = 50,
    private readonly watchPollMs = 1000,
  ) {}

  async start() {
    if (!this.poller && this.watchPollMs > 0) {
      this.poller = setInterval(() => {
        for (const name of this.listeners.keys()) this.refresh(name).catch(() => undefined);
      }, this.watchPollMs);
      this.poller.unref();
    }
    if (!this.bus || this.unsubscribe) return;
    this.unsubscribe = await this.bus.subscribe<ProjectionAdvanced>(advancedSubject('*'), ({ data }) => {
      this.note(data.projection, data.position, data.generation);
    });
  }

  async stop() {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    await this.unsubscribe?.();
    this.unsubscribe = null;
    for (const wake of this.waiters) wake();
  }

  /** Reads waiting now in `waitFor` for a read model to move on (tests wait for it instead of sleeping; health). */
  get waiting(): number {
    return this.waiters.size;
  }

  /** The furthest committed checkpoint of `projection` heard of so far (no I/O); undefined before any news. */
  position(projection: string): Position | undefined {
    return this.reached.get(projection);
  }

  /** The latest generation of `projection` heard of (no I/O); undefined before any news of it. */
  generation(projection: string): number | undefined {
    return this.generations.get(projection);
  }

  /** Whether this service runs `projection` (an app may be built with only some read models). */
  knows(projection: string): boolean {
    return this.projections.some((p) => p.name === projection);
  }

  /**
   * Calls `listener` (synchronously, before any `waitFor` wakes; it must not throw) whenever
   * `projection` is heard to have moved on, and polls its checkpoint while started. Returns the
   * function that stops it.
   */
  watch(projection: string, listener: ProgressListener): () => void {
    this.definition(projection);
    let listeners = this.listeners.get(projection);
    if (!listeners) this.listeners.set(projection, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.listeners.get(projection) === listeners) this.listeners.delete(projection);
    };
  }

  private note(projection: string, position: Position, generation?: number) {
    const current = this.reached.get(projection);
    const moved = current === undefined || comparePositions(position, current) > 0;
    const known = this.generations.get(projection);
    // A rebuild's switch may leave the checkpoint where it was: the generation tells.
    const replaced = generation !== undefined && (known === undefined || generation > known);
    if (moved) this.reached.set(projection, position);
    if (replaced) this.generations.set(projection, generation);
    if (moved || replaced) {
      for (const listener of this.listeners.get(projection) ?? []) listener(this.reached.get(projection)!, this.generations.get(projection));
    }
    for (const wake of this.waiters) wake();
  }

  private definition(name: string) {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unknown projection ${name}`);
    return projection;
  }

  private async refresh(name: string) {
    const checkpoint = await this.readStore.getCheckpointState(checkpointName(this.definition(name)));
    if (checkpoint) this.note(name, checkpoint.position, checkpoint.generation);
  }

  private hasReached(names: readonly string[], position: Position) {
    return names.every((name) => comparePositions(this.reached.get(name) ?? '', position) >= 0);
  }

  /** Resolves true once every named read model has reached `position`, false after `timeoutMs`. */
  async waitFor(names: readonly string[], position: Position, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.hasReached(names, position)) return true;
      await Promise.all(names.map((name) => this.refresh(name)));
      if (this.hasReached(names, position)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(this.pollMs, left));
        this.waiters.add(wake);
      });
    }
  }
}
