import type { ExtractedResume } from '@hireloop/contracts';
import {
  AwardIcon,
  BriefcaseIcon,
  FileTextIcon,
  FolderGitIcon,
  GraduationCapIcon,
  SparklesIcon,
  UserIcon,
  type LucideIcon,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { NOT_FOUND, resumeSections, type ResumeSectionId } from '../lib/resume-sections';

const SECTION_ICONS: Record<ResumeSectionId, LucideIcon> = {
  personal: UserIcon,
  summary: FileTextIcon,
  experience: BriefcaseIcon,
  skills: SparklesIcon,
  education: GraduationCapIcon,
  certifications: AwardIcon,
  projects: FolderGitIcon,
};

/**
 * An extracted resume, read-only, in the spec's sections (part 2 §2): personal info, summary,
 * work experience, skills, education, then certifications and projects when there are any. Each
 * section is a region named by its heading; empty fields say "Not found".
 */
export function ExtractedResumeView({ resume }: { resume: ExtractedResume }) {
  return (
    <div className="grid gap-4">
      {resumeSections(resume).map((section) => (
        <ResumeSection key={section.id} title={section.title} icon={SECTION_ICONS[section.id]}>
          <SectionBody id={section.id} resume={resume} />
        </ResumeSection>
      ))}
    </div>
  );
}

function ResumeSection({ title, icon: Icon, children }: { title: string; icon: LucideIcon; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border bg-card p-4 sm:p-5">
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        {title}
      </h3>
      {children}
    </section>
  );
}

function SectionBody({ id, resume }: { id: ResumeSectionId; resume: ExtractedResume }) {
  switch (id) {
    case 'personal':
      return <PersonalInfo resume={resume} />;
    case 'summary':
      return <Text value={resume.summary} />;
    case 'experience':
      return resume.experience.length ? (
        <ul className="grid gap-4">
          {resume.experience.map((job, index) => (
            <li key={index} className="grid gap-1 border-l-2 border-primary/30 pl-3">
              <h4 className="font-medium">{job.title || NOT_FOUND}</h4>
              <p className="text-sm text-muted-foreground">
                {[job.company, job.duration].filter(Boolean).join(' · ') || NOT_FOUND}
              </p>
              {job.description ? <p className="text-sm whitespace-pre-line">{job.description}</p> : null}
              <TagList label={`Technologies used at ${job.company || job.title || 'this job'}`} items={job.technologies} />
            </li>
          ))}
        </ul>
      ) : (
        <Empty>No work experience found.</Empty>
      );
    case 'skills':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <SkillGroup title="Technical" items={resume.skills.technical} />
          <SkillGroup title="Soft" items={resume.skills.soft} />
        </div>
      );
    case 'education':
      return resume.education.length ? (
        <ul className="grid gap-3">
          {resume.education.map((entry, index) => (
            <li key={index} className="grid gap-0.5">
              <h4 className="font-medium">{entry.degree || NOT_FOUND}</h4>
              <p className="text-sm text-muted-foreground">{entry.institution || NOT_FOUND}</p>
              <dl className="flex flex-wrap gap-x-4 text-sm">
                <Field label="Year" value={entry.year} inline />
                <Field label="GPA" value={entry.gpa} inline />
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <Empty>No education found.</Empty>
      );
    case 'certifications':
      return (
        <ul className="list-disc pl-5 text-sm">
          {resume.certifications
            .filter((entry) => entry.trim())
            .map((entry, index) => (
              <li key={index}>{entry}</li>
            ))}
        </ul>
      );
    case 'projects':
      return (
        <ul className="grid gap-4">
          {resume.projects.map((project, index) => (
            <li key={index} className="grid gap-1">
              <h4 className="font-medium">{project.name || NOT_FOUND}</h4>
              {project.description ? <p className="text-sm">{project.description}</p> : null}
              <TagList label={`Technologies used in ${project.name || 'this project'}`} items={project.technologies} />
            </li>
          ))}
        </ul>
      );
  }
}

function PersonalInfo({ resume }: { resume: ExtractedResume }) {
  const { name, email, phone, location, linkedin, github } = resume.personalInfo;
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      <Field label="Name" value={name} />
      <Field label="Email" value={email} />
      <Field label="Phone" value={phone} />
      <Field label="Location" value={location} />
      {linkedin ? <Field label="LinkedIn" value={linkedin} /> : null}
      {github ? <Field label="GitHub" value={github} /> : null}
      {resume.totalExperience ? <Field label="Total Experience" value={resume.totalExperience} /> : null}
      {resume.preferredRoles.length ? <Field label="Preferred Roles" value={resume.preferredRoles.join(', ')} /> : null}
    </dl>
  );
}

function Field({ label, value, inline = false }: { label: string; value: string; inline?: boolean }) {
  return (
    <div className={inline ? 'flex items-baseline gap-1' : 'grid gap-0.5'}>
      <dt className="text-xs font-medium text-muted-foreground">
        {label}
        {inline ? ':' : null}
      </dt>
      <dd className={value ? 'text-sm break-words' : 'text-sm text-muted-foreground italic'}>{value || NOT_FOUND}</dd>
    </div>
  );
}

function Text({ value }: { value: string }) {
  return value ? <p className="text-sm whitespace-pre-line">{value}</p> : <Empty>No summary found.</Empty>;
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground italic">{children}</p>;
}

function SkillGroup({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="grid content-start gap-2">
      <h4 className="text-sm font-medium">{title}</h4>
      {items.length ? <TagList label={`${title} skills`} items={items} /> : <Empty>None found.</Empty>}
    </div>
  );
}

function TagList({ label, items }: { label: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item, index) => (
        <li key={index}>
          <Badge variant="secondary">{item}</Badge>
        </li>
      ))}
    </ul>
  );
}
