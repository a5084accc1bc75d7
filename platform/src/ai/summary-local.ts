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

/**
 * Role families and the skills that point to them. A family is suggested only when at least two
 * of the candidate's own skills belong to it, so every suggestion can be traced to what they said.
 */
const ROLE_FAMILIES: ReadonlyArray<{ role: string; skills: readonly string[] }> = [
  { role: 'Frontend Engineer', skills: ['react', 'react hooks', 'angular', 'vue', 'svelte', 'next.js', 'html', 'css', 'redux', 'tailwind', 'jquery', 'webgl', 'javascript', 'typescript'] },
  { role: 'Backend Engineer', skills: ['node.js', 'express.js', 'django', 'flask', 'fastapi', 'spring boot', '.net', 'java', 'go', 'golang', 'rust', 'ruby', 'php', 'kotlin', 'scala', 'postgresql', 'postgres', 'mysql', 'mongodb', 'redis', 'graphql', 'rest', 'restful apis', 'microservices', 'rabbitmq'] },
  { role: 'Data Engineer', skills: ['sql', 'kafka', 'spark', 'airflow', 'dbt', 'snowflake', 'bigquery', 'cassandra', 'elasticsearch', 'pandas', 'postgresql', 'python'] },
  { role: 'Machine Learning Engineer', skills: ['machine learning', 'deep learning', 'tensorflow', 'pytorch', 'scikit-learn', 'natural language processing', 'nlp', 'opencv', 'numpy', 'pandas', 'statistics', 'data science'] },
  { role: 'DevOps / Platform Engineer', skills: ['docker', 'kubernetes', 'terraform', 'ansible', 'jenkins', 'ci/cd', 'aws', 'azure', 'google cloud', 'gcp', 'linux', 'devops', 'infrastructure automation', 'hybrid cloud', 'bash'] },
  { role: 'Data Analyst', skills: ['excel', 'tableau', 'power bi', 'data analysis', 'sql', 'statistics'] },
  { role: 'Accountant', skills: ['accounting', 'accounts payable', 'accounts receivable', 'tax accounting', 'auditing', 'bookkeeping', 'financial reporting', 'payroll', 'budgeting', 'forecasting'] },
];

/** The candidate's own title first, then the role families most of their skills point to (at most 3 in all). */
const fitRolesOf = (title: string, skills: readonly string[]) => {
  const own = new Set(skills.map((skill) => skill.toLowerCase()));
  const families = ROLE_FAMILIES.map((family, order) => ({ role: family.role, order, matches: family.skills.filter((skill) => own.has(skill)).length }))
    .filter((family) => family.matches >= 2)
    .sort((a, b) => b.matches - a.matches || a.order - b.order)
    .map((family) => family.role);
  return clean([...(title === '' ? [] : [title]), ...families]).slice(0, 3);
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
