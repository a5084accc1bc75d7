import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_MESSAGES, ConversationsResponse, DomainError, ErrorBody, type Conversation, type ConversationSide } from '@hireloop/contracts';
import { findCompanyPublicProfile } from '@hireloop/projections/companies/queries';
import { findProfileById } from '@hireloop/projections/candidate-profiles/queries';
import { findConversationsOfCandidate, findConversationsOfCompany } from '@hireloop/projections/conversations/queries';
import type { ConversationDocument } from '@hireloop/projections/conversations/projection';
import { findUserById } from '@hireloop/projections/users/queries';
import { candidateKnownTo, companyOfViewer } from '../profiles/known-to';

/**
 * `GET /api/conversations` (ADR 069): the signed-in candidate's own threads, or the signed-in
 * company user's company's threads, latest activity first, each with its messages and what the
 * caller's side has not read. Only one's own: the session says whose, nothing in the request does.
 * The candidate is named to a company only when they made themselves known to it (ADR 066).
 */
export const conversationQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/conversations', { schema: { tags: ['contacts'], response: { 200: ConversationsResponse, 401: ErrorBody, 403: ErrorBody } } }, async (request, reply) => {
    const session = await request.requireSession();
    const user = await findUserById(request.readStore, session.userId);
    // Every account is a candidate's or a company's; a company user without a company has no inbox.
    if (!user || (user.type === 'company' && !user.companyId)) throw new DomainError('forbidden', CONTACT_MESSAGES.noCompany);
    const side: ConversationSide = user.type === 'company' ? 'company' : 'candidate';
    const docs = side === 'company' ? await findConversationsOfCompany(request.readStore, user.companyId!) : await findConversationsOfCandidate(request.readStore, user.id);

    const companyNames = new Map<string, string>();
    for (const companyId of new Set(docs.map((doc) => doc.companyId))) companyNames.set(companyId, (await findCompanyPublicProfile(request.readStore, companyId))?.name || 'A company');
    const viewerCompany = companyOfViewer(user);

    const conversations: Conversation[] = [];
    for (const doc of docs) {
      const profile = await findProfileById(request.readStore, doc.candidateProfileId);
      const title = profile?.title || 'A candidate';
      let displayName: string = CONTACT_MESSAGES.anonymousCandidate;
      let known = false;
      if (side === 'candidate') {
        displayName = 'You';
        known = true;
      } else if (profile && viewerCompany && (await candidateKnownTo(request.readStore, viewerCompany, doc.candidateUserId))) {
        const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
        if (name) {
          displayName = name;
          known = true;
        }
      }
      conversations.push(toConversation(doc, side, { companyName: companyNames.get(doc.companyId)!, candidate: { profileId: doc.candidateProfileId, title, displayName, known } }));
    }
    // A person's messages: nothing but their own browser may keep the answer.
    reply.header('cache-control', 'private, no-store');
    return { success: true as const, conversations, unreadCount: conversations.reduce((sum, one) => sum + one.unreadCount, 0) };
  });
};

function toConversation(doc: ConversationDocument, side: ConversationSide, names: Pick<Conversation, 'companyName' | 'candidate'>): Conversation {
  const readUpTo = side === 'company' ? doc.companyReadUpTo : doc.candidateReadUpTo;
  return {
    threadId: doc.threadId,
    companyId: doc.companyId,
    ...names,
    messages: doc.messages.map((message) => ({ ...message, unread: message.from !== side && (readUpTo === null || message.sentAt > readUpTo) })),
    lastActivityAt: doc.lastActivityAt,
    unreadCount: side === 'company' ? doc.unreadForCompany : doc.unreadForCandidate,
  };
}
