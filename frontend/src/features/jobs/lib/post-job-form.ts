import { EXPERIENCE_LEVELS, JOB_TYPES, type PostJobBody } from '@hireloop/contracts';

export type JobType = (typeof JOB_TYPES)[number];
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

/** What the post-a-job form holds: text as typed. */
export interface PostJobForm {
  title: string;
  company: string;
  location: string;
  salary: string;
  type: JobType;
  remote: boolean;
  description: string;
  /** One requirement per line. */
  requirements: string;
  /** Comma-separated. */
  skills: string;
  experience: ExperienceLevel;
  benefits: string;
}

export const emptyPostJobForm = (company = ''): PostJobForm => ({
  title: '',
  company,
  location: '',
  salary: '',
  type: 'Full-time',
  remote: false,
  description: '',
  requirements: '',
  skills: '',
  experience: 'Entry level',
  benefits: '',
});

export const isJobType = (value: string): value is JobType => JOB_TYPES.some((type) => type === value);
export const isExperienceLevel = (value: string): value is ExperienceLevel =>
  EXPERIENCE_LEVELS.some((level) => level === value);

const orNull = (text: string): string | null => (text.trim() ? text.trim() : null);

/**
 * Part 2, §5: title, location and description are required; an empty salary or benefits becomes
 * null; requirements are split by line with blank lines dropped; skills are split by comma,
 * trimmed, empties dropped. Null when a required field is missing.
 */
export function toPostJobBody(form: PostJobForm): PostJobBody | null {
  const title = form.title.trim();
  const location = form.location.trim();
  const description = form.description.trim();
  if (!title || !location || !description) return null;
  return {
    title,
    company: orNull(form.company),
    location,
    salary: orNull(form.salary),
    type: form.type,
    remote: form.remote,
    description,
    requirements: form.requirements
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    skills: form.skills
      .split(',')
      .map((skill) => skill.trim())
      .filter(Boolean),
    experience: form.experience,
    benefits: orNull(form.benefits),
  };
}
