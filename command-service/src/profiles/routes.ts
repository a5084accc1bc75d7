import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CandidateCreated,
  CandidateFromExtractionBody,
  DomainError,
  ErrorBody,
  PROFILE_MESSAGES,
  ProfileFormBody,
  ProfilePrivacyBody,
  ProfilePrivacyResponse,
  ProfileSaved,
  candidateStreamId,
  type ProfileFormData,
} from '@hireloop/contracts';
import { ownerPictureUrl } from '@hireloop/platform/profile-pictures/grants';
import { requireAccount } from '../auth/accounts';
import { handleDecisions } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { profileDecider, profileFromState, type ProfileAccount, type ProfileCommand } from './decider';
import { profileIdOrNew } from './profile-id';
import { loadState } from '../shared/stream';
import { pruneUnusedPictures, resolvePictures } from './pictures';
import { throttleProfileWrites } from './throttle';

/**
 * Two images of at most 2 MB each may travel as base64 data URLs (4/3 of their size) beside the
 * text fields: 6 MB is enough for both and little more. They are re-encoded and stored as files;
 * the events carry their paths (ADR 046). A bigger body is a 413 in the product's
 * error shape (platform/http/errors).
 */
export const PROFILE_BODY_LIMIT = 6 * 1024 * 1024;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 412: ErrorBody, 429: ErrorBody };

/** `POST|PUT /api/profile`, `PATCH /api/profile/privacy`, `POST /api/candidates`: the signed-in candidate's own profile. */
export const profileRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  const pictures = deps.pictures!;
  const pictureDeps = { pictures, clock: deps.clock, ids: deps.ids };
  /**
   * Refusals first (a company has no profile stream to look at; the throttle), then `prepare`
   * (the pictures, re-encoded and stored once, not on each retry of the decision), then the command.
   */
  const run = async <Prepared>(
    request: FastifyRequest,
    prepare: (account: ProfileAccount) => Promise<Prepared>,
    command: (account: ProfileAccount, profileId: string, at: string, prepared: Prepared) => ProfileCommand,
  ) => {
    const registered = await requireAccount(deps, request);
    const account: ProfileAccount = { userId: registered.userId, type: registered.type, name: registered.name, email: registered.email };
    if (account.type !== 'candidate') throw new DomainError('forbidden', PROFILE_MESSAGES.candidatesOnly);
    await throttleProfileWrites(deps, account.userId, request.ip);
    const prepared = await prepare(account);
    const { state, position } = await handleDecisions(
      deps.eventStore,
      async () => {
        // The person's profile id (ADR 077), or a new random one, recorded with the profile's creation.
        const { profileId, record } = await profileIdOrNew(deps, account.userId);
        const at = deps.clock.now().toISOString();
        const { state: decidedOn, version } = await loadState(deps.eventStore, candidateStreamId(profileId), profileDecider);
        const events = profileDecider.decide(command(account, profileId, at, prepared), decidedOn);
        const created = events.some((event) => event.type === 'CandidateProfileCreated');
        const recorded = created ? record() : null;
        return {
          decisions: [{ streamId: candidateStreamId(profileId), events, version }, ...(recorded ? [recorded] : [])],
          result: { state: events.reduce(profileDecider.evolve, decidedOn) },
        };
      },
      commandContext(deps, request, { userId: registered.userId, role: registered.role }),
    );
    if (state.status !== 'created') throw new Error('the profile command left no profile');
    const profile = profileFromState(state);
    // The pictures this save replaced (and uploads never saved) go after a grace time (ADR 046).
    await pruneUnusedPictures(pictureDeps, account.userId, profile).catch((error: unknown) => request.log.warn({ err: error }, 'unused profile pictures not pruned'));
    const now = deps.clock.now();
    return {
      position,
      profile: { ...profile, profilePicture: await ownerPictureUrl(pictures, profile.profilePicture, now), coverPhoto: await ownerPictureUrl(pictures, profile.coverPhoto, now) },
    };
  };
  const nothing = async () => undefined;
  const formWithPictures = (form: ProfileFormData) => (account: ProfileAccount) => resolvePictures(pictureDeps, account.userId, form);

  const routeOptions = { onRequest: signedInOnly, bodyLimit: PROFILE_BODY_LIMIT, config: { personalAnswer: true } } as const;
  // A visibility change carries one boolean: the default body limit.
  const { bodyLimit: _bodyLimit, ...privacyOptions } = routeOptions;

  app.post('/api/profile', { ...routeOptions, schema: { tags: ['profiles'], body: ProfileFormBody, response: { 201: ProfileSaved, ...errors } } }, async (request, reply) => {
    const { position, profile } = await run(request, formWithPictures(request.body), (account, profileId, at, form) => ({
      type: 'CreateProfile',
      data: { profileId, account, input: { kind: 'form', form }, at },
    }));
    return withPosition(reply, position).status(201).send({ success: true, profile });
  });

  app.put('/api/profile', { ...routeOptions, schema: { tags: ['profiles'], body: ProfileFormBody, response: { 200: ProfileSaved, ...errors } } }, async (request, reply) => {
    const { position, profile } = await run(request, formWithPictures(request.body), (account, profileId, at, form) => ({ type: 'UpdateProfile', data: { profileId, account, form, at } }));
    return withPosition(reply, position).send({ success: true, profile });
  });

  app.patch(
    '/api/profile/privacy',
    { ...privacyOptions, schema: { tags: ['profiles'], body: ProfilePrivacyBody, response: { 200: ProfilePrivacyResponse, ...errors } } },
    async (request, reply) => {
      const { position, profile } = await run(request, nothing, (account, profileId, at) => ({
        type: 'ChangeProfileVisibility',
        data: { profileId, account, isPublic: request.body.isPublic, at },
      }));
      return withPosition(reply, position).send({ success: true, isPublic: profile.isPublic, isPrivate: profile.isPrivate });
    },
  );

  app.post(
    '/api/candidates',
    { ...routeOptions, schema: { tags: ['profiles'], body: CandidateFromExtractionBody, response: { 201: CandidateCreated, ...errors } } },
    async (request, reply) => {
      const { position, profile } = await run(request, nothing, (account, profileId, at) => ({
        type: 'CreateProfile',
        data: { profileId, account, input: { kind: 'extraction', extraction: request.body }, at },
      }));
      return withPosition(reply, position).status(201).send({ success: true, message: PROFILE_MESSAGES.registrationSuccessful, profile });
    },
  );
};
