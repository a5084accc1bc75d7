import multipart from '@fastify/multipart';
import { signedInOnly } from '@hireloop/platform/http/auth';
import { ownerPictureUrl } from '@hireloop/platform/profile-pictures/grants';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DomainError,
  ErrorBody,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_MESSAGES,
  PROFILE_PICTURE_KINDS,
  PROFILE_PICTURES_PATH,
  ProfilePictureUploaded,
} from '@hireloop/contracts';
import { requireAccount } from '../auth/accounts';
import type { CommandServiceDeps } from '../shared/deps';
import { storePicture } from './pictures';
import { throttleProfileWrites } from './throttle';

/** Room for the multipart framing around a picture of the largest size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const UploadQuery = z.object({ kind: z.enum(PROFILE_PICTURE_KINDS, { error: PROFILE_MESSAGES.pictureKind }) });

/** The one file of field "picture", read up to the size limit (the parser stops there). */
async function receivePicture(request: FastifyRequest): Promise<Buffer> {
  let part;
  try {
    part = await request.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 20, headerPairs: 200 } });
  } catch {
    throw new DomainError('validation', PROFILE_MESSAGES.pictureMissing);
  }
  if (!part || part.fieldname !== 'picture') throw new DomainError('validation', PROFILE_MESSAGES.pictureMissing);
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('validation', PROFILE_MESSAGES.imageTooLarge);
    throw new DomainError('validation', PROFILE_MESSAGES.pictureMissing);
  }
}

/**
 * `POST /api/profile-pictures?kind=avatar|cover` (multipart, file "picture"): a candidate uploads a
 * picture before saving the profile form (ADR 046), so the form can preview it from our own
 * origin under the CSP and then send its address instead of a data URL. The picture is
 * re-encoded (metadata gone, display size) and stored as the caller's; it is shown to others only
 * once their profile names it. Counted with the profile's writes (throttle).
 */
export const profilePictureRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  // Scoped to this route: multipart is accepted nowhere else but the resume uploads.
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
  const pictures = deps.pictures!;

  app.post(
    PROFILE_PICTURES_PATH,
    {
      onRequest: [
        signedInOnly,
        async (request, reply) => {
          const length = Number(request.headers['content-length']);
          if (Number.isFinite(length) && length > PROFILE_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
            reply.header('connection', 'close');
            await reply.code(413).send({ success: false, error: PROFILE_MESSAGES.imageTooLarge });
          }
        },
      ],
      config: { idempotency: false },
      schema: {
        tags: ['profiles'],
        summary: 'Upload a profile picture or cover photo (PNG, JPEG, WebP or GIF, at most 2 MB); it is re-encoded without metadata',
        consumes: ['multipart/form-data'],
        querystring: UploadQuery,
        response: { 201: ProfilePictureUploaded, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      if (account.type !== 'candidate') throw new DomainError('forbidden', PROFILE_MESSAGES.candidatesOnly);
      if (!request.isMultipart()) throw new DomainError('validation', PROFILE_MESSAGES.pictureMissing);
      await throttleProfileWrites(deps, account.userId, request.ip);
      const bytes = await receivePicture(request);
      const { path, encoded } = await storePicture({ pictures, clock: deps.clock, ids: deps.ids }, account.userId, bytes, request.query.kind);
      const url = (await ownerPictureUrl(pictures, path, deps.clock.now()))!;
      return reply.code(201).send({ success: true, url, contentType: encoded.contentType, width: encoded.width, height: encoded.height, bytes: encoded.bytes.length });
    },
  );
};
