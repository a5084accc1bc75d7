import type { AdminActivity } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { adminActivitiesProjection } from '@hireloop/projections/admin-activities/projection';
import { adminActivitiesAfter, lastAdminActivityPosition } from '@hireloop/projections/admin-activities/queries';
import type { ProjectionProgress } from '../shared/projection-progress';
import { describeActivities } from './activities';

/** Told the new entries of the admin activity log, oldest first. */
export type ActivitiesListener = (activities: readonly AdminActivity[]) => void;

/** How many entries one read of the log takes (a burst is read in several). */
const READ_LIMIT = 200;

/**
 * The live feed behind `GET /api/admin/activities/stream` (ADR 035), built as the candidate feed
 * is (ADR 026): one per query-service process, whatever the number of open streams. While someone
 * listens it watches the admin-activities read model's progress (the runner's
 * `projection.admin-activities.advanced` on the bus — NATS in the services profile —, the
 * checkpoint polled as a fallback); each time it moves, it reads the entries after the last one it
 * told of, describes them once (names and titles) and tells every listener. Checks never overlap:
 * progress heard during one is checked once after it.
 */
export class AdminActivityFeed {
  private readonly listeners = new Set<ActivitiesListener>();
  private stopWatching: (() => void) | null = null;
  private last = '';
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

  /**
   * Starts telling `listener` of the entries after the newest one at this call (which it returns,
   * '' when the log is empty); returns too the function that stops it.
   */
  async subscribe(listener: ActivitiesListener): Promise<{ since: string; unsubscribe: () => void }> {
    this.listeners.add(listener);
    if (!this.stopWatching) {
      this.stopWatching = this.progress.watch(adminActivitiesProjection.name, () => this.check());
      this.started = lastAdminActivityPosition(this.readStore).then(
        (position) => {
          this.last = position;
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

  private check() {
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = (async () => {
      do {
        this.again = false;
        await this.started;
        for (;;) {
          const docs = await adminActivitiesAfter(this.readStore, this.last, READ_LIMIT);
          if (docs.length === 0) break;
          this.last = docs[docs.length - 1]!.position;
          const activities = await describeActivities(this.readStore, docs);
          for (const listener of [...this.listeners]) listener(activities);
          if (docs.length < READ_LIMIT) break;
        }
      } while (this.again && this.stopWatching);
    })()
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.checking = null;
      });
  }
}
