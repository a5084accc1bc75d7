import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompanyInvitationsResponse,
  DomainError,
  ErrorBody,
  INVITATION_MESSAGES,
  InvitationResponse,
  InvitationTokenParams,
  invitationIdOfToken,
  type CompanyInvitation,
} from '@hireloop/contracts';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import type { ReadStore } from '@hireloop/platform/read-store';
import type { Clock } from '@hireloop/platform/runtime';
import { findInvitationPageByToken } from '@hireloop/projections/invitation-pages/queries';
import type { InvitationPageDocument } from '@hireloop/projections/invitation-pages/projection';
import { findCompanyInvitationRows } from '@hireloop/projections/company-invitations/queries';
import { invitationStatus } from '@hireloop/projections/invitations/queries';
import { findUserById } from '@hireloop/projections/users/queries';
import { howCandidateIsKnownTo } from '../profiles/known-to';

/**
 * What the invitation page shows of an open invitation (part 1 §3 "Invitation response"), never the
 * candidate's name or email; null when the board no longer has its job. Reached by the mail's token,
 * or by the signed-in invitee by id (ADR 062).
 */
export async function invitationPage(readStore: ReadStore, page: InvitationPageDocument | null): Promise<InvitationResponse | null> {
  // One document the `invitation-pages` read model keeps for this page (ADR 059).
  const job = page?.job;
  if (!page || !job) return null;
  // Applied to one of its jobs, or revealed from another of its invitations: the page says so (ADR 070).
  const knownToCompany = page.revealedAt === null ? await howCandidateIsKnownTo(readStore, page.companyId, page.candidateUserId) : null;
  return {
    success: true as const,
    job,
    company: page.company ?? { name: job.company, description: '', industry: '', size: '' },
    invitation: { message: page.message, sentAt: page.sentAt, expiresAt: page.expiresAt },
    candidate: { candidateId: page.candidateProfileId, title: page.candidateTitle },
    hasRevealed: page.revealedAt !== null,
    hasSubmittedAvailability: page.availability !== null,
    availability: page.availability,
    inOfferStage: page.offerStageAt !== null,
    hasDeclined: Boolean(page.declinedAt),
    canClaimAccount: page.canClaimAccount,
    knownToCompany,
  };
}

/**
 * The invitation page by token (part 1 §2, §7), for whoever holds the link, signed in or not; and
 * a company's list of its requests (ADR 031). The candidate's name and email appear only in the
 * list of the company the candidate revealed their profile to, never by token.
 */
export const invitationQueryRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  app.get(
    '/api/invitations/:token',
    { schema: { tags: ['invitations'], params: InvitationTokenParams, response: { 200: InvitationResponse, 404: ErrorBody } } },
    async (request, reply) => {
      const { token } = request.params;
      const invitationId = invitationIdOfToken(token);
      if (!invitationId) throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
      const answer = await invitationPage(request.readStore, await findInvitationPageByToken(request.readStore, invitationId, hashToken(token), clock.now()));
      if (!answer) throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
      // The link is the credential: nothing may keep the answer but the browser showing it.
      reply.header('cache-control', 'private, no-store');
      return answer;
    },
  );

  app.get(
    '/api/job-invitations',
    { schema: { tags: ['invitations'], response: { 200: CompanyInvitationsResponse, 401: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      const session = await request.requireSession();
      const user = await findUserById(request.readStore, session.userId);
      if (!user || user.type !== 'company' || !user.companyId) throw new DomainError('forbidden', INVITATION_MESSAGES.listCompaniesOnly);
      // One indexed query (ADR 071): each row holds its job's title and what the list shows of the profile.
      const rows = await findCompanyInvitationRows(request.readStore, user.companyId);
      const now = clock.now();
      const invitations = rows.map(
        (row): CompanyInvitation => ({
          invitationId: row.invitationId,
          jobId: row.jobId,
          jobTitle: row.jobTitle,
          candidateId: row.candidateProfileId,
          candidateTitle: row.candidateTitle,
          status: invitationStatus(row, now),
          sentAt: row.sentAt,
          expiresAt: row.expiresAt,
          viewedAt: row.viewedAt ?? null,
          revealedAt: row.revealedAt,
          offerStageAt: row.offerStageAt ?? null,
          declinedAt: row.declinedAt ?? null,
          availability: row.availability,
          // Only what the candidate chose to show this company: nothing before the reveal (the row holds nothing before it).
          candidate: row.revealedAt ? row.candidate : null,
        }),
      );
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, invitations };
    },
  );
};
