import type { Job } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import {
  BriefcaseIcon,
  Building2Icon,
  CircleCheckIcon,
  ClockIcon,
  DollarSignIcon,
  EyeIcon,
  GlobeIcon,
  MapPinIcon,
  Share2Icon,
  TriangleAlertIcon,
} from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { firstItems, formatRelativeAge, formatSalary, sourceLabel, visibleSkills } from '../lib/format-job';
import type { JobViewer } from '../lib/viewer';
import { ApplyButton } from './apply-button';
import { MatchScoreBadge } from '../../../components/match-score-badge';

/** Spec part 1, §2: up to 3 match reasons and up to 2 warnings on a card. */
const MATCH_REASONS_SHOWN = 3;
const WARNINGS_SHOWN = 2;

/** What a card's buttons open. */
export type JobCardAction = 'details' | 'share';

interface JobCardProps {
  job: Job;
  /** One clock for every card of a page. */
  now: Date;
  viewer: JobViewer | null;
  viewerLoading?: boolean;
  onViewDetails: (job: Job) => void;
  onShare: (job: Job) => void;
  /** The pointer or focus reached View Details or Share: a good moment to fetch the dialog's code. */
  onActionIntent?: (action: JobCardAction) => void;
}

/**
 * One job on the board (spec part 1, §2: job card): title (a link to its page), company, location,
 * salary, type, up to 6 skills then "+N more", match reasons and warnings, match score, relative
 * age and source; actions View Details, Share and Apply.
 */
export function JobCard({ job, now, viewer, viewerLoading, onViewDetails, onShare, onActionIntent }: JobCardProps) {
  const { shown, more } = visibleSkills(job.skills);
  const reasons = firstItems(job.matchReasons, MATCH_REASONS_SHOWN);
  const warnings = firstItems(job.warnings, WARNINGS_SHOWN);
  const headingId = `job-${job.id}-title`;
  return (
    <Card aria-labelledby={headingId} role="article" className="transition-shadow hover:shadow-md">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="text-lg leading-snug font-semibold">
            <Link
              to="/job/$jobId"
              params={{ jobId: job.id }}
              className="rounded-sm outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {job.title}
            </Link>
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <MatchScoreBadge score={job.matchScore} />
            {job.isActive ? null : <Badge variant="destructive">Closed</Badge>}
            {job.remote ? (
              <Badge variant="success">
                <GlobeIcon aria-hidden="true" />
                Remote
              </Badge>
            ) : null}
            <Badge variant="secondary">{job.type}</Badge>
          </div>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <Building2Icon className="size-4" aria-hidden="true" />
            {job.company}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MapPinIcon className="size-4" aria-hidden="true" />
            {job.location}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <DollarSignIcon className="size-4" aria-hidden="true" />
            {formatSalary(job.salary)}
          </span>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {shown.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Skills">
            {shown.map((skill) => (
              <li key={skill}>
                <Badge variant="outline">{skill}</Badge>
              </li>
            ))}
            {more > 0 ? (
              <li>
                <Badge variant="outline" className="text-muted-foreground">
                  +{more} more
                </Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
        {reasons.length > 0 ? (
          <ul className="grid gap-1 text-sm" aria-label="Why this job matches">
            {reasons.map((reason, index) => (
              <li key={index} className="flex items-start gap-1.5 text-green-800">
                <CircleCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {reason}
              </li>
            ))}
          </ul>
        ) : null}
        {warnings.length > 0 ? (
          <ul className="grid gap-1 text-sm" aria-label="Warnings">
            {warnings.map((warning, index) => (
              <li key={index} className="flex items-start gap-1.5 text-yellow-900">
                <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {warning}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-3">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <ClockIcon className="size-3.5" aria-hidden="true" />
              <time dateTime={job.createdAt}>{formatRelativeAge(job.createdAt, now)}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <BriefcaseIcon className="size-3.5" aria-hidden="true" />
              {sourceLabel(job)}
            </span>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => onViewDetails(job)}
              onPointerEnter={() => onActionIntent?.('details')}
              onFocus={() => onActionIntent?.('details')}
              aria-haspopup="dialog"
            >
              <EyeIcon aria-hidden="true" />
              View Details
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onShare(job)}
              onPointerEnter={() => onActionIntent?.('share')}
              onFocus={() => onActionIntent?.('share')}
              aria-haspopup="dialog"
            >
              <Share2Icon aria-hidden="true" />
              Share
            </Button>
            <ApplyButton job={job} viewer={viewer} viewerLoading={viewerLoading} size="sm" />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
