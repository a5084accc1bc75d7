import type { Position } from '@hireloop/platform/event-store';
import type { ProjectionProgress } from './projection-progress';

/**
 * A live feed over one read model (the candidate feed, ADR 026; the admin activity log, ADR 035):
 * one per query-service process, whatever the number of open streams. While someone listens it
 * watches the read model's progress (the runner's `projection.<name>.advanced` on the bus, the
 * checkpoint polled as a fallback); each time it moves, it asks `next` for what is new after the
 * last cursor until `next` has nothing more, and tells every listener. Checks never overlap:
 * progress heard during one is checked once after it.
 */
export class ProjectionFeed<News, Cursor> {
  private readonly listeners = new Set<(news: News) => void>();
  private stopWatching: (() => void) | null = null;
  private last: Cursor;
  private checking: Promise<void> | null = null;
  private again = false;
  private started: Promise<void> | null = null;
  /** The read model's latest progress heard of, and the latest one whose news every listener has been told. */
  private heard: Position | undefined;
  private checkedUpTo: Position | undefined;

  constructor(
    private readonly options: {
      progress: ProjectionProgress;
      projection: string;
      /** Where the feed starts: the newest cursor when the first listener arrives. */
      start: () => Promise<Cursor>;
      /** What is new after `cursor` and the cursor after it; null when nothing is. */
      next: (cursor: Cursor) => Promise<{ news: News; cursor: Cursor } | null>;
      initial: Cursor;
      onError?: (error: unknown) => void;
    },
  ) {
    this.last = options.initial;
  }

  get size() {
    return this.listeners.size;
  }

  /**
   * The read model's position up to which the feed has told its listeners everything (undefined
   * before its first check): whatever was not told by then was not news. Tests wait for it to prove
   * a negative instead of sleeping (ADR 072).
   */
  get checked(): Position | undefined {
    return this.checkedUpTo;
  }

  /** Starts telling `listener` of what is new after this call; answers where it started and how to stop. */
  async subscribe(listener: (news: News) => void): Promise<{ since: Cursor; unsubscribe: () => void }> {
    this.listeners.add(listener);
    if (!this.stopWatching) {
      this.stopWatching = this.options.progress.watch(this.options.projection, (position) => {
        this.heard = position;
        this.check();
      });
      this.started = this.options.start().then(
        (cursor) => {
          this.last = cursor;
        },
        (error: unknown) => this.onError(error),
      );
    }
    await this.started;
    return {
      since: this.last,
      unsubscribe: () => {
        this.listeners.delete(listener);
        if (this.listeners.size === 0) this.stop();
      },
    };
  }

  stop() {
    this.stopWatching?.();
    this.stopWatching = null;
    this.started = null;
    this.listeners.clear();
  }

  private onError(error: unknown) {
    this.options.onError?.(error);
  }

  private check() {
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = (async () => {
      do {
        this.again = false;
        const upTo = this.heard;
        await this.started;
        for (let found = await this.options.next(this.last); found; found = await this.options.next(this.last)) {
          this.last = found.cursor;
          for (const listener of [...this.listeners]) listener(found.news);
        }
        this.checkedUpTo = upTo;
      } while (this.again && this.stopWatching);
    })()
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.checking = null;
      });
  }
}
