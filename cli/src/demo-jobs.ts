import type { JobPosted } from '@hireloop/contracts';

/** Deterministic, realistic-looking jobs for benchmarks and demo data (no real postings copied). */
const TITLES = ['Backend Engineer', 'Frontend Engineer', 'Full Stack Developer', 'Data Engineer', 'Site Reliability Engineer', 'Mobile Engineer', 'Machine Learning Engineer', 'Security Engineer', 'QA Automation Engineer', 'Product Designer', 'Engineering Manager', 'DevOps Engineer', 'Analytics Engineer', 'Platform Engineer', 'Developer Advocate'];
const LEVELS = ['Junior', '', 'Senior', 'Staff', 'Lead'];
const COMPANIES = ['Northwind', 'Brightpath Health', 'Fjordline', 'Maple Ledger', 'Acme Robotics', 'Globex', 'Initech', 'Umbrella Labs', 'Hooli', 'Stark Analytics', 'Wayne Fintech', 'Tyrell Data', 'Cyberdyne Cloud', 'Soylent Foods', 'Aperture Science'];
const LOCATIONS = ['Austin, TX', 'San Francisco, CA 94105', 'New York, NY', 'Seattle, WA', 'Remote - US', 'United States', 'Chicago, Illinois', 'Denver, CO 80202', 'Toronto, Canada', 'London, UK', 'Berlin, Germany', 'Oslo, Norway', 'Worldwide', 'Remote', 'Global', 'Bangalore, India', 'Sydney, Australia', 'Boston, Massachusetts'];
const TYPES = ['Full-time', 'Full-time', 'Full-time', 'Part-time', 'Contract', 'Freelance', 'Internship'];
const SKILLS = ['TypeScript', 'React', 'Node.js', 'Python', 'Go', 'Rust', 'Kubernetes', 'AWS', 'GCP', 'PostgreSQL', 'Kafka', 'dbt', 'Terraform', 'Swift', 'Kotlin', 'GraphQL', 'Docker', 'Spark', 'PyTorch', 'Figma'];
const EXPERIENCE = ['Entry level', 'Mid level', 'Senior level', 'Executive level'];
const SALARIES = ['$90k - $120k', '$120k - $160k', '$150k - $200k', '$60/hour', null, 'CAD 100k - 130k', '€70k - €90k', null];

const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;

export function syntheticJob(i: number): Omit<JobPosted, 'jobId' | 'shareToken'> {
  const title = `${pick(LEVELS, i * 7)} ${pick(TITLES, i)}`.trim();
  const company = pick(COMPANIES, i * 3 + Math.floor(i / 15));
  const location = pick(LOCATIONS, i * 5 + Math.floor(i / 7));
  const skills = [pick(SKILLS, i), pick(SKILLS, i * 3 + 1), pick(SKILLS, i * 7 + 2), pick(SKILLS, i * 11 + 5)].filter((s, n, all) => all.indexOf(s) === n);
  return {
    companyId: null,
    postedBy: null,
    title,
    company,
    location,
    salary: pick(SALARIES, i * 13),
    type: pick(TYPES, i * 17),
    remote: /remote|worldwide|global/i.test(location) || i % 9 === 0,
    description: `${company} is hiring a ${title} to build reliable products with ${skills.join(', ')}. You will work with a small team, ship every week and own what you build from design to production. We value clear writing, kind reviews and steady pace. Role ${i}.`,
    requirements: [`3+ years with ${skills[0]}`, 'Clear written communication'],
    skills,
    experience: pick(EXPERIENCE, i * 19),
    benefits: i % 4 === 0 ? null : 'Health insurance, learning budget, 25 days off',
    source: 'internal',
    externalUrl: null,
  };
}
