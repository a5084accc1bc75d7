import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_MESSAGES, DomainError, ErrorBody, InboxResponse, SentMessagesResponse, type InboxMessage, type SentMessage } from '@hireloop/contracts';
import { findCompanyPublicProfile } from '@hireloop/projections/companies/queries';
import { findInboxOfCandidate, findInboxReadUpTo, findMessagesSentBy } from '@hireloop/projections/inbox/queries';
import { findProfileById } from '@hireloop/projections/candidate-profiles/queries';
import { findUserById } from '@hireloop/projections/users/queries';

/**
 * The candidate's Hireloop inbox (ADR 032): the messages companies sent them, newest first, each
 * with the company's name. Only one's own: the session names the candidate, nothing else does.
 */
export const inboxQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/inbox', { schema: { tags: ['contacts'], response: { 200: InboxResponse, 401: ErrorBody, 403: ErrorBody } } }, async (request, reply) => {
    const session = await request.requireSession();
    const user = await findUserById(request.readStore, session.userId);
    if (!user || user.type !== 'candidate') throw new DomainError('forbidden', CONTACT_MESSAGES.inboxCandidatesOnly);
    const [docs, readUpTo] = await Promise.all([findInboxOfCandidate(request.readStore, session.userId), findInboxReadUpTo(request.readStore, session.userId)]);
    const companyIds = [...new Set(docs.map((doc) => doc.companyId))];
    const names = new Map(await Promise.all(companyIds.map(async (companyId) => [companyId, (await findCompanyPublicProfile(request.readStore, companyId))?.name ?? ''] as const)));
    const messages = docs.map(
      (doc): InboxMessage => ({
        contactId: doc.contactId,
        companyId: doc.companyId,
        companyName: names.get(doc.companyId) || 'A company',
        contactType: doc.contactType,
        message: doc.message,
        sentAt: doc.sentAt,
        unread: readUpTo === null || doc.sentAt > readUpTo,
      }),
    );
    // A person's messages: nothing but their own browser may keep the answer.
    reply.header('cache-control', 'private, no-store');
    return { success: true as const, messages, unreadCount: messages.filter((message) => message.unread).length };
  });

  /**
   * The messages the signed-in company user's company sent (ADR 032), newest first: each with the
   * candidate's card id and title. A company user with an admin role sees their own company's.
   */
  app.get('/api/contacts/sent', { schema: { tags: ['contacts'], response: { 200: SentMessagesResponse, 401: ErrorBody, 403: ErrorBody } } }, async (request, reply) => {
    const session = await request.requireSession();
    const user = await findUserById(request.readStore, session.userId);
    if (!user || user.type !== 'company' || !user.companyId) throw new DomainError('forbidden', CONTACT_MESSAGES.sentCompaniesOnly);
    const docs = await findMessagesSentBy(request.readStore, user.companyId);
    const profileIds = [...new Set(docs.map((doc) => doc.candidateProfileId))];
    const titles = new Map(await Promise.all(profileIds.map(async (id) => [id, (await findProfileById(request.readStore, id))?.title ?? ''] as const)));
    const messages = docs.map(
      (doc): SentMessage => ({
        contactId: doc.contactId,
        candidateId: doc.candidateProfileId,
        candidateTitle: titles.get(doc.candidateProfileId) || 'A candidate',
        contactType: doc.contactType,
        message: doc.message,
        sentAt: doc.sentAt,
      }),
    );
    reply.header('cache-control', 'private, no-store');
    return { success: true as const, messages };
  });
};
