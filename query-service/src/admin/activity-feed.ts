import type { AdminActivity } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { adminActivitiesProjection } from '@hireloop/projections/admin-activities/projection';
import { adminActivitiesAfter, lastAdminActivityPosition } from '@hireloop/projections/admin-activities/queries';
import { ProjectionFeed } from '../shared/projection-feed';
import type { ProjectionProgress } from '../shared/projection-progress';
import { describeActivities } from './activities';

/** How many entries one read of the log takes (a burst is read in several). */
const READ_LIMIT = 200;

/**
 * The live feed behind `GET /api/admin/activities/stream` (ADR 035), a `ProjectionFeed` over the
 * admin-activities read model: each time it moves, it reads the entries after the last one it
 * told of, words them once (the rows hold the names, ADR 071) and tells every listener, oldest first.
 */
export class AdminActivityFeed extends ProjectionFeed<readonly AdminActivity[], string> {
  constructor(readStore: ReadStore, progress: ProjectionProgress, onError?: (error: unknown) => void) {
    super({
      progress,
      projection: adminActivitiesProjection.name,
      initial: '',
      start: () => lastAdminActivityPosition(readStore),
      next: async (last) => {
        const docs = await adminActivitiesAfter(readStore, last, READ_LIMIT);
        if (docs.length === 0) return null;
        return { news: describeActivities(docs), cursor: docs[docs.length - 1]!.position };
      },
      onError,
    });
  }
}
