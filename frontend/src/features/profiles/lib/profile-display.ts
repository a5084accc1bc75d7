import type { CandidateProfile, LimitedCandidateProfile } from '@hireloop/contracts';

/** How the profile page writes a profile's facts (part 2 §2 "Candidate profile page"). */

export const DEFAULT_TITLE = 'Professional';
export const DEFAULT_LOCATION = 'Location not specified';
export const NOT_SPECIFIED = 'Not specified';

/** '5' → '5 years'; '5+ years' and '1 year' stay as they are; nothing → 'Not specified'. */
export function experienceText(experience: string | null | undefined): string {
  const value = experience?.trim() ?? '';
  if (!value) return NOT_SPECIFIED;
  return /year/i.test(value) ? value : `${value} years`;
}

/** The avatar's fallback: the first letters of the first and last name ('Ada Lovelace' → 'AL'). */
export function initials(firstName: string, lastName: string): string {
  const letter = (name: string) => Array.from(name.trim())[0]?.toUpperCase() ?? '';
  return letter(firstName) + letter(lastName) || '?';
}

/** The full name, or '' when the profile has none. */
export function fullName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ');
}

/** '120k' → '$120k'; '$120k' stays; nothing → 'Not specified'. */
export function salaryText(salary: string | null | undefined): string {
  const value = salary?.trim() ?? '';
  if (!value) return NOT_SPECIFIED;
  return value.startsWith('$') ? value : `$${value}`;
}

/**
 * The first `limit` skills and how many more there are (the '+N more' badge). `total` is how
 * many the profile has in all, when the answer holds only the first few (the limited view).
 */
export function visibleSkills(skills: readonly string[], limit: number, total = skills.length): { shown: string[]; more: number } {
  const shown = skills.slice(0, limit);
  return { shown, more: Math.max(0, Math.max(total, skills.length) - shown.length) };
}

/** 'Actively Looking' when available at once (§2), otherwise 'Open to Opportunities'. */
export function availabilityLabel(availability: string): string {
  return availability === 'immediate' ? 'Actively Looking' : 'Open to Opportunities';
}

/** A date as people read it ('Mar 1, 2026'), or null for a value that is no date. */
export function generatedDate(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Who may regenerate a candidate's AI summary (part 2 §6): its owner and company users (the server checks a company's plan, ADR 070). */
export function canRegenerateSummary({ isOwner, viewerType }: { isOwner: boolean; viewerType: string | null }): boolean {
  return isOwner || viewerType === 'company';
}

/**
 * What the AI Summary box of someone else's profile does for a viewer (ADR 070): a company reads
 * it (its plan permitting: the server says otherwise with `requiresUpgrade`) and regenerates it,
 * an admin reads it, a visitor is told who may read it, another candidate is shown no box.
 */
export type AiSummaryAccess = 'regenerate' | 'read' | 'sign-up' | 'none';
export function aiSummaryAccess({ viewerType, isAdmin }: { viewerType: string | null; isAdmin: boolean }): AiSummaryAccess {
  if (viewerType === null) return 'sign-up';
  if (viewerType === 'company') return 'regenerate';
  return isAdmin ? 'read' : 'none';
}

/**
 * What a non-owner's header offers on a full profile (part 2 §2): Contact for a company on a
 * paid plan, otherwise Upgrade.
 */
export function contactAction({ viewerType, onPaidPlan }: { viewerType: string | null; onPaidPlan: boolean }): 'contact' | 'upgrade' {
  return viewerType === 'company' && onPaidPlan ? 'contact' : 'upgrade';
}

/**
 * What others see of the owner's profile when it is not fully visible (§2 display 2), for the
 * owner's preview: the same fields the server sends a non-owner, and nothing else.
 */
export function limitedPreview(profile: CandidateProfile, skillLimit: number): LimitedCandidateProfile {
  return {
    id: profile.id,
    title: profile.title,
    location: profile.location,
    availability: profile.availability,
    workPreference: profile.workPreference,
    skills: profile.skills.slice(0, skillLimit),
    skillCount: profile.skills.length,
  };
}

/** An http(s) link fit for an `href`, or null (never a `javascript:` or other scheme). */
export function safeLink(url: string | null | undefined): string | null {
  const value = url?.trim() ?? '';
  return /^https?:\/\/[^\s]+$/i.test(value) ? value : null;
}
