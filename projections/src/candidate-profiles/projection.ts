import { CandidateProfileCreated, CandidateProfileUpdated, CandidateProfileVisibilityChanged, PersonErased, type CandidateProfile } from '@hireloop/contracts';
import type { ProjectionDefinition } from '../shared/projection';

/** The whole profile as its owner sees it, by profile id; the routes decide what each caller may see of it. */
export type CandidateProfileDocument = CandidateProfile & { _id: string; source: CandidateProfileCreated['source'] };

/**
 * `candidate-profiles`: every candidate's profile (spec part 2 §3), for `GET /api/profile` and
 * `GET /api/profiles/{id}`. When its person is erased (ADR 019) the document is deleted, not
 * scrubbed: a profile is nothing but the person's own words, and nothing counts profiles.
 */
export const candidateProfilesProjection: ProjectionDefinition = {
  name: 'candidate-profiles',
  version: 1,
  collections: { profiles: { indexes: [{ fields: ['userId'] }] } },
  eventTypes: ['CandidateProfileCreated', 'CandidateProfileUpdated', 'CandidateProfileVisibilityChanged', 'PersonErased'],
  async apply(event, tx) {
    const profiles = tx.collection<CandidateProfileDocument>('profiles');
    switch (event.type) {
      case 'CandidateProfileCreated': {
        const { profileId, createdAt, ...content } = CandidateProfileCreated.parse(event.data);
        await profiles.put({ _id: profileId, id: profileId, ...content, isPrivate: !content.isPublic, createdAt, updatedAt: createdAt });
        return;
      }
      case 'CandidateProfileUpdated': {
        const { profileId, updatedAt, ...content } = CandidateProfileUpdated.parse(event.data);
        const profile = await profiles.get(profileId);
        if (profile) await profiles.put({ ...profile, ...content, isPrivate: !content.isPublic, updatedAt });
        return;
      }
      case 'CandidateProfileVisibilityChanged': {
        const { profileId, isPublic, changedAt } = CandidateProfileVisibilityChanged.parse(event.data);
        const profile = await profiles.get(profileId);
        if (profile) await profiles.put({ ...profile, isPublic, isPrivate: !isPublic, updatedAt: changedAt });
        return;
      }
      case 'PersonErased': {
        const { userId } = PersonErased.parse(event.data);
        await profiles.deleteMany({ userId });
        return;
      }
    }
  },
};
