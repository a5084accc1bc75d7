import type { ExtractedEducation, ExtractedExperience, ExtractedResume } from '@hireloop/contracts';
import { companyScore, splitTitleAndCompany, titleScore } from './job-titles';
import { countryOf, findEmail, findGithub, findLinkedin, findLocation, findName, findPhone, isPlace, withoutTrailingPlace } from './resume-contact';
import { endMonth, findDateSpan, isDateLine, isMonthName, monthNumber, type DateSpan } from './resume-dates';
import { headingOf, type Section } from './resume-sections';
import { SOFT_SKILLS, TECHNICAL_SKILLS } from './skills-vocabulary';
import type { ResumeAi } from './types';

/*
 * The offline adapter: rules over the text, so that extraction works with no AI provider
 * configured and always gives the same answer for the same file. The rules are about layouts,
 * formats and vocabularies (ADR 047), measured by `npm run eval:resumes` on resumes they were
 * not written from, and by local.unit.test.ts on the ones of ADR 023.
 *
 * The text comes from resume-text: for PDFs, rows in reading order with far-apart fields
 * joined by " | " and blocks separated by blank lines (pdf-layout.ts).
 */

const BULLET = /^[•▪◦●○■□➢❖✓✔►▸‣⁃·*–-]\s*/;
const isBullet = (line: string) => BULLET.test(line) && !/^[-–]\s*\d/.test(line);

