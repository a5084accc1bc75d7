import type { Job } from '@hireloop/contracts';
import { pageTitle } from '../../../lib/page-title';
import { PRODUCT_NAME } from '../../../lib/product';

/** Spec part 1, §3: "k" after a number becomes ",000"; no salary reads "Competitive salary". */
/** Spec part 1, §3: "k" after a number becomes ",000"; no salary reads "Competitive salary". */
export function formatSalary(salary: string | null | undefined): string {
  const text = salary?.trim();
  if (!text) return 'Competitive salary';
  return text.replace(/(\d)\s?k\b/gi, '$1,000');
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** Spec part 1, §9: "Just now" under 60 s, then minutes, hours, days, weeks. */
export function formatRelativeAge(createdAt: string, now: Date = new Date()): string {
  const created = new Date(createdAt).getTime();
  if (Number.isNaN(created)) return '';
  const seconds = Math.floor((now.getTime() - created) / 1000);
  if (seconds < MINUTE) return 'Just now';
  if (seconds < HOUR) return ago(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), 'hour');
  if (seconds < WEEK) return ago(Math.floor(seconds / DAY), 'day');
  return ago(Math.floor(seconds / WEEK), 'week');
}

/** Spec part 1, §9: where a job comes from, in words. */
export function sourceLabel(job: Pick<Job, 'source' | 'company'>): string {
  switch (job.source) {
    case 'indeed':
      return 'Indeed';
    case 'ziprecruiter':
      return 'ZipRecruiter';
    case 'bairdtech':
    case 'internal':
      return PRODUCT_NAME;
    case 'google_search':
      return job.company;
    case 'remoteok':
      return 'Remote OK';
    case 'himalayas':
      return 'Himalayas';
    case 'rss':
      return 'Job feed';
    default: {
      const unknown: never = job.source;
      return String(unknown);
    }
  }
}

/** Skills shown on a card (spec part 1, §2): the first six, then how many more. */
export function visibleSkills(skills: readonly string[], limit = 6): { shown: string[]; more: number } {
  return { shown: skills.slice(0, limit), more: Math.max(0, skills.length - limit) };
}

/** At most `limit` items of a list (match reasons: 3, warnings: 2; spec part 1, §2). */
export function firstItems<T>(items: readonly T[], limit: number): T[] {
  return items.slice(0, Math.max(0, limit));
}

export { MATCH_SCORE_CLASSES, matchScoreTone, type MatchScoreTone } from '../../../lib/match-score';

/** A plain-text description as paragraphs: blank lines separate them, single newlines stay. */
export function descriptionParagraphs(description: string): string[] {
  return description
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** A date as people read it ("March 1, 2026"); '' when it is not a date. */
export function formatDate(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });
}

/** An external job's address, only when it is a web address (never `javascript:` and the like). */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Whether a job is applied to on another site (spec part 1, §2: leave-site confirmation first). */
export function isExternalJob(job: Pick<Job, 'externalUrl'>): boolean {
  return safeExternalUrl(job.externalUrl) !== null;
}

/** The page title of a job's detail page. */
export function jobDocumentTitle(job: Pick<Job, 'title' | 'company'>): string {
  return pageTitle(`${job.title} at ${job.company}`);
}
