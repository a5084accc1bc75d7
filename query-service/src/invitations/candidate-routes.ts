import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CANDIDATE_INVITATION_MESSAGES,
  CandidateInvitationsResponse,
  DomainError,
  ErrorBody,
  InvitationResponse,
  MyInvitationParams,
  candidateInvitationStatus,
  type CandidateInvitation,
} from '@hireloop/contracts';
import type { Clock } from '@hireloop/platform/runtime';
import { findCandidateInvitationRows } from '@hireloop/projections/candidate-invitations/queries';
import { findInvitationPageOfInvitee } from '@hireloop/projections/invitation-pages/queries';
import { findUserById } from '@hireloop/projections/users/queries';
import { invitationPage } from './routes';

/**
 * The signed-in candidate's own invitations (ADR 062): the list their dashboard and inbox show, one
 * indexed query on `candidate-invitations`, and the invitation page by id for its invitee only. The
 * session is the credential: no token is given out, so none can leak from the app.
 */
export const candidateInvitationQueryRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  app.get(
    '/api/my-invitations',
    { schema: { tags: ['invitations'], response: { 200: CandidateInvitationsResponse, 401: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      const session = await request.requireSession();
      const user = await findUserById(request.readStore, session.userId);
      if (user && user.type !== 'candidate') throw new DomainError('forbidden', CANDIDATE_INVITATION_MESSAGES.candidatesOnly);
      const now = clock.now();
      const rows = await findCandidateInvitationRows(request.readStore, session.userId);
      const invitations = rows.flatMap((row): CandidateInvitation[] =>
        // A row whose job this read model has not seen yet is left out rather than listed without a title.
        row.job
          ? [
              {
                invitationId: row.invitationId,
                jobId: row.jobId,
                jobTitle: row.job.title,
                company: row.job.company,
                location: row.job.location,
                jobIsOpen: row.job.isActive,
                status: candidateInvitationStatus(row, now),
                sentAt: row.sentAt,
                expiresAt: row.expiresAt,
                revealedAt: row.revealedAt,
                availabilitySubmittedAt: row.availabilitySubmittedAt,
                offerStageAt: row.offerStageAt,
                declinedAt: row.declinedAt ?? null,
              },
            ]
          : [],
      );
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, invitations };
    },
  );

  app.get(
    '/api/my-invitations/:invitationId',
    { schema: { tags: ['invitations'], params: MyInvitationParams, response: { 200: InvitationResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      const session = await request.requireSession();
      const answer = await invitationPage(request.readStore, await findInvitationPageOfInvitee(request.readStore, request.params.invitationId, session.userId, clock.now()));
      if (!answer) throw new DomainError('not_found', CANDIDATE_INVITATION_MESSAGES.notFound);
      reply.header('cache-control', 'private, no-store');
      return answer;
    },
  );
};
