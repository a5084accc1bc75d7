import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { candidateSummariesProjection, type CandidateSummaryDocument } from './projection';

export const candidateSummariesCollection = (readStore: ReadStore) =>
  readStore.collection<CandidateSummaryDocument>(physicalCollection(candidateSummariesProjection, 'candidate-summaries'));

export const findCandidateSummary = (readStore: ReadStore, profileId: string) => candidateSummariesCollection(readStore).get(profileId);
