import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { savedSearchesProjection, type SavedSearchDocument } from './projection';

const searches = (readStore: ReadStore) => readStore.collection<SavedSearchDocument>(physicalCollection(savedSearchesProjection, 'saved_searches'));

/** One saved search by id, or null. */
export async function findSavedSearch(readStore: ReadStore, searchId: string): Promise<SavedSearchDocument | null> {
  return searches(readStore).get(searchId);
}

/** A candidate's saved searches, oldest first. */
export async function findSavedSearches(readStore: ReadStore, userId: string): Promise<SavedSearchDocument[]> {
  return searches(readStore).find({ userId }, { sort: { createdAt: 1, _id: 1 }, limit: 100 });
}
