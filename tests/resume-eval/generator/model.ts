import {
  BRANDS,
  COUNTRY_DATA,
  EMAIL_DOMAINS,
  GENERIC_BULLETS,
  HEADINGS,
  INSTITUTIONS,
  PROFESSION_DATA,
  REFERENCE_LINES,
  TOP_LISTS,
  type Country,
  type Profession,
  type ProfessionData,
} from './data';
import type { Random } from './random';

export const DOCX_LAYOUTS = [
  'docx-plain',
  'docx-sidebar-table',
  'docx-job-tables',
  'docx-text-boxes',
  'docx-header-footer',
] as const;
export const PDF_LAYOUTS = [
  'pdf-one-column',
  'pdf-sidebar',
  'pdf-styled-headings',
  'pdf-right-dates',
] as const;
export const LAYOUTS = [...DOCX_LAYOUTS, ...PDF_LAYOUTS] as const;
export type Layout = (typeof LAYOUTS)[number];

export const DATE_STYLES = [
  'short-dot-dash', // Sep. 2023 – Mar. 2024
  'short-no-dash', // Sep 2023 Mar 2024
  'numeric-slash', // 03/2019 – present
  'iso-to', // 2019-03 to 2021-11
  'years', // 2015 - 2017
  'short-current', // Jan 2020 - Current
  'full-month', // September 2019 – June 2022
  'local-language', // Sept. 2019 – heute, set. 2019 – atual
] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

export const JOB_SHAPES = [
  'title-comma-company',
  'title-at-company',
  'company-pipe-title',
  'company-dash-title', // COMPANY — Title
  'title-then-company',
  'company-then-title',
  'pipe-with-years', // Company | Title | 2015 - 2017
  'title-dash-company', // Title — Company, City
] as const;
export type JobShape = (typeof JOB_SHAPES)[number];

export type NameShape = 'plain' | 'all-caps' | 'credentials' | 'label' | 'initials';
export type SkillsStyle = 'comma' | 'bullets' | 'pipes' | 'grouped';
export type ContactStyle = 'one-line' | 'labelled-lines' | 'stacked';
export type HeadingStyle = 'as-is' | 'upper' | 'small-caps' | 'letter-spaced';

/** One value, or a list of values any of which is right (the devset's convention). */
export type Accepted<T> = T | T[];

/** The devset's ground-truth record, field for field. */
export interface GroundTruth {
  name: Accepted<string>;
  email: Accepted<string> | null;
  phone: Accepted<string> | null;
  location: Accepted<string> | null;
  title: Accepted<string> | null;
  company: Accepted<string> | null;
  experienceCount: Accepted<number>;
  educationCount: Accepted<number>;
  skills: string[];
}

interface YearMonth {
  readonly year: number;
  readonly month: number; // 1..12
}

export interface Job {
  readonly title: string;
  readonly company: string;
  /** The company as printed (upper case in the "COMPANY — Title" shape). */
  readonly companyPrinted: string;
  readonly city?: string;
  readonly start: YearMonth;
  readonly end: YearMonth | null;
  readonly bullets: readonly string[];
  /** A promotion: same employer as the job listed just above, written under the same company line. */
  readonly sameEmployerAsAbove?: boolean;
}

export interface Education {
  readonly degree: string;
  readonly school: string;
  readonly startYear: number;
  readonly endYear: number;
}

export interface ResumeModel {
  readonly fileName: string;
  readonly layout: Layout;
  readonly profession: Profession;
  readonly country: Country;
  readonly nameShape: NameShape;
  readonly printedName: string;
  readonly nameTruth: Accepted<string>;
  readonly email: string;
  readonly phone: string;
  readonly location: string;
  readonly locationTruth: Accepted<string>;
  readonly contactStyle: ContactStyle;
  readonly contactSeparator: string;
  readonly headline?: string;
  readonly summary?: string;
  readonly topList?: string;
  readonly jobs: readonly Job[];
  readonly education: readonly Education[];
  readonly skills: readonly string[];
  readonly skillGroups: readonly string[];
  readonly skillsStyle: SkillsStyle;
  readonly languages?: readonly string[];
  readonly certifications?: readonly string[];
  readonly references?: string;
  readonly personalDetails?: readonly string[];
  /** A personal website on an example domain, written in the contact line. */
  readonly website?: string;
  readonly dateStyle: DateStyle;
  readonly jobShape: JobShape;
  readonly datesOnOwnLine: boolean;
  readonly headingStyle: HeadingStyle;
  /** A number the layouts use for small choices of their own (order of sections, separators). */
  readonly variant: number;
  readonly headings: {
    readonly summary: string;
    readonly experience: string;
    readonly education: string;
    readonly skills: string;
    readonly languages: string;
    readonly certifications: string;
    readonly personal: string;
  };
}

