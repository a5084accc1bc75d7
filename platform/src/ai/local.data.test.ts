import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExtractedResume } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE, resumeText } from '../resume-text/index';
import { extractResumeLocally, localResumeAi } from './local';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const resumesDir = path.join(repoRoot, '../shared/data/resumes');
const NOW = new Date('2026-11-23T12:00:00Z');

interface Expected {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly location: string;
  readonly title: string;
  /** Skills a reader sees in the resume; every one must be found. */
  readonly skills: readonly string[];
  readonly experienceEntries: number;
  readonly firstInstitution: string;
}

/*
 * Written down by reading each file's text, not by running the extractor. "title" is the
 * headline under the name, or the latest job title when there is none (the spec's profile
 * title). Phones compare by digits; the institution may carry a trailing place.
 */
const EXPECTED: Record<string, Expected> = {
  'linkedin-export_alex_Profile.pdf': {
    name: 'Alexander Pico',
    email: 'alex.pico@gladstone.ucsf.edu',
    phone: '',
    location: 'San Francisco, California, United States',
    title: 'Research Investigator and Core Director of Bioinformatics at Gladstone Institutes',
    skills: ['MySQL', 'PHP', 'Linux'],
    experienceEntries: 8,
    firstInstitution: 'The Rockefeller University',
  },
  'linkedin-export_benjamin_Profile.pdf': {
    name: 'Benjamin Gin',
    email: 'ironfist565@gmail.com',
    phone: '',
    location: 'San Francisco, California, United States',
    title: 'Data Science and Statistic Student @ UCSB',
    skills: ['Data Analysis', 'Data Entry', 'Python', 'Java'],
    experienceEntries: 4,
    firstInstitution: 'UC Santa Barbara',
  },
  'open-resume_laverne-resume.pdf': {
    name: 'Leo Leopard',
    email: 'lleopard@laverne.edu',
    phone: '(909) 555-5555',
    location: 'La Verne, CA',
    title: 'Member',
    skills: ['Excel', 'PowerPoint', 'Spanish'],
    experienceEntries: 3,
    firstInstitution: 'University of La Verne',
  },
  'open-resume_openresume-resume.pdf': {
    name: 'John Doe',
    email: 'hello@openresume.com',
    phone: '123-456-7890',
    location: 'NYC, NY',
    title: 'Software Engineer',
    skills: ['TypeScript', 'React', 'Python', 'C++', 'Teamwork'],
    experienceEntries: 3,
    firstInstitution: 'XYZ University',
  },
  'pyresparser_OmkarResume.pdf': {
    name: 'Omkar Pathak',
    email: 'omkarpathak27@gmail.com',
    phone: '(+91) 8087996634',
    location: 'Pune, Maharashtra, India',
    title: 'Software Engineer · Full Stack Python Developer',
    skills: ['Python', 'Django', 'Machine Learning'],
    experienceEntries: 5,
    firstInstitution: 'Marathwada Mitra Mandal’s College of Engineering',
  },
  'resume-matcher_bruce_wayne_fullstack.pdf': {
    name: 'Bruce Wayne',
    email: 'bwayne@email.com',
    phone: '(123) 456-7890',
    location: 'Gotham, USA',
    title: 'MERN Stack Developer',
    skills: ['MongoDB', 'React', 'Node.js', 'Docker'],
    experienceEntries: 3,
    firstInstitution: 'CalTech',
  },
  'resume-matcher_modern-single-column.pdf': {
    name: 'John Doe',
    email: 'john.doe@email.com',
    phone: '+1 (415) 555-0142',
    location: 'San Francisco, CA',
    title: 'Senior Software Engineer',
    skills: ['Go', 'Python', 'Kafka', 'Kubernetes'],
    experienceEntries: 3,
    firstInstitution: 'UC Berkeley',
  },
  'resume-matcher_two-column.pdf': {
    name: 'John Doe',
    email: 'john.doe@email.com',
    phone: '+1 (415) 555-0142',
    location: 'San Francisco, CA',
    title: 'Senior Software Engineer',
    skills: ['Go', 'Python', 'Kafka', 'Kubernetes'],
    experienceEntries: 3,
    firstInstitution: 'UC Berkeley',
  },
  'resume-parser-api_sample_resume.docx': {
    name: 'Jane Smith',
    email: 'jane@example.com',
    phone: '',
    location: '',
    title: 'Software Engineer',
    skills: ['Python', 'FastAPI', 'PostgreSQL'],
    experienceEntries: 1,
    firstInstitution: 'State University',
  },
  'soupboss_01-Accountant.docx': {
    name: 'Ebony Moore',
    email: 'emoore@email.com',
    phone: '206-555-0149',
    location: 'Seattle, WA',
    title: 'Certified Public Accountant',
    skills: ['Accounting', 'Communication', 'Attention to Detail'],
    experienceEntries: 3,
    firstInstitution: 'Cloverfield College',
  },
  'soupboss_01-Accountant.pdf': {
    name: 'Ebony Moore',
    email: 'emoore@email.com',
    phone: '206-555-0149',
    location: 'Seattle, WA',
    title: 'Certified Public Accountant',
    skills: ['Accounting', 'Communication', 'Attention to Detail'],
    experienceEntries: 3,
    firstInstitution: 'Cloverfield College',
  },
  'soupboss_Mickey01_textboxes.docx': {
    name: 'Mickey Mouse',
    email: '',
    phone: '123-456-7890',
    location: 'Oak Park, CA',
    title: 'Solutions Architect / Software Engineer – Hybrid Cloud and IT Automation',
    skills: ['Python', 'Ansible', 'PowerShell', 'VMware'],
    experienceEntries: 7,
    firstInstitution: 'Kyiv College of Information Systems and Technologies',
  },
};

