import type { JobHistoryChange } from '@hireloop/contracts';
import { jobTermChange } from '../lib/job-terms';

/** One changed term of a job as a list item: "Salary: ~~$120,000~~ → $135,000" (ADR 079). */
export function JobTermChangeItem({ change }: { change: JobHistoryChange }) {
  const { label, from, to } = jobTermChange(change);
  return (
    <li>
      {label}: <del>{from}</del> → <ins className="text-foreground no-underline">{to}</ins>
    </li>
  );
}
