import { CandidateProfileCreated, CandidateProfileUpdated, CandidateProfileVisibilityChanged, PersonErased, type CandidateProfile } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';

/** The whole profile as its owner sees it, by profile id; the routes decide what each caller may see of it. */
export type CandidateProfileDocument = CandidateProfile & { _id: string; source: CandidateProfileCreated['source'] };

const schemas = { CandidateProfileCreated, CandidateProfileUpdated, CandidateProfileVisibilityChanged, PersonErased };
type CandidateProfilesEvent = ProjectedEvent<typeof schemas>;

/** Pure: a profile after an event (null: none, or its person erased). */
export function evolveCandidateProfile(profile: CandidateProfileDocument | null, event: CandidateProfilesEvent): CandidateProfileDocument | null {
  switch (event.type) {
    case 'CandidateProfileCreated': {
      const { profileId, createdAt, ...content } = event.data;
      return { _id: profileId, id: profileId, ...content, isPrivate: !content.isPublic, createdAt, updatedAt: createdAt };
    }
    case 'CandidateProfileUpdated': {
      const { profileId: _profileId, updatedAt, ...content } = event.data;
      return profile && { ...profile, ...content, isPrivate: !content.isPublic, updatedAt };
    }
    case 'CandidateProfileVisibilityChanged': {
      const { isPublic, changedAt } = event.data;
      return profile && { ...profile, isPublic, isPrivate: !isPublic, updatedAt: changedAt };
    }
    case 'PersonErased':
      return null;
    default:
      return unhandled(event);
  }
}

/**
 * `candidate-profiles`: every candidate's profile (spec part 2 §3), for `GET /api/profile` and
 * `GET /api/profiles/{id}`. When its person is erased (ADR 019) the document is deleted, not
 * scrubbed: a profile is nothing but the person's own words, and nothing counts profiles.
 */
export const candidateProfilesProjection = evolvingProjection({
  name: 'candidate-profiles',
  version: 1,
  collections: { profiles: { indexes: [{ fields: ['userId'] }] } },
  schemas,
  slices: [
    slice('profiles', {
      documents: (event: CandidateProfilesEvent) => (event.type === 'PersonErased' ? { where: { userId: event.data.userId } } : event.data.profileId),
      evolve: evolveCandidateProfile,
    }),
  ],
});
