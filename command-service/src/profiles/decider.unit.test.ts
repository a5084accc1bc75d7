import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, ProfileFormBody, type CandidateProfileEvent, type ProfileContent } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { profileDecider, profileFromState, type ProfileAccount, type ProfileCommand } from './decider';
import { legacyProfileIdFor } from '@hireloop/platform/accounts/profile-id';

const spec = deciderSpec(profileDecider);
const ada: ProfileAccount = { userId: 'user-1', type: 'candidate', name: 'Ada  King Lovelace', email: 'ada@example.com' };
const company: ProfileAccount = { userId: 'user-2', type: 'company', name: 'Maya Okafor', email: 'talent@northwind.example' };
const profileId = '6f1c2d7e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const AT = '2026-11-23T10:00:00.000Z';
const LATER = '2026-11-24T09:30:00.000Z';

const form = ProfileFormBody.parse({
  jobTitle: ' Data Engineer ',
  skills: ['SQL', ' Python ', 'sql', ''],
  experience: '5+ years',
  location: 'London, UK',
  bio: 'Pipelines that stay up.',
  phone: '+44 20 5555 0100',
  isActivelyLooking: true,
  isPublic: true,
});

const content: ProfileContent = {
  firstName: 'Ada',
  lastName: 'King Lovelace',
  title: 'Data Engineer',
  skills: ['SQL', 'Python'],
  experience: '5+ years',
  location: 'London, UK',
  summary: 'Pipelines that stay up.',
  phone: '+44 20 5555 0100',
  email: 'ada@example.com',
  linkedinUrl: '',
  githubUrl: '',
  portfolioUrl: '',
  education: '',
  salaryExpectation: '',
  profilePicture: null,
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'hybrid',
  isPublic: true,
};
const created: CandidateProfileEvent = { type: 'CandidateProfileCreated', data: { ...content, profileId, userId: ada.userId, source: 'wizard', createdAt: AT } };

const create = (account = ada, input: Extract<ProfileCommand, { type: 'CreateProfile' }>['data']['input'] = { kind: 'form', form }): ProfileCommand => ({
  type: 'CreateProfile',
  data: { profileId, account, input, at: AT },
});
const update = (changes: Partial<typeof form> = {}, account = ada): ProfileCommand => ({ type: 'UpdateProfile', data: { profileId, account, form: { ...form, ...changes }, at: LATER } });
const visibility = (isPublic: boolean, account = ada): ProfileCommand => ({ type: 'ChangeProfileVisibility', data: { profileId, account, isPublic, at: LATER } });

