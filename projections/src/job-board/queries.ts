import type { Job } from '@hireloop/contracts';
import { escapeRegex, type Filter, type ReadStore, type SortSpec } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { checkedJobSearch, noOtherField, unsupported, type JobSearch, type JobSort } from './job-search';
import { jobBoardProjection, KEYWORD_FIELDS, type JobBoardDocument } from './projection';

export const jobsCollection = (readStore: ReadStore) => readStore.collection<JobBoardDocument>(physicalCollection(jobBoardProjection, 'jobs'));

/** The API shape of a board document: what the board adds for its searches dropped, what it does not store (ADR 125) given back. */
export const toJob = ({ _id, locationText, typeText, isRemote, isGlobal, isUS, closedReason, position, ...job }: JobBoardDocument): Job => ({
  id: _id,
  ...job,
  matchScore: null,
  matchReasons: [],
  warnings: [],
});

const contains = (text: string) => ({ $regex: escapeRegex(text) });

/**
 * A keyword is in the job's lower-cased title, company, skills or description (`searchText`,
 * which the board no longer stores, ADR 091): a keyword holds no whitespace, so it never spans
 * two of them. Case is ignored on the stored text, as lower-casing it did.
 */
const keywordIn = (word: string): Filter => ({ $or: KEYWORD_FIELDS.map((field) => ({ [field]: { $regex: escapeRegex(word), $options: 'i' as const } })) });

/**
 * The read store's answer to a board search: one filter over the precomputed fields (every
 * keyword in the fields `searchText` is made of, every location part, the type as a substring, the status, the
 * company) and one sort. The reference the in-memory index is tested against.
 */
export function jobSearchQuery(search: JobSearch): { filter: Filter; sort: SortSpec; skip: number; limit: number } {
  const { keywords, location, type, status, internalOnly, companyId, sort, skip, limit, ...rest } = checkedJobSearch(search);
  noOtherField(rest, 'JobSearch');
  const and: Filter[] = [];
  if (companyId !== null) and.push({ companyId });
  if (internalOnly) and.push({ source: 'internal' });
  switch (status) {
    case 'open':
      and.push({ isActive: true });
      break;
    case 'closed':
      and.push({ isActive: false });
      break;
    case 'all':
      break;
    default:
      unsupported(status, 'status');
  }
  for (const word of keywords) and.push(keywordIn(word));
  const { remote, global, us, words, ...locationRest } = location;
  noOtherField(locationRest, 'JobSearch.location');
  if (remote) and.push({ isRemote: true });
  if (global) and.push({ isGlobal: true });
  if (us) and.push({ isUS: true });
  for (const word of words) and.push({ locationText: contains(word) });
  if (type !== null) {
    const { text, orRemote, ...typeRest } = type;
    noOtherField(typeRest, 'JobSearch.type');
    and.push(orRemote ? { $or: [{ typeText: contains(text) }, { isRemote: true }] } : { typeText: contains(text) });
  }
  return { filter: and.length ? { $and: and } : {}, sort: sortSpec(sort), skip, limit };
}

function sortSpec(sort: JobSort): SortSpec {
  switch (sort) {
    case 'newest':
      return { createdAt: -1, _id: 1 };
    default:
      return unsupported(sort, 'sort');
  }
}

/** One page of the board and how many jobs match in all, from the read store. */
export async function searchJobs(readStore: ReadStore, search: JobSearch): Promise<{ jobs: Job[]; total: number }> {
  const collection = jobsCollection(readStore);
  const { filter, sort, skip, limit } = jobSearchQuery(search);
  const [docs, total] = await Promise.all([collection.find(filter, { sort, skip, limit }), collection.count(filter)]);
  return { jobs: docs.map(toJob), total };
}

export async function findJob(readStore: ReadStore, jobId: string): Promise<Job | null> {
  const doc = await jobsCollection(readStore).get(jobId);
  return doc ? toJob(doc) : null;
}

export async function findJobByShareToken(readStore: ReadStore, shareToken: string): Promise<Job | null> {
  const doc = await jobsCollection(readStore).findOne({ shareToken });
  return doc ? toJob(doc) : null;
}

/** The newest open jobs, for the RSS feed. */
export async function latestOpenJobs(readStore: ReadStore, limit: number): Promise<Job[]> {
  const docs = await jobsCollection(readStore).find({ isActive: true }, { sort: { createdAt: -1, _id: 1 }, limit });
  return docs.map(toJob);
}
