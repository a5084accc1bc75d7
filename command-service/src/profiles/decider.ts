import {
  CandidateProfileEventSchemas,
  DomainError,
  PROFILE_MESSAGES,
  type CandidateFromExtractionBody,
  type CandidateProfileCreated,
  type CandidateProfile,
  type CandidateProfileEvent,
  type ProfileContent,
  type ProfileFormData,
  type UserType,
} from '@hireloop/contracts';
import type { z } from 'zod';
import { assertNever, type Decider } from '../shared/decider';

export type ExtractionData = z.output<typeof CandidateFromExtractionBody>;

/** Stream `candidate-<profileId>`: one candidate's profile. */
export type ProfileState =
  | { status: 'none' }
  | { status: 'created'; profileId: string; userId: string; content: ProfileContent; createdAt: string; updatedAt: string; source?: CandidateProfileCreated['source'] };

/** The signed-in account a command acts for, as the route read it from the user stream. */
export interface ProfileAccount {
  userId: string;
  type: UserType;
  /** The account's name: the profile's first and last name when the wizard form creates it. */
  name: string;
  /** The account's email: the profile's email when the form sends none. */
  email: string;
}

/** What the profile says, as sent: the wizard's form (§3 "Profile form") or a resume extraction (§3 "Profile payload"). */
export type ProfileInput = { kind: 'form'; form: ProfileFormData } | { kind: 'extraction'; extraction: ExtractionData };

export type ProfileCommand =
  | { type: 'CreateProfile'; data: { profileId: string; account: ProfileAccount; input: ProfileInput; at: string } }
  | { type: 'UpdateProfile'; data: { profileId: string; account: ProfileAccount; form: ProfileFormData; at: string } }
  | { type: 'ChangeProfileVisibility'; data: { profileId: string; account: ProfileAccount; isPublic: boolean; at: string } }
  /**
   * An admin adds a candidate who has no account (ADR 038): `personId` names their key (ADR 019)
   * and their profile (recorded in `profile-of-<personId>`, ADR 077), as a user id does for an account.
   */
  | { type: 'AddCandidate'; data: { profileId: string; personId: string; content: ProfileContent; at: string } }
  /**
   * An admin corrects a candidate's profile from the Manage dialog (ADR 064): the fields the
   * admin view shows; the email (the person's sign-in) and everything else stay as they are.
   */
  | { type: 'AdminEditCandidate'; data: { profileId: string; changes: AdminCandidateChanges; at: string } }
  /**
   * A one-off job moves pictures stored as data URLs (before ADR 046) into the picture store:
   * each field still holding one of `replacements`' data URLs gets its picture's path (or null
   * when it could not be re-encoded). The person changed nothing, so `updatedAt` stays theirs.
   */
  | { type: 'MoveProfilePictures'; data: { profileId: string; replacements: ReadonlyMap<string, string | null> } };

export type AdminCandidateChanges = Pick<ProfileContent, 'firstName' | 'lastName' | 'phone' | 'title' | 'location' | 'experience' | 'skills' | 'summary'> & { isPrivate: boolean };

/** First word of the name, and the rest (§3). */
export const splitName = (name: string): { firstName: string; lastName: string } => {
  const [firstName = '', ...rest] = name.trim().split(/\s+/).filter(Boolean);
  return { firstName, lastName: rest.join(' ') };
};

/** The form's fields in the profile's terms; names are the caller's (the account's, or those already on the profile). */
const contentFromForm = (form: ProfileFormData, names: { firstName: string; lastName: string }, account: ProfileAccount): ProfileContent => ({
  ...names,
  title: form.jobTitle,
  skills: form.skills,
  experience: form.experience,
  location: form.location,
  summary: form.bio,
  phone: form.phone,
  email: form.email || account.email,
  linkedinUrl: form.linkedinUrl,
  githubUrl: form.githubUrl,
  portfolioUrl: form.portfolioUrl,
  education: form.education,
  salaryExpectation: form.salaryExpectation,
  profilePicture: form.profilePicture,
  coverPhoto: form.coverPhoto,
  // §2 "availability 'immediate' means actively looking"; anything else reads as open to opportunities.
  availability: form.isActivelyLooking ? 'immediate' : 'open',
  workPreference: form.workPreference,
  isPublic: form.isPublic,
});

/** Skills trimmed, empties and duplicates (ignoring case) dropped, first spelling kept. */
export const distinctSkills = (skills: readonly string[]) => {
  const seen = new Set<string>();
  return skills.map((skill) => skill.trim()).filter((skill) => skill && !seen.has(skill.toLowerCase()) && seen.add(skill.toLowerCase()));
};

/**
 * A resume's extraction may lack a title, experience or location (stored as ''); names fall back
 * to the account's when the resume had none. A profile made from a resume starts public, as the
 * spec's resume page creates it (the owner makes it private from the profile page).
 */
