import { comparePositions } from '@hireloop/platform/event-store';
import type { ReadStore } from '@hireloop/platform/read-store';
import { candidateCardsProjection } from '@hireloop/projections/candidate-cards/projection';
import { lastCardChange } from '@hireloop/projections/candidate-cards/queries';
import { ProjectionFeed } from '../shared/projection-feed';
import type { ProjectionProgress } from '../shared/projection-progress';

/**
 * The live feed behind `GET /api/candidates/events` (ADR 026), a `ProjectionFeed` over the
 * candidate-cards read model: each time it moves, one read of the read model's `changes` document
 * tells whether a card was added, replaced or removed since the last news, and only then are the
 * listeners told the change's log position.
 */
export class CandidateCardsFeed extends ProjectionFeed<string, string | null> {
  constructor(readStore: ReadStore, progress: ProjectionProgress, onError?: (error: unknown) => void) {
    super({
      progress,
      projection: candidateCardsProjection.name,
      initial: null,
      start: () => lastCardChange(readStore),
      next: async (last) => {
        const position = await lastCardChange(readStore);
        return position !== null && (last === null || comparePositions(position, last) > 0) ? { news: position, cursor: position } : null;
      },
      onError,
    });
  }
}
