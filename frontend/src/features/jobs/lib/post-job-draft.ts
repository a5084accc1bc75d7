import { TAB_DRAFT_PREFIX, tabStore } from '../../../lib/tab-drafts';
import { emptyPostJobForm, isExperienceLevel, isJobType, type PostJobFormValues } from './post-job-form';

/**
 * The post-a-job form's draft (ADR 116, as the profile wizard's of ADR 110): what a company has
 * typed before posting, kept in this tab's sessionStorage so a reload (or the dialog closed by a
 * click outside it) does not lose a long description. Removed when the job is posted, when Cancel
 * is pressed, and on sign-out (every tab draft is).
 */
const DRAFT_PREFIX = `${TAB_DRAFT_PREFIX}post-job.`;

const TEXT_FIELDS = ['title', 'company', 'location', 'salary', 'description', 'requirements', 'skills', 'benefits'] as const;

/** The company user's draft in this tab, each field taken only when it has the form's type; null when there is none. */
export function readPostJobDraft(owner: string, company: string): PostJobFormValues | null {
  const stored = tabStore()?.getItem(DRAFT_PREFIX + owner);
  if (!stored) return null;
  try {
    const raw = JSON.parse(stored) as unknown;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    const values = raw as Record<string, unknown>;
    const draft = emptyPostJobForm(company);
    for (const field of TEXT_FIELDS) if (typeof values[field] === 'string') draft[field] = values[field];
    if (typeof values.type === 'string' && isJobType(values.type)) draft.type = values.type;
    if (typeof values.experience === 'string' && isExperienceLevel(values.experience)) draft.experience = values.experience;
    if (typeof values.remote === 'boolean') draft.remote = values.remote;
    return draft;
  } catch {
    return null;
  }
}

export function writePostJobDraft(owner: string, values: PostJobFormValues): void {
  try {
    tabStore()?.setItem(DRAFT_PREFIX + owner, JSON.stringify(values));
  } catch {
    // No room: the form still holds everything; only a reload would lose it.
  }
}

export function clearPostJobDraft(owner: string): void {
  tabStore()?.removeItem(DRAFT_PREFIX + owner);
}
