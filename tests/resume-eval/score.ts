import type { ExtractedResume } from '@hireloop/contracts';

/*
 * How `npm run eval:resumes` scores one extracted resume against its ground truth
 * (`shared/data/resumes/devset/README.md`, "How the ground truth was decided"). Pure functions,
 * tested in score.unit.test.ts, so the score itself can be trusted.
 *
 * - A string field is right when the answer equals the expected text after normalisation:
 *   Unicode NFKC, case, runs of spaces and punctuation become one space (so "Yahoo!" = "Yahoo",
 *   "Bremen , Germany" = "Bremen, Germany"); phones compare by their digits only.
 * - A list is a set of alternatives: any one is right. `null` in a list means an empty answer is
 *   right too. A bare `null` means the file does not state the field: only an empty answer is right.
 * - Counts: the number of entries, one of the listed numbers.
 * - Skills: the share of listed skills found among the answer's skills (technical and soft),
 *   compared with the same normalisation but keeping the characters that make a skill a
 *   different skill ("C++", "C#", ".NET"). An empty expected list (template placeholders) scores
 *   1 only when the answer has no skills at all, 0 otherwise: inventing skills is a miss.
 */

export const FIELDS = [
  'name',
  'email',
  'phone',
  'location',
  'title',
  'company',
  'experienceCount',
  'educationCount',
  'skills',
] as const;
export type Field = (typeof FIELDS)[number];

type TextTruth = string | null | readonly (string | null)[];
type CountTruth = number | readonly number[];

export interface GroundTruth {
  readonly name: TextTruth;
  readonly email: TextTruth;
  readonly phone: TextTruth;
  readonly location: TextTruth;
  readonly title: TextTruth;
  readonly company: TextTruth;
  readonly experienceCount: CountTruth;
  readonly educationCount: CountTruth;
  readonly skills: readonly string[];
}

/** The answer in the ground truth's terms. */
export interface Answer {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly location: string;
  readonly title: string;
  readonly company: string;
  readonly experienceCount: number;
  readonly educationCount: number;
  readonly skills: readonly string[];
}

/** Title and company are those of the first job listed: adapters list jobs newest first. */
export const answerOf = (resume: ExtractedResume): Answer => ({
  name: resume.personalInfo.name,
  email: resume.personalInfo.email,
  phone: resume.personalInfo.phone,
  location: resume.personalInfo.location,
  title: resume.experience[0]?.title ?? '',
  company: resume.experience[0]?.company ?? '',
  experienceCount: resume.experience.length,
  educationCount: resume.education.length,
  skills: [...resume.skills.technical, ...resume.skills.soft],
});

export const normaliseText = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\s]+/gu, ' ')
    .trim();

export const normaliseSkill = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:()[\]•·|-]+|[\s,;:()[\]•·|.-]+$/g, '')
    .trim();

const digits = (text: string): string => text.replace(/\D/g, '');

const alternatives = (truth: TextTruth): readonly (string | null)[] =>
  truth === null || typeof truth === 'string' ? [truth] : truth;

/** 1 when the answer is one of the accepted ones, else 0. */
export const scoreText = (truth: TextTruth, answer: string, kind: 'text' | 'phone' = 'text'): number => {
  const norm = kind === 'phone' ? digits : normaliseText;
  const got = norm(answer);
  return alternatives(truth).some((expected) =>
    expected === null ? got === '' : got !== '' && norm(expected) === got,
  )
    ? 1
    : 0;
};

export const scoreCount = (truth: CountTruth, answer: number): number =>
  (typeof truth === 'number' ? [truth] : truth).includes(answer) ? 1 : 0;

export const scoreSkills = (truth: readonly string[], answer: readonly string[]): number => {
  const got = new Set(answer.map(normaliseSkill).filter((skill) => skill !== ''));
  if (truth.length === 0) return got.size === 0 ? 1 : 0;
  const found = truth.filter((skill) => got.has(normaliseSkill(skill))).length;
  return found / truth.length;
};

export type FieldScores = Record<Field, number>;

export const scoreAnswer = (truth: GroundTruth, answer: Answer): FieldScores => ({
  name: scoreText(truth.name, answer.name),
  email: scoreText(truth.email, answer.email),
  phone: scoreText(truth.phone, answer.phone, 'phone'),
  location: scoreText(truth.location, answer.location),
  title: scoreText(truth.title, answer.title),
  company: scoreText(truth.company, answer.company),
  experienceCount: scoreCount(truth.experienceCount, answer.experienceCount),
  educationCount: scoreCount(truth.educationCount, answer.educationCount),
  skills: scoreSkills(truth.skills, answer.skills),
});

/** A file the reader could not read scores nothing on any field. */
export const MISSED: FieldScores = Object.fromEntries(FIELDS.map((field) => [field, 0])) as FieldScores;

export interface Totals {
  readonly files: number;
  readonly byField: FieldScores;
  /** Points over files × fields, 0..1. */
  readonly overall: number;
}

export const totalsOf = (scores: readonly FieldScores[]): Totals => {
  const byField = Object.fromEntries(
    FIELDS.map((field) => [field, scores.reduce((sum, score) => sum + score[field], 0)]),
  ) as FieldScores;
  const points = FIELDS.reduce((sum, field) => sum + byField[field], 0);
  return {
    files: scores.length,
    byField,
    overall: scores.length === 0 ? 0 : points / (scores.length * FIELDS.length),
  };
};

const percent = (part: number, whole: number): string =>
  whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`;

const count = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/** The per-field table as markdown. */
export const formatTable = (totals: Totals, label: string): string =>
  [
    `| ${label} | right of ${totals.files} | % |`,
    '|---|---|---|',
    ...FIELDS.map(
      (field) => `| ${field} | ${count(totals.byField[field])} | ${percent(totals.byField[field], totals.files)} |`,
    ),
    `| **overall** | | **${percent(totals.overall, 1)}** |`,
  ].join('\n');