const contentFromExtraction = (extraction: ExtractionData, account: ProfileAccount): ProfileContent => {
  const names = extraction.firstName || extraction.lastName ? { firstName: extraction.firstName, lastName: extraction.lastName } : splitName(account.name);
  return {
    ...names,
    title: extraction.title,
    skills: distinctSkills(extraction.skills),
    experience: extraction.experience,
    location: extraction.location,
    summary: extraction.summary,
    phone: extraction.phone,
    email: extraction.email || account.email,
    linkedinUrl: extraction.linkedinUrl,
    githubUrl: extraction.githubUrl,
    portfolioUrl: extraction.portfolioUrl,
    education: extraction.education,
    salaryExpectation: extraction.salaryExpectation,
    profilePicture: null,
    coverPhoto: null,
    availability: extraction.availability,
    workPreference: extraction.workPreference,
    isPublic: true,
  };
};

const candidateOnly = (account: ProfileAccount) => {
  if (account.type !== 'candidate') throw new DomainError('forbidden', PROFILE_MESSAGES.candidatesOnly);
};

const existing = (state: ProfileState) => {
  if (state.status === 'none') throw new DomainError('not_found', PROFILE_MESSAGES.noProfileYet);
  return state;
};

/**
 * Only candidates have a profile, one each (created once), and only its owner changes it: the
 * stream is the one recorded for the owner's user id (`profile-of-<userId>`, ADR 077), so a
 * command can only ever reach the caller's own profile.
 */
export const profileDecider: Decider<ProfileCommand, CandidateProfileEvent, ProfileState> = {
  schemas: CandidateProfileEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CandidateProfileCreated': {
        const { profileId, userId, source, createdAt, ...content } = event.data;
        return { status: 'created', profileId, userId, content, createdAt, updatedAt: createdAt, source };
      }
      case 'CandidateProfileUpdated': {
        if (state.status !== 'created') return state;
        const { profileId: _profileId, userId: _userId, updatedAt, ...content } = event.data;
        return { ...state, content, updatedAt };
      }
      case 'CandidateProfileVisibilityChanged':
        if (state.status !== 'created') return state;
        return { ...state, content: { ...state.content, isPublic: event.data.isPublic }, updatedAt: event.data.changedAt };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    if (command.type === 'MoveProfilePictures') {
      if (state.status !== 'created') return [];
      const moved = (value: string | null) => (value !== null && command.data.replacements.has(value) ? command.data.replacements.get(value)! : value);
      const { content, profileId, userId, updatedAt } = state;
      const profilePicture = moved(content.profilePicture);
      const coverPhoto = moved(content.coverPhoto);
      if (profilePicture === content.profilePicture && coverPhoto === content.coverPhoto) return [];
      return [{ type: 'CandidateProfileUpdated', data: { ...content, profilePicture, coverPhoto, profileId, userId, updatedAt } }];
    }
    if (command.type === 'AddCandidate') {
      // Who may add is the route's rule (admins only); the stream is new, its person too.
      if (state.status !== 'none') throw new DomainError('conflict', PROFILE_MESSAGES.profileExists);
      const { profileId, personId, content, at } = command.data;
      return [{ type: 'CandidateProfileCreated', data: { ...content, skills: distinctSkills(content.skills), profileId, userId: personId, source: 'admin', createdAt: at } }];
    }
    if (command.type === 'AdminEditCandidate') {
      // Who may edit is the route's rule (admins only).
      const profile = existing(state);
      const { isPrivate, skills, ...changes } = command.data.changes;
      const content: ProfileContent = { ...profile.content, ...changes, skills: distinctSkills(skills), isPublic: !isPrivate };
      if (JSON.stringify(content) === JSON.stringify(profile.content)) return [];
      return [{ type: 'CandidateProfileUpdated', data: { ...content, profileId: profile.profileId, userId: profile.userId, updatedAt: command.data.at } }];
    }
    const { account, profileId } = command.data;
    candidateOnly(account);
    switch (command.type) {
      case 'CreateProfile': {
        if (state.status !== 'none') throw new DomainError('conflict', PROFILE_MESSAGES.profileExists);
        const { input, at } = command.data;
        const content = input.kind === 'form' ? contentFromForm(input.form, splitName(account.name), account) : contentFromExtraction(input.extraction, account);
        const source = input.kind === 'form' ? 'wizard' : 'resume';
        return [{ type: 'CandidateProfileCreated', data: { ...content, profileId, userId: account.userId, source, createdAt: at } }];
      }
      case 'UpdateProfile': {
        const profile = existing(state);
        const { firstName, lastName } = profile.content;
        const content = contentFromForm(command.data.form, { firstName, lastName }, account);
        return [{ type: 'CandidateProfileUpdated', data: { ...content, profileId, userId: account.userId, updatedAt: command.data.at } }];
      }
      case 'ChangeProfileVisibility': {
        const profile = existing(state);
        // Already so: nothing happened, nothing recorded.
        if (profile.content.isPublic === command.data.isPublic) return [];
        return [{ type: 'CandidateProfileVisibilityChanged', data: { profileId, userId: account.userId, isPublic: command.data.isPublic, changedAt: command.data.at } }];
      }
      default:
        return assertNever(command);
    }
  },
};

/** The profile as its owner sees it (§3 "Candidate profile"). */
export const profileFromState = (state: Extract<ProfileState, { status: 'created' }>): CandidateProfile => ({
  id: state.profileId,
  userId: state.userId,
  ...state.content,
  isPrivate: !state.content.isPublic,
  createdAt: state.createdAt,
  updatedAt: state.updatedAt,
});
