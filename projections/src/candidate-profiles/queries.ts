import type { CandidateProfile } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { candidateProfilesProjection, type CandidateProfileDocument } from './projection';

export const profilesCollection = (readStore: ReadStore) => readStore.collection<CandidateProfileDocument>(physicalCollection(candidateProfilesProjection, 'profiles'));

const toProfile = ({ _id, source: _source, ...profile }: CandidateProfileDocument): CandidateProfile => profile;

export async function findProfileById(readStore: ReadStore, profileId: string): Promise<CandidateProfile | null> {
  const doc = await profilesCollection(readStore).get(profileId);
  return doc ? toProfile(doc) : null;
}

export async function findProfileByUserId(readStore: ReadStore, userId: string): Promise<CandidateProfile | null> {
  const doc = await profilesCollection(readStore).findOne({ userId });
  return doc ? toProfile(doc) : null;
}
