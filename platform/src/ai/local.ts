import type { ExtractedEducation, ExtractedExperience, ExtractedResume } from '@hireloop/contracts';
import { SOFT_SKILLS, TECHNICAL_SKILLS } from './skills-vocabulary';
import type { ResumeAi } from './types';

/*
 * The offline adapter: plain heuristics over the text, so that extraction works with no AI
 * provider configured and always gives the same answer for the same file. Its accuracy on the
 * real resumes in shared/data is measured in local.unit.test.ts.
 */

const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|Jun(?:e)?|Jul(?:y)?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|Spring|Summer|Fall|Autumn|Winter)\\.?';
const DATE = `(?:${MONTH}\\s+)?(?:19|20)\\d{2}`;
const DATE_RANGE = new RegExp(
  `(${DATE})\\s*(?:[-–—]|to)\\s*(${DATE}|Present|Current|Now)\\b`,
  'i',
);
const SEASON_DATE = /\b(?:Spring|Summer|Fall|Autumn|Winter) (?:19|20)\d{2}(?:, (?:19|20)\d{2})*$/;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /(?:\+?\(?\+?\d{1,3}\)?[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b|\+?\(?\+?\d{2}\)?\s?\d{10}\b/;
const LINKEDIN = /(?:www\.)?linkedin\.com\/in\/[A-Za-z0-9_-]+/i;
const GITHUB = /(?:www\.)?github\.com\/[A-Za-z0-9_-]+/i;
const WORD = "[A-Z][A-Za-z.'’]+";
const PLACE = `${WORD}(?: ${WORD})?`;
const THREE_PART_LOCATION = new RegExp(`\\b(${PLACE}), (${PLACE}), ([A-Z][a-z]+(?: [A-Z][a-z]+)*)`);
const US_LOCATION = new RegExp(`\\b(${PLACE}), ([A-Z]{2})\\b`);
const TWO_PART_LOCATION = new RegExp(`\\b(${PLACE}), ([A-Z]{2,3}\\b|${WORD}(?: ${WORD})?)`);

const HEADINGS = {
  summary: /^(professional )?(summary|profile|objective|about( me)?)$/i,
  experience:
    /^((work|professional|employment|relevant|volunteer) )?(experience|history)$|^on campus involvement$/i,
  education: /^education$/i,
  skills: /^(technical )?skills$|^areas of expertise$/i,
  projects: /^projects?$/i,
  certifications: /^certifications?$/i,
  other:
    /^(honors?( ?[&/] ?awards?)?|awards|publications|interests|languages|recognition|extracurricular activities|references|top skills|contact)$/i,
} as const;
type Section = keyof typeof HEADINGS;

const headingOf = (line: string): Section | undefined => {
  const text = line.replace(/[:•]/g, '').trim();
  if (text.length > 40) return undefined;
  for (const [section, pattern] of Object.entries(HEADINGS) as [Section, RegExp][]) {
    if (pattern.test(text)) return section;
  }
  return undefined;
};

/** The text's lines with soft hyphens gone, dashes unified, and wrapped date ranges joined. */
const toLines = (text: string): string[] => {
  const raw = text
    .replace(/\u00ad/g, '')
    .replace(/[-‐‑]+/g, '-')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^Page \d+ of \d+$/.test(line));
  const lines: string[] = [];
  for (const line of raw) {
    const previous = lines.at(-1);
    if (previous !== undefined && /(?:19|20)\d{2}\s*[-–—]$/.test(previous)) {
      lines[lines.length - 1] = `${previous} ${line}`;
    } else {
      lines.push(line);
    }
  }
  return lines;
};

const sectionsOf = (lines: readonly string[]) => {
  const sections = new Map<Section, string[]>();
  let current: Section | undefined;
  let headerEnd = lines.length;
  lines.forEach((line, index) => {
    const heading = headingOf(line);
    if (heading !== undefined) {
      if (heading !== 'other' && heading !== 'certifications' && headerEnd === lines.length) {
        headerEnd = index;
      }
      current = heading;
      if (!sections.has(heading)) sections.set(heading, []);
      return;
    }
    if (current !== undefined) sections.get(current)?.push(line);
  });
  return { sections, header: lines.slice(0, headerEnd) };
};

const NAME_LINE = /^[A-Z][A-Za-z'’.-]+(?: [A-Z][A-Za-z'’.-]+){1,3}$/;
const NOT_A_NAME = /\b(university|college|institutes?|company|inc|llc|skills|summary|experience|analysis|services|resume)\b/i;

const titleCase = (text: string): string =>
  text === text.toUpperCase()
    ? text.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase())
    : text;

