import { WORK_PREFERENCES } from '@hireloop/contracts';
import { TAB_DRAFT_PREFIX, tabStore } from '../../../lib/tab-drafts';
import { emptyProfileForm, type ProfileFormValues } from './profile-form';

/**
 * The profile wizard's draft (ADR 110): what a candidate has on the wizard's form before saving
 * (typed, or read from a resume), kept in this tab's sessionStorage so a reload does not lose it.
 * It stays in the candidate's own tab, is gone when the tab closes, and is removed when the profile
 * is saved, when the wizard is closed on purpose, and on sign-out.
 */

const DRAFT_PREFIX = `${TAB_DRAFT_PREFIX}profile.`;

const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** The draft as stored, each field taken only when it has the form's type (anything else: the empty form's value). */
function draftFrom(stored: unknown): ProfileFormValues | null {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  const raw = stored as Record<string, unknown>;
  const draft = emptyProfileForm();
  const text = <K extends keyof ProfileFormValues>(key: K) => (typeof raw[key] === 'string' ? (raw[key] as string) : (draft[key] as string));
  return {
    ...draft,
    jobTitle: text('jobTitle'),
    experience: text('experience'),
    location: text('location'),
    bio: text('bio'),
    phone: text('phone'),
    email: text('email'),
    linkedinUrl: text('linkedinUrl'),
    githubUrl: text('githubUrl'),
    portfolioUrl: text('portfolioUrl'),
    education: text('education'),
    salaryExpectation: text('salaryExpectation'),
    skills: Array.isArray(raw.skills) ? raw.skills.filter((skill): skill is string => typeof skill === 'string') : draft.skills,
    workPreference: WORK_PREFERENCES.find((preference) => preference === raw.workPreference) ?? draft.workPreference,
    isActivelyLooking: typeof raw.isActivelyLooking === 'boolean' ? raw.isActivelyLooking : draft.isActivelyLooking,
    isPublic: typeof raw.isPublic === 'boolean' ? raw.isPublic : draft.isPublic,
    profilePicture: isStringOrNull(raw.profilePicture) ? raw.profilePicture : null,
    coverPhoto: isStringOrNull(raw.coverPhoto) ? raw.coverPhoto : null,
  };
}

/** The candidate's draft in this tab, or null when there is none (or it cannot be read). */
export function readProfileDraft(userId: string): ProfileFormValues | null {
  const stored = tabStore()?.getItem(DRAFT_PREFIX + userId);
  if (!stored) return null;
  try {
    return draftFrom(JSON.parse(stored));
  } catch {
    return null;
  }
}

/** Keeps `values` as the candidate's draft. Pictures too large for the tab's storage are left out rather than the whole draft. */
export function writeProfileDraft(userId: string, values: ProfileFormValues): void {
  const store = tabStore();
  if (!store) return;
  try {
    store.setItem(DRAFT_PREFIX + userId, JSON.stringify(values));
  } catch {
    try {
      store.setItem(DRAFT_PREFIX + userId, JSON.stringify({ ...values, profilePicture: null, coverPhoto: null }));
    } catch {
      // No room at all: the form still holds everything; only a reload would lose it.
    }
  }
}

/** Forgets the candidate's draft (saved, or given up on purpose). */
export function clearProfileDraft(userId: string): void {
  tabStore()?.removeItem(DRAFT_PREFIX + userId);
}
