import type { CandidateProfile, Job } from '@hireloop/contracts';
import { locationFlags } from '../job-board/location';

/**
 * The match score of a job for a candidate (issue 11, ADR 027): a pure function of the profile
 * and the job — no clock, no I/O, no randomness — so the same inputs always give the same
 * score, reasons and warnings, and `MATCH_SCORE_VERSION` says which formula made a score.
 *
 * Points (100 in all):
 * - skills 50: the share of the job's skills the candidate has (synonyms count as the same
 *   skill); the job's own `skills`, or else the known skills its title and requirements name;
 *   25 when the job names none;
 * - seniority 20: the profile's years against the job's level (Entry 0–2, Mid 2–5, Senior 5+,
 *   Executive 10+): 20 inside the range or up to 3 years over it, 12 a year short or more than
 *   3 years over, 4 further short; 10 when either side is unknown;
 * - location 20: remote jobs 20/16/12 for a remote/hybrid/on-site preference; on-site jobs 20 in
 *   the candidate's city (14 if they prefer remote), 10 in the same country or state, 0 elsewhere;
 *   10 when the candidate gave no location;
 * - job type 10: full-time 10, other types 8, an internship 10 for up to 2 years of experience
 *   and 3 beyond.
 *
 * Every reason and warning is a sentence naming the fact behind it; at most 3 reasons (skills,
 * seniority, location, in that order) and 2 warnings (skills, seniority, location, type).
 */
export const MATCH_SCORE_VERSION = 1;

export const MAX_MATCH_REASONS = 3;
export const MAX_MATCH_WARNINGS = 2;

export type MatchProfile = Pick<CandidateProfile, 'title' | 'skills' | 'experience' | 'location' | 'workPreference'>;
export type MatchJob = Pick<Job, 'title' | 'skills' | 'requirements' | 'experience' | 'location' | 'remote' | 'type'>;

export interface MatchResult {
  score: number;
  reasons: string[];
  warnings: string[];
  version: number;
}

/** Canonical skill names and the other ways people write them (compared without case). */
const SYNONYMS: ReadonlyArray<readonly [canonical: string, ...aliases: string[]]> = [
  ['JavaScript', 'js', 'ecmascript', 'es6'],
  ['TypeScript', 'ts'],
  ['PostgreSQL', 'postgres', 'psql'],
  ['Kubernetes', 'k8s'],
  ['Go', 'golang'],
  ['Node.js', 'node', 'nodejs', 'node js'],
  ['React', 'reactjs', 'react.js'],
  ['Vue', 'vuejs', 'vue.js'],
  ['Angular', 'angularjs', 'angular.js'],
  ['Next.js', 'nextjs'],
  ['Express', 'express.js', 'expressjs'],
  ['MongoDB', 'mongo'],
  ['C#', 'csharp', 'c sharp'],
  ['C++', 'cpp'],
  ['.NET', 'dotnet', '.net core'],
  ['AWS', 'amazon web services'],
  ['GCP', 'google cloud', 'google cloud platform'],
  ['Azure', 'microsoft azure'],
  ['Python', 'python3'],
  ['Machine Learning', 'ml'],
  ['CI/CD', 'cicd', 'ci-cd'],
  ['Tailwind CSS', 'tailwind', 'tailwindcss'],
  ['scikit-learn', 'sklearn'],
  ['REST', 'rest api', 'rest apis', 'restful apis', 'restful'],
  ['GraphQL', 'graph ql'],
  ['Docker', 'containers'],
  ['Terraform', 'tf'],
  ['SQL', 'structured query language'],
  ['Java'],
  ['Rust'],
  ['Ruby', 'ruby on rails', 'rails'],
  ['Kafka', 'apache kafka'],
  ['Spark', 'apache spark', 'pyspark'],
  ['Redis'],
  ['MySQL'],
  ['Django'],
  ['Flask'],
  ['PHP'],
  ['Kotlin'],
  ['Swift'],
  ['HTML', 'html5'],
  ['CSS', 'css3'],
  ['Linux'],
  ['dbt'],
  ['Airflow', 'apache airflow'],
  ['Snowflake'],
  ['Figma'],
];

const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

