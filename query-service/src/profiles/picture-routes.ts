import { bytesAnswer } from '@hireloop/platform/http/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, ErrorBody, PROFILE_MESSAGES, PROFILE_PICTURES_PATH, ProfilePictureParams, ProfilePictureQuery, profilePicturePath } from '@hireloop/contracts';
import { ownerGrantValid } from '@hireloop/platform/profile-pictures/grants';
import type { ProfilePictureStore } from '@hireloop/platform/profile-pictures/types';
import type { Clock } from '@hireloop/platform/runtime';
import { findProfileByUserId } from '@hireloop/projections/candidate-profiles/queries';
import { findUserById } from '@hireloop/projections/users/queries';
import { candidateKnownTo, companyOfViewer } from './known-to';
import { profileViewFor } from './routes';

/**
 * `GET /api/profile-pictures/{id}`: a profile picture or cover photo, from our own origin so it
 * shows under the CSP (ADR 046). A picture is personal data and follows its profile exactly as
 * `GET /api/profiles/{id}` does:
 * - its owner sees it: signed in (bearer token), or through the owner's grant in the address
 *   the owner's views hand out (an `<img>` request carries no token);
 * - anyone else only while the profile shows it in the full public view (public and immediately
 *   available) and it is the profile's current cover, or its picture to a company the candidate
 *   made themselves known to (ADR 066);
 * - to everyone else, and for an id that does not exist (or was erased), the same 404.
 * The bytes behind an id never change: cached for long, but only by the browser that was allowed
 * to see them (`private`), never by a shared cache.
 */
export const profilePictureQueryRoutes: FastifyPluginAsyncZod<{ clock: Clock; pictures: ProfilePictureStore }> = async (app, { clock, pictures }) => {
  app.get(
    `${PROFILE_PICTURES_PATH}/:id`,
    {
      config: { frequent: true },
      schema: {
        tags: ['profiles'],
        // The answer is the picture's bytes (image/webp), or a 404 ErrorBody; bytes are never serialised (ADR 077 documents the 200, ADR 089 the 404).
        summary: 'A profile picture or cover photo (image/webp) for whoever may see its profile; 404 for anyone else',
        params: ProfilePictureParams,
        querystring: ProfilePictureQuery,
        response: { 200: bytesAnswer('image/webp', 'The picture’s bytes (WebP).'), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const notFound = () => new DomainError('not_found', PROFILE_MESSAGES.pictureNotFound);
      const picture = await pictures.get(request.params.id);
      if (!picture) throw notFound();
      if (!(await ownerGrantValid(pictures, picture.id, request.query.grant, clock.now()))) {
        const session = await request.session();
        if (session?.userId !== picture.ownerId) {
          const profile = await findProfileByUserId(request.readStore, picture.ownerId);
          let view = profile && profileViewFor(profile, session?.userId ?? null);
          // The picture shows the person: only a company they made themselves known to sees it (ADR 066).
          if (profile && view?.view === 'public' && session) {
            const companyId = companyOfViewer(await findUserById(request.readStore, session.userId));
            if (companyId && (await candidateKnownTo(request.readStore, companyId, profile.userId))) view = profileViewFor(profile, session.userId, { knownToCaller: true });
          }
          const path = profilePicturePath(picture.id);
          const shown =
            (view?.view === 'public' && view.profile.coverPhoto === path) ||
            (view?.view === 'revealed' && (view.profile.profilePicture === path || view.profile.coverPhoto === path));
          if (!shown) throw notFound();
        }
      }
      return reply
        .header('content-type', picture.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(picture.bytes);
    },
  );
};
