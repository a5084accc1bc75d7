import { describe, expect, it } from 'vitest';
import type { CandidateProfileCreated, ProfileContent } from '@hireloop/contracts';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { projectionSpec } from '../shared/projection-spec';
import { physicalCollection } from '../shared/projection';
import { candidateProfilesProjection } from './projection';
import { findProfileById, findProfileByUserId } from './queries';

const spec = projectionSpec(candidateProfilesProjection);

const content: ProfileContent = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Data Engineer',
  skills: ['SQL', 'Python'],
  experience: '5+ years',
  location: 'London, UK',
  summary: 'Pipelines that stay up.',
  phone: '+44 20 5555 0100',
  email: 'ada@example.com',
  linkedinUrl: 'https://linkedin.example/ada',
  githubUrl: '',
  portfolioUrl: '',
  education: 'BSc - UCL',
  salaryExpectation: '90k',
  profilePicture: 'data:image/png;base64,iVBORw0KGgo=',
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'remote',
  isPublic: true,
};
const created = (profileId: string, userId: string, changes: Partial<ProfileContent> = {}): { streamId: string; type: string; data: CandidateProfileCreated } => ({
  streamId: `candidate-${profileId}`,
  type: 'CandidateProfileCreated',
  data: { ...content, ...changes, profileId, userId, source: 'wizard', createdAt: '2026-11-22T10:00:00.000Z' },
});
const document = (profileId: string, userId: string, changes: Record<string, unknown> = {}) => ({
  _id: profileId,
  id: profileId,
  userId,
  ...content,
  source: 'wizard',
  isPrivate: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  ...changes,
});

describe('candidate profiles read model', () => {
  it('a created profile is stored whole, by profile id', async () => {
    await spec.given([created('p-1', 'user-1')]).then('profiles', [document('p-1', 'user-1')]);
  });

  it('an update replaces the content and keeps the creation', async () => {
    await spec
      .given([
        created('p-1', 'user-1'),
        {
          streamId: 'candidate-p-1',
          type: 'CandidateProfileUpdated',
          data: { ...content, title: 'Staff Data Engineer', availability: 'open', profileId: 'p-1', userId: 'user-1', updatedAt: '2026-11-23T08:00:00.000Z' },
        },
      ])
      .then('profiles', [document('p-1', 'user-1', { title: 'Staff Data Engineer', availability: 'open', updatedAt: '2026-11-23T08:00:00.000Z' })]);
  });

  it('a visibility change flips isPublic and isPrivate', async () => {
    await spec
      .given([
        created('p-1', 'user-1'),
        { streamId: 'candidate-p-1', type: 'CandidateProfileVisibilityChanged', data: { profileId: 'p-1', userId: 'user-1', isPublic: false, changedAt: '2026-11-23T09:00:00.000Z' } },
      ])
      .then('profiles', [document('p-1', 'user-1', { isPublic: false, isPrivate: true, updatedAt: '2026-11-23T09:00:00.000Z' })]);
  });

  it('erasing a person deletes their profile, and only theirs', async () => {
    await spec
      .given([
        created('p-1', 'user-1'),
        created('p-2', 'user-2', { firstName: 'Brook' }),
        { streamId: 'user-user-1', type: 'PersonErased', data: { userId: 'user-1', erasedAt: '2026-11-24T00:00:00.000Z' } },
      ])
      .then('profiles', [document('p-2', 'user-2', { firstName: 'Brook' })]);
  });

  it('erasing a person without a profile changes nothing', async () => {
    await spec
      .given([created('p-1', 'user-1'), { streamId: 'user-user-9', type: 'PersonErased', data: { userId: 'user-9', erasedAt: '2026-11-24T00:00:00.000Z' } }])
      .then('profiles', [document('p-1', 'user-1')]);
  });
});

describe('profile queries', () => {
  it('find a profile by its id or by its owner, without the read model’s own fields', async () => {
    const readStore = createMemoryReadStore();
    await readStore.ensureCollection(physicalCollection(candidateProfilesProjection, 'profiles'));
    await readStore.transaction(async (tx) => {
      await tx.collection(physicalCollection(candidateProfilesProjection, 'profiles')).put(document('p-1', 'user-1'));
    });
    const { _id, source, ...profile } = document('p-1', 'user-1');
    expect(_id).toBe('p-1');
    expect(source).toBe('wizard');
    expect(await findProfileById(readStore, 'p-1')).toEqual(profile);
    expect(await findProfileByUserId(readStore, 'user-1')).toEqual(profile);
    expect(await findProfileById(readStore, 'p-2')).toBeNull();
    expect(await findProfileByUserId(readStore, 'user-2')).toBeNull();
  });
});