const CANONICAL = new Map<string, string>();
for (const [canonical, ...aliases] of SYNONYMS) {
  for (const name of [canonical, ...aliases]) CANONICAL.set(normalize(name), canonical);
}

/** Names too common as plain words to be read as a skill in free text ("go", "next", "node", "containers"). */
const NOT_IN_TEXT = new Set(['go', 'node', 'ts', 'tf', 'ml', 'rest', 'restful', 'express', 'spark', 'swift', 'rails', 'containers', 'ruby', 'rust', 'java']);

interface Skill {
  key: string;
  name: string;
}

/**
 * A pure function of one string, remembered: jobs repeat the same skills, levels and places, so
 * scoring a page mostly looks these up (measured: a page of 20 jobs scored in a third of the time).
 * Bounded: the whole memory is dropped when full (the values are cheap to compute again).
 */
function memoized<T>(compute: (text: string) => T, max = 20_000): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined && !known.has(text)) {
      value = compute(text);
      if (known.size >= max) known.clear();
      known.set(text, value);
    }
    return value as T;
  };
}

const skillOf = memoized((raw: string): Skill | null => {
  const key = normalize(raw);
  if (!key) return null;
  const canonical = CANONICAL.get(key);
  return canonical ? { key: normalize(canonical), name: canonical } : { key, name: raw.trim() };
});

