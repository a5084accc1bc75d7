import type { Job, JobListQuery } from '@hireloop/contracts';
import { escapeRegex, type Filter, type ReadStore } from '@hireloop/platform/read-store/index';
import { physicalCollection } from '../shared/projection';
import { parseLocationQuery } from './location';
import { jobBoardProjection, type JobBoardDocument } from './projection';

export const jobsCollection = (readStore: ReadStore) => readStore.collection<JobBoardDocument>(physicalCollection(jobBoardProjection, 'jobs'));

export const toJob = ({ _id, searchText, locationText, typeText, isRemote, isGlobal, isUS, closedReason, position, ...job }: JobBoardDocument): Job => job;

const contains = (text: string) => ({ $regex: escapeRegex(text) });

/**
 * The board's search rules (spec part 1, §5) as one filter over precomputed fields:
 * every keyword in title/company/skills/description; every location part (remote, global,
 * US, or a substring of the location); the type as a substring; open, closed or all.
 */
export function jobSearchFilter(query: Pick<JobListQuery, 'search' | 'location' | 'type' | 'status'>, companyId?: string): Filter {
  const and: Filter[] = [];
  if (companyId !== undefined) and.push({ companyId });
  if (query.status === 'open') and.push({ isActive: true });
  if (query.status === 'closed') and.push({ isActive: false });
  for (const word of query.search.toLowerCase().split(/\s+/).filter(Boolean)) and.push({ searchText: contains(word) });
  if (query.location) {
    const location = parseLocationQuery(query.location);
    if (location.remote) and.push({ isRemote: true });
    if (location.global) and.push({ isGlobal: true });
    if (location.us) and.push({ isUS: true });
    for (const word of location.words) and.push({ locationText: contains(word) });
  }
  if (query.type) {
    const type = query.type.toLowerCase();
    // "remote" is offered as a type filter; remote jobs match it whatever their type says.
    and.push(type === 'remote' ? { $or: [{ typeText: contains(type) }, { isRemote: true }] } : { typeText: contains(type) });
  }
  return and.length ? { $and: and } : {};
}

/** One page of the board, newest first, and how many jobs match in all. */
export async function searchJobs(readStore: ReadStore, query: JobListQuery, companyId?: string): Promise<{ jobs: Job[]; total: number }> {
  const collection = jobsCollection(readStore);
  const filter = jobSearchFilter(query, companyId);
  const [docs, total] = await Promise.all([
    collection.find(filter, { sort: { createdAt: -1, _id: 1 }, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
    collection.count(filter),
  ]);
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