/** The generator's clock: resumes are written as of this month, whatever the date today. */
const NOW: YearMonth = { year: 2026, month: 3 };

const addMonths = (date: YearMonth, months: number): YearMonth => {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

const EN_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const EN_FULL = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad2 = (n: number): string => String(n).padStart(2, '0');

export const formatRange = (model: Pick<ResumeModel, 'dateStyle' | 'country'>, job: Pick<Job, 'start' | 'end'>): string => {
  const { start, end } = job;
  const month = (date: YearMonth): string => {
    const i = date.month - 1;
    switch (model.dateStyle) {
      case 'short-dot-dash':
        return EN_SHORT[i] === 'May' ? `May ${date.year}` : `${EN_SHORT[i]}. ${date.year}`;
      case 'short-no-dash':
      case 'short-current':
        return `${EN_SHORT[i]} ${date.year}`;
      case 'numeric-slash':
        return `${pad2(date.month)}/${date.year}`;
      case 'iso-to':
        return `${date.year}-${pad2(date.month)}`;
      case 'years':
        return String(date.year);
      case 'full-month':
        return `${EN_FULL[i]} ${date.year}`;
      case 'local-language': {
        const names = COUNTRY_DATA[model.country].months?.names ?? EN_SHORT;
        return `${names[i]} ${date.year}`;
      }
    }
  };
  const [separator, present] = ((): [string, string] => {
    switch (model.dateStyle) {
      case 'short-dot-dash':
      case 'full-month':
        return [' – ', 'Present'];
      case 'short-no-dash':
        return [' ', 'Present'];
      case 'numeric-slash':
        return [' – ', 'present'];
      case 'iso-to':
        return [' to ', 'present'];
      case 'years':
        return [' - ', 'Present'];
      case 'short-current':
        return [' - ', 'Current'];
      case 'local-language':
        return [' – ', COUNTRY_DATA[model.country].months?.present ?? 'Present'];
    }
  })();
  return `${month(start)}${separator}${end === null ? present : month(end)}`;
};

export interface JobBlock {
  /** The lines naming the job, without its dates. */
  readonly lines: readonly string[];
  /** The date range, or '' when it is already inside `lines` ("Company | Title | 2015 - 2017"). */
  readonly dates: string;
}

export const jobBlock = (model: ResumeModel, job: Job): JobBlock => {
  const dates = formatRange(model, job);
  const companyWithCity = job.city ? `${job.companyPrinted}, ${job.city}` : job.companyPrinted;
  switch (model.jobShape) {
    case 'title-comma-company':
      return { lines: [`${job.title}, ${job.companyPrinted}`], dates };
    case 'title-at-company':
      return { lines: [`${job.title} at ${job.companyPrinted}`], dates };
    case 'company-pipe-title':
      return { lines: [`${job.companyPrinted} | ${job.title}`], dates };
    case 'company-dash-title':
      return { lines: [`${job.companyPrinted} — ${job.title}`], dates };
    case 'title-then-company':
      return { lines: [job.title, companyWithCity], dates };
    case 'company-then-title':
      return { lines: job.sameEmployerAsAbove ? [job.title] : [companyWithCity, job.title], dates };
    case 'pipe-with-years':
      return { lines: [`${job.companyPrinted} | ${job.title} | ${dates}`], dates: '' };
    case 'title-dash-company':
      return { lines: [`${job.title} — ${companyWithCity}`], dates };
  }
};

export interface EducationBlock {
  /** The entry as written in the flow, years included. */
  readonly lines: readonly string[];
  readonly years: string;
  /** The same lines without the years, for layouts that set the years apart. */
  readonly withoutYears: readonly string[];
}

/** School first when the resume puts employers first, degree first otherwise. */
export const educationBlock = (model: ResumeModel, entry: Education): EducationBlock => {
  const years =
    model.dateStyle === 'years' ? `${entry.startYear} - ${entry.endYear}` : `${entry.startYear} – ${entry.endYear}`;
  return model.jobShape === 'company-then-title' || model.jobShape === 'company-pipe-title'
    ? { lines: [`${entry.school} | ${years}`, entry.degree], years, withoutYears: [entry.school, entry.degree] }
    : { lines: [entry.degree, `${entry.school}, ${years}`], years, withoutYears: [entry.degree, entry.school] };
};

export const skillsLines = (model: ResumeModel): string[] => {
  switch (model.skillsStyle) {
    case 'comma':
      return [model.skills.join(', ')];
    case 'pipes':
      return [model.skills.join(' | ')];
    case 'bullets':
      return [...model.skills];
    case 'grouped': {
      const groups: string[] = [];
      const size = Math.ceil(model.skills.length / model.skillGroups.length);
      model.skillGroups.forEach((label, i) => {
        const part = model.skills.slice(i * size, (i + 1) * size);
        if (part.length > 0) groups.push(`${label}: ${part.join(', ')}`);
      });
      return groups;
    }
  }
};

export const contactLines = (model: ResumeModel): string[] => {
  switch (model.contactStyle) {
    case 'one-line':
      return [[model.email, model.phone, model.location, ...(model.website ? [model.website] : [])].join(model.contactSeparator)];
    case 'labelled-lines':
      return [
        `Email: ${model.email}`,
        `Phone: ${model.phone}`,
        `Location: ${model.location}`,
        ...(model.website ? [`Website: ${model.website}`] : []),
      ];
    case 'stacked':
      return [model.location, model.phone, model.email, ...(model.website ? [model.website] : [])];
  }
};

/**
 * A small choice a layout makes for this resume (0 … n-1), independent of its other choices:
 * the model's variant number hashed with the name of the choice (FNV-1a).
 */
export const variantOf = (model: Pick<ResumeModel, 'variant'>, choice: string, n: number): number => {
  let hash = 0x811c9dc5 ^ model.variant;
  for (const char of choice) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash >>> 0) % n;
};

