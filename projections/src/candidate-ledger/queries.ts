import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { candidateLedgerProjection, type LedgerEntryDocument } from './projection';

const entriesCollection = (readStore: ReadStore) => readStore.collection<LedgerEntryDocument>(physicalCollection(candidateLedgerProjection, 'entries'));

/** Everything companies did with a candidate's data, the latest first (bounded: a candidate sees at most `limit` rows). */
export async function findLedgerOfCandidate(readStore: ReadStore, candidateUserId: string, limit = 2000): Promise<LedgerEntryDocument[]> {
  return entriesCollection(readStore).find({ candidateUserId }, { sort: { lastAt: -1, _id: 1 }, limit });
}
