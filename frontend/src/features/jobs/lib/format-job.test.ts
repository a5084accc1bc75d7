import { describe, expect, it } from 'vitest';
import { formatRelativeAge, formatSalary, sourceLabel, visibleSkills } from './format-job';

describe('salary', () => {
  it('expands "k" after a number to ",000"', () => {
    expect(formatSalary('$120k - $150K')).toBe('$120,000 - $150,000');
  });

  it('leaves other text alone', () => {
    expect(formatSalary('DOE, paid weekly')).toBe('DOE, paid weekly');
  });

  it('reads "Competitive salary" when there is none', () => {
    expect(formatSalary(null)).toBe('Competitive salary');
    expect(formatSalary('')).toBe('Competitive salary');
    expect(formatSalary('   ')).toBe('Competitive salary');
  });
});

describe('relative age', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it.each([
    [0, 'Just now'],
    [59, 'Just now'],
    [60, '1 minute ago'],
    [59 * 60, '59 minutes ago'],
    [3600, '1 hour ago'],
    [5 * 3600, '5 hours ago'],
    [86400, '1 day ago'],
    [6 * 86400, '6 days ago'],
    [7 * 86400, '1 week ago'],
    [30 * 86400, '4 weeks ago'],
  ])('%i seconds old reads "%s"', (seconds, expected) => {
    expect(formatRelativeAge(before(seconds), now)).toBe(expected);
  });

  it('reads "Just now" for a date slightly in the future (clock skew)', () => {
    expect(formatRelativeAge(before(-30), now)).toBe('Just now');
  });
});

describe('source label', () => {
  it('names the external boards and uses the product name for its own jobs', () => {
    expect(sourceLabel({ source: 'indeed', company: 'Acme' })).toBe('Indeed');
    expect(sourceLabel({ source: 'ziprecruiter', company: 'Acme' })).toBe('ZipRecruiter');
    expect(sourceLabel({ source: 'internal', company: 'Acme' })).toBe('Hireloop');
    expect(sourceLabel({ source: 'bairdtech', company: 'Acme' })).toBe('Hireloop');
  });

  it('uses the company name for jobs found by search', () => {
    expect(sourceLabel({ source: 'google_search', company: 'Acme' })).toBe('Acme');
  });
});

describe('skills on a card', () => {
  it('shows up to six skills and counts the rest', () => {
    expect(visibleSkills(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])).toEqual({
      shown: ['a', 'b', 'c', 'd', 'e', 'f'],
      more: 2,
    });
    expect(visibleSkills(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});
