import { describe, expect, it } from 'vitest';
import { JobListQuery } from '@hireloop/contracts';
import { jobSearch, noOtherField, UnsupportedJobSearchError, type JobSearch } from './job-search';
import { jobSearchQuery } from './queries';

const fromQueryString = (raw: Record<string, string>, companyId: string | null = null) => jobSearch(JobListQuery.parse(raw), companyId);

describe('the board search built from GET /api/jobs', () => {
  it('without parameters: open jobs of every company, newest first, the first 10', () => {
    expect(fromQueryString({})).toEqual({
      keywords: [],
      location: { remote: false, global: false, us: false, words: [] },
      type: null,
      status: 'open',
      internalOnly: false,
      companyId: null,
      sort: 'newest',
      skip: 0,
      limit: 10,
    });
  });

  it('source=internal asks for the jobs posted on Hireloop only; any other source is refused with a message', () => {
    expect(fromQueryString({ source: 'internal' }).internalOnly).toBe(true);
    expect(JobListQuery.safeParse({ source: 'indeed' }).error?.issues[0]?.message).toBe('source must be internal');
  });

  it('splits the keywords on whitespace, in lower case', () => {
    expect(fromQueryString({ search: '  React\tTypeScript   node.js ' }).keywords).toEqual(['react', 'typescript', 'node.js']);
  });

  it('reads the location parts: remote, global, US wording and other words', () => {
    expect(fromQueryString({ location: 'New York, Remote' }).location).toEqual({ remote: true, global: false, us: false, words: ['new', 'york'] });
    expect(fromQueryString({ location: 'worldwide united states' }).location).toEqual({ remote: false, global: true, us: true, words: [] });
  });

  it('lets the "remote" type also find remote jobs, and no other type', () => {
    expect(fromQueryString({ type: 'Remote' }).type).toEqual({ text: 'remote', orRemote: true });
    expect(fromQueryString({ type: 'Full-Time' }).type).toEqual({ text: 'full-time', orRemote: false });
  });

  it('turns the page into the jobs to skip, and keeps the company of mine=true', () => {
    expect(fromQueryString({ page: '3', pageSize: '25', status: 'closed' }, 'company-1')).toMatchObject({ skip: 50, limit: 25, status: 'closed', companyId: 'company-1' });
  });
});

describe('the read store translation', () => {
  it('is one filter over the precomputed fields and the newest-first sort', () => {
    const query = jobSearchQuery(fromQueryString({ search: 'go', location: 'remote austin', type: 'remote', page: '2' }, 'company-1'));
    expect(query).toEqual({
      filter: {
        $and: [
          { companyId: 'company-1' },
          { isActive: true },
          { $or: [{ title: { $regex: 'go', $options: 'i' } }, { company: { $regex: 'go', $options: 'i' } }, { skills: { $regex: 'go', $options: 'i' } }, { description: { $regex: 'go', $options: 'i' } }] },
          { isRemote: true },
          { locationText: { $regex: 'austin' } },
          { $or: [{ typeText: { $regex: 'remote' } }, { isRemote: true }] },
        ],
      },
      sort: { createdAt: -1, _id: 1 },
      skip: 10,
      limit: 10,
    });
  });
});

describe('a field left over where a search is taken apart', () => {
  it('does not compile, and throws if it gets there anyway', () => {
    const { keywords: _keywords, ...rest } = fromQueryString({});
    // @ts-expect-error every field but the keywords is left over
    expect(() => noOtherField(rest, 'JobSearch')).toThrow(UnsupportedJobSearchError);
    const { location: _location, type: _type, status: _status, internalOnly: _internalOnly, companyId: _companyId, sort: _sort, skip: _skip, limit: _limit, ...none } = rest satisfies Omit<JobSearch, 'keywords'>;
    expect(() => noOtherField(none, 'JobSearch')).not.toThrow();
  });
});
