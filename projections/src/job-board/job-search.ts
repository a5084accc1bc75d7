import type { JobListQuery } from '@hireloop/contracts';
import { parseLocationQuery } from './location';

/**
 * One board search (spec part 1, §5) in the terms of the job-board read model: the rules are
 * applied here, once, and what is left is a conjunction of plain conditions over the fields the
 * projection precomputed. Two things answer it and must agree on every field: the read store
 * (`jobSearchQuery` in ./queries, the reference) and the query service's in-memory index. Each
 * takes the object apart field by field (see `checkedJobSearch`), so a field added here does not
 * compile until both answer it, and the agreement test
 * (query-service/src/jobs/search-agreement.int.test.ts) goes over every field's values (ADR 020).
 */
export interface JobSearch {
  /** Every keyword is a substring of `searchText`: lower case, non-empty, without whitespace. */
  keywords: readonly string[];
  /** Every part must hold. */
  location: JobLocationSearch;
  /** A substring of `typeText` (lower case, non-empty), or any type when null. */
  type: JobTypeSearch | null;
  status: JobStatusSearch;
  /** Only jobs posted on Hireloop (`source` is `internal`; `source=internal`), or every source's when false. */
  internalOnly: boolean;
  /** Only this company's jobs (`mine=true`), or every company's when null. */
  companyId: string | null;
  sort: JobSort;
  /** Jobs skipped before the page, and the page's size (non-negative integers). */
  skip: number;
  limit: number;
}

export interface JobLocationSearch {
  /** `isRemote` must be true. */
  remote: boolean;
  /** `isGlobal` must be true. */
  global: boolean;
  /** `isUS` must be true. */
  us: boolean;
  /** Each a substring of `locationText` (lower case, non-empty). */
  words: readonly string[];
}

export interface JobTypeSearch {
  text: string;
  /** Remote jobs match too, whatever their type says ("remote" is offered as a type). */
  orRemote: boolean;
}

export type JobStatusSearch = JobListQuery['status'];

/** The board's only order: newest first (`createdAt` descending, then `_id` ascending by code point). */
export type JobSort = 'newest';

/** A search neither the index nor the read store can answer: a programming error, never a slow path. */
export class UnsupportedJobSearchError extends Error {
  override name = 'UnsupportedJobSearchError';
}

const WHITESPACE = /\s/;

/** The board search of `GET /api/jobs`; `companyId` when `mine=true` (the route resolves it). */
export function jobSearch(query: JobListQuery, companyId: string | null = null): JobSearch {
  const location = parseLocationQuery(query.location);
  const type = query.type.toLowerCase();
  return {
    keywords: query.search.toLowerCase().split(/\s+/).filter(Boolean),
    location: { remote: location.remote, global: location.global, us: location.us, words: location.words },
    type: type ? { text: type, orRemote: type === 'remote' } : null,
    status: query.status,
    internalOnly: query.source === 'internal',
    companyId,
    sort: 'newest',
    skip: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  };
}

/**
 * Checks what the type cannot say (the documented value ranges) and returns the search. Whoever
 * answers a search calls it, then destructures every field and hands the rest to `noOtherField`:
 * a field added to `JobSearch` is then a compile error in each of them until it is answered.
 */
export function checkedJobSearch(search: JobSearch): JobSearch {
  const { keywords, location, type, internalOnly, companyId, skip, limit } = search;
  for (const keyword of keywords) {
    if (typeof keyword !== 'string' || keyword === '' || WHITESPACE.test(keyword) || keyword !== keyword.toLowerCase()) {
      throw new UnsupportedJobSearchError(`Keyword ${JSON.stringify(keyword)}: keywords are lower case, non-empty and without whitespace`);
    }
  }
  if (typeof location.remote !== 'boolean' || typeof location.global !== 'boolean' || typeof location.us !== 'boolean') {
    throw new UnsupportedJobSearchError('Location flags are true or false');
  }
  for (const word of location.words) {
    if (typeof word !== 'string' || word === '' || word !== word.toLowerCase()) {
      throw new UnsupportedJobSearchError(`Location word ${JSON.stringify(word)}: location words are lower case and non-empty`);
    }
  }
  if (type !== null && (typeof type.text !== 'string' || type.text === '' || type.text !== type.text.toLowerCase() || typeof type.orRemote !== 'boolean')) {
    throw new UnsupportedJobSearchError(`Type ${JSON.stringify(type)}: the type text is lower case and non-empty`);
  }
  if (typeof internalOnly !== 'boolean') throw new UnsupportedJobSearchError(`Internal only ${JSON.stringify(internalOnly)}: true or false`);
  if (companyId !== null && typeof companyId !== 'string') throw new UnsupportedJobSearchError(`Company ${JSON.stringify(companyId)}`);
  if (!Number.isSafeInteger(skip) || skip < 0 || !Number.isSafeInteger(limit) || limit < 0) {
    throw new UnsupportedJobSearchError(`Page skip ${String(skip)}, limit ${String(limit)}: non-negative integers`);
  }
  // `status` and `sort` are checked by the exhaustive switches of whoever answers.
  return search;
}

/** Compile time: `rest` has no property (the caller destructured every field). Run time: the same. */
export function noOtherField(rest: Record<string, never>, what: string): void {
  const keys = Object.keys(rest);
  if (keys.length > 0) throw new UnsupportedJobSearchError(`${what} has fields nobody answers: ${keys.join(', ')}`);
}

/** The end of an exhaustive switch over a field of the search. */
export function unsupported(value: never, field: string): never {
  throw new UnsupportedJobSearchError(`${field} ${JSON.stringify(value)} is not supported`);
}
