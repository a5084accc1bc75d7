import type { Job } from '@hireloop/contracts';
import { CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { MatchScoreBadge } from '../../../components/match-score-badge';
import { Label } from '../../../components/ui/label';
import { selectTriggerClassName } from '../../../components/ui/select-trigger';
import { useCandidateMatch } from '../api/get-candidate-matches';

/** The picker's value for "no job chosen" (a Select item cannot have an empty value). */
export const NO_MATCH_JOB = 'none';
export const MATCH_PICKER_LABEL = 'Match candidates to';

/**
 * Which of the company's open jobs the cards are scored against (issue 24); "No job" shows no
 * scores. Nothing while the company has no open job.
 */
export function MatchJobPicker({ jobs, jobId, onJobChange }: { jobs: readonly Pick<Job, 'id' | 'title'>[]; jobId: string | null; onJobChange: (jobId: string | null) => void }) {
  const id = useId();
  if (jobs.length === 0) return null;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{MATCH_PICKER_LABEL}</Label>
      {/* A native select: one tap on a phone, and it needs none of the Radix Select's chunk. */}
      <select id={id} className={selectTriggerClassName} value={jobId ?? NO_MATCH_JOB} onChange={(event) => onJobChange(event.target.value === NO_MATCH_JOB ? null : event.target.value)}>
        <option value={NO_MATCH_JOB}>No job (no match scores)</option>
        {jobs.map((job) => (
          <option key={job.id} value={job.id}>
            {job.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A card's match against the chosen job: the score, coloured by the spec's bands, with the reasons
 * and warnings the candidate side gives, told about the candidate (ADR 027, issue 24).
 */
export function CandidateMatchDetails({ jobId, jobTitle, candidateId }: { jobId: string | null; jobTitle: string; candidateId: string }) {
  const match = useCandidateMatch(jobId, candidateId);
  if (jobId === null) return null;
  if (match.isPending) return <p className="text-xs text-muted-foreground">Scoring against {jobTitle}…</p>;
  if (match.isError) return <p className="text-xs text-muted-foreground">Could not score this candidate against {jobTitle}.</p>;
  if (!match.data) return null;
  const { score, reasons, warnings } = match.data;
  return (
    <section aria-label={`Match for ${jobTitle}`} className="grid gap-1.5">
      <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <MatchScoreBadge score={score} />
        <span>for {jobTitle}</span>
      </div>
      {reasons.length > 0 ? (
        <ul className="grid gap-1 text-xs" aria-label="Why this candidate matches">
          {reasons.map((reason) => (
            <li key={reason} className="flex items-start gap-1.5 text-green-800">
              <CircleCheckIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              {reason}
            </li>
          ))}
        </ul>
      ) : null}
      {warnings.length > 0 ? (
        <ul className="grid gap-1 text-xs" aria-label="Match warnings">
          {warnings.map((warning) => (
            <li key={warning} className="flex items-start gap-1.5 text-yellow-900">
              <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              {warning}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