/** Lines with soft hyphens gone, dashes unified and wrapped date ranges joined; blank lines kept as ''. */
const toLines = (text: string): string[] => {
  const raw = text
    .replace(/\u00ad/g, '')
    .replace(/[‐‑]/g, '-')
    .split('\n')
    .map((line) => line.replace(/[\p{Co}]/gu, ' ').replace(/\s+/g, ' ').trim())
    .filter((line) => !/^Page \d+ (?:of|\/) \d+$/i.test(line));
  const lines: string[] = [];
  for (const line of raw) {
    const previous = lines.at(-1);
    const wrappedDate =
      (/(?:19|20)\d{2}\s*[-–—]$/.test(previous ?? '') && line !== '') ||
      (isMonthName((previous ?? '').split(/[\s(]/).at(-1) ?? '') && /^(?:19|20)\d{2}\b/.test(line));
    // A word hyphenated at a line's end: "Software Develop-" / "ment".
    if (previous !== undefined && /\p{Ll}-$/u.test(previous) && /^\p{Ll}/u.test(line)) {
      lines[lines.length - 1] = `${previous.slice(0, -1)}${line}`;
      continue;
    }
    if (previous !== undefined && wrappedDate) {
      lines[lines.length - 1] = `${previous} ${line}`;
    } else {
      lines.push(line);
    }
  }
  return lines;
};

interface Block {
  readonly section: Section;
  readonly lines: string[];
}

/** The lines before the first heading, and each section's lines (a section may appear twice). */
const sectionsOf = (lines: readonly string[]) => {
  const header: string[] = [];
  const blocks: Block[] = [];
  // Sections printed side by side ("实习经历 | 项目经历", "Skills | Awards"): each row's fields go to
  // the section above them, a row of one field to the last (a short column's rows end first).
  let columns: Block[] | undefined;
  for (const line of lines) {
    const fields = line.split(' | ');
    const sideBySide = fields.length >= 2 ? fields.map((field) => headingOf(field.trim())) : [];
    if (sideBySide.length >= 2 && sideBySide.every((heading) => heading !== undefined && heading.rest === '')) {
      columns = sideBySide.map((heading) => ({ section: (heading as { section: Section }).section, lines: [] }));
      blocks.push(...columns);
      continue;
    }
    if (columns !== undefined) {
      if (line !== '' && headingOf(line) === undefined) {
        const row = fields.length === columns.length ? fields : [line];
        row.forEach((field, index) => (columns?.[row.length === 1 ? columns.length - 1 : index] as Block).lines.push(field.trim()));
        continue;
      }
      if (line === '') {
        for (const block of columns) block.lines.push('');
        continue;
      }
      columns = undefined;
    }
    const heading = line === '' ? undefined : headingOf(line);
    if (heading) {
      blocks.push({ section: heading.section, lines: heading.rest === '' ? [] : [heading.rest] });
      continue;
    }
    const current = blocks.at(-1);
    if (current) current.lines.push(line);
    else header.push(line);
  }
  const of = (section: Section) => blocks.filter((block) => block.section === section).flatMap((block) => [...block.lines, '']);
  return { header, blocks, of };
};

/* ---------- experience ---------- */

const isHeaderLike = (line: string): boolean => {
  if (line === '' || line.length > 110) return false;
  const text = line.replace(BULLET, '');
  const first = text.split(' | ')[0] ?? '';
  if (first.split(/\s+/).length > 12) return false;
  if (/[.;]$/.test(first) && !/\b(?:Inc|Ltd|Ltda|Pvt|Co|Corp|Jr|Sr|S\.A|GmbH|[A-Z])\.$/.test(first)) return false;
  if (/^\p{Ll}/u.test(text) && first.split(/\s+/).length > 4 && !/^(?:year|año|ano)/i.test(text)) return false;
  if (isBullet(line) && !line.includes(' | ')) return false;
  return true;
};

/** Removes the date span and any place from a header line; returns its remaining fields. */
const fieldsWithout = (line: string, span?: DateSpan): string[] => {
  let text = line.replace(BULLET, '');
  if (span) {
    const at = text.indexOf(span.text);
    if (at >= 0) text = `${text.slice(0, at)} | ${text.slice(at + span.text.length)}`;
    else if (text.startsWith(span.start)) text = text.slice(span.start.length).replace(/^\s*[-–—]\s*/, ' | ');
  }
  return text
    // "Data Analyst @BetaSoft": an at sign after a space (never inside an email) sets the employer apart.
    .split(/\s+\|\s+|\s*\|\s*|\s+\((?=[^)]{3,}\)\s*(?:$|\|))|\)\s*$|\s+@\s*(?=[\p{Lu}\d])/u)
    // "北京某某科技有限公司 算法实习生": a Chinese employer's legal word ends its name, the title follows after a space.
    .flatMap((field) => {
      const employer = /^(\p{Script=Han}[^\s|]{1,30}?(?:有限公司|公司|集团|银行|医院|大学|研究院|研究所|实验室|工作室))\s+(\S.*)$/u.exec(field.trim());
      return employer ? [employer[1] ?? '', employer[2] ?? ''] : [field];
    })
    .map((field) =>
      field
        .replace(/^[\s,;:()•·–—*-]+|[\s,;:()•·–—*-]+$/g, '')
        // Full-width brackets left open by a removed date: "实习生（RL 方向）（" keeps its own pair.
        .replace(/^[）），：\s]+|[（，：\s]+$/g, '')
        .replace(/^([^（]*)）$/, '$1')
        .replace(/^(?:since|seit|depuis|desde)$/i, '')
        .trim(),
    )
    .map((field) => {
      // "Summer Intern Manager: xxx": a label and its value after the title.
      const labelled = /^(.+?)\s+\p{L}+:\s+.+$/u.exec(field) ?? /^([^\s:：]+)[:：]\s*.+$/u.exec(field);
      return labelled?.[1] !== undefined && titleScore(labelled[1]) > 0 ? labelled[1] : field;
    })
    .filter((field) => [...field].length >= 2 && !isPlace(field) && !isDateLine(field) && !/^\d+\s*(?:years?|months?|yrs?|mos?)\b/i.test(field) && !/^\d+$/.test(field))
    .map(withoutTrailingPlace)
    // "黑科技公司上海": a Chinese company name ends with its legal word, a city may follow.
    .map((field) => /^(.{2,30}?(?:有限公司|公司|集团|银行|医院|大学))\p{Script=Han}{2,3}$/u.exec(field)?.[1] ?? field)
    .filter((field) => field !== '' && !/^(?:brief )?(?:introduction|description|summary|responsibilities|achievements)\b/i.test(field));
};

interface Anchor {
  readonly index: number;
  readonly span: DateSpan;
}

const OPEN_START = /^((?:[\p{L}]+\.?\s*)?(?:19|20)\d{2}|\d{1,2}\s*[/.]\s*(?:19|20)\d{2})\s*[-–—]\s+(?!(?:[\p{L}]+\.?\s*)?(?:19|20)\d{2}|present|now|current|today)\S/iu;

