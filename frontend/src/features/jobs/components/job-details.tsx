import type { Job } from '@hireloop/contracts';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';
import { descriptionParagraphs, formatDate, formatRelativeAge, sourceLabel } from '../lib/format-job';

type HeadingLevel = 'h2' | 'h3';

function Section({ title, as: Heading, children }: { title: string; as: HeadingLevel; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <Heading className="text-base font-semibold">{title}</Heading>
      {children}
    </section>
  );
}

/** Description, requirements and benefits (the body of the job page and the job-details dialog). */
export function JobDescription({ job, headingLevel = 'h2' }: { job: Job; headingLevel?: HeadingLevel }) {
  const paragraphs = descriptionParagraphs(job.description);
  return (
    <div className="grid gap-6">
      <Section title="Job Description" as={headingLevel}>
        <div className="grid gap-3 text-sm leading-relaxed">
          {paragraphs.map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      </Section>
      {job.requirements.length > 0 ? (
        <Section title="Requirements" as={headingLevel}>
          <ul className="grid list-disc gap-1 pl-5 text-sm leading-relaxed">
            {job.requirements.map((requirement, index) => (
              <li key={index}>{requirement}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      {job.benefits ? (
        <Section title="Benefits" as={headingLevel}>
          <p className="text-sm leading-relaxed whitespace-pre-line">{job.benefits}</p>
        </Section>
      ) : null}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/**
 * Experience level, posted date, job type, where it comes from (first and last seen for imported
 * jobs), and the required skills.
 */
export function JobOverview({
  job,
  headingLevel = 'h2',
  now,
  narrow = false,
  className,
}: {
  job: Job;
  headingLevel?: HeadingLevel;
  now?: Date;
  /** Shown in a narrow side column on large screens: one fact per row there. */
  narrow?: boolean;
  className?: string;
}) {
  const imported = job.firstSeenAt !== null || job.lastSeenAt !== null;
  return (
    <div className={cn('grid gap-6', className)}>
      <Section title="Job Overview" as={headingLevel}>
        <dl className={cn('grid gap-3 sm:grid-cols-2', narrow && 'lg:grid-cols-1')}>
          <Fact term="Experience Level">{job.experience || 'Not specified'}</Fact>
          <Fact term="Job Type">{job.type}</Fact>
          <Fact term="Posted">
            <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>{' '}
            <span className="text-muted-foreground">({formatRelativeAge(job.createdAt, now)})</span>
          </Fact>
          <Fact term="Source">{sourceLabel(job)}</Fact>
          {imported && job.firstSeenAt ? (
            <Fact term="First seen">
              <time dateTime={job.firstSeenAt}>{formatDate(job.firstSeenAt)}</time>
            </Fact>
          ) : null}
          {imported && job.lastSeenAt ? (
            <Fact term="Last seen">
              <time dateTime={job.lastSeenAt}>{formatDate(job.lastSeenAt)}</time>
            </Fact>
          ) : null}
          {job.validThrough && formatDate(job.validThrough) ? (
            <Fact term="Apply before">
              <time dateTime={job.validThrough}>{formatDate(job.validThrough)}</time>
            </Fact>
          ) : null}
        </dl>
      </Section>
      {job.skills.length > 0 ? (
        <Section title="Required Skills" as={headingLevel}>
          <ul className="flex flex-wrap gap-1.5" aria-label="Required skills">
            {job.skills.map((skill) => (
              <li key={skill}>
                <Badge variant="outline">{skill}</Badge>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

/** Open or Closed (spec part 1, §4). */
export function JobStatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge variant="success">Open</Badge> : <Badge variant="destructive">Closed</Badge>;
}
