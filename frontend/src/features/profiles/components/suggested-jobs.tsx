import type { CandidateProfile, User } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { MatchScoreBadge } from '../../../components/match-score-badge';
import { useSuggestedJobs } from '../api/get-suggested-jobs';
import { suggestedJobsTerm } from '../lib/suggested-jobs';
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states';

/** Spec part 1, §2: up to 3 match reasons and up to 2 warnings per job. */
const REASONS_SHOWN = 3;
const WARNINGS_SHOWN = 2;

/**
 * View Suggested Jobs (spec part 2, Dashboard): the candidate's best-matching open jobs from
 * `GET /api/jobs/suggested`, highest score first, each with its score and why; then a search of
 * the board for their title, for more.
 */
export function SuggestedJobsList({ user, profile, id }: { user: User; profile: Pick<CandidateProfile, 'title' | 'skills'>; id?: string }) {
  const query = useSuggestedJobs(user.id);
  const jobs = query.data?.jobs;
  return (
    <section id={id} aria-label="Suggested jobs" className="grid gap-3">
      {query.isPending ? (
        <LoadingLines label="Loading suggested jobs" />
      ) : query.isError ? (
        <LoadFailed what="your suggested jobs" onRetry={() => void query.refetch()} />
      ) : jobs && jobs.length > 0 ? (
        <ol aria-label="Your best matches" className="grid divide-y">
          {jobs.map((job) => (
            <li key={job.id} className="grid gap-1 py-2 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center gap-2">
                <Link to="/job/$jobId" params={{ jobId: job.id }} className="font-medium text-primary underline-offset-4 hover:underline">
                  {job.title}
                </Link>
                <MatchScoreBadge score={job.matchScore} />
              </div>
              <p className="text-sm text-muted-foreground">{[job.company, job.location].filter(Boolean).join(' · ')}</p>
              {job.matchReasons.length > 0 ? (
                <ul className="grid gap-0.5 text-sm" aria-label={`Why ${job.title} matches`}>
                  {job.matchReasons.slice(0, REASONS_SHOWN).map((reason) => (
                    <li key={reason} className="flex items-start gap-1.5 text-green-800">
                      <CircleCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      {reason}
                    </li>
                  ))}
                </ul>
              ) : null}
              {job.warnings.length > 0 ? (
                <ul className="grid gap-0.5 text-sm" aria-label={`Warnings about ${job.title}`}>
                  {job.warnings.slice(0, WARNINGS_SHOWN).map((warning) => (
                    <li key={warning} className="flex items-start gap-1.5 text-yellow-900">
                      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      {warning}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">No open jobs to suggest yet. New jobs that fit your profile will show up here.</p>
      )}
      <p className="text-sm">
        <Link
          to="/jobs"
          search={{ search: suggestedJobsTerm(profile), location: '', type: '', status: 'open', page: 1 }}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Search the job board for more
        </Link>
      </p>
    </section>
  );
}