/** A name is a short line of capitalised words; prefer one that the email or profile URL echoes. */
const findName = (header: readonly string[], handles: readonly string[]): string | undefined => {
  const candidates = header.filter((line) => NAME_LINE.test(line) && !NOT_A_NAME.test(line));
  const echoed = candidates.find((line) =>
    line
      .toLowerCase()
      .split(' ')
      .some((word) => word.length > 2 && handles.some((handle) => handle.includes(word))),
  );
  return echoed ?? candidates[0];
};

/** LinkedIn's PDF wraps a long address in its narrow column: "name@host.ed" then "u". */
const findEmail = (lines: readonly string[]): string => {
  const index = lines.findIndex((line) => EMAIL.test(line));
  const email = EMAIL.exec(lines[index] ?? '')?.[0] ?? '';
  const next = lines[index + 1] ?? '';
  return email !== '' && lines[index]?.endsWith(email) && /^[a-z]{1,3}$/.test(next)
    ? email + next
    : email;
};

const findLocation = (lines: readonly string[]): string => {
  for (const pattern of [THREE_PART_LOCATION, US_LOCATION, TWO_PART_LOCATION]) {
    for (const line of lines) {
      const match = pattern.exec(line.replace(/\s+,/g, ','));
      if (match) return match[0];
    }
  }
  return '';
};

const ALLOWED_LOWERCASE = new Set(['and', 'of', 'at', 'for', 'in', 'the', '&', '@', '/', '·', '–', '-', '|']);