const distinctSkills = (raws: readonly string[]): Skill[] => {
  const seen = new Set<string>();
  const skills: Skill[] = [];
  for (const raw of raws) {
    const skill = skillOf(raw);
    if (skill && !seen.has(skill.key)) {
      seen.add(skill.key);
      skills.push(skill);
    }
  }
  return skills;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name as a whole word of a text: not inside another word. */
const wordPattern = (name: string) => new RegExp(`(?:^|[^a-z0-9+#.])${escape(name)}(?=$|[^a-z0-9+#])`);

const TEXT_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [...CANONICAL.entries()]
  .filter(([name]) => !NOT_IN_TEXT.has(name))
  .map(([name, canonical]) => [wordPattern(name), canonical] as const);

/** The skills a job names: its list, or else known skills (and the candidate's own) found in its title and requirements. */
function jobSkills(job: MatchJob, profile: ProfileFacts): { skills: Skill[]; listed: boolean } {
  const listed = distinctSkills(job.skills);
  if (listed.length > 0) return { skills: listed, listed: true };
  const text = normalize([job.title, ...job.requirements].join('\n'));
  const found: string[] = [];
  for (const [pattern, canonical] of TEXT_PATTERNS) if (pattern.test(text)) found.push(canonical);
  for (const [skill, pattern] of profile.textPatterns) if (pattern.test(text)) found.push(skill.name);
  return { skills: distinctSkills(found), listed: false };
}

/** "A", "A and B", "A, B and C", "A, B, C and 2 more". */
const namesOf = (names: readonly string[], shown = 3): string => {
  if (names.length <= shown) return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
};

/**
 * Who the sentences speak to: the candidate reading a job ("You have…"), or a company reading a
 * candidate's card against one of its jobs ("The candidate has…"). Same facts, same points.
 */
export interface MatchVoice {
  subject: string;
  has: string;
  doesNot: string;
  possessive: string;
  pronoun: string;
}
export const CANDIDATE_VOICE: MatchVoice = { subject: 'You', has: 'have', doesNot: 'do not', possessive: 'Your', pronoun: 'you' };
export const COMPANY_VOICE: MatchVoice = { subject: 'The candidate', has: 'has', doesNot: 'does not', possessive: 'Their', pronoun: 'they' };

interface Part {
  points: number;
  reason?: string;
  warning?: string;
}

function skillsPart(profile: ProfileFacts, job: MatchJob, v: MatchVoice): Part {
  const { skills, listed } = jobSkills(job, profile);
  if (skills.length === 0) return { points: 25 };
  const ownKeys = profile.skillKeys;
  const have = skills.filter((skill) => ownKeys.has(skill.key)).map((skill) => skill.name);
  const missing = skills.filter((skill) => !ownKeys.has(skill.key)).map((skill) => skill.name);
  const what = listed ? 'listed skills' : 'skills the job names';
  const part: Part = { points: Math.round((50 * have.length) / skills.length) };
  if (have.length > 0) part.reason = `${v.subject} ${v.has} ${have.length} of ${skills.length} ${what}: ${namesOf(have)}`;
  if (have.length * 2 < skills.length) {
    part.warning = have.length === 0 ? `${v.subject} ${v.has} none of the ${what}: ${namesOf(missing)}` : `${v.subject} ${v.doesNot} list ${namesOf(missing)}`;
  }
  return part;
}

/** The years a profile's experience text says ("5 years", "3-5 years" → 3, "10+ years" → 10); null when it names none. */
export function experienceYears(experience: string): number | null {
  const match = /(\d+(?:\.\d+)?)/.exec(experience);
  if (!match) return null;
  const years = Number(match[1]);
  return Number.isFinite(years) && years <= 60 ? years : null;
}

const LEVELS: ReadonlyArray<{ pattern: RegExp; name: string; min: number; max: number; range: string }> = [
  { pattern: /\b(?:entry|junior|graduate)\b/i, name: 'Entry level', min: 0, max: 2, range: '0–2 years' },
  { pattern: /\b(?:mid|intermediate)\b/i, name: 'Mid level', min: 2, max: 5, range: '2–5 years' },
  { pattern: /\b(?:senior|lead)\b/i, name: 'Senior level', min: 5, max: Number.POSITIVE_INFINITY, range: '5+ years' },
  { pattern: /\b(?:executive|director|principal)\b/i, name: 'Executive level', min: 10, max: Number.POSITIVE_INFINITY, range: '10+ years' },
];

const yearsText = (years: number) => `${years} year${years === 1 ? '' : 's'}`;

const levelOf = memoized((experience: string) => LEVELS.find((candidate) => candidate.pattern.test(experience)) ?? null);

function seniorityPart(years: number | null, job: MatchJob, v: MatchVoice): Part {
  const level = levelOf(job.experience);
  if (years === null || !level) return { points: 10 };
  if (years >= level.min && years <= level.max) return { points: 20, reason: `${v.possessive} ${yearsText(years)} of experience fit this ${level.name} job (${level.range})` };
  if (years > level.max + 3) return { points: 12, warning: `The job is ${level.name} (${level.range}); ${v.pronoun} have ${yearsText(years)} of experience` };
  if (years > level.max) return { points: 20, reason: `${v.possessive} ${yearsText(years)} of experience cover this ${level.name} job (${level.range})` };
  const warning = `The job asks for ${level.name} experience (${level.range}); ${v.pronoun} have ${yearsText(years)}`;
  return level.min - years <= 1 ? { points: 12, warning } : { points: 4, warning };
}

/** A location's parts, lower case: "Austin, TX 78701" → ["austin", "tx"]. */
const placeParts = memoized((location: string): readonly string[] =>
  location
    .toLowerCase()
    .split(',')
    .map((part) => part.replace(/\b\d{4,}(?:-\d+)?\b/g, ' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean),
);

/** `locationFlags` of a place named without a remote flag (the remote flag only ever adds `isRemote`). */
const placeFlags = memoized((location: string) => locationFlags(location, false));

function locationPart(profile: ProfileFacts, job: MatchJob, v: MatchVoice): Part {
  const jobPlace = job.location.trim();
  const own = profile.location;
  const preference = profile.workPreference;
  if (job.remote || placeFlags(job.location).isRemote) {
    if (preference === 'remote') return { points: 20, reason: `The job is remote, as ${v.pronoun} prefer` };
    if (preference === 'hybrid') return { points: 16, reason: 'The job is remote' };
    return { points: 12, warning: `The job is remote; ${v.pronoun} prefer working on-site` };
  }
  if (!own) return { points: 10 };
  const jobParts = placeParts(jobPlace);
  const ownParts = profile.placeParts;
  const sameCity = jobParts.length > 0 && jobParts[0] === ownParts[0];
  if (sameCity) {
    if (preference === 'remote') return { points: 14, reason: `The job is in ${jobPlace}, where ${v.pronoun} are`, warning: `The job is on-site in ${jobPlace}; ${v.pronoun} prefer remote work` };
    return { points: 20, reason: `The job is in ${jobPlace}, where ${v.pronoun} are` };
  }
  const jobRegions = new Set(jobParts.slice(1));
  const sameRegion =
    ownParts.slice(1).some((part) => jobRegions.has(part)) || (placeFlags(jobPlace).isUS && profile.inUS);
  const warning = `The job is on-site in ${jobPlace}; ${v.pronoun} are in ${own}`;
  return sameRegion ? { points: 10, warning } : { points: 0, warning };
}

function typePart(years: number | null, job: MatchJob, v: MatchVoice): Part {
  const type = job.type.toLowerCase();
  if (type.includes('intern')) {
    return years !== null && years > 2
      ? { points: 3, warning: `This is an internship; ${v.pronoun} have ${yearsText(years)} of experience` }
      : { points: 10 };
  }
  return { points: type.includes('full') ? 10 : 8 };
}

/** What scoring needs of a profile, worked out once for all the jobs it is scored against. */
interface ProfileFacts {
  skillKeys: ReadonlySet<string>;
  /** The profile's own skills as whole words of a job's text (for jobs that list none). */
  textPatterns: ReadonlyArray<readonly [Skill, RegExp]>;
  years: number | null;
  location: string;
  placeParts: readonly string[];
  inUS: boolean;
  workPreference: MatchProfile['workPreference'];
}

function profileFacts(profile: MatchProfile): ProfileFacts {
  const own = distinctSkills(profile.skills);
  const location = profile.location.trim();
  return {
    skillKeys: new Set(own.map((skill) => skill.key)),
    textPatterns: own.filter((skill) => !NOT_IN_TEXT.has(skill.key)).map((skill) => [skill, wordPattern(skill.key)] as const),
    years: experienceYears(profile.experience),
    location,
    placeParts: placeParts(location),
    inUS: location !== '' && placeFlags(location).isUS,
    workPreference: profile.workPreference,
  };
}

/** How well a job fits a candidate's profile: 0–100, with up to 3 reasons and 2 warnings, told to the candidate unless another voice is given. */
export function matchJob(profile: MatchProfile, job: MatchJob, voice: MatchVoice = CANDIDATE_VOICE): MatchResult {
  return matchWith(profileFacts(profile), job, voice);
}

/**
 * The same match told to the company that posted the job, about one candidate (issue 24): the
 * score is `matchJob`'s, the reasons and warnings the same facts in the third person.
 */
export function matchCandidate(profile: MatchProfile, job: MatchJob): MatchResult {
  return matchJob(profile, job, COMPANY_VOICE);
}

/**
 * `matchJob` for one profile and many jobs: the profile's part of the work is done once. Gives
 * exactly what `matchJob(profile, job)` gives for each job.
 */
export function matcherFor(profile: MatchProfile): (job: MatchJob) => MatchResult {
  const facts = profileFacts(profile);
  return (job) => matchWith(facts, job, CANDIDATE_VOICE);
}

function matchWith(profile: ProfileFacts, job: MatchJob, voice: MatchVoice): MatchResult {
  const years = profile.years;
  const skills = skillsPart(profile, job, voice);
  const seniority = seniorityPart(years, job, voice);
  const location = locationPart(profile, job, voice);
  const type = typePart(years, job, voice);
  const parts = [skills, seniority, location, type];
  const score = Math.max(0, Math.min(100, Math.round(parts.reduce((sum, part) => sum + part.points, 0))));
  return {
    score,
    reasons: parts.flatMap((part) => (part.reason ? [`${part.reason}.`] : [])).slice(0, MAX_MATCH_REASONS),
    warnings: parts.flatMap((part) => (part.warning ? [`${part.warning}.`] : [])).slice(0, MAX_MATCH_WARNINGS),
    version: MATCH_SCORE_VERSION,
  };
}

/** A job with its match filled in by a `matcherFor` a profile. */
export function withMatch<J extends Job>(match: (job: MatchJob) => MatchResult, job: J): J {
  const result = match(job);
  return { ...job, matchScore: result.score, matchReasons: result.reasons, warnings: result.warnings };
}
