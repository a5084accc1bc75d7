import type { JobPosted } from '@hireloop/contracts';

/**
 * A small board exercising every search rule of spec part 1, §5, shared by the rule tests of the
 * read-store query and of the query service's in-memory index. Newest first in this order.
 */
export type BoardSeed = Partial<JobPosted> & { title: string; location: string };

export const BOARD_JOBS: readonly BoardSeed[] = [
  { title: 'React Developer', location: 'Austin, TX', skills: ['React', 'TypeScript'], company: 'Northwind' },
  { title: 'Data Engineer', location: 'San Francisco, CA 94105', skills: ['Python', 'Kafka'], company: 'Brightpath' },
  { title: 'Platform Engineer', location: 'United States', skills: ['Go'], company: 'Acme', type: 'Contract' },
  { title: 'Support Engineer', location: 'Toronto, Canada', skills: ['Zendesk'], company: 'Maple Ledger', type: 'Part-time' },
  { title: 'Rust Engineer', location: 'Oslo, Norway', skills: ['Rust'], company: 'Fjordline' },
  { title: 'Developer Advocate', location: 'Worldwide', skills: ['Writing'], company: 'Fjordline', remote: true },
  { title: 'SRE', location: 'Remote', skills: ['Kubernetes'], company: 'Brightpath', remote: false },
  { title: 'Mobile Engineer', location: 'New York, New York', skills: ['React Native', 'TypeScript'], company: 'Maple Ledger', remote: true },
  { title: 'Designer', location: 'London, UK', skills: ['Figma'], company: 'Northwind', type: 'Freelance' },
  { title: 'Security Engineer', location: 'Global (any timezone)', skills: ['AppSec'], company: 'Acme', remote: true },
  { title: 'Closed Role', location: 'Austin, TX', skills: ['COBOL'], company: 'Oldco' },
  { title: 'QA Engineer', location: 'Remote - US only', skills: ['Playwright'], company: 'Acme', remote: true, type: 'Internship' },
];

/** A posted job with the defaults of the post-a-job form, overridden by `seed`. */
export const postedJob = (jobId: string, seed: BoardSeed): JobPosted => ({
  jobId,
  shareToken: `share-${jobId}`,
  companyId: null,
  postedBy: null,
  company: 'Hireloop',
  salary: null,
  type: 'Full-time',
  remote: false,
  description: `About the ${seed.title} role.`,
  requirements: [],
  skills: [],
  experience: 'Mid level',
  benefits: null,
  source: 'internal',
  externalUrl: null,
  ...seed,
});
