import { describe, expect, it } from 'vitest';
import {
  descriptionParagraphs,
  firstItems,
  formatDate,
  formatRelativeAge,
  formatSalary,
  isExternalJob,
  jobDocumentTitle,
  matchScoreTone,
  safeExternalUrl,
  sourceLabel,
  visibleSkills,
} from './format-job';

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

  it('names the public feeds', () => {
    expect(sourceLabel({ source: 'remoteok', company: 'Acme' })).toBe('Remote OK');
    expect(sourceLabel({ source: 'himalayas', company: 'Acme' })).toBe('Himalayas');
    expect(sourceLabel({ source: 'rss', company: 'Acme' })).toBe('Job feed');
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

describe('match reasons and warnings on a card', () => {
  it('keeps the first items only', () => {
    expect(firstItems(['a', 'b', 'c', 'd'], 3)).toEqual(['a', 'b', 'c']);
    expect(firstItems(['a', 'b', 'c'], 2)).toEqual(['a', 'b']);
    expect(firstItems([], 2)).toEqual([]);
  });
});

describe('match score colour', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79, 'blue'],
    [60, 'blue'],
    [59, 'yellow'],
    [40, 'yellow'],
    [39, 'red'],
    [0, 'red'],
  ] as const)('%i is %s', (score, tone) => {
    expect(matchScoreTone(score)).toBe(tone);
  });
});

describe('description paragraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(descriptionParagraphs('First line\nsame paragraph\r\n\r\n  Second  \n\n\n\nThird')).toEqual([
      'First line\nsame paragraph',
      'Second',
      'Third',
    ]);
    expect(descriptionParagraphs('  \n ')).toEqual([]);
  });
});

describe('dates', () => {
  it('reads a date in words', () => {
    expect(formatDate('2026-03-01T12:00:00.000Z', 'UTC')).toBe('March 1, 2026');
  });

  it('reads nothing for a missing or broken date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('external jobs', () => {
  it('accepts web addresses only', () => {
    expect(safeExternalUrl('https://example.com/jobs/1')).toBe('https://example.com/jobs/1');
    expect(safeExternalUrl('http://example.com')).toBe('http://example.com/');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });

  it('is external when it has a usable address', () => {
    expect(isExternalJob({ externalUrl: 'https://example.com' })).toBe(true);
    expect(isExternalJob({ externalUrl: null })).toBe(false);
  });
});

describe('page title', () => {
  it('reads "<title> at <company> | Hireloop"', () => {
    expect(jobDocumentTitle({ title: 'Staff Engineer', company: 'Acme' })).toBe('Staff Engineer at Acme | Hireloop');
  });
});