const anchorsIn = (lines: readonly string[]): Anchor[] => {
  const anchors: Anchor[] = [];
  const joined = new Set<number>();
  lines.forEach((line, index) => {
    if (line === '' || joined.has(index)) return;
    // A margin date range broken over two rows: "June 2020 – Title, Company" then "Present …".
    const open = OPEN_START.exec(line);
    const next = lines[index + 1] ?? '';
    if (open) {
      const end = findDateSpan(`${open[1] ?? ''} – ${next.split(/\s+/).slice(0, 2).join(' ')}`);
      if (end && end.kind === 'range' && next !== '' && next.startsWith(end.end.split(/\s+/)[0] ?? '\u0000')) {
        joined.add(index + 1);
        anchors.push({ index, span: { ...end, text: `${open[1] ?? ''} – ${end.end}`, index: 0 } });
        return;
      }
    }
    const fields = line.split(' | ');
    // A date in the first or last field, or in any cell of a table row ("B.E | MMCOE | 2018 | 61.51%").
    const marginDate = (fields.length >= 3 ? fields : [fields[0] ?? '', fields.at(-1) ?? '']).find((field) => isDateLine(field));
    const span =
      findDateSpan(line) ??
      (isDateLine(line) ? findDateSpan(line, { single: true }) : undefined) ??
      (fields.length > 1 && marginDate !== undefined ? findDateSpan(marginDate, { single: true }) : undefined);
    if (!span) return;
    // A date in the middle of a sentence is not an entry's date.
    if (isBullet(line) && !line.includes(' | ') && !isDateLine(line.replace(BULLET, ''))) return;
    if (line.length > 140) return;
    anchors.push({ index, span });
  });
  return anchors;
};

/**
 * Entries printed side by side ("Acme | Globex" / "Engineer | Developer" / "2019 – Present | 2016 – 2018"):
 * a run of rows that all have the same number of " | " fields, one row of which is nothing but
 * dates, is read column by column, each column an entry of its own.
 */
export const unzipColumns = (lines: readonly string[]): string[] => {
  const out: string[] = [];
  const width = (line: string) => (line === '' ? 0 : line.split(' | ').length);
  for (let start = 0; start < lines.length; ) {
    const columns = width(lines[start] ?? '');
    let end = start + 1;
    while (columns >= 2 && end < lines.length && width(lines[end] ?? '') === columns) end += 1;
    const run = lines.slice(start, end);
    const datesOnly = (line: string) => line.split(' | ').every((field) => findDateSpan(field) !== undefined && isDateLine(field));
    if (columns >= 2 && run.length >= 3 && run.some(datesOnly)) {
      for (let column = 0; column < columns; column += 1) {
        out.push(...run.map((line) => (line.split(' | ')[column] ?? '').trim()).filter((field) => field !== ''), '');
      }
    } else {
      out.push(...run);
    }
    start = end;
  }
  return out;
};

/**
 * Job entries, one per date range in the experience sections. The texts that name the job are
 * the header-like lines next to the date: as many before it as the first entry has (a layout
 * prints every entry the same way), then the date line's own fields, then following lines
 * until two texts are found.
 */
