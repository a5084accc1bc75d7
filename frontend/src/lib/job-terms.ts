import type { JobHistoryChange, JobHistoryField } from '@hireloop/contracts';

/**
 * Spec part 1, §3's "k" written out, as `formatSalary` does. Not imported from the board's code:
 * a module the board's first load shares with the dashboard becomes a chunk of its own, which
 * cost /jobs 274 B over its budget (ADR 068).
 */
const writtenOutThousands = (text: string): string => text.replace(/(\d)\s?k\b/gi, '$1,000');

const FIELD_LABELS: Record<JobHistoryField, string> = { title: 'Title', salary: 'Salary', location: 'Location', type: 'Type', remote: 'Remote' };

/** One term's value as a change tells it (ADR 079). */
function termText(field: JobHistoryField, value: JobHistoryChange['from']): string {
  if (field === 'remote') return value ? 'yes' : 'no';
  if (typeof value !== 'string' || value.trim() === '') return 'not given';
  return field === 'salary' ? writtenOutThousands(value.trim()) : value;
}

/** A change of a job's terms in words: its label, and the value before and after. */
export const jobTermChange = (change: JobHistoryChange) => ({
  label: FIELD_LABELS[change.field],
  from: termText(change.field, change.from),
  to: termText(change.field, change.to),
});
