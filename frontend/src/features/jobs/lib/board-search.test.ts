import { describe, expect, it } from 'vitest';
import {
  hasActiveFilters,
  JOB_BOARD_SEARCH_DEFAULTS,
  JobBoardSearch,
  typeFilterFromSelect,
  withFilterChange,
} from './board-search';

describe('job board search params', () => {
  it('fills in the defaults: no search, open jobs, page 1', () => {
    expect(JobBoardSearch.parse({})).toEqual({ search: '', location: '', type: '', status: 'open', page: 1 });
    expect(JobBoardSearch.parse({})).toEqual(JOB_BOARD_SEARCH_DEFAULTS);
  });

  it('keeps valid values', () => {
    expect(
      JobBoardSearch.parse({ search: 'react node', location: 'remote', type: 'part-time', status: 'closed', page: 3 }),
    ).toEqual({ search: 'react node', location: 'remote', type: 'part-time', status: 'closed', page: 3 });
  });

  it('reads a page given as text, and a number-looking search as text', () => {
    expect(JobBoardSearch.parse({ page: '4', search: 123 })).toMatchObject({ page: 4, search: '123' });
  });

  it('falls back to the default for each invalid value, keeping the others', () => {
    expect(
      JobBoardSearch.parse({ search: { a: 1 }, location: 'x'.repeat(201), type: 'gig', status: 'archived', page: 0 }),
    ).toEqual(JOB_BOARD_SEARCH_DEFAULTS);
    expect(JobBoardSearch.parse({ page: -2, status: 'all' })).toMatchObject({ page: 1, status: 'all' });
    expect(JobBoardSearch.parse({ page: 2.5 })).toMatchObject({ page: 1 });
    expect(JobBoardSearch.parse({ page: 'two' })).toMatchObject({ page: 1 });
  });
});

describe('filter changes', () => {
  const onPage4 = { ...JOB_BOARD_SEARCH_DEFAULTS, search: 'react', page: 4 };

  it.each([
    [{ search: 'vue' }],
    [{ location: 'Berlin' }],
    [{ type: 'contract' as const }],
    [{ status: 'all' as const }],
  ])('go back to page 1 (%o)', (change) => {
    expect(withFilterChange(onPage4, change)).toEqual({ ...onPage4, ...change, page: 1 });
  });

  it('tells when a filter narrows the board', () => {
    expect(hasActiveFilters(JOB_BOARD_SEARCH_DEFAULTS)).toBe(false);
    expect(hasActiveFilters({ ...JOB_BOARD_SEARCH_DEFAULTS, search: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...JOB_BOARD_SEARCH_DEFAULTS, location: 'remote' })).toBe(true);
    expect(hasActiveFilters({ ...JOB_BOARD_SEARCH_DEFAULTS, status: 'all' })).toBe(true);
  });

  it('maps the type select back to a filter, "all" to none', () => {
    expect(typeFilterFromSelect('all')).toBe('');
    expect(typeFilterFromSelect('remote')).toBe('remote');
    expect(typeFilterFromSelect('bogus')).toBe('');
  });
});