const findExperience = (
  lines: readonly string[],
  now: Date,
): { entries: ExtractedExperience[]; end: number[]; projects: boolean[] } => {
  const anchors = anchorsIn(lines);
  if (anchors.length === 0) return { entries: [], end: [], projects: [] };
  const first = anchors[0] as Anchor;
  let before = 0;
  for (let index = first.index - 1; index >= 0 && before < 2; index -= 1) {
    const line = lines[index] ?? '';
    if (line === '' && before === 0) continue;
    if (!isHeaderLike(line)) break;
    before += 1;
  }
  const used = new Set<number>();
  const entries: ExtractedExperience[] = [];
  const ends: number[] = [];
  const projects: boolean[] = [];
  anchors.forEach((anchor, position) => {
    const next = anchors[position + 1]?.index ?? lines.length;
    const texts: string[] = [];
    const previousLines: string[] = [];
    for (let index = anchor.index - 1, taken = 0; index >= 0 && taken < (before > 0 ? before + 1 : 0); index -= 1) {
      const line = lines[index] ?? '';
      if (line === '' && taken === 0) continue;
      if (line === '' || used.has(index) || !isHeaderLike(line) || anchors.some((other) => other.index === index)) break;
      if (taken === before && !(lines[index - 1] === '' || index === 0)) break; // an extra line only when a blank line closes it
      previousLines.unshift(line);
      used.add(index);
      taken += 1;
    }
    for (const line of previousLines) texts.push(...fieldsWithout(line));
    const anchorLine = lines[anchor.index] ?? '';
    // A date set beside a bullet point ("• Reduced … | June 2005 – Aug 2007") names nothing.
    if (!isBullet(anchorLine) || (anchorLine.split(' | ')[0] ?? '').length < 60) texts.push(...fieldsWithout(anchorLine, anchor.span));
    for (let index = anchor.index + 1; index < next && texts.length < 2; index += 1) {
      const line = lines[index] ?? '';
      if (line === '') {
        // Word files space every paragraph: a title alone, then a blank, then its employer.
        const following = lines[index + 1] ?? '';
        const employerAfterBlank =
          texts.length === 1 && titleScore(texts[0] ?? '') > 0 && index + 1 < next && isHeaderLike(following) && companyScore(following) > 0 && titleScore(following) === 0;
        if (texts.length > 0 && !employerAfterBlank) break;
        continue;
      }
      if (!isHeaderLike(line) || index - anchor.index > 3) break;
      // A line that already names both the job and the employer ends the header.
      const before = splitTitleAndCompany(texts);
      if (before.title !== '' && before.company !== '') break;
      texts.push(...fieldsWithout(line));
      used.add(index);
      const after = splitTitleAndCompany(texts);
      if (after.title !== '' && after.company !== '') break;
    }
    const { title, company } = splitTitleAndCompany(texts.slice(0, 4));
    entries.push({ title, company, duration: anchor.span.text.trim(), description: '', technologies: [] });
    ends.push(endMonth(anchor.span, now));
    projects.push(PROJECT.test(texts.join(' ')) || PERSONAL_PROJECT.test(texts.join(' ')));
  });
  // Descriptions once every entry's header lines are known, so none swallows the next job's header.
  const described = entries.map((entry, position) => {
    const from = (anchors[position] as Anchor).index + 1;
    const to = anchors[position + 1]?.index ?? lines.length;
    const description = lines
      .slice(from, to)
      .filter((line, offset) => line !== '' && !used.has(from + offset))
      .map((line) => line.replace(BULLET, ''))
      .join('\n')
      .slice(0, 2000);
    return { ...entry, description };
  });
  return { entries: described, end: ends, projects };
};

/** Jobs newest first: by end date ("Present" first), the resume's order among equals. */
const PROJECT = /\b(?:projects?|projets?|proyectos?|projetos?|projekte?)\b|项目/i;
const PERSONAL_PROJECT = /\b(?:personal|individual|side|open[- ]source|university|academic|team|student)\s+project|\bprojet personnel|\bproyecto personal|个人项目/i;

/** Jobs newest first; personal projects listed among jobs come after the jobs. */
const newestFirst = (entries: readonly ExtractedExperience[], ends: readonly number[], projects: readonly boolean[]): ExtractedExperience[] =>
  entries
    .map((entry, index) => ({ entry, index, end: ends[index] ?? -1, project: (projects[index] ?? false) || PERSONAL_PROJECT.test(entry.description.split('\n')[0] ?? '') }))
    .sort((a, b) => Number(a.project) - Number(b.project) || b.end - a.end || a.index - b.index)
    .map(({ entry }) => entry);

/* ---------- education ---------- */

const INSTITUTION =
  /\b(?:University|Universit[äéy]|Universidad|Universidade|Università|College|Institute|Institut|Instituto|School|Schule|Academy|Akademie|Hochschule|Fachhochschule|Gymnasium|Lyc[ée]e|[ÉE]cole|Escuela|Polytechnic|Conservatory|Seminary|Coursera|Udacity|edX|MIT|UC|IIT|NIT)\b|大学|学院|中学/u;
