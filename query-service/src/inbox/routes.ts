import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_MESSAGES, DomainError, ErrorBody, InboxResponse, type InboxMessage } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { companiesProjection } from '@hireloop/projections/companies/projection';
import { findCompanyPublicProfile } from '@hireloop/projections/companies/queries';
import { inboxProjection } from '@hireloop/projections/inbox/projection';
import { findInboxOfCandidate } from '@hireloop/projections/inbox/queries';
import { usersProjection } from '@hireloop/projections/users/projection';
import { findUserById } from '@hireloop/projections/users/queries';

/**
 * The candidate's Hireloop inbox (ADR 032): the messages companies sent them, newest first, each
 * with the company's name. Only one's own: the session names the candidate, nothing else does.
 */
export const inboxQueryRoutes: FastifyPluginAsyncZod<{ readStore: ReadStore }> = async (app, { readStore }) => {
  app.get('/api/inbox', { schema: { tags: ['contacts'], response: { 200: InboxResponse, 401: ErrorBody, 403: ErrorBody } } }, async (request, reply) => {
    const session = await request.requireSession();
    await request.readModelsCaughtUp([usersProjection.name, inboxProjection.name, companiesProjection.name]);
    const user = await findUserById(readStore, session.userId);
    if (!user || user.type !== 'candidate') throw new DomainError('forbidden', CONTACT_MESSAGES.inboxCandidatesOnly);
    const docs = await findInboxOfCandidate(readStore, session.userId);
    const companyIds = [...new Set(docs.map((doc) => doc.companyId))];
    const names = new Map(await Promise.all(companyIds.map(async (companyId) => [companyId, (await findCompanyPublicProfile(readStore, companyId))?.name ?? ''] as const)));
    const messages = docs.map(
      (doc): InboxMessage => ({
        contactId: doc.contactId,
        companyId: doc.companyId,
        companyName: names.get(doc.companyId) || 'A company',
        contactType: doc.contactType,
        message: doc.message,
        sentAt: doc.sentAt,
      }),
    );
    // A person's messages: nothing but their own browser may keep the answer.
    reply.header('cache-control', 'private, no-store');
    return { success: true as const, messages };
  });
};
