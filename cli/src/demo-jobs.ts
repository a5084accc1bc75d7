import type { JobPosted } from '@hireloop/contracts';

/**
 * Deterministic, realistic-looking jobs for benchmarks and demo data (no real postings copied).
 * Each job hangs together: its description names its own company, the job is in one of that
 * company's offices, the title's seniority matches the experience level, the job type and the
 * pay, and the pay is in the currency of the job's location.
 */

/** A company and where it hires. */
export interface DemoEmployer {
  name: string;
  offices: readonly string[];
}

type Currency = 'USD' | 'CAD' | 'EUR' | 'GBP' | 'NOK' | 'AUD';

/** Every location a demo job can have, and the currency its pay is in (remote anywhere pays in dollars). */
const CURRENCY_OF_LOCATION: Record<string, Currency> = {
  'Austin, TX': 'USD',
  'San Francisco, CA 94105': 'USD',
  'New York, NY': 'USD',
  'Seattle, WA': 'USD',
  'Chicago, Illinois': 'USD',
  'Denver, CO 80202': 'USD',
  'Boston, Massachusetts': 'USD',
  'Remote - US': 'USD',
  'United States': 'USD',
  'Toronto, Canada': 'CAD',
  'London, UK': 'GBP',
  'Berlin, Germany': 'EUR',
  'Amsterdam, Netherlands': 'EUR',
  'Oslo, Norway': 'NOK',
  'Sydney, Australia': 'AUD',
  Worldwide: 'USD',
  Remote: 'USD',
  Global: 'USD',
};

/** How pay is written in each currency; `scale` turns US amounts into local ones of the same standing. */
const PAY: Record<Currency, { scale: number; yearly: (low: number, high: number) => string; hourly: (rate: number) => string }> = {
  USD: { scale: 1, yearly: (low, high) => `$${low}k - $${high}k`, hourly: (rate) => `$${rate}/hour` },
  CAD: { scale: 0.95, yearly: (low, high) => `CAD ${low}k - ${high}k`, hourly: (rate) => `CAD ${rate}/hour` },
  EUR: { scale: 0.6, yearly: (low, high) => `€${low}k - €${high}k`, hourly: (rate) => `€${rate}/hour` },
  GBP: { scale: 0.55, yearly: (low, high) => `£${low}k - £${high}k`, hourly: (rate) => `£${rate}/hour` },
  NOK: { scale: 6, yearly: (low, high) => `NOK ${low}k - ${high}k`, hourly: (rate) => `NOK ${rate}/hour` },
  AUD: { scale: 1.05, yearly: (low, high) => `AUD ${low}k - ${high}k`, hourly: (rate) => `AUD ${rate}/hour` },
};

/** Companies whose jobs the demo feeds carry (the seeded companies post their own). */
export const FEED_EMPLOYERS: readonly DemoEmployer[] = [
  { name: 'Acme Robotics', offices: ['Boston, Massachusetts', 'Remote - US'] },
  { name: 'Globex', offices: ['Chicago, Illinois', 'London, UK'] },
  { name: 'Initech', offices: ['Denver, CO 80202', 'Austin, TX'] },
  { name: 'Umbrella Labs', offices: ['London, UK', 'Berlin, Germany'] },
  { name: 'Hooli', offices: ['San Francisco, CA 94105', 'Seattle, WA'] },
  { name: 'Stark Analytics', offices: ['New York, NY', 'United States'] },
  { name: 'Wayne Fintech', offices: ['New York, NY', 'Toronto, Canada'] },
  { name: 'Tyrell Data', offices: ['Sydney, Australia', 'Remote'] },
  { name: 'Cyberdyne Cloud', offices: ['Seattle, WA', 'Worldwide'] },
  { name: 'Soylent Foods', offices: ['Amsterdam, Netherlands', 'Berlin, Germany'] },
  { name: 'Aperture Science', offices: ['Global', 'Remote - US'] },
  { name: 'Nordlys Games', offices: ['Oslo, Norway', 'Remote'] },
];

const TITLES = ['Backend Engineer', 'Frontend Engineer', 'Full Stack Developer', 'Data Engineer', 'Site Reliability Engineer', 'Mobile Engineer', 'Machine Learning Engineer', 'Security Engineer', 'QA Automation Engineer', 'Product Designer', 'Engineering Manager', 'DevOps Engineer', 'Analytics Engineer', 'Platform Engineer', 'Developer Advocate'];
/** People managers are never junior. */
const MANAGES_PEOPLE = new Set(['Engineering Manager']);

