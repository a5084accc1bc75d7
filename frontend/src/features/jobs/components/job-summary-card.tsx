import type { Job } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { MapPinIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { descriptionParagraphs, formatSalary, visibleSkills } from '../lib/format-job';

/** A job in short (the invitation page's job card): the facts, the first paragraph, the skills and a link to the job. */
export function JobSummaryCard({ job }: { job: Job }) {
  const { shown, more } = visibleSkills(job.skills);
  const [summary] = descriptionParagraphs(job.description);
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle className="text-xl">{job.title}</CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{job.company}</span>
          <span className="flex items-center gap-1">
            <MapPinIcon className="size-4" aria-hidden="true" />
            {job.location}
          </span>
          {job.remote ? <Badge variant="secondary">Remote</Badge> : null}
          <span>{job.type}</span>
          <span>{formatSalary(job.salary)}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {summary ? <p className="text-sm text-muted-foreground">{summary}</p> : null}
        {shown.length > 0 ? (
          <ul aria-label="Skills" className="flex flex-wrap gap-1.5">
            {shown.map((skill) => (
              <li key={skill}>
                <Badge variant="outline">{skill}</Badge>
              </li>
            ))}
            {more > 0 ? <li className="text-xs text-muted-foreground">+{more} more</li> : null}
          </ul>
        ) : null}
        <Button variant="outline" size="sm" className="justify-self-start" asChild>
          <Link to="/job/$jobId" params={{ jobId: job.id }}>
            View Job Details
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
