import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { candidateViewId, candidateViewsProjection, candidateViewUsageId, type CandidateViewDocument, type CandidateViewUsageDocument } from './projection';

const viewsCollection = (readStore: ReadStore) => readStore.collection<CandidateViewDocument>(physicalCollection(candidateViewsProjection, 'views'));
const usageCollection = (readStore: ReadStore) => readStore.collection<CandidateViewUsageDocument>(physicalCollection(candidateViewsProjection, 'usage'));

/** Whether the company counted a view of this profile in `month` (then its full profile is open to it all month). */
export async function hasCountedView(readStore: ReadStore, companyId: string, profileId: string, month: string): Promise<boolean> {
  return (await viewsCollection(readStore).get(candidateViewId(companyId, profileId, month))) !== null;
}

/** How many full profiles the company opened in `month`. */
export async function candidateViewsUsed(readStore: ReadStore, companyId: string, month: string): Promise<number> {
  return (await usageCollection(readStore).get(candidateViewUsageId(companyId, month)))?.used ?? 0;
}
