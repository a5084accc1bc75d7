import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { inboxProjection, type InboxDocument, type InboxReadsDocument } from './projection';

const messagesCollection = (readStore: ReadStore) => readStore.collection<InboxDocument>(physicalCollection(inboxProjection, 'messages'));

/** A candidate's own messages, newest first. */
export async function findInboxOfCandidate(readStore: ReadStore, candidateUserId: string, limit = 200): Promise<InboxDocument[]> {
  return messagesCollection(readStore).find({ candidateUserId }, { sort: { sentAt: -1, _id: 1 }, limit });
}

/** The messages a company sent, newest first. */
export async function findMessagesSentBy(readStore: ReadStore, companyId: string, limit = 200): Promise<InboxDocument[]> {
  return messagesCollection(readStore).find({ companyId }, { sort: { sentAt: -1, _id: 1 }, limit });
}

/** Until when the candidate has read their inbox (null: never opened it since messages came). */
export async function findInboxReadUpTo(readStore: ReadStore, candidateUserId: string): Promise<string | null> {
  return (await readStore.collection<InboxReadsDocument>(physicalCollection(inboxProjection, 'inbox_reads')).get(candidateUserId))?.upTo ?? null;
}
