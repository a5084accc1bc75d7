import { describe, expect, it } from 'vitest';
import type { JobContent } from '@hireloop/contracts';
import { jobMatchesSavedSearch } from './saved-search-match';

const job = (over: Partial<JobContent> = {}): JobContent => ({
  title: 'Senior Kafka Engineer',
  company: 'Northwind Analytics',
  location: 'Lisbon, Portugal',
  salary: null,
  type: 'Full-time',
  remote: false,
  description: 'Streams with Kafka and Flink.',
  requirements: [],
  skills: ['Kafka', 'Scala'],
  experience: 'Senior level',
  benefits: null,
  ...over,
});

describe('a saved search matches a job by the board’s rules (ADR 067)', () => {
  it('every keyword in the title, company, skills or description, any case', () => {
    expect(jobMatchesSavedSearch(job(), { keywords: 'kafka', location: '', type: '' })).toBe(true);
    expect(jobMatchesSavedSearch(job(), { keywords: 'KAFKA scala', location: '', type: '' })).toBe(true);
    expect(jobMatchesSavedSearch(job(), { keywords: 'kafka react', location: '', type: '' })).toBe(false);
  });

  it('the location and the type as the board reads them (remote matches the type "remote")', () => {
    expect(jobMatchesSavedSearch(job(), { keywords: '', location: 'lisbon', type: '' })).toBe(true);
    expect(jobMatchesSavedSearch(job(), { keywords: '', location: 'berlin', type: '' })).toBe(false);
    expect(jobMatchesSavedSearch(job(), { keywords: '', location: '', type: 'full-time' })).toBe(true);
    expect(jobMatchesSavedSearch(job(), { keywords: '', location: '', type: 'contract' })).toBe(false);
    expect(jobMatchesSavedSearch(job({ remote: true }), { keywords: '', location: '', type: 'remote' })).toBe(true);
  });
});
