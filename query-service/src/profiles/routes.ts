import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type CandidateProfile,
  DomainError,
  ErrorBody,
  JsonResume,
  LIMITED_VIEW_SKILLS,
  OwnProfileAnswer,
  PROFILE_MESSAGES,
  ProfileIdParams,
  ProfileView,
  profileToJsonResume,
  usageMonth,
  type AnonymousPublicProfile,
  type LimitedCandidateProfile,
} from '@hireloop/contracts';
import type { Clock } from '@hireloop/platform/runtime';
import { hasCountedView } from '@hireloop/projections/candidate-views/queries';
import { findProfileById, findProfileByUserId } from '@hireloop/projections/candidate-profiles/queries';
import { ownerPictureUrl, storedPicturePath } from '@hireloop/platform/profile-pictures/grants';
import type { ProfilePictureStore } from '@hireloop/platform/profile-pictures/types';
import { findUserById } from '@hireloop/projections/users/queries';
import { candidateKnownTo, companyOfViewer } from './known-to';

/**
 * What a caller may see of a profile (spec part 2 §2 "Candidate profile page", §4, §6; ADR 024,
 * ADR 066): the owner everything; anyone else a public and immediately available profile in full
 * but without what identifies the candidate (name, contact details, links, picture), which only a
 * company the candidate made themselves known to also sees (`knownToCaller`); a public one that is
 * not immediately available in the limited shape, and a private one not at all — the same 404 as
 * an id that does not exist, so guessing ids cannot tell the two apart. Admins get no view of
 * their own here.
 */
export function profileViewFor(stored: CandidateProfile, callerUserId: string | null, { knownToCaller = false }: { knownToCaller?: boolean } = {}): ProfileView | null {
  // Pictures are shown by their path on our own origin (ADR 046); a data URL left from before,
  // with whatever metadata it carries, is never sent to anyone.
  const profile = { ...stored, profilePicture: storedPicturePath(stored.profilePicture), coverPhoto: storedPicturePath(stored.coverPhoto) };
  if (callerUserId !== null && callerUserId === profile.userId) return { view: 'owner', profile };
  if (!profile.isPublic) return null;
  if (profile.availability === 'immediate') {
    const { createdAt: _createdAt, updatedAt: _updatedAt, ...shown } = profile;
    if (knownToCaller) return { view: 'revealed', profile: shown };
    return { view: 'public', profile: anonymousProfile(shown) };
  }
  return { view: 'limited', profile: limitedProfile(profile) };
}

/** The full public view without what names or reaches the candidate (ADR 066): fields picked one by one, so a new personal field stays out until chosen. */
const anonymousProfile = (profile: Omit<CandidateProfile, 'createdAt' | 'updatedAt'>): AnonymousPublicProfile => ({
  id: profile.id,
  userId: profile.userId,
  title: profile.title,
  skills: profile.skills,
  experience: profile.experience,
  location: profile.location,
  summary: profile.summary,
  education: profile.education,
  salaryExpectation: profile.salaryExpectation,
  coverPhoto: profile.coverPhoto,
  availability: profile.availability,
  workPreference: profile.workPreference,
  isPublic: profile.isPublic,
  isPrivate: profile.isPrivate,
});

/** The anonymous shape of §2 display 2: nothing the screen blurs is sent. */
const limitedProfile = (profile: CandidateProfile): LimitedCandidateProfile => ({
  id: profile.id,
  title: profile.title,
  location: profile.location,
  availability: profile.availability,
  workPreference: profile.workPreference,
  skills: profile.skills.slice(0, LIMITED_VIEW_SKILLS),
  skillCount: profile.skills.length,
});


/** The owner's own profile with picture addresses they can show: a private profile's pictures need the owner's grant (ADR 046). */
export async function withOwnerPictures<Profile extends { profilePicture: string | null; coverPhoto: string | null }>(
  profile: Profile,
  pictures: Pick<ProfilePictureStore, 'signingKey'>,
  now: Date,
): Promise<Profile> {
  return { ...profile, profilePicture: await ownerPictureUrl(pictures, profile.profilePicture, now), coverPhoto: await ownerPictureUrl(pictures, profile.coverPhoto, now) };
}

export const profileQueryRoutes: FastifyPluginAsyncZod<{ clock: Clock; pictures: ProfilePictureStore }> = async (app, { clock, pictures }) => {
  // Every answer depends on who asks and may carry personal data: no cache but the caller's own, and not even that.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  /** The signed-in candidate's own profile, null when none yet: 401 visitor, 403 not a candidate. */
  const ownProfileOrNull = async (request: FastifyRequest): Promise<CandidateProfile | null> => {
    const session = await request.requireSession();
    const user = await findUserById(request.readStore, session.userId);
    if (user && user.type !== 'candidate') throw new DomainError('forbidden', PROFILE_MESSAGES.candidatesOnly);
    return findProfileByUserId(request.readStore, session.userId);
  };
  /** As above, and 404 when none yet (what has no profile has nothing to export). */
  const ownProfile = async (request: FastifyRequest): Promise<CandidateProfile> => {
    const profile = await ownProfileOrNull(request);
    if (!profile) throw new DomainError('not_found', PROFILE_MESSAGES.noProfileYet);
    return profile;
  };

  // A candidate without a profile yet is the normal start of a candidate (the dashboard asks on
  // every visit): 200 with null, not a 404 the browser logs as a failed request (issue 24).
  app.get(
    '/api/profile',
    { schema: { tags: ['profiles'], response: { 200: OwnProfileAnswer, 401: ErrorBody, 403: ErrorBody } } },
    async (request) => {
      const profile = await ownProfileOrNull(request);
      return profile && withOwnerPictures(profile, pictures, clock.now());
    },
  );

  // The owner's profile as a JSON Resume (jsonresume.org), to take elsewhere (issue 10); pictures stay out.
  app.get(
    '/api/profile/json-resume',
    { schema: { tags: ['profiles'], response: { 200: JsonResume, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      const profile = await ownProfile(request);
      reply.header('content-disposition', 'attachment; filename="resume.json"');
      return profileToJsonResume(profile);
    },
  );

  app.get(
    '/api/profiles/:id',
    { config: { frequent: true }, schema: { tags: ['profiles'], params: ProfileIdParams, response: { 200: ProfileView, 404: ErrorBody } } },
    async (request) => {
      const session = await request.session();
      const profile = await findProfileById(request.readStore, request.params.id);
      const view = profile && profileViewFor(profile, session?.userId ?? null);
      if (!view) throw new DomainError('not_found', PROFILE_MESSAGES.profileNotFound);
      if (view.view === 'owner') return { view: 'owner' as const, profile: await withOwnerPictures(view.profile, pictures, clock.now()) };
      if (view.view !== 'public' || !session) return view;
      // Whose opening of a full profile counts against a plan's candidate views: a company's users, not admins (ADR 030).
      const companyId = companyOfViewer(await findUserById(request.readStore, session.userId));
      if (!companyId) return view;
      // A company the candidate made themselves known to sees who they are, without spending a view (ADR 066).
      if (await candidateKnownTo(request.readStore, companyId, profile.userId)) return profileViewFor(profile, session.userId, { knownToCaller: true }) ?? view;
      // Anyone else's company opens a full profile by counting it against the plan, once a month (ADR 030).
      if (!(await hasCountedView(request.readStore, companyId, profile.id, usageMonth(clock.now())))) return { view: 'gated' as const, profile: limitedProfile(profile) };
      return view;
    },
  );
};