/** Seniority: the title's prefix, the experience level, and US pay (yearly in thousands, hourly). */
const LEVELS = [
  { prefix: 'Junior', experience: 'Entry level', yearly: [75, 95], hourly: 35 },
  { prefix: '', experience: 'Mid level', yearly: [110, 140], hourly: 60 },
  { prefix: 'Senior', experience: 'Senior level', yearly: [150, 190], hourly: 85 },
  { prefix: 'Staff', experience: 'Senior level', yearly: [185, 225], hourly: 100 },
  { prefix: 'Principal', experience: 'Executive level', yearly: [220, 270], hourly: 120 },
] as const;
const INTERN = { experience: 'Entry level', hourly: 30 } as const;

/** Full-time pays by the year; the others by the hour. Internships come with the intern level. */
const TYPES = ['Full-time', 'Full-time', 'Full-time', 'Full-time', 'Part-time', 'Contract', 'Full-time', 'Freelance'] as const;
const SKILLS = ['TypeScript', 'React', 'Node.js', 'Python', 'Go', 'Rust', 'Kubernetes', 'AWS', 'GCP', 'PostgreSQL', 'Kafka', 'dbt', 'Terraform', 'Swift', 'Kotlin', 'GraphQL', 'Docker', 'Spark', 'PyTorch', 'Figma'];

const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
const roundTo = (step: number, value: number) => Math.max(step, Math.round(value / step) * step);
const withArticle = (noun: string) => `${/^[AEIOU]/i.test(noun) ? 'an' : 'a'} ${noun}`;

const DESCRIPTIONS = [
  (company: string, title: string, skills: string) =>
    `${company} is hiring ${withArticle(title)} to build reliable products with ${skills}. You will work with a small team, ship every week and own what you build from design to production. We value clear writing, kind reviews and a steady pace.`,
  (company: string, title: string, skills: string) =>
    `Join ${company} as ${withArticle(title)}. Our customers count on what we run every day, and you will help keep it fast and simple with ${skills}. Expect thoughtful planning, pairing when it helps and time to do things properly.`,
  (company: string, title: string, skills: string) =>
    `As ${withArticle(title)} at ${company}, you will turn fuzzy problems into small, shippable steps. The team works with ${skills}, writes things down and reviews each other's work with care.`,
];

/** The job numbered `i` (any integer: the same number gives the same job), at `employer` or at a feed employer. */
export function syntheticJob(i: number, employer: DemoEmployer = pick(FEED_EMPLOYERS, i * 5 + Math.floor(i / 12))): Omit<JobPosted, 'jobId' | 'shareToken'> {
  const base = pick(TITLES, i);
  const isIntern = i % 11 === 3 && !MANAGES_PEOPLE.has(base);
  const level = LEVELS[MANAGES_PEOPLE.has(base) ? 1 + (i % 4) : (i * 7) % LEVELS.length]!;
  const title = isIntern ? `${base} Intern` : `${level.prefix} ${base}`.trim();
  const type = isIntern ? 'Internship' : pick(TYPES, i * 3 + Math.floor(i / 8));
  const location = pick(employer.offices, i * 3 + Math.floor(i / 5));
  const pay = PAY[CURRENCY_OF_LOCATION[location] ?? 'USD'];
  const raise = 5 * (i % 3);
  const salary =
    i % 8 === 4
      ? null // "Competitive salary"
      : type === 'Full-time'
        ? pay.yearly(roundTo(5, (level.yearly[0] + raise) * pay.scale), roundTo(5, (level.yearly[1] + raise) * pay.scale))
        : pay.hourly(roundTo(5, (isIntern ? INTERN.hourly : level.hourly) * pay.scale));
  const skills = [pick(SKILLS, i), pick(SKILLS, i * 3 + 1), pick(SKILLS, i * 7 + 2), pick(SKILLS, i * 11 + 5)].filter((s, n, all) => all.indexOf(s) === n);
  return {
    companyId: null,
    postedBy: null,
    title,
    company: employer.name,
    location,
    salary,
    type,
    remote: /remote|worldwide|global/i.test(location) || i % 9 === 0,
    description: pick(DESCRIPTIONS, i)(employer.name, title, `${skills.slice(0, -1).join(', ')} and ${skills.at(-1)}`),
    requirements: [isIntern ? `Curious about ${skills[0]}; coursework or side projects count` : `${level.prefix === 'Junior' ? '1+ years' : level.prefix === '' ? '3+ years' : '6+ years'} with ${skills[0]}`, 'Clear written communication'],
    skills,
    experience: isIntern ? INTERN.experience : level.experience,
    benefits: i % 4 === 0 ? null : 'Health insurance, learning budget, 25 days off',
    source: 'internal',
    externalUrl: null,
  };
}