describe('the id of a profile made before ADR 077', () => {
  it('was derived from the user id, shaped as a UUID (still found for the profiles that have it)', () => {
    expect(legacyProfileIdFor('user-1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(legacyProfileIdFor('user-1')).toBe(legacyProfileIdFor('user-1'));
    expect(legacyProfileIdFor('user-2')).not.toBe(legacyProfileIdFor('user-1'));
  });
});

describe('creating a profile', () => {
  it('from the wizard: names from the account (first word, rest), email the account’s, actively looking reads as immediate', () => {
    spec.given([]).when(create()).then([created]);
  });

  it('keeps the email the form sends', () => {
    const withEmail = ProfileFormBody.parse({ ...form, email: 'ada.work@example.com' });
    spec.given([]).when(create(ada, { kind: 'form', form: withEmail })).then([{ ...created, data: { ...created.data, email: 'ada.work@example.com' } }]);
  });

  it('not actively looking reads as open to opportunities', () => {
    const open = { ...form, isActivelyLooking: false };
    spec.given([]).when(create(ada, { kind: 'form', form: open })).then([{ ...created, data: { ...created.data, availability: 'open' } }]);
  });

  it('from a resume: the extraction’s names and fields, missing ones stored empty, skills trimmed and distinct, source resume', () => {
    const extraction = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: '',
      phone: '',
      location: '',
      title: '',
      experience: '',
      skills: [' Go', 'go', 'Rust', ' '],
      summary: 'Engines.',
      education: 'BSc - UCL',
      linkedinUrl: '',
      githubUrl: 'https://github.example/ada',
      portfolioUrl: '',
      workPreference: 'remote' as const,
      salaryExpectation: '',
      availability: 'open' as const,
    };
    const [event] = profileDecider.decide(create(ada, { kind: 'extraction', extraction }), profileDecider.initialState());
    expect(event).toEqual({
      type: 'CandidateProfileCreated',
      data: expect.objectContaining({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: ada.email,
        title: '',
        experience: '',
        location: '',
        skills: ['Go', 'Rust'],
        githubUrl: 'https://github.example/ada',
        availability: 'open',
        workPreference: 'remote',
        source: 'resume',
        isPublic: true,
      }),
    });
  });

  it('from a resume without a name: the account’s', () => {
    const extraction = { firstName: '', lastName: '', email: '', phone: '', location: '', title: '', experience: '', skills: [], summary: '', education: '', linkedinUrl: '', githubUrl: '', portfolioUrl: '', workPreference: 'hybrid' as const, salaryExpectation: '', availability: 'immediate' as const };
    const [event] = profileDecider.decide(create(ada, { kind: 'extraction', extraction }), profileDecider.initialState());
    expect(event?.data).toMatchObject({ firstName: 'Ada', lastName: 'King Lovelace' });
  });

  it('only once', () => {
    spec.given([created]).when(create()).thenThrows(PROFILE_MESSAGES.profileExists);
  });

  it('only by a candidate', () => {
    spec.given([]).when(create(company)).thenThrows(PROFILE_MESSAGES.candidatesOnly);
  });
});

describe('updating a profile', () => {
  it('records the whole new content, keeping the names and the creation', () => {
    spec
      .given([created])
      .when(update({ jobTitle: 'Staff Data Engineer', isActivelyLooking: false }))
      .then([{ type: 'CandidateProfileUpdated', data: { ...content, title: 'Staff Data Engineer', availability: 'open', profileId, userId: ada.userId, updatedAt: LATER } }]);
  });

  it('needs a profile first', () => {
    spec.given([]).when(update()).thenThrows(PROFILE_MESSAGES.noProfileYet);
  });

  it('only by a candidate', () => {
    spec.given([]).when(update({}, company)).thenThrows(PROFILE_MESSAGES.candidatesOnly);
  });
});

describe('changing who sees a profile', () => {
  it('making it private', () => {
    spec.given([created]).when(visibility(false)).then([{ type: 'CandidateProfileVisibilityChanged', data: { profileId, userId: ada.userId, isPublic: false, changedAt: LATER } }]);
  });

  it('asking for what it already is records nothing', () => {
    spec.given([created]).when(visibility(true)).then([]);
  });

  it('needs a profile first', () => {
    spec.given([]).when(visibility(false)).thenThrows(PROFILE_MESSAGES.noProfileYet);
  });

  it('only by a candidate', () => {
    spec.given([created]).when(visibility(false, company)).thenThrows(PROFILE_MESSAGES.candidatesOnly);
  });
});

describe('moving data-URL pictures into the picture store (ADR 046)', () => {
  const photo = 'data:image/jpeg;base64,/9j/4AAQ';
  const svg = 'data:image/svg+xml;base64,PHN2Zz4=';
  const legacy: CandidateProfileEvent = { ...created, data: { ...created.data, profilePicture: photo, coverPhoto: svg } };
  const move = (replacements: Array<[string, string | null]>): ProfileCommand => ({ type: 'MoveProfilePictures', data: { profileId, replacements: new Map(replacements) } });

  it('gives the profile the stored paths (or null), keeping everything else and its last update time', () => {
    spec
      .given([legacy])
      .when(move([[photo, '/api/profile-pictures/0b7c3f4e-4b1d-4c8e-9a4f-1d2e3f4a5b6c'], [svg, null]]))
      .then([{ type: 'CandidateProfileUpdated', data: { ...content, profilePicture: '/api/profile-pictures/0b7c3f4e-4b1d-4c8e-9a4f-1d2e3f4a5b6c', coverPhoto: null, profileId, userId: ada.userId, updatedAt: AT } }]);
  });

  it('records nothing when the profile no longer holds those data URLs (changed since), or has no profile', () => {
    spec.given([created]).when(move([[photo, '/api/profile-pictures/0b7c3f4e-4b1d-4c8e-9a4f-1d2e3f4a5b6c']])).then([]);
    spec.given([]).when(move([[photo, null]])).then([]);
  });
});

describe('the profile as its owner sees it', () => {
  it('folds creation, update and visibility into the §3 shape', () => {
    const events: CandidateProfileEvent[] = [
      created,
      { type: 'CandidateProfileUpdated', data: { ...content, title: 'Lead', profileId, userId: ada.userId, updatedAt: LATER } },
      { type: 'CandidateProfileVisibilityChanged', data: { profileId, userId: ada.userId, isPublic: false, changedAt: '2026-11-25T00:00:00.000Z' } },
    ];
    const state = events.reduce(profileDecider.evolve, profileDecider.initialState());
    if (state.status !== 'created') throw new Error('no profile');
    expect(profileFromState(state)).toEqual({ ...content, id: profileId, userId: ada.userId, title: 'Lead', isPublic: false, isPrivate: true, createdAt: AT, updatedAt: '2026-11-25T00:00:00.000Z' });
  });
});
