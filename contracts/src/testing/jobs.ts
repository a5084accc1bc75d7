import type { Job } from '../jobs/api';

/**
 * A complete job as the API answers it, for tests (every field of `Job`), so a test names only
 * what it is about. Not used by the product.
 */
export const sampleJob = (overrides: Partial<Job> = {}): Job => ({
  id: 'j1',
  shareToken: 't1',
  title: 'Staff Data Engineer',
  company: 'Northwind Analytics',
  companyId: 'c1',
  location: 'Remote',
  salary: null,
  type: 'Full-time',
  remote: true,
  description: 'Build things.',
  requirements: [],
  skills: [],
  benefits: null,
  experience: 'Senior level',
  createdAt: '2026-11-01T00:00:00.000Z',
  isActive: true,
  source: 'internal',
  externalUrl: null,
  matchScore: null,
  matchReasons: [],
  warnings: [],
  firstSeenAt: null,
  lastSeenAt: null,
  validThrough: null,
  ...overrides,
});
