import type { Bus, Unsubscribe } from '@hireloop/platform/bus/index';
import { comparePositions, type Position } from '@hireloop/platform/event-store/index';
import type { ReadStore } from '@hireloop/platform/read-store/index';
import { advancedSubject, type ProjectionAdvanced } from '@hireloop/projections/runner';
import { checkpointName, type ProjectionDefinition } from '@hireloop/projections/shared/projection';

/**
 * Knows how far each read model has got. Projection runners announce progress on the bus;
 * the committed checkpoint in the read store is the source of truth, polled as a fallback
 * (a bus message may be lost, or the runner may live in another process).
 */
export class ProjectionProgress {
  private readonly reached = new Map<string, Position>();
  private readonly waiters = new Set<() => void>();
  private unsubscribe: Unsubscribe | null = null;

  constructor(
    private readonly readStore: ReadStore,
    private readonly projections: readonly ProjectionDefinition[],
    private readonly bus?: Bus,
    private readonly pollMs = 50,
  ) {}

  async start() {
    if (!this.bus || this.unsubscribe) return;
    this.unsubscribe = await this.bus.subscribe<ProjectionAdvanced>(advancedSubject('*'), ({ data }) => {
      this.note(data.projection, data.position);
    });
  }

  async stop() {
    await this.unsubscribe?.();
    this.unsubscribe = null;
    for (const wake of this.waiters) wake();
  }

  private note(projection: string, position: Position) {
    const current = this.reached.get(projection);
    if (current === undefined || comparePositions(position, current) > 0) this.reached.set(projection, position);
    for (const wake of this.waiters) wake();
  }

  private definition(name: string) {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unknown projection ${name}`);
    return projection;
  }

  private async refresh(name: string) {
    const checkpoint = await this.readStore.getCheckpoint(checkpointName(this.definition(name)));
    if (checkpoint) this.note(name, checkpoint);
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
