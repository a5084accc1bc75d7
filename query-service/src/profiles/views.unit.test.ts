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
  profilePicture: '/api/profile-pictures/0b7c3f4e-4b1d-4c8e-9a4f-1d2e3f4a5b6c',
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

  it('anyone else sees a public, immediately available profile without its timestamps and without what identifies the candidate (ADR 066)', () => {
    const { createdAt: _c, updatedAt: _u, firstName: _f, lastName: _l, email: _e, phone: _p, linkedinUrl: _li, githubUrl: _g, portfolioUrl: _po, profilePicture: _pic, ...shown } = profile;
    for (const caller of [null, 'user-2']) {
      const view = profileViewFor(profile, caller);
      expect(view).toEqual({ view: 'public', profile: shown });
      for (const text of ['Ada', 'Lovelace', 'ada@example.com', '+44 20 5555 0100', 'linkedin.example', '/api/profile-pictures/']) expect(JSON.stringify(view)).not.toContain(text);
    }
  });

  it('a caller the candidate made themselves known to sees the name, contact details, links and picture too', () => {
    const { createdAt: _c, updatedAt: _u, ...shown } = profile;
    expect(profileViewFor(profile, 'user-2', { knownToCaller: true })).toEqual({ view: 'revealed', profile: shown });
    // Knowing the candidate does not open a profile that is limited or private.
    expect(profileViewFor({ ...profile, availability: 'open' }, 'user-2', { knownToCaller: true })?.view).toBe('limited');
    expect(profileViewFor({ ...profile, isPublic: false, isPrivate: true }, 'user-2', { knownToCaller: true })).toBeNull();
  });

  it('anyone else sees a public profile that is open to opportunities in the limited shape', () => {
    const open = { ...profile, availability: 'open' as const };
    expect(profileViewFor(open, null)).toEqual({
      view: 'limited',
      profile: { id: 'p-1', title: 'Data Engineer', location: 'London, UK', availability: 'open', workPreference: 'remote', skills: profile.skills.slice(0, LIMITED_VIEW_SKILLS), skillCount: 11 },
    });
  });

  it('nobody, the owner included, is sent a picture left as a data URL from before pictures were files (ADR 046)', () => {
    const legacy = { ...profile, profilePicture: 'data:image/jpeg;base64,/9j/4AAQ', coverPhoto: 'data:image/svg+xml;base64,PHN2Zz4=' };
    for (const caller of ['user-2', 'user-1']) expect(profileViewFor(legacy, caller, { knownToCaller: true })?.profile).toMatchObject({ profilePicture: null, coverPhoto: null });
    expect(profileViewFor(legacy, null)?.profile).toMatchObject({ coverPhoto: null });
  });

  it('nobody but the owner sees a private profile', () => {
    const hidden = { ...profile, isPublic: false, isPrivate: true };
    expect(profileViewFor(hidden, null)).toBeNull();
    expect(profileViewFor(hidden, 'user-2')).toBeNull();
  });
});
