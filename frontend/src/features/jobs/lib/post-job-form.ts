import {
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  MESSAGES,
  type Job,
  type PostJobBody,
  type PostJobCommandData,
} from '@hireloop/contracts';

export type JobType = PostJobCommandData['type'];
export type ExperienceLevel = PostJobCommandData['experience'];

/**
 * What the post-a-job form holds: the contract's body with its text as typed (requirements one per
 * line, skills comma-separated) and its choices as chosen. The contract's `PostJobBody` is the
 * form's resolver: it trims, splits, turns empty optional text into null and says what is missing
 * (part 2, §5), so the form sends exactly what the server will accept.
 */
export type PostJobFormValues = Omit<{ [K in keyof PostJobBody]-?: string }, 'type' | 'remote' | 'experience'> &
  Pick<PostJobCommandData, 'type' | 'remote' | 'experience'>;

/** The form's fields in the order they are shown (the first invalid one gets the focus). */
export const POST_JOB_FIELDS = [
  'title',
  'company',
  'location',
  'salary',
  'type',
  'experience',
  'remote',
  'description',
  'requirements',
  'skills',
  'benefits',
] as const satisfies readonly (keyof PostJobFormValues)[];

export const emptyPostJobForm = (company = ''): PostJobFormValues => ({
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

/** A posted job as the form shows it for editing (lists back as lines and comma-separated text). */
export const jobToPostJobForm = (job: Job): PostJobFormValues => ({
  title: job.title,
  company: job.company,
  location: job.location,
  salary: job.salary ?? '',
  type: isJobType(job.type) ? job.type : 'Full-time',
  remote: job.remote,
  description: job.description,
  requirements: job.requirements.join('\n'),
  skills: job.skills.join(', '),
  experience: isExperienceLevel(job.experience) ? job.experience : 'Entry level',
  benefits: job.benefits ?? '',
});

export const isJobType = (value: string): value is JobType => JOB_TYPES.some((type) => type === value);
export const isExperienceLevel = (value: string): value is ExperienceLevel =>
  EXPERIENCE_LEVELS.some((level) => level === value);

/** Whether the form was refused for the spec's "Missing Required Fields" (title, location, description). */
export const isMissingRequiredField = (messages: readonly (string | undefined)[]): boolean =>
  messages.includes(MESSAGES.jobRequiredFields);