export const heading = (model: ResumeModel, text: string): string =>
  model.headingStyle === 'as-is' ? text : text.toUpperCase();

const asciiFold = (text: string): string =>
  text
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

const formatPhone = (random: Random, country: Country): string => {
  const d = (n: number): string => Array.from({ length: n }, () => String(random.int(0, 9))).join('');
  switch (country) {
    case 'us': {
      const area = random.pick(['212', '312', '415', '512', '617', '503', '720']);
      const line = `01${d(2)}`;
      return random.pick([
        `(${area}) 555-${line}`,
        `${area}-555-${line}`,
        `+1 ${area} 555 ${line}`,
        `${area}.555.${line}`,
        `+1 (${area}) 555-${line}`,
      ]);
    }
    case 'uk': {
      const mobile = `900${d(3)}`;
      const london = `0${d(3)}`;
      return random.pick([
        `+44 7700 ${mobile}`,
        `07700 ${mobile}`,
        `+44 (0)7700 ${mobile}`,
        `+44 20 7946 ${london}`,
        `020 7946 ${london}`,
      ]);
    }
    case 'in': {
      const tail = `4${d(4)}`;
      return random.pick([
        `+91 98765 ${tail}`,
        `+91-98765-${tail}`,
        `098765 ${tail}`,
        `98765${tail}`,
        `(+91) 98765${tail}`,
      ]);
    }
    case 'br': {
      const area = random.pick(['11', '21', '31', '41', '48']);
      const tail = `5${d(3)}`;
      return random.pick([
        `+55 ${area} 91234-${tail}`,
        `(${area}) 91234-${tail}`,
        `+55 (${area}) 91234-${tail}`,
        `+55 ${area} 91234 ${tail}`,
      ]);
    }
    case 'de': {
      const area = random.pick(['30', '89', '40', '221']);
      const tail = `1234${d(3)}`;
      return random.pick([
        `+49 ${area} ${tail}`,
        `+49 (0)${area} ${tail}`,
        `0${area} ${tail}`,
        `+49 151 2345${d(4)}`,
        `0151 2345 ${d(4)}`,
      ]);
    }
  }
};

