import { comparePositions } from '@hireloop/platform/event-store';
import type { ReadStore } from '@hireloop/platform/read-store';
import { candidateCardsProjection } from '@hireloop/projections/candidate-cards/projection';
import { lastCardChange } from '@hireloop/projections/candidate-cards/queries';
import type { ProjectionProgress } from '../shared/projection-progress';

/** Told the log position of each change of the pool of cards. */
export type CardsChangedListener = (position: string) => void;

/**
 * The live feed behind `GET /api/candidates/events` (ADR 026): one per query-service process,
 * whatever the number of open streams. While someone listens it watches the candidate-cards read
 * model's progress (the runner's `projection.candidate-cards.advanced` on the bus, the checkpoint
 * polled as a fallback); each time it moves, one read of the read model's `changes` document
 * tells whether a card was added, replaced or removed since the last news, and only then are the
 * listeners told. Checks never overlap: progress heard during one is checked once after it.
 */
export class CandidateCardsFeed {
  private readonly listeners = new Set<CardsChangedListener>();
  private stopWatching: (() => void) | null = null;
  private last: string | null = null;
  private checking: Promise<void> | null = null;
  private again = false;
  private started: Promise<void> | null = null;

  constructor(
    private readonly readStore: ReadStore,
    private readonly progress: ProjectionProgress,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  get size() {
    return this.listeners.size;
  }

  /** Starts telling `listener` of changes after this call; returns the function that stops it. */
  async subscribe(listener: CardsChangedListener): Promise<() => void> {
    this.listeners.add(listener);
    if (!this.stopWatching) {
      this.stopWatching = this.progress.watch(candidateCardsProjection.name, () => this.check());
      this.started = lastCardChange(this.readStore).then(
        (position) => {
          this.last = position;
        },
        (error: unknown) => this.onError(error),
      );
    }
    await this.started;
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  stop() {
    this.stopWatching?.();
    this.stopWatching = null;
    this.started = null;
    this.listeners.clear();
  }

  private check() {
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = (async () => {
      do {
        this.again = false;
        await this.started;
        const position = await lastCardChange(this.readStore);
        if (position !== null && (this.last === null || comparePositions(position, this.last) > 0)) {
          this.last = position;
          for (const listener of [...this.listeners]) listener(position);
        }
      } while (this.again && this.stopWatching);
    })()
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.checking = null;
      });
  }
}
