import type { Job } from '@hireloop/contracts';

/** Spec part 1, §2: the email draft carries the first 200 characters of the description. */
export const EMAIL_EXCERPT_LENGTH = 200;

/** The public link of a job: `/share/job/{shareToken}` on this site. */
export function jobShareUrl(origin: string, shareToken: string): string {
  return `${origin.replace(/\/+$/, '')}/share/job/${encodeURIComponent(shareToken)}`;
}

export function linkedInShareUrl(url: string): string {
  return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`;
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

export function xShareUrl(url: string, text: string): string {
  return `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`;
}

/** The first {@link EMAIL_EXCERPT_LENGTH} characters of the description, with "..." when cut. */
export function descriptionExcerpt(description: string, length = EMAIL_EXCERPT_LENGTH): string {
  const text = description.trim();
  // Whole characters: an emoji is never split in half.
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  return `${characters.slice(0, length).join('').trimEnd()}...`;
}

export function shareText(job: Pick<Job, 'title' | 'company'>): string {
  return `${job.title} at ${job.company}`;
}

export function emailSubject(job: Pick<Job, 'title' | 'company'>): string {
  return `Job opportunity: ${shareText(job)}`;
}

export function emailBody(job: Pick<Job, 'title' | 'company' | 'description'>, url: string): string {
  return `I thought you might be interested in this job: ${shareText(job)}\n\n${descriptionExcerpt(job.description)}\n\n${url}`;
}

/** A `mailto:` draft with the subject and body filled in. */
export function emailShareUrl(job: Pick<Job, 'title' | 'company' | 'description'>, url: string): string {
  return `mailto:?subject=${encodeURIComponent(emailSubject(job))}&body=${encodeURIComponent(emailBody(job, url))}`;
}
