import type { CandidateFacts, CandidateSummaryResult } from './types';

/*
 * The offline summary: sentences built only from the facts given, so it never claims anything
 * the candidate did not say. Deterministic: the same facts give the same text.
 */

export const LOCAL_MODEL = 'local';

const AVAILABILITY_TEXT = { immediate: 'is available to start immediately', open: 'is open to the right opportunity' } as const;
const PREFERENCE_TEXT = { remote: 'remote', hybrid: 'hybrid', onsite: 'on-site' } as const;

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const clean = (items: readonly string[]) => {
  const seen = new Set<string>();
  return items.map((item) => item.trim()).filter((item) => item !== '' && !seen.has(item.toLowerCase()) && seen.add(item.toLowerCase()));
};

/** Roles named after the candidate's own title and top skills; nothing beyond them. */
const fitRolesOf = (title: string, skills: readonly string[]) => {
  const roles = title === '' ? [] : [title];
  for (const skill of skills.slice(0, 2)) roles.push(`${skill} role`);
  return clean(roles).slice(0, 3);
};

export function summarizeCandidateLocally(facts: CandidateFacts): CandidateSummaryResult {
  const title = facts.title.trim();
  const skills = clean(facts.skills);
  const experience = facts.experience.trim();
  const who = title === '' ? 'Candidate' : title;
  const sentences = [
    experience === '' ? `${who}.` : /\byears?\b/i.test(experience) ? `${who} with ${experience} of experience.` : `${who} (experience: ${experience}).`,
    skills.length === 0 ? '' : `Lists ${list(skills.slice(0, 5))}${skills.length > 5 ? ` and ${skills.length - 5} more skills` : ''}.`,
    `Prefers ${PREFERENCE_TEXT[facts.workPreference]} work and ${AVAILABILITY_TEXT[facts.availability]}.`,
  ].filter(Boolean);
  const strengths = skills.slice(0, 3);
  if (/\byears?\b/i.test(experience)) strengths.push(`${experience} of experience`);
  return { summaryText: sentences.join(' '), strengths, fitRoles: fitRolesOf(title, skills), model: LOCAL_MODEL };
}
