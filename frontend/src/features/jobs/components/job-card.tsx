import type { Job } from '@hireloop/contracts';
import { BriefcaseIcon, Building2Icon, ClockIcon, DollarSignIcon, GlobeIcon, MapPinIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { formatRelativeAge, formatSalary, sourceLabel, visibleSkills } from '../lib/format-job';

/** One job on the board (spec part 1, §2: job card). */
export function JobCard({ job, now }: { job: Job; now: Date }) {
  const { shown, more } = visibleSkills(job.skills);
  const headingId = `job-${job.id}-title`;
  return (
    <Card aria-labelledby={headingId} role="article" className="transition-shadow hover:shadow-md">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="text-lg leading-snug font-semibold">
            {job.title}
          </h3>
          <div className="flex flex-wrap gap-1.5">
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
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <ClockIcon className="size-3.5" aria-hidden="true" />
            <time dateTime={job.createdAt}>{formatRelativeAge(job.createdAt, now)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <BriefcaseIcon className="size-3.5" aria-hidden="true" />
            {sourceLabel(job)}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}
