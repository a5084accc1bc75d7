import { JOB_MAX_PAGE, JOB_SEARCH_TEXT_MAX_LENGTH, JOB_STATUSES, JobListQuery } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import { jobListPath } from '../api/get-jobs';
import {
  hasActiveFilters,
  JOB_BOARD_SEARCH_DEFAULTS,
  JOB_TYPE_FILTERS,
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

/**
 * The board's search as classic zod wrote it before ADR 014 moved the routes to `zod/mini`: the
 * reference the mini schema must keep agreeing with.
 */
const classicText = (max: number) =>
  classic
    .preprocess((value) => (typeof value === 'number' ? String(value) : value), classic.string().max(max))
    .default('')
    .catch('');
const ClassicJobBoardSearch = classic.object({
  search: classicText(JOB_SEARCH_TEXT_MAX_LENGTH),
  location: classicText(JOB_SEARCH_TEXT_MAX_LENGTH),
  type: classic.enum(['', ...JOB_TYPE_FILTERS]).default('').catch(''),
  status: classic.enum(JOB_STATUSES).default('open').catch('open'),
  page: classic.coerce.number().int().min(1).max(JOB_MAX_PAGE).default(1).catch(1),
});

/** What the router may hand over for one parameter: valid, invalid, missing (undefined) and garbage. */
const GARBAGE = [undefined, null, true, false, 0, -1.5, Number.NaN, Number.POSITIVE_INFINITY, '', [], ['a'], {}, { a: 1 }];
const VALUES = {
  search: [...GARBAGE, 'react', '  react node  ', 123, 'x'.repeat(JOB_SEARCH_TEXT_MAX_LENGTH), 'x'.repeat(JOB_SEARCH_TEXT_MAX_LENGTH + 1), 'ünïcødé <b>'],
  location: [...GARBAGE, 'Berlin', ' remote ', 10115, 'y'.repeat(JOB_SEARCH_TEXT_MAX_LENGTH + 1)],
  type: [...GARBAGE, ...JOB_TYPE_FILTERS, 'Full-time', 'FULL-TIME', 'gig', ' remote', 'all'],
  status: [...GARBAGE, ...JOB_STATUSES, 'OPEN', 'archived', ' open', 'all '],
  page: [
    ...GARBAGE,
    1, 2, '4', ' 3 ', '1e3', '0x10', -2, 2.5, '2.5', '-1', [2], JOB_MAX_PAGE, JOB_MAX_PAGE + 1, String(JOB_MAX_PAGE + 1),
    'two', Number.MAX_SAFE_INTEGER + 2,
  ],
} satisfies Record<keyof JobBoardSearch, unknown[]>;

const fieldCases = Object.entries(VALUES).flatMap(([field, values]) =>
  values.map((value) => [field, value] as [keyof JobBoardSearch, unknown]),
);

const label = (value: unknown) => JSON.stringify(value) ?? String(value);

describe('the search schema and the classic zod one', () => {
  it.each(fieldCases.map(([field, value]) => [field, label(value), value] as const))(
    'read %s = %s the same way',
    (field, _label, value) => {
      const input = { [field]: value };
      expect(JobBoardSearch.parse(input)).toEqual(ClassicJobBoardSearch.parse(input));
    },
  );

  it.each([
    ['nothing', {}],
    ['every parameter valid', { search: 'react', location: 'Berlin', type: 'contract', status: 'closed', page: '7' }],
    ['every parameter invalid', { search: { a: 1 }, location: 'x'.repeat(201), type: 'gig', status: 'archived', page: 0 }],
    ['unknown parameters', { utm_source: 'newsletter', error: 'auth_failed', page: 3 }],
  ])('read an address with %s the same way', (_name, input) => {
    expect(JobBoardSearch.parse(input)).toEqual(ClassicJobBoardSearch.parse(input));
  });

  it.each([null, undefined, 'search=react', 42, ['page', 2]])('refuse a search that is not an object (%o) alike', (input) => {
    expect(JobBoardSearch.safeParse(input).success).toBe(false);
    expect(ClassicJobBoardSearch.safeParse(input).success).toBe(false);
  });
});

describe('the board search and the API contract (JobListQuery)', () => {
  const contract = (query: Record<string, unknown>) => JobListQuery.safeParse(query);

  it.each(VALUES.status.map((value) => [label(value), value] as const))(
    'keeps status %s exactly when GET /api/jobs accepts it, else shows open jobs',
    (_label, value) => {
      const accepted = typeof value === 'string' ? contract({ status: value }) : { success: false as const };
      expect(JobBoardSearch.parse({ status: value }).status).toBe(accepted.success ? accepted.data.status : 'open');
    },
  );

  it.each(VALUES.page.map((value) => [label(value), value] as const))(
    'keeps page %s exactly when GET /api/jobs accepts it, else shows page 1',
    (_label, value) => {
      // The API reads the page from the query string; the board from the address, as the router parsed it.
      const accepted = value === undefined ? { success: false as const } : contract({ page: String(value) });
      expect(JobBoardSearch.parse({ page: value }).page).toBe(accepted.success ? accepted.data.page : 1);
    },
  );

  it.each(fieldCases.map(([field, value]) => [field, label(value), value] as const))(
    'asks GET /api/jobs only for what it accepts, whatever the address holds (%s = %s)',
    (field, _label, value) => {
      const search = JobBoardSearch.parse({ [field]: value });
      const query = Object.fromEntries(new URL(jobListPath(search), 'http://hireloop.test').searchParams);
      const answer = contract(query);
      expect(answer.success).toBe(true);
      expect(answer.data).toMatchObject({
        search: search.search.trim(),
        location: search.location.trim(),
        type: search.type,
        status: search.status,
        page: search.page,
      });
    },
  );
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
