import type { ExtractedResume } from '@hireloop/contracts';

export type ResumeSectionId =
  | 'personal'
  | 'summary'
  | 'experience'
  | 'skills'
  | 'education'
  | 'certifications'
  | 'projects';

export interface ResumeSection {
  id: ResumeSectionId;
  title: string;
}

/** The sections the spec lists for the extracted result (part 2 §2), always shown, empty or not. */
const CORE_SECTIONS: ResumeSection[] = [
  { id: 'personal', title: 'Personal Information' },
  { id: 'summary', title: 'Professional Summary' },
  { id: 'experience', title: 'Work Experience' },
  { id: 'skills', title: 'Skills' },
  { id: 'education', title: 'Education' },
];

/**
 * The sections to show for an extraction, in order: the five the spec names, each shown even
 * when nothing was found (so the person sees what is missing before creating a profile), then
 * certifications and projects only when the resume has some.
 */
export function resumeSections(resume: ExtractedResume): ResumeSection[] {
  const sections = [...CORE_SECTIONS];
  if (resume.certifications.some((entry) => entry.trim())) sections.push({ id: 'certifications', title: 'Certifications' });
  if (resume.projects.length > 0) sections.push({ id: 'projects', title: 'Projects' });
  return sections;
}

/** Shown in place of a field the extraction left empty. */
export const NOT_FOUND = 'Not found';