const DEGREE =
  /\b(?:Bachelor'?s?|Master'?s?|B\.?\s?Sc|M\.?\s?Sc|B\.?\s?S\.?|M\.?\s?S\.?|B\.?\s?A\.?|M\.?\s?A\.?|B\.?\s?E\.?|B\.?\s?Tech|M\.?\s?Tech|MBA|Ph\.?\s?D|Doctorate|Diploma|Diplom|Degree|Associate'?s?|Class (?:10|12|X|XII)|HSC|SSC|High School|Abitur|Licence|Licenciatura|Grado|Maestría|Mestrado|Bacharelado|Baccalauréat|BTS|DUT|Certificate|Semester Abroad|Exchange)\b|学士|硕士|博士|本科|研究生/iu;

const findEducation = (lines: readonly string[]): ExtractedEducation[] => {
  const anchors = anchorsIn(lines).filter((anchor) => !isBullet(lines[anchor.index] ?? ''));
  const institutions = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line !== '' && !isBullet(line) && INSTITUTION.test(line) && line.length < 140);
  const degrees = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line !== '' && !isBullet(line) && DEGREE.test(line) && line.length < 140);
  // One entry per date when dates are given; else per institution line; else per degree line.
  const keys = anchors.length > 0 ? anchors.map((anchor) => anchor.index) : institutions.length > 0 ? institutions.map((entry) => entry.index) : degrees.map((entry) => entry.index);
  return keys.map((index, position) => {
    const end = keys[position + 1] ?? lines.length;
    const around = lines.slice(Math.max(0, index - 1), Math.min(end, index + 3));
    // Nearest first, the entry's own line, then the lines just above and below, never past a blank line.
    const near: string[] = [lines[index] ?? ''];
    for (const step of [1, 2]) {
      const above = lines.slice(index - step, index);
      const below = lines.slice(index + 1, index + 1 + step);
      if (above.length === step && !above.includes('')) near.push(above[0] ?? '');
      if (below.length === step && !below.includes('') && index + step < end) near.push(below.at(-1) ?? '');
    }
    const institutionLine = near.find((line) => INSTITUTION.test(line)) ?? '';
    const degreeLine = near.find((line) => DEGREE.test(line)) ?? '';
    const pick = (line: string, pattern: RegExp) =>
      (line.split(/\s+\|\s+|,\s+/).find((part) => pattern.test(part)) ?? line).replace(/(?:19|20)\d{2}.*$/, '').trim();
    const dated = lines[index] ?? '';
    const year = /(?:19|20)\d{2}(?!.*(?:19|20)\d{2})/.exec(around.join(' '))?.[0] ?? '';
    // "PhD in Computer Science, CalTech, Pasadena, USA": the school is the part that is neither degree nor place.
    const unnamed = () =>
      dated
        .replace(/(?:19|20)\d{2}\s*[-–—]\s*(?:(?:19|20)\d{2}|present|now)|(?:19|20)\d{2}/gi, '')
        .split(/\s+\|\s+|,\s+/)
        .map((part) => part.trim())
        .find((part) => part !== '' && !DEGREE.test(part) && !isPlace(part) && /\p{Lu}/u.test(part)) ?? '';
    return {
      degree: pick(degreeLine, DEGREE),
      institution: institutionLine !== '' ? pick(institutionLine, INSTITUTION) : unnamed(),
      year,
      gpa: /(?:GPA|Grade Point Average)\s*:?\s*([\d.]+)|([\d.]+)\s*GPA/i.exec(around.join(' '))?.slice(1).find(Boolean) ?? '',
    };
  });
};

/* ---------- skills ---------- */

