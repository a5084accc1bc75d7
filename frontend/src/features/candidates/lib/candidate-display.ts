import { AVAILABILITY_TEXT, type CandidateCard } from '@hireloop/contracts';

/** A card shows at most 3 skills, then "+N more" (part 1 §2, part 2 §2). */
export const CARD_SKILL_LIMIT = 3;

export function cardSkills(skills: readonly string[], limit = CARD_SKILL_LIMIT): { shown: string[]; more: number } {
  return { shown: skills.slice(0, limit), more: Math.max(0, skills.length - limit) };
}

export const availabilityText = (card: Pick<CandidateCard, 'availability'>): string => AVAILABILITY_TEXT[card.availability];

export const LOOKING_STATUS_TEXT: Record<CandidateCard['lookingStatus'], string> = {
  active: 'Actively Looking',
  passive: 'Passively Looking',
};

export const WORK_PREFERENCE_TEXT: Record<CandidateCard['workPreference'], string> = {
  remote: 'Remote',
  hybrid: 'Hybrid',
  onsite: 'On-site',
};

/** The card's experience as read: "5 years", unless it already says years or is a level. */
export function experienceText(experience: string): string {
  const value = experience.trim();
  if (!value) return 'Experience not specified';
  return /^\d+(\.\d+)?\+?$/.test(value) ? `${value} years` : value;
}
