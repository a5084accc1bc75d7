import { z } from 'zod';

/** One job in an extracted resume; `duration` is the dates as written ("Jan 2020 - Present"). */
export const ExtractedExperience = z.object({
  title: z.string(),
  company: z.string(),
  duration: z.string(),
  description: z.string(),
  technologies: z.array(z.string()),
});
export type ExtractedExperience = z.infer<typeof ExtractedExperience>;

export const ExtractedEducation = z.object({
  degree: z.string(),
  institution: z.string(),
  year: z.string(),
  gpa: z.string(),
});
export type ExtractedEducation = z.infer<typeof ExtractedEducation>;

export const ExtractedProject = z.object({
  name: z.string(),
  description: z.string(),
  technologies: z.array(z.string()),
});
export type ExtractedProject = z.infer<typeof ExtractedProject>;

/**
 * What `POST /api/extract-resume` returns in `data` (spec part 2, "Extracted resume"). Unknown
 * text is the empty string, never null, so the review page can show every section as is.
 */
export const ExtractedResume = z.object({
  personalInfo: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    location: z.string(),
    linkedin: z.string(),
    github: z.string(),
  }),
  summary: z.string(),
  experience: z.array(ExtractedExperience),
  education: z.array(ExtractedEducation),
  skills: z.object({ technical: z.array(z.string()), soft: z.array(z.string()) }),
  certifications: z.array(z.string()),
  projects: z.array(ExtractedProject),
  /** Total years of experience as text, such as "5+ years"; empty when no dates were found. */
  totalExperience: z.string(),
  preferredRoles: z.array(z.string()),
});
export type ExtractedResume = z.infer<typeof ExtractedResume>;

/** What `POST /api/parse-resume` returns to prefill the profile wizard. */
export const ResumeParseResult = z.object({
  jobTitle: z.string(),
  skills: z.array(z.string()),
  experience: z.string(),
  location: z.string(),
  bio: z.string(),
  phone: z.string(),
  email: z.string(),
  education: z.string(),
  workHistory: z.array(ExtractedExperience),
});
export type ResumeParseResult = z.infer<typeof ResumeParseResult>;