/** Vocabulary words that are also ordinary words: counted only inside a skills section or list. */
const AMBIGUOUS = new Set(
  ['Word', 'Web', 'Epic', 'Spring', 'Express', 'Chef', 'Lever', 'Sage', 'Lean', 'Shell', 'Terminal', 'Principle',
    'Closing', 'Assessment', 'Embedded', 'Training', 'Writing', 'Sales', 'Retail', 'Audit', 'Compliance',
    'Presentation', 'Presentations', 'Go', 'C', 'R', 'UI', 'UX', 'Canvas LMS', 'Consulting', 'Coaching', 'Organization',
    'Accessibility', 'Branding', 'Triage', 'Assessment', 'Spanish', 'Communication', 'Leadership', 'Teamwork',
    'Unity', 'Apache', 'Oracle', 'Windows', 'Open Source', 'Blaze', 'Expo', 'Meteor', 'Mocha', 'Travis', 'Hard-working',
    'Persuasive', 'Eye for detail', 'Motivator & Leader', 'Mongo', 'Recruitment', 'Recruiting', 'Benefits', 'Compensation',
    'Lever', 'Greenhouse', 'Closing', 'Prospecting', 'Assessment', 'Tutoring', 'Research', 'Audit', 'Valuation', 'Treasury', 'Vite', 'Lambda', 'S3', 'Spark', 'Hive', 'Proteus'].map((word) => word.toLowerCase()),
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const vocabularyPatterns = new Map<string, RegExp>();
const patternOf = (skill: string): RegExp => {
  let pattern = vocabularyPatterns.get(skill);
  if (!pattern) {
    const exactCase = skill.length <= 2 || /^[A-Z0-9]+$/.test(skill);
    pattern = new RegExp(`(?<![\\p{L}\\d+#.&/-])${escapeRegExp(skill)}(?![\\p{L}\\d+#&]|\\.[\\p{L}\\d])`, exactCase ? 'u' : 'iu');
    vocabularyPatterns.set(skill, pattern);
  }
  return pattern;
};

/** Whole-term matches; a plain substring test first, so only terms present get a pattern compiled. */
const findVocabulary = (text: string, vocabulary: readonly string[], inList: boolean): string[] => {
  const lower = text.toLowerCase();
  return vocabulary.filter(
    (skill) => (inList || !AMBIGUOUS.has(skill.toLowerCase())) && lower.includes(skill.toLowerCase()) && patternOf(skill).test(text),
  );
};

const PLACEHOLDER_SKILL = /^(?:x{2,}|y{2,}|z{2,}|lorem|ipsum|skill \d*|category \d*|item \d*|comment|skill level|\.\.\.)$|\b(?:XXX|YYY|ZZZ|lorem ipsum)\b/i;
const LIST_LABEL = /^(?:[\p{L}\d /&+-]{2,32})\s*[:：]\s*/u;
const SKILL_LABELS =
  /^(?:(?:technical |core |key |it |computer |programming |soft )?skills?|tech(?:s|nologies|nical)?|tech stack|stack|tools?|frameworks?|languages?|programming(?: languages?)?|platforms?|databases?|software|expertise|competencies|fields|libraries|methods|methodologies|cloud|devops|web|frontend|backend|os|operating systems|编程语言|平台|开发|技能|compétences|habilidades|kenntnisse)\s*[:：]/iu;

/** The items of a skills list as written: "Python 5+ yrs", "Hard-working (18/24)" and "category: " cut away. */
/** A row's label set without a colon, beside its items: "Tech Stack Tableau | Python". */
const BARE_LABEL =
  /^(?:(?:spoken |foreign )?languages?|tech(?:nical)? stack|stack|(?:(?:web|cloud|data|mobile|dev|developer|build|testing|design) )?(?:tools?|frameworks?|technologies|platforms?|databases?|libraries)|programming(?: languages?)?|(?:technical |soft |core )?skills?|software|methods)\s+(?=\p{Lu})/iu;
/**
 * A category printed before its items with no colon, on a list's row: "DevOps AWS, Docker, …",
 * "Backend Koa, Express, …". Cut only from a comma list of three or more items, where the
 * first item is the category and its first skill run together.
 */
const CATEGORY_BEFORE_LIST = /^(?:dev ?ops|back-?end|front-?end|full-?stack|programming|scripting|mobile|testing|infrastructure|cloud|operating systems|version control|misc(?:ellaneous)?|others?)\s+(?=\p{Lu}|\.)(?=[^,]+,[^,]+,)/iu;
/** A category's name alone is no skill: "Web Technologies", "Programming Languages", "Tools" ("Communication skills" is one). */
const CATEGORY_ITEM = /^(?:[\p{L}-]+\s+)?(?:technologies|frameworks|tools|languages|platforms|databases|libraries|methodologies)$/iu;
const NOT_SKILLS = /^(?:personal )?(?:interests?|hobbies|hobbys|loisirs|intereses|interessen|activities)\b/i;
const NOT_A_SKILL = /^(?:curriculum vitae|resume|résumé|cv|page \d+.*|\d+\s*\/\s*\d+)$/i;

const listItems = (lines: readonly string[]): string[] => {
  const items: string[] = [];
  for (const raw of lines) {
    if (raw === '' || NOT_SKILLS.test(raw.replace(BULLET, ''))) continue;
    for (const [position, field] of raw.split(/\s+\|\s+/).entries()) {
      const unlabelled = field.replace(BULLET, '').replace(LIST_LABEL, '');
      const line = position === 0 ? unlabelled.replace(BARE_LABEL, '').replace(CATEGORY_BEFORE_LIST, '') : unlabelled;
      // "Python (Pandas/Numpy)": the parenthesis lists more skills; "(18/24)", "(Expert)" do not.
      const expanded = line.replace(/\(([^)]*)\)/g, (_, inner: string) =>
        /\d|^(?:basic|intermediate|advanced|expert|fluent|native|proficient|beginner)$/i.test(inner.trim()) ? '' : `, ${inner.replace(/\//g, ', ')}`,
      );
      for (const piece of expanded.split(/\s*[,;•·●▪、；，]\s*|\s+-\s+|\s+\/\s+|\s*[>=<]=?\s*/)) {
        const item = piece
          .replace(/\p{Cc}/gu, '')
          .replace(/^[^\p{L}\d.#]+/u, '')
          .replace(/^[\p{Ll}\d]\s+(?=\p{Lu})/u, '')
          .replace(/\([^)]*\)/g, '')
          .replace(/\b\d+\+?\s*(?:years?|yrs?|ans|años|jahre)\b.*$/i, '')
          .replace(/[○●◯★☆]+/g, '')
          .replace(/\b(?:basic|intermediate|advanced|expert|fluent|native|proficient)\b/gi, '')
          .replace(/^(?:and|und|et|y)\s+/i, '')
          // "熟练掌握 PPO", "精通 Isaac Gym": how well, in Chinese, before the skill itself.
          .replace(/^(?:熟练掌握|熟练使用|熟练运用|熟悉|精通|掌握|了解|具备|熟练|擅长|会用)\s*(?=[\p{Script=Latin}\d])/u, '')
          .replace(/[.:]+$/, '')
          .trim();
        if (item === '' || !/\p{L}/u.test(item) || NOT_A_SKILL.test(item) || CATEGORY_ITEM.test(item) || /-$/.test(item) || item.length > 40 || item.split(/\s+/).length > 4 || PLACEHOLDER_SKILL.test(item)) continue;
        if (/^\d+([.,]\d+)?%?$/.test(item) || /[.!?]$/.test(item)) continue;
        items.push(item);
      }
    }
  }
  return items;
};

const findSkills = (
  text: string,
  skillLines: readonly string[],
  labelledLines: readonly string[],
  nameWords: ReadonlySet<string>,
): { technical: string[]; soft: string[] } => {
  const listed = listItems([...skillLines, ...labelledLines]);
  const listText = listed.join(' , ');
  const technical: string[] = [];
  const seen = new Set<string>();
  const add = (target: string[], skill: string) => {
    const key = skill.toLowerCase();
    if (seen.has(key) || nameWords.has(key) || key.split(/\s+/).every((word) => nameWords.has(word))) return;
    seen.add(key);
    target.push(skill);
  };
  const softList = findVocabulary(listText, SOFT_SKILLS, true);
  for (const item of listed) {
    if (!softList.some((soft) => soft.toLowerCase() === item.toLowerCase())) add(technical, item);
  }
  for (const skill of findVocabulary(listText, TECHNICAL_SKILLS, true)) add(technical, skill);
  for (const skill of findVocabulary(text, TECHNICAL_SKILLS, false)) add(technical, skill);
  const soft: string[] = [];
  for (const skill of [...softList, ...findVocabulary(text, SOFT_SKILLS, false)]) add(soft, skill);
  return { technical: technical.slice(0, 100), soft: soft.slice(0, 20) };
};

/* ---------- totals ---------- */

/** Years covered by the dated jobs, overlaps counted once. */
const totalYears = (experience: readonly ExtractedExperience[], now: Date): number => {
  const months = new Set<number>();
  for (const entry of experience) {
    const span = findDateSpan(entry.duration, { single: true });
    if (!span || span.kind === 'single') continue;
    const from = monthNumber(span.start, now);
    const to = monthNumber(span.end, now);
    if (from === undefined || to === undefined) continue;
    for (let month = from; month < to && to - from < 600; month += 1) months.add(month);
  }
  return Math.floor(months.size / 12);
};

export interface LocalResumeAiOptions {
  /** "Present" in a date range means this moment. */
  readonly now: () => Date;
}

/** The headline under the name, if it reads as a job title. */
const findHeadline = (header: readonly string[], name: string): string => {
  if (name === '') return '';
  const lower = name.toLowerCase();
  const at = header.findIndex((line) => line.toLowerCase().includes(lower) || line.toLowerCase().includes(lower.split(' ')[0] ?? lower));
  if (at < 0) return '';
  for (const line of header.slice(at + 1, at + 4)) {
    if (line === '') continue;
    const parts = line.split(/\s+[|·]\s+/).map((part) => part.trim());
    let field = (parts.every((part) => titleScore(part) > 0) ? parts.join(' · ') : (parts[0] ?? '')).replace(/^[-–—\s]+/, '');
    // A long headline wraps: "… Director of Bioinformatics at" / "Gladstone Institutes".
    const following = header[header.indexOf(line) + 1] ?? '';
    if (/\b(?:at|of|and|for|in|@|&)$/.test(field) && following !== '') field = `${field} ${following}`;
    if (/\S@\S+\.\w|\d{3}|https?:|www\./.test(field)) continue;
    if (titleScore(field) > 0 && field.length <= 100 && field.split(/\s+/).filter((word) => /^\p{Ll}/u.test(word) && !/^(?:and|of|at|for|in|the|&)$/.test(word)).length <= 2) {
      return field === field.toUpperCase()
        ? field.toLowerCase().replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())
        : field;
    }
    return '';
  }
  return '';
};

