/**
 * The jobs' plain values, kept apart from their schemas: this module imports no zod, so the
 * browser's first page can use them without loading a schema library (ADR 014). `./api`
 * re-exports them.
 */

export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Freelance', 'Internship'] as const;
export const ADMIN_JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship'] as const;
export const EXPERIENCE_LEVELS = ['Entry level', 'Mid level', 'Senior level', 'Executive level'] as const;
/**
 * Where a job comes from. The spec's five, plus the public feeds the importer reads
 * (labelled with the feed's name, see docs/decisions).
 */
export const JOB_SOURCES = ['indeed', 'ziprecruiter', 'bairdtech', 'internal', 'google_search', 'remoteok', 'himalayas', 'rss'] as const;

/** The board's status filter (`GET /api/jobs?status=`): open jobs by default. */
export const JOB_STATUSES = ['open', 'all', 'closed'] as const;
export const JOB_PAGE_SIZE = 10;
export const JOB_MAX_PAGE_SIZE = 100;
/** The longest search or location text `GET /api/jobs` (and the board's address) accepts. */
export const JOB_SEARCH_TEXT_MAX_LENGTH = 200;
/** The highest page `GET /api/jobs?page=` (and the board's address) accepts. */
export const JOB_MAX_PAGE = 100_000;

export const JOB_MESSAGES = {
  notFound: 'Job not found',
  closed: 'This position is closed and no longer accepts applications.',
  external: 'This job is hosted on another site: apply there through its link.',
  alreadyApplied: 'You have already applied to this job.',
  candidatesOnly: 'Only candidates can apply to jobs. Sign in with a candidate account.',
  importedNotEditable: 'This job was imported from another site: it is edited there, not on Hireloop.',
} as const;
