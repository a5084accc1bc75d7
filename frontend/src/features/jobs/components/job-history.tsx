import type { JobHistoryEntry } from '@hireloop/contracts';
import { Card, CardContent } from '../../../components/ui/card';
import { JobTermChangeItem } from '../../../components/job-term-change';
import { useJobHistory } from '../api/get-job-history';

const day = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
};

function entryTitle(entry: JobHistoryEntry): string {
  switch (entry.kind) {
    case 'posted':
      return 'Posted';
    case 'closed':
      return 'Closed';
    case 'reopened':
      return 'Reopened';
    case 'changed':
      return entry.changes.length ? 'Changed' : 'Details updated';
  }
}

/**
 * "History" on a job page (issue 27, ADR 079): when the job was posted, each change of its
 * title, salary, location or type, and when it closed or reopened. Nothing while it loads, when it
 * cannot be read, or when there is nothing but the posting to tell.
 */
export function JobHistoryCard({ jobId }: { jobId: string }) {
  const history = useJobHistory(jobId);
  const entries = history.data?.entries ?? [];
  if (entries.length < 2) return null;
  return (
    <Card>
      <CardContent className="pt-5">
        <section className="grid gap-3" aria-labelledby="job-history">
          <h2 id="job-history" className="text-lg font-semibold">
            History
          </h2>
          <ol className="grid gap-2 text-sm">
            {entries.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="grid gap-0.5">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{entryTitle(entry)}</span>
                  <time className="text-muted-foreground" dateTime={entry.at}>
                    {day(entry.at)}
                  </time>
                </div>
                {entry.changes.length ? (
                  <ul className="grid gap-0.5 text-muted-foreground">
                    {entry.changes.map((change) => (
                      <JobTermChangeItem key={change.field} change={change} />
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      </CardContent>
    </Card>
  );
}