export const extractResumeLocally = (text: string, now: Date): ExtractedResume => {
  const lines = toLines(text);
  const content = lines.filter((line) => line !== '');
  const { header, of } = sectionsOf(lines);
  const topEmail = findEmail([...header.slice(0, 25), ...of('contact')].filter((line) => line !== ''));
  const email = topEmail !== '' ? topEmail : findEmail(content);
  const linkedin = findLinkedin(text);
  const github = findGithub(text);
  const handles = [email.split('@')[0] ?? '', linkedin.split('/in/')[1] ?? '', github.split('/')[1] ?? '']
    .filter(Boolean)
    .map((handle) => handle.toLowerCase().replace(/[^a-z0-9]/g, ''));
  const name = findName(content, handles);
  const nameWords = new Set(name.toLowerCase().split(/\s+/).filter((word) => word.length > 1));

  const labelledSkillLines = content.filter((line) => SKILL_LABELS.test(line.replace(BULLET, '')));
  const skillSection = of('skills');
  const isSkillWord = (item: string) => {
    const key = item.trim().toLowerCase();
    return TECHNICAL_SKILLS.some((skill) => skill.toLowerCase() === key) || SOFT_SKILLS.some((skill) => skill.toLowerCase() === key);
  };
  // The top block: lines before the first heading, the contact section, and the lines around the name
  // (a sidebar printed first pushes the name and its headline below the sidebar's sections).
  const nameAt = name === '' ? -1 : lines.findIndex((line) => line.toLowerCase().includes(name.toLowerCase().split(' ')[0] ?? ''));
  const aroundName: string[] = [];
  for (let index = nameAt; nameAt >= 0 && index < Math.min(lines.length, nameAt + 8); index += 1) {
    if (index > nameAt && headingOf(lines[index] ?? '')) break;
    aroundName.push(lines[index] ?? '');
  }
  // …and the lines near the email address, wherever a layout put that block.
  const emailAt = email === '' ? -1 : lines.findIndex((line) => line.includes(email.slice(0, 12)));
  const nearEmail: string[] = [];
  for (let index = emailAt; emailAt >= 0 && index >= Math.max(0, emailAt - 4) && !headingOf(lines[index] ?? ''); index -= 1) nearEmail.unshift(lines[index] ?? '');
  for (let index = emailAt + 1; emailAt >= 0 && index < Math.min(lines.length, emailAt + 5) && !headingOf(lines[index] ?? ''); index += 1) nearEmail.push(lines[index] ?? '');
  const contactLines = [...header.slice(0, 25), ...aroundName, ...of('contact'), ...nearEmail].filter((line) => line !== '' && !SKILL_LABELS.test(line));
  const location = findLocation(contactLines, isSkillWord);
  const phone = findPhone(contactLines, content, countryOf(location));

  const experienceLines = unzipColumns(of('experience'));
  const { entries, end, projects } = findExperience(experienceLines, now);
  const experience = newestFirst(entries, end, projects);
  const education = findEducation(unzipColumns(of('education')));
  const years = totalYears(experience, now);
  const headline = findHeadline(aroundName.filter((line) => line !== ''), name);
  const title = headline !== '' ? headline : (experience[0]?.title ?? '');
  return {
    personalInfo: { name, email, phone, location, linkedin, github },
    summary: of('summary').filter((line) => line !== '').join(' '),
    experience,
    education,
    skills: findSkills(text, skillSection, labelledSkillLines, nameWords),
    certifications: of('certifications').filter((line) => line !== '').map((line) => line.replace(BULLET, '')),
    projects: [],
    totalExperience: years > 0 ? `${years}+ years` : '',
    preferredRoles: title === '' ? [] : [title],
  };
};

/** The `local` adapter of the AI port. */
export const localResumeAi = (options: LocalResumeAiOptions): ResumeAi => ({
  extractResume: (text) => Promise.resolve(extractResumeLocally(text, options.now())),
});
