import { describe, expect, it } from 'vitest';
import { LIMITED_VIEW_SKILLS, type CandidateProfile } from '@hireloop/contracts';
import { profileViewFor } from './routes';

const profile: CandidateProfile = {
  id: 'p-1',
  userId: 'user-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Data Engineer',
  skills: Array.from({ length: 11 }, (_, i) => `skill-${i}`),
  experience: '5 years',
  location: 'London, UK',
  summary: 'Pipelines.',
  phone: '+44 20 5555 0100',
  email: 'ada@example.com',
  linkedinUrl: 'https://linkedin.example/ada',
  githubUrl: '',
  portfolioUrl: '',
  education: 'BSc',
  salaryExpectation: '90k',
  profilePicture: 'data:image/png;base64,AAAA',
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'remote',
  isPublic: true,
  isPrivate: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

describe('which view of a profile a caller gets (ADR 024)', () => {
  it('the owner sees everything, public or private', () => {
    expect(profileViewFor(profile, 'user-1')).toEqual({ view: 'owner', profile });
    const hidden = { ...profile, isPublic: false, isPrivate: true, availability: 'open' as const };
    expect(profileViewFor(hidden, 'user-1')).toEqual({ view: 'owner', profile: hidden });
  });

  it('anyone else sees a public, immediately available profile without its timestamps', () => {
    const { createdAt: _c, updatedAt: _u, ...shown } = profile;
    for (const caller of [null, 'user-2']) expect(profileViewFor(profile, caller)).toEqual({ view: 'public', profile: shown });
  });

  it('anyone else sees a public profile that is open to opportunities in the limited shape', () => {
    const open = { ...profile, availability: 'open' as const };
    expect(profileViewFor(open, null)).toEqual({
      view: 'limited',
      profile: { id: 'p-1', title: 'Data Engineer', location: 'London, UK', availability: 'open', workPreference: 'remote', skills: profile.skills.slice(0, LIMITED_VIEW_SKILLS), skillCount: 11 },
    });
  });

  it('nobody but the owner sees a private profile', () => {
    const hidden = { ...profile, isPublic: false, isPrivate: true };
    expect(profileViewFor(hidden, null)).toBeNull();
    expect(profileViewFor(hidden, 'user-2')).toBeNull();
  });
});
