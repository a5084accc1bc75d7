import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthSuccess, ClaimAccountBody, DomainError, ErrorBody, INVITATION_MESSAGES, InvitationTokenParams, UpgradeRequiredBody } from '@hireloop/contracts';
import type { CommandServiceDeps } from '../shared/deps';
import { withPosition } from '../shared/request-context';
import { claimAddedProfile } from './claim';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: UpgradeRequiredBody.or(ErrorBody), 404: ErrorBody, 409: ErrorBody, 412: ErrorBody, 429: ErrorBody };

export const claimAccountRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  /**
   * A candidate an admin added makes their account from the invitation (ADR 038), by the token
   * alone: it was mailed to the profile's address. Anonymous only: a signed-in caller (another
   * person's session, or a forwarded link opened while signed in) is refused, so nobody signed in
   * as one person walks off signed in as another by accident. Rate-limited as sign-up is.
   */
  app.post(
    '/api/invitations/:token/claim',
    { schema: { tags: ['invitations'], params: InvitationTokenParams, body: ClaimAccountBody, response: { 201: AuthSuccess, ...errors } } },
    async (request, reply) => {
      if (await request.session()) throw new DomainError('conflict', INVITATION_MESSAGES.claimSignedIn);
      const result = await claimAddedProfile(deps, request.params.token, request.body.password, request.ip, request.id);
      return withPosition(reply, result.position).status(201).header('cache-control', 'no-store').send({ success: true, user: result.user, token: result.token });
    },
  );
};
