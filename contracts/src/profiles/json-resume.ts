import { z } from 'zod';
import type { CandidateProfile } from './api';
import type { ExtractedResume } from './resume';

/*
 * JSON Resume (jsonresume.org): the fields Hireloop reads and writes. Every field is optional
 * and unknown ones are kept, as the format allows; both the current form (`work[].name`,
 * `basics.url`) and the older 0.x one (`work[].company`, `basics.website`, `education[].gpa`)
 * are read.
 */

const text = z.string().max(20_000).optional();
const texts = z.array(z.string().max(2_000)).max(500).optional();

export const JsonResume = z.looseObject({
  basics: z
    .looseObject({
      name: text,
      label: text,
      email: text,
      phone: text,
      url: text,
      website: text,
      summary: text,
      location: z
        .looseObject({ address: text, postalCode: text, city: text, countryCode: text, region: text })
        .optional(),
      profiles: z.array(z.looseObject({ network: text, username: text, url: text })).max(100).optional(),
    })
    .optional(),
  work: z
    .array(
      z.looseObject({
        name: text,
        company: text,
        position: text,
        location: text,
        url: text,
        startDate: text,
        endDate: text,
        summary: text,
        description: text,
        highlights: texts,
      }),
    )
    .max(200)
    .optional(),
  education: z
    .array(
      z.looseObject({ institution: text, area: text, studyType: text, startDate: text, endDate: text, score: text, gpa: text, courses: texts }),
    )
    .max(100)
    .optional(),
  skills: z.array(z.looseObject({ name: text, level: text, keywords: texts })).max(500).optional(),
  projects: z
    .array(z.looseObject({ name: text, description: text, highlights: texts, keywords: texts, url: text, startDate: text, endDate: text }))
    .max(200)
    .optional(),
  certificates: z.array(z.looseObject({ name: text, date: text, issuer: text, url: text })).max(200).optional(),
});
export type JsonResume = z.infer<typeof JsonResume>;

const unique = (items: readonly string[]) => {
  const seen = new Set<string>();
  return items.map((item) => item.trim()).filter((item) => item !== '' && !seen.has(item.toLowerCase()) && seen.add(item.toLowerCase()));
};

/** "2013-09" or "2013-09-01" or "2013" as a month count, or null. */
const monthOf = (date: string | undefined): number | null => {
  const match = /^(\d{4})(?:-(\d{2}))?/.exec(date?.trim() ?? '');
  if (!match) return null;
  return Number(match[1]) * 12 + (match[2] ? Number(match[2]) - 1 : 0);
};

/** Whole years covered by the dated jobs (overlaps counted once); "Present" is `now`. */
const totalYears = (work: NonNullable<JsonResume['work']>, now: Date): number => {
  const months = new Set<number>();
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  for (const job of work) {
    const start = monthOf(job.startDate);
    if (start === null) continue;
    const end = monthOf(job.endDate) ?? current;
    for (let month = start; month <= Math.min(end, current) && months.size < 100 * 12; month++) months.add(month);
  }
  return Math.floor(months.size / 12);
};

const profileUrl = (profiles: NonNullable<NonNullable<JsonResume['basics']>['profiles']> | undefined, network: string) =>
  profiles?.find((profile) => profile.network?.trim().toLowerCase() === network)?.url?.trim() ?? '';

/** A JSON Resume as the extracted-resume shape the upload page shows. Pure; `now` is "Present". */
export function jsonResumeToExtracted(json: JsonResume, now: Date = new Date()): ExtractedResume {
  const basics = json.basics ?? {};
  const location = basics.location;
  const work = json.work ?? [];
  const place = unique([location?.city ?? '', location?.region ?? '', location?.countryCode ?? '']).join(', ');
  const years = totalYears(work, now);
  const title = basics.label?.trim() || work[0]?.position?.trim() || '';
  return {
    personalInfo: {
      name: basics.name?.trim() ?? '',
      email: basics.email?.trim() ?? '',
      phone: basics.phone?.trim() ?? '',
      location: place || (location?.address?.trim() ?? ''),
      linkedin: profileUrl(basics.profiles, 'linkedin'),
      github: profileUrl(basics.profiles, 'github'),
    },
    summary: basics.summary?.trim() ?? '',
    experience: work.map((job) => {
      const start = job.startDate?.trim() ?? '';
      const end = job.endDate?.trim() || (start ? 'Present' : '');
      return {
        title: job.position?.trim() ?? '',
        company: (job.name ?? job.company ?? '').trim(),
        duration: start ? `${start} - ${end}` : end,
        description: unique([job.summary ?? job.description ?? '', ...(job.highlights ?? [])]).join('\n'),
        technologies: [],
      };
    }),
    education: (json.education ?? []).map((entry) => ({
      degree: unique([entry.studyType ?? '', entry.area ?? '']).join(' in '),
      institution: entry.institution?.trim() ?? '',
      year: /^\d{4}/.exec(entry.endDate?.trim() ?? '')?.[0] ?? '',
      gpa: (entry.score ?? entry.gpa ?? '').trim(),
    })),
    skills: {
      technical: unique((json.skills ?? []).flatMap((skill) => (skill.keywords?.length ? skill.keywords : [skill.name ?? '']))),
      soft: [],
    },
    certifications: unique((json.certificates ?? []).map((certificate) => certificate.name ?? '')),
    projects: (json.projects ?? []).map((project) => ({
      name: project.name?.trim() ?? '',
      description: unique([project.description ?? '', ...(project.highlights ?? [])]).join('\n'),
      technologies: unique(project.keywords ?? []),
    })),
    totalExperience: years > 0 ? `${years}+ years` : '',
    preferredRoles: title ? [title] : [],
  };
}

/**
 * A profile as JSON Resume, for the candidate to take elsewhere. The profile keeps its
 * education as "degree - institution" entries joined by ", " (spec §3), read back here.
 */
export function profileToJsonResume(profile: CandidateProfile): JsonResume {
  const profiles = [
    ...(profile.linkedinUrl ? [{ network: 'LinkedIn', url: profile.linkedinUrl }] : []),
    ...(profile.githubUrl ? [{ network: 'GitHub', url: profile.githubUrl }] : []),
  ];
  const education = profile.education
    .split(/,\s+(?=[^,]* - )/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf(' - ');
      return at === -1 ? { institution: entry } : { studyType: entry.slice(0, at).trim(), institution: entry.slice(at + 3).trim() };
    });
  // The schema's `email` and `uri` formats refuse "": a field the profile leaves empty is left out.
  const present = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    basics: {
      name: `${profile.firstName} ${profile.lastName}`.trim(),
      label: profile.title,
      email: present(profile.email),
      phone: profile.phone,
      url: present(profile.portfolioUrl),
      summary: profile.summary,
      location: { address: profile.location },
      profiles,
    },
    work: [],
    education,
    skills: profile.skills.map((name) => ({ name })),
  };
}