const employerName = (random: Random, profession: Profession, country: Country, used: Set<string>): string => {
  const field = PROFESSION_DATA[profession].field;
  const data = COUNTRY_DATA[country];
  // `used` holds the places and brands already taken, so no two employers share one.
  for (;;) {
    if (field === 'healthcare' || field === 'teaching') {
      const patterns = INSTITUTIONS[field]?.[country] ?? ['{P}'];
      const place = random.pick(data.places);
      if (used.has(place)) continue;
      used.add(place);
      return random.pick(patterns).replace('{P}', place);
    }
    const brand = random.pick(BRANDS[field]);
    if (used.has(brand)) continue;
    used.add(brand);
    return brand + random.pick(data.companySuffixes);
  }
};

const cityOf = (location: string): string => location.split(',')[0]?.trim() ?? location;

const credentialShapeFits = (profession: Profession): boolean =>
  PROFESSION_DATA[profession].credentials.length > 0;

/** Teachers teach one of several subjects; the data is written for mathematics. */
const withSubject = (data: ProfessionData, random: Random): ProfessionData => {
  if (data.field !== 'teaching') return data;
  const [subject, short] = random.pick([
    ['Mathematics', 'maths'],
    ['English', 'English'],
    ['Biology', 'biology'],
    ['History', 'history'],
    ['Computer Science', 'computing'],
  ] as const);
  const swap = (text: string): string =>
    text.replace(/Mathematics/g, subject).replace(/mathematics/g, subject === 'English' ? 'English' : subject.toLowerCase()).replace(/maths/g, short);
  return {
    ...data,
    ladder: data.ladder.map(swap),
    headline: swap(data.headline),
    summary: swap(data.summary),
    bullets: data.bullets.map(swap),
    degrees: data.degrees.map((degree) =>
      degree === 'BSc Mathematics' ? `${subject === 'English' || subject === 'History' ? 'BA' : 'BSc'} ${subject}` : degree,
    ),
  };
};

export interface ModelChoice {
  readonly index: number;
  readonly layout: Layout;
  readonly profession: Profession;
  readonly country: Country;
}