const FIELDS = [
  'name',
  'email',
  'phone',
  'location',
  'title',
  'skills',
  'experienceEntries',
  'firstInstitution',
] as const;
type Field = (typeof FIELDS)[number];

/** Files right per field when this was last measured; a change may raise these, never lower. */
const MEASURED: Record<Field, number> = {
  name: 12,
  email: 12,
  phone: 12,
  location: 12,
  title: 12,
  skills: 12,
  experienceEntries: 12,
  firstInstitution: 12,
};

const same = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();
const digits = (text: string) => text.replace(/\D/g, '');

const judge = (expected: Expected, actual: ExtractedResume): Record<Field, boolean> => {
  const found = [...actual.skills.technical, ...actual.skills.soft].map((skill) => skill.toLowerCase());
  const institution = actual.education[0]?.institution.toLowerCase() ?? '';
  return {
    name: same(actual.personalInfo.name, expected.name),
    email: same(actual.personalInfo.email, expected.email),
    phone: digits(actual.personalInfo.phone) === digits(expected.phone),
    location: same(actual.personalInfo.location, expected.location),
    title: same(actual.preferredRoles[0] ?? '', expected.title),
    skills: expected.skills.every((skill) => found.includes(skill.toLowerCase())),
    experienceEntries: actual.experience.length === expected.experienceEntries,
    firstInstitution: institution.includes(expected.firstInstitution.toLowerCase()),
  };
};

const mediaTypeOf = (file: string) => (file.endsWith('.pdf') ? PDF_MEDIA_TYPE : DOCX_MEDIA_TYPE);

describe('the offline resume extractor', () => {
  it('has an expectation for every real resume in shared/data', async () => {
    const files = (await readdir(resumesDir)).filter((file) => /\.(pdf|docx)$/.test(file));

    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('finds each field in at least as many real resumes as when last measured', async () => {
    const rows: string[] = [];
    const right = Object.fromEntries(FIELDS.map((field) => [field, 0])) as Record<Field, number>;
    for (const [file, expected] of Object.entries(EXPECTED)) {
      const text = await resumeText(await readFile(path.join(resumesDir, file)), mediaTypeOf(file));
      const verdict = judge(expected, extractResumeLocally(text, NOW));
      for (const field of FIELDS) if (verdict[field]) right[field] += 1;
      rows.push(`| ${file} | ${FIELDS.map((field) => (verdict[field] ? 'yes' : '**no**')).join(' | ')} |`);
    }
    const total = Object.keys(EXPECTED).length;
    const table = [
      `| File | ${FIELDS.join(' | ')} |`,
      `|---|${FIELDS.map(() => '---').join('|')}|`,
      ...rows,
      `| **right of ${total}** | ${FIELDS.map((field) => right[field]).join(' | ')} |`,
    ].join('\n');
    console.log(`\nOffline extractor on the real resumes:\n\n${table}\n`);

    for (const field of FIELDS) {
      expect({ field, right: right[field] }).toEqual({
        field,
        right: Math.max(right[field], MEASURED[field]),
      });
    }
    // Reading every real PDF and Word file takes a few seconds on a quiet machine and over 30 s on a
    // loaded one (seen at load 21–24, on the code before and after ADR 105 alike): a limit, not a wait.
  }, 180_000);

  it('gives a result the extracted-resume schema accepts, with years counted to today', async () => {
    const ai = localResumeAi({ now: () => NOW });
    const text = await resumeText(
      await readFile(path.join(resumesDir, 'soupboss_01-Accountant.pdf')),
      PDF_MEDIA_TYPE,
    );

    const extracted = ExtractedResume.parse(await ai.extractResume(text));

    // May 2019 to the end of the dated jobs ("Current" = November 2026).
    expect(extracted.totalExperience).toBe('7+ years');
    expect(extracted.experience[0]).toEqual({
      title: 'Certified Public Accountant',
      company: 'Gilmore Financial',
      duration: 'Oct. 2021 – Current',
      // The job's own bullet points, and not the next job's header (ADR 047).
      description: [
        'Meet with clients to discuss their accounting needs',
        'Compute taxes for clients during tax season',
        'Monitoring and recording activity for accounts payable and accounts receivable',
        'Prepare balance sheets for corporate clients',
        'Create budget forecasts for clients to help with financial planning',
      ].join('\n'),
      technologies: [],
    });
    expect(extracted.certifications).toEqual([
      'Certified Public Accountant (CPA)',
      'Certified Financial Analyst (CFA)',
    ]);
  });
});
