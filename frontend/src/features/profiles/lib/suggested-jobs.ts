import { JOB_SEARCH_TEXT_MAX_LENGTH, type CandidateProfile } from '@hireloop/contracts';

/** Spec part 2, §9: cards show three skills. */
export const TOP_SKILLS_SHOWN = 3;

/** The profile's first three skills (the candidate orders them: the first are the top ones). */
export function topSkills(profile: Pick<CandidateProfile, 'skills'>): string[] {
  return profile.skills.slice(0, TOP_SKILLS_SHOWN);
}

/**
 * What View Suggested Jobs searches the board for: the profile's job title (the board matches
 * every word of it against the job's title, company, description and skills, so a role finds
 * its kind of job), or the top skill when the title is empty.
 */
export function suggestedJobsTerm(profile: Pick<CandidateProfile, 'title' | 'skills'>): string {
  return (profile.title.trim() || profile.skills[0]?.trim() || '').slice(0, JOB_SEARCH_TEXT_MAX_LENGTH);
}

export { formatDay } from '../../../lib/application-status';