/** Draws one resume: who, where, what they did, and how the page writes it. */
export const buildModel = (random: Random, choice: ModelChoice): ResumeModel => {
  const { layout, profession, country } = choice;
  const pro = withSubject(PROFESSION_DATA[profession], random);
  const place = COUNTRY_DATA[country];

  // Name
  // First and last names are drawn apart, so a country's few names make many people.
  const firstSource = random.pick(place.names);
  const person = { first: firstSource.first, middle: firstSource.middle, last: random.pick(place.names).last };
  const full = [person.first, person.middle, person.last].filter(Boolean).join(' ');
  let nameShape = random.pick<NameShape>(['plain', 'plain', 'all-caps', 'credentials', 'credentials', 'label', 'initials']);
  if (nameShape === 'credentials' && !credentialShapeFits(profession)) nameShape = 'all-caps';
  let printedName = full;
  let nameTruth: Accepted<string> = full;
  switch (nameShape) {
    case 'all-caps':
      printedName = full.toUpperCase();
      nameTruth = [printedName, full];
      break;
    case 'credentials': {
      const credential = random.pick(pro.credentials);
      const base = random.chance(0.5) ? full.toUpperCase() : full;
      printedName = `${base}, ${credential}`;
      nameTruth = base === full ? [full, printedName] : [base, full, printedName];
      break;
    }
    case 'label':
      printedName = `Name: ${full}`;
      break;
    case 'initials': {
      const initials = [person.first, person.middle]
        .filter((part): part is string => Boolean(part))
        .flatMap((part) => part.split(' '))
        .map((part) => `${part.charAt(0)}.`)
        .join(' ');
      printedName = `${initials} ${person.last}`;
      nameTruth = printedName;
      break;
    }
    case 'plain':
      break;
  }

  // Contact
  const first = asciiFold(person.first.split(' ')[0] ?? person.first);
  const last = asciiFold(person.last);
  const local = random.pick([
    `${first}.${last}`,
    `${first}${last}`,
    `${first.charAt(0)}.${last}`,
    `${first}.${last.charAt(0)}`,
    `${first}_${last}${random.int(1, 99)}`,
  ]);
  const email = `${local}@${random.pick(EMAIL_DOMAINS)}`;
  const phone = formatPhone(random, country);
  const cityLine = random.pick(place.locations);
  const withStreet = random.chance(0.2);
  const location = withStreet ? `${random.pick(place.streets)}, ${cityLine}` : cityLine;
  // "Denver, CO 80203": the city and state without the postcode name the same place.
  const withoutPostcode = cityLine.replace(/\s+\d{4,6}$/, '');
  const cityTruths = withoutPostcode === cityLine ? [cityLine] : [cityLine, withoutPostcode];
  const locationTruth: Accepted<string> = withStreet ? [...cityTruths, location] : cityTruths.length === 1 ? cityLine : cityTruths;

  // Career, most recent first
  // A quarter of the resumes are long (more jobs, every bullet), so PDFs run to a second page.
  const long = random.chance(0.25);
  const jobCount = long ? random.int(4, 5) : random.pick([1, 2, 2, 3, 3, 3, 4]);
  const usedEmployers = new Set<string>();
  const jobs: Job[] = [];
  let end: YearMonth | null = random.chance(0.75) ? null : addMonths(NOW, -random.int(1, 6));
  const top = random.int(Math.min(jobCount - 1, pro.ladder.length - 1), pro.ladder.length - 1);
  const jobShape = random.pick(JOB_SHAPES);
  for (let k = 0; k < jobCount; k += 1) {
    const months = random.int(10, 40);
    const start = addMonths(end ?? NOW, -months);
    const company = employerName(random, profession, country, usedEmployers);
    jobs.push({
      title: pro.ladder[Math.max(0, top - k)] ?? pro.ladder[0] ?? 'Specialist',
      company,
      companyPrinted: jobShape === 'company-dash-title' ? company.toUpperCase() : company,
      ...(random.chance(0.35) ? { city: cityOf(random.pick(place.locations)) } : {}),
      start,
      end,
      bullets: long
        ? [...random.sample(pro.bullets, random.int(3, 5)), ...random.sample(GENERIC_BULLETS, random.int(2, 3))]
        : random.sample(pro.bullets, random.int(1, 3)),
    });
    end = addMonths(start, -random.int(0, 4));
  }
  // Sometimes the two latest roles are a promotion at one employer, written under one company
  // line; the devset then accepts both counts (roles and employers).
  const [latestJob, previousJob] = jobs;
  if (latestJob && previousJob && jobShape === 'company-then-title' && random.chance(0.5)) {
    const { city: _city, ...previous } = previousJob;
    jobs[1] = {
      ...previous,
      company: latestJob.company,
      companyPrinted: latestJob.companyPrinted,
      ...(latestJob.city ? { city: latestJob.city } : {}),
      sameEmployerAsAbove: true,
    };
  }
  const careerStart = jobs[jobs.length - 1]?.start ?? NOW;

  // Education, most recent first
  const educationCount = random.pick([1, 1, 2, 2, 2, 3]);
  // A master's or postgraduate degree comes after a first degree, so it is listed first.
  const postgraduate = (degree: string): boolean => /^(Master|MBA|MSc|MA |M\.|MPAS|Postgraduate)/.test(degree);
  const degrees = random
    .sample(pro.degrees, Math.min(educationCount, pro.degrees.length))
    .sort((a, b) => Number(postgraduate(b)) - Number(postgraduate(a)));
  const schools = random.sample(place.schools, degrees.length);
  let endYear = careerStart.year - random.int(0, 1);
  const education: Education[] = degrees.map((degree, i) => {
    const length = random.int(1, 4);
    const entry = { degree, school: schools[i] ?? 'University', startYear: endYear - length, endYear };
    endYear -= length + random.int(0, 2);
    return entry;
  });

  const skills = random.sample(pro.skills, random.int(6, 12));
  let dateStyle = random.pick(DATE_STYLES);
  if (dateStyle === 'local-language' && !place.months) dateStyle = 'short-dot-dash';
  if (jobShape === 'pipe-with-years') dateStyle = 'years';

  const sidebar = layout === 'docx-sidebar-table' || layout === 'pdf-sidebar';
  const headingStyle: HeadingStyle =
    layout === 'pdf-styled-headings'
      ? random.pick<HeadingStyle>(['small-caps', 'letter-spaced'])
      : random.pick<HeadingStyle>(['as-is', 'upper']);

  const fileName = `gen-${String(choice.index + 1).padStart(3, '0')}-${profession}-${country}-${layout}.${layout.startsWith('docx') ? 'docx' : 'pdf'}`;

  return {
    fileName,
    layout,
    profession,
    country,
    nameShape,
    printedName,
    nameTruth,
    email,
    phone,
    location,
    locationTruth,
    contactStyle: sidebar ? 'stacked' : random.pick<ContactStyle>(['one-line', 'one-line', 'labelled-lines', 'stacked']),
    // Word users often space the contact fields with tabs; the text then has no separator at all.
    contactSeparator: random.pick([' | ', ' • ', ' · ', '  |  ', ...(layout.startsWith('docx') ? ['\t'] : [])]),
    ...(random.chance(0.5) ? { headline: pro.headline } : {}),
    ...(long || random.chance(0.6)
      ? { summary: long ? `${pro.summary} ${pro.bullets.slice(0, 2).join(' ')} ${pro.headline}.` : pro.summary }
      : {}),
    ...(random.chance(0.35) ? { topList: random.pick(TOP_LISTS[pro.field]) } : {}),
    jobs,
    education,
    skills,
    skillGroups: pro.skillGroups,
    skillsStyle: sidebar
      ? random.pick<SkillsStyle>(['bullets', 'comma'])
      : random.pick<SkillsStyle>(['comma', 'bullets', 'pipes', 'grouped']),
    ...(random.chance(0.45) ? { languages: random.pick(place.languages) } : {}),
    ...(pro.certifications && random.chance(0.6) ? { certifications: pro.certifications } : {}),
    ...(random.chance(0.4) ? { references: random.pick(REFERENCE_LINES) } : {}),
    ...(place.personalDetails && random.chance(0.4) ? { personalDetails: random.pick(place.personalDetails) } : {}),
    ...(random.chance(pro.field === 'design' ? 0.7 : 0.2) ? { website: `https://${first}-${last}.example.com` } : {}),
    dateStyle,
    jobShape,
    datesOnOwnLine: jobShape !== 'pipe-with-years' && layout !== 'pdf-right-dates' && random.chance(0.4),
    headingStyle,
    variant: random.int(0, 1_000_000),
    headings: {
      summary: random.pick(HEADINGS.summary),
      experience: random.pick(HEADINGS.experience),
      education: random.pick(HEADINGS.education),
      skills: random.pick(HEADINGS.skills),
      languages: random.pick(HEADINGS.languages),
      certifications: random.pick(HEADINGS.certifications),
      personal: random.pick(HEADINGS.personal),
    },
  };
};

/** The ground truth, from the model (never from reading the written file back). */
export const groundTruth = (model: ResumeModel): GroundTruth => {
  const latest = model.jobs[0];
  const companyTruth = (job: Job): Accepted<string> =>
    job.companyPrinted === job.company ? job.company : [job.companyPrinted, job.company];
  const phoneTruth: Accepted<string> = model.phone.includes('(0)')
    ? [model.phone, model.phone.replace(/\s*\(0\)\s*/, ' ').trim()]
    : model.phone;
  return {
    name: model.nameTruth,
    email: model.email,
    phone: phoneTruth,
    location: model.locationTruth,
    title: latest ? latest.title : null,
    company: latest ? companyTruth(latest) : null,
    experienceCount: model.jobs.some((job) => job.sameEmployerAsAbove)
      ? [model.jobs.length, model.jobs.filter((job) => !job.sameEmployerAsAbove).length]
      : model.jobs.length,
    educationCount: model.education.length,
    skills: model.skills.slice(0, 10),
  };
};
