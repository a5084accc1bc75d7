import type { Job } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { matchesKeywords, pageOfJobs, pageWindow } from './search-jobs';

const job = (overrides: Partial<Job> = {}): Job => ({
  id: 'j1',
  shareToken: 't1',
  title: 'Senior Frontend Engineer',
  company: 'Acme',
  companyId: null,
  location: 'Remote',
  salary: null,
  type: 'Full-time',
  remote: true,
  description: 'Build the product UI.',
  requirements: [],
  skills: ['React', 'TypeScript'],
  benefits: null,
  experience: 'Senior level',
  createdAt: '2026-01-01T00:00:00.000Z',
  isActive: true,
  source: 'internal',
  externalUrl: null,
  matchScore: null,
  matchReasons: [],
  warnings: [],
  ...overrides,
});

describe('keyword search', () => {
  it('matches every job when there are no keywords', () => {
    expect(matchesKeywords(job(), '   ')).toBe(true);
  });

  it('needs every word somewhere in title, company, skills or description, ignoring case', () => {
    expect(matchesKeywords(job(), 'frontend typescript')).toBe(true);
    expect(matchesKeywords(job(), 'ACME product')).toBe(true);
    expect(matchesKeywords(job(), 'frontend python')).toBe(false);
  });

  it('does not search the location', () => {
    expect(matchesKeywords(job({ location: 'Berlin' }), 'berlin')).toBe(false);
  });
});

describe('paging', () => {
  const jobs = Array.from({ length: 23 }, (_, index) => job({ id: `j${index + 1}` }));

  it('shows ten jobs a page with "from" and "to" positions', () => {
    const page = pageOfJobs(jobs, 3);
    expect(page).toMatchObject({ page: 3, pageCount: 3, total: 23, from: 21, to: 23 });
    expect(page.jobs.map((j) => j.id)).toEqual(['j21', 'j22', 'j23']);
  });

  it('clamps a page beyond the last one', () => {
    expect(pageOfJobs(jobs, 9)).toMatchObject({ page: 3, from: 21 });
  });

  it('reports an empty list as 0-0 of 0', () => {
    expect(pageOfJobs([], 1)).toMatchObject({ page: 1, pageCount: 1, total: 0, from: 0, to: 0, jobs: [] });
  });

  it('shows at most five page buttons around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });
});
