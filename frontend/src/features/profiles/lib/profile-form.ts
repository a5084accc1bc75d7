import type { CandidateProfile, ProfileFormBody, ResumeParseResult, WorkPreference } from '@hireloop/contracts';

/**
 * The wizard's form (spec part 2, §3 "Profile form" and §5): every field of `ProfileFormBody`
 * spelled out. The form shows the §5 fields and, under More details, what else a resume gives
 * (email, education, GitHub, portfolio), so every extracted field stays editable; salary and work
 * preference ride along unseen, so what the saved profile said of them is submitted as it was.
 */
export interface ProfileFormValues {
  jobTitle: string;
  skills: string[];
  experience: string;
  location: string;
  bio: string;
  phone: string;
  email: string;
  linkedinUrl: string;
  githubUrl: string;
  portfolioUrl: string;
  education: string;
  salaryExpectation: string;
  workPreference: WorkPreference;
  isActivelyLooking: boolean;
  isPublic: boolean;
  profilePicture: string | null;
  coverPhoto: string | null;
}

// The compiler checks the form's values are a body the contract takes.
export type AssertFormIsBody = ProfileFormValues extends ProfileFormBody ? true : never;

/**
 * The form's fields in screen order (server reasons go to the first of them that they name).
 * A reason about a field not on screen (salary, work preference) is left to the toast.
 */
export const PROFILE_FORM_FIELDS = [
  'jobTitle',
  'skills',
  'experience',
  'location',
  'bio',
  'phone',
  'linkedinUrl',
  'email',
  'githubUrl',
  'portfolioUrl',
  'education',
  'isActivelyLooking',
  'isPublic',
  'profilePicture',
  'coverPhoto',
] as const satisfies ReadonlyArray<keyof ProfileFormValues>;

/** A new profile: nothing filled in; actively looking and public until the candidate says otherwise. */
export function emptyProfileForm(): ProfileFormValues {
  return {
    jobTitle: '',
    skills: [],
    experience: '',
    location: '',
    bio: '',
    phone: '',
    email: '',
    linkedinUrl: '',
    githubUrl: '',
    portfolioUrl: '',
    education: '',
    salaryExpectation: '',
    workPreference: 'hybrid',
    isActivelyLooking: true,
    isPublic: true,
    profilePicture: null,
    coverPhoto: null,
  };
}

/** Edit mode: the saved profile as the form holds it (availability 'immediate' ⇔ actively looking). */
export function profileFormFromProfile(profile: CandidateProfile): ProfileFormValues {
  return {
    jobTitle: profile.title,
    skills: [...profile.skills],
    experience: profile.experience,
    location: profile.location,
    bio: profile.summary,
    phone: profile.phone,
    email: profile.email,
    linkedinUrl: profile.linkedinUrl,
    githubUrl: profile.githubUrl,
    portfolioUrl: profile.portfolioUrl,
    education: profile.education,
    salaryExpectation: profile.salaryExpectation,
    workPreference: profile.workPreference,
    isActivelyLooking: profile.availability === 'immediate',
    isPublic: profile.isPublic,
    profilePicture: profile.profilePicture,
    coverPhoto: profile.coverPhoto,
  };
}

/**
 * The form prefilled from a parsed resume: what the resume says replaces what was there, what it
 * leaves empty keeps the value already in the form (an edit keeps its own values).
 */
export function profileFormWithParsed(values: ProfileFormValues, parsed: ResumeParseResult): ProfileFormValues {
  const text = (found: string, current: string) => (found.trim() ? found.trim() : current);
  const skills = addSkills(values.skills, parsed.skills);
  return {
    ...values,
    jobTitle: text(parsed.jobTitle, values.jobTitle),
    skills,
    experience: text(parsed.experience, values.experience),
    location: text(parsed.location, values.location),
    bio: text(parsed.bio, values.bio),
    phone: text(parsed.phone, values.phone),
    email: text(parsed.email, values.email),
    education: text(parsed.education, values.education),
  };
}

/**
 * `skills` with `text` added (spec part 2, §5): trimmed, ignored when empty or already there
 * (ignoring case, as the contract does).
 */
export function addSkill(skills: readonly string[], text: string): string[] {
  const skill = text.trim();
  if (!skill || skills.some((existing) => existing.toLowerCase() === skill.toLowerCase())) return [...skills];
  return [...skills, skill];
}

export function addSkills(skills: readonly string[], more: readonly string[]): string[] {
  return more.reduce<string[]>((list, skill) => addSkill(list, skill), [...skills]);
}
