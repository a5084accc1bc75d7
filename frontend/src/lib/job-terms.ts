import type { JobHistoryChange, JobHistoryField } from '@hireloop/contracts';

/** A salary as typed, with `120k` written out (spec part 1, §2); none: 'Competitive salary'. */
export function formatSalary(salary: string | null | undefined): string {
  const text = salary?.trim();
  if (!text) return 'Competitive salary';
  return text.replace(/(\d)\s?k\b/gi, '$1,000');
}

const FIELD_LABELS: Record<JobHistoryField, string> = { title: 'Title', salary: 'Salary', location: 'Location', type: 'Type', remote: 'Remote' };

/** One term's value as a change tells it (ADR 079). */
function termText(field: JobHistoryField, value: JobHistoryChange['from']): string {
  if (field === 'remote') return value ? 'yes' : 'no';
  if (typeof value !== 'string' || value.trim() === '') return 'not given';
  return field === 'salary' ? formatSalary(value) : value;
}

/** A change of a job's terms in words: its label, and the value before and after. */
export const jobTermChange = (change: JobHistoryChange) => ({
  label: FIELD_LABELS[change.field],
  from: termText(change.field, change.from),
  to: termText(change.field, change.to),
});
