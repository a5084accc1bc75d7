import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { conversationsProjection, type ConversationDocument } from './projection';

const conversations = (readStore: ReadStore) => readStore.collection<ConversationDocument>(physicalCollection(conversationsProjection, 'conversations'));

/** A candidate's conversations, latest activity first. */
export async function findConversationsOfCandidate(readStore: ReadStore, candidateUserId: string, limit = 200): Promise<ConversationDocument[]> {
  return conversations(readStore).find({ candidateUserId }, { sort: { lastActivityAt: -1, _id: 1 }, limit });
}

/** A company's conversations, latest activity first. */
export async function findConversationsOfCompany(readStore: ReadStore, companyId: string, limit = 200): Promise<ConversationDocument[]> {
  return conversations(readStore).find({ companyId }, { sort: { lastActivityAt: -1, _id: 1 }, limit });
}
