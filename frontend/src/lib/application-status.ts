import type { ApplicationStatus } from '@hireloop/contracts';

/** What each status of an application's timeline reads as (issue 13), for the candidate and the company. */
export const APPLICATION_STATUS_TEXT: Record<ApplicationStatus, string> = {
  applied: 'Applied',
  viewed: 'Viewed by the company',
  interview: 'Invited to interview',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  no_response: 'No response',
};

/** Statuses after which nothing moves an application any more. */
export const FINAL_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['declined', 'withdrawn'];

/** A date as people read it ("March 1, 2026"); '' when it is not a date. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