/** The headline under the name, if it reads as a job title rather than a sentence. */
const findHeadline = (header: readonly string[], name: string | undefined): string => {
  if (name === undefined) return '';
  const start = header.indexOf(name) + 1;
  const parts: string[] = [];
  for (const line of header.slice(start, start + 4)) {
    const isContact =
      EMAIL.test(line) || PHONE.test(line) || findLocation([line]) !== '' || /\d{3}/.test(line);
    if (isContact) {
      if (parts.length > 0) break;
      continue;
    }
    parts.push(line.replace(/^[-–\s]+/, ''));
    if (!/\b(at|of|and)$/.test(line)) break;
  }
  const headline = parts.join(' ');
  const lowercaseWords = headline
    .split(/\s+/)
    .filter((word) => /^[a-z]/.test(word) && !ALLOWED_LOWERCASE.has(word));
  if (headline === '' || lowercaseWords.length > 2 || headline.length > 100) return '';
  return titleCase(headline);
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const findSkills = (text: string, vocabulary: readonly string[]): string[] =>
  vocabulary.filter((skill) => {
    const flags = skill.length <= 2 ? '' : 'i';
    return new RegExp(`(?<![\\w+#.&])${escapeRegExp(skill)}(?![\\w+#&])`, flags).test(text);
  });

const stripLocation = (text: string): string => {
  const location = findLocation([text]);
  if (location === '') return text.trim();
  const before = text.slice(0, text.indexOf(location)).replace(/[\s,•|–-]+$/, '').trim();
  // "Schlumberger Pune, Maharashtra, India": the company is the word the city swallowed.
  return before !== '' ? before : (location.split(' ')[0] ?? '').replace(/,$/, '');
};

const isBullet = (line: string) => /^[•▪*-]/.test(line);

const findExperience = (lines: readonly string[]): ExtractedExperience[] => {
  const entries: ExtractedExperience[] = [];
  lines.forEach((line, index) => {
    const range = DATE_RANGE.exec(line) ?? SEASON_DATE.exec(line);
    if (!range || isBullet(line)) return;
    const before = line.slice(0, range.index).replace(/[\s,|–-]+$/, '').trim();
    const after = line.slice(range.index + range[0].length).replace(/^[\s(),|–-]+/, '').trim();
    const previous = lines[index - 1] ?? '';
    const next = lines[index + 1] ?? '';
    let title: string;
    let company: string;
    if (before !== '') {
      title = before;
      const nextIsPlace = next.length < 80 && !isBullet(next) && findLocation([next]) !== '';
      const previousIsCompany =
        index > 0 && previous.length < 80 && !isBullet(previous) && !DATE_RANGE.test(previous);
      company =
        after !== '' && !/^\d+ (years?|months?)/.test(after)
          ? after
          : nextIsPlace || !previousIsCompany
            ? next
            : previous;
      if (/^(member|volunteer)/i.test(next)) {
        company = before;
        title = next;
      }
    } else if (/ , /.test(next)) {
      [title = '', company = ''] = next.split(' , ');
    } else {
      title = previous;
      const twoBack = lines[index - 2] ?? '';
      company = /^\d+ (years?|months?)/.test(twoBack) ? (lines[index - 3] ?? '') : twoBack;
    }
    const at = / at (.+)$/.exec(title);
    if (at && company === '') {
      company = at[1] ?? '';
      title = title.slice(0, at.index);
    }
    const parts = title.split(/,\s+/);
    if (parts.length >= 3 && findLocation([title]) !== '') {
      // "Company, City, ST, Title" — the Word template's order.
      company = parts[0] ?? '';
      title = parts.at(-1) ?? '';
    }
    entries.push({
      title: title.trim(),
      company: stripLocation(company.split(/ – /)[0] ?? ''),
      duration: range[0],
      description: '',
      technologies: [],
    });
  });
  return entries;
};

const INSTITUTION = /(University|College|Institute|School|Academy|\bUC\b|\bMIT\b|CalTech|Coursera)/;

const findEducation = (lines: readonly string[]): ExtractedEducation[] => {
  const education: ExtractedEducation[] = [];
  lines.forEach((line, index) => {
    const pieces = line.split(/\s+[,|–]\s+|,\s+/);
    const institution = pieces.find((piece) => INSTITUTION.test(piece));
    if (institution === undefined || /^(Bachelor|Master|B\.|M\.|PhD)/.test(line) && !line.includes(institution)) return;
    const degreeLine = pieces.find((piece) => /(Bachelor|Master|PhD|B\.?S|B\.E|M\.?S|Degree|Diploma)/i.test(piece))
      ?? lines[index + 1] ?? '';
    education.push({
      degree: degreeLine.replace(/^(?:19|20)\d{2}\s*[-–]\s*(?:19|20)\d{2}\s*/, '').trim(),
      institution: institution.replace(/^(?:19|20)\d{2}\s*[-–]\s*(?:19|20)\d{2}\s*/, '').replace(/\s*(?:19|20)\d{2}$/, '').trim(),
      year: /(?:19|20)\d{2}(?!.*(?:19|20)\d{2})/.exec(line)?.[0] ?? '',
      gpa: /GPA:?\s*([\d.]+)|([\d.]+) GPA/.exec(`${line} ${lines[index + 1] ?? ''} ${lines[index + 2] ?? ''}`)?.slice(1).find(Boolean) ?? '',
    });
  });
  return education;
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const monthIndex = (date: string, now: Date): number => {
  if (/present|current|now/i.test(date)) return now.getUTCFullYear() * 12 + now.getUTCMonth();
  const year = Number(/(?:19|20)\d{2}/.exec(date)?.[0] ?? '0');
  const month = MONTHS.indexOf(date.slice(0, 3).toLowerCase());
  return year * 12 + Math.max(month, 0);
};

/** Years covered by the dated jobs, overlaps counted once. */
const totalYears = (experience: readonly ExtractedExperience[], now: Date): number => {
  const months = new Set<number>();
  for (const entry of experience) {
    const range = DATE_RANGE.exec(entry.duration);
    if (!range) continue;
    const from = monthIndex(range[1] ?? '', now);
    const to = monthIndex(range[2] ?? '', now);
    for (let month = from; month < to && to - from < 600; month += 1) months.add(month);
  }
  return Math.floor(months.size / 12);
};

export interface LocalResumeAiOptions {
  /** "Present" in a date range means this moment. */
  readonly now: () => Date;
}

export const extractResumeLocally = (text: string, now: Date): ExtractedResume => {
  const lines = toLines(text);
  const { sections, header } = sectionsOf(lines);
  const email = findEmail(lines);
  const linkedin = LINKEDIN.exec(text)?.[0] ?? '';
  const github = GITHUB.exec(text)?.[0] ?? '';
  const handles = [email.split('@')[0] ?? '', linkedin.split('/in/')[1] ?? '']
    .filter(Boolean)
    .map((handle) => handle.toLowerCase());
  const nameLine = findName(header, handles);
  const headline = findHeadline(header, nameLine);
  const phone = (PHONE.exec(header.join('\n')) ?? PHONE.exec(text))?.[0]?.trim() ?? '';
  const experience = findExperience(sections.get('experience') ?? []);
  const education = findEducation(sections.get('education') ?? []);
  const years = totalYears(experience, now);
  const title = headline !== '' ? headline : (experience[0]?.title ?? '');
  return {
    personalInfo: {
      name: nameLine === undefined ? '' : titleCase(nameLine),
      email,
      phone,
      location: findLocation(header),
      linkedin,
      github,
    },
    summary: (sections.get('summary') ?? []).join(' '),
    experience,
    education,
    skills: { technical: findSkills(text, TECHNICAL_SKILLS), soft: findSkills(text, SOFT_SKILLS) },
    certifications: (sections.get('certifications') ?? []).map((line) => line.replace(/^[•▪]\s*/, '')),
    projects: [],
    totalExperience: years > 0 ? `${years}+ years` : '',
    preferredRoles: title === '' ? [] : [title],
  };
};

/** The `local` adapter of the AI port. */
export const localResumeAi = (options: LocalResumeAiOptions): ResumeAi => ({
  extractResume: (text) => Promise.resolve(extractResumeLocally(text, options.now())),
});
