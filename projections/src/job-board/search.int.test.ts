import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobListQuery } from '@hireloop/contracts';
import { createMemoryEventStore, type NewEvent } from '@hireloop/platform/event-store';
import { createMemoryReadStore, createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { ProjectionRunner } from '../runner';
import { jobSearch } from './job-search';
import { jobBoardProjection } from './projection';
import { searchJobs } from './queries';
import { BOARD_JOBS as JOBS, postedJob } from './search-fixtures';

/** The board's search rules of spec part 1, §5, one row per rule, on every read-store adapter. */
const NOW = Date.parse('2026-11-22T10:00:00.000Z');

function events(): Array<{ streamId: string; event: NewEvent }> {
  return JOBS.flatMap((seed, i) => {
    const jobId = `job-${String(i).padStart(2, '0')}`;
    const data = { ...postedJob(jobId, seed), shareToken: `share-${i}` };
    const metadata = (n: number) => ({
      eventId: `00000000-0000-4000-8000-${String(i * 10 + n).padStart(12, '0')}`,
      // Job i was posted i hours ago: newest first is the order of JOBS.
      occurredAt: new Date(NOW - i * 3600_000).toISOString(),
      actor: 'system' as const,
      correlationId: 'seed',
      causationId: null,
      schemaVersion: 1,
    });
    const list: Array<{ streamId: string; event: NewEvent }> = [{ streamId: `job-${jobId}`, event: { type: 'JobPosted', data, metadata: metadata(0) } }];
    if (seed.title === 'Closed Role') {
      list.push({ streamId: `job-${jobId}`, event: { type: 'JobClosed', data: { jobId, reason: 'closed_by_owner', closedAt: new Date(NOW).toISOString() }, metadata: metadata(1) } });
    }
    return list;
  });
}

const databases: TestDatabase[] = [];
const stores: ReadStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  for (const db of databases) await db.drop();
});

const adapters: Array<[string, () => Promise<ReadStore>]> = [
  ['memory', async () => createMemoryReadStore()],
  [
    'postgres',
    async () => {
      const db = await createTestDatabase();
      databases.push(db);
      return createPostgresReadStore({ connectionString: db.url });
    },
  ],
];

const q = (query: Record<string, unknown>) => jobSearch(JobListQuery.parse({ pageSize: 100, ...query }));

describe.each(adapters)('board search on %s', (_name, makeReadStore) => {
  let readStore: ReadStore;
  beforeAll(async () => {
    readStore = await makeReadStore();
    stores.push(readStore);
    const eventStore = createMemoryEventStore();
    for (const { streamId, event } of events()) await eventStore.append(streamId, [event]);
    await new ProjectionRunner({ eventStore, readStore, projection: jobBoardProjection }).catchUp();
  });

  const titles = async (query: Record<string, unknown>) => (await searchJobs(readStore, q(query))).jobs.map((job) => job.title);

  it.each<[string, Record<string, unknown>, string[]]>([
    ['no filters: every open job, newest first', {}, JOBS.map((j) => j.title).filter((t) => t !== 'Closed Role')],
    ['every keyword must appear (skills)', { search: 'react typescript' }, ['React Developer', 'Mobile Engineer']],
    ['keywords are case-insensitive and match the company', { search: 'MAPLE' }, ['Support Engineer', 'Mobile Engineer']],
    ['keywords match the description', { search: 'advocate role' }, ['Developer Advocate']],
    ['keywords match inside words (substring)', { search: 'kube' }, ['SRE']],
    ['a keyword that matches nothing empties the list', { search: 'react cobol' }, []],
    ['"remote" matches remote jobs by flag or by location', { location: 'remote' }, ['Developer Advocate', 'SRE', 'Mobile Engineer', 'Security Engineer', 'QA Engineer']],
    ['"global" matches locations that say global or worldwide (synonyms)', { location: 'global' }, ['Developer Advocate', 'Security Engineer']],
    ['"worldwide" matches the same jobs as "global"', { location: 'worldwide' }, ['Developer Advocate', 'Security Engineer']],
    [
      '"usa" matches US states, abbreviations, ZIP codes and US wording, not other countries',
      { location: 'usa' },
      ['React Developer', 'Data Engineer', 'Platform Engineer', 'Mobile Engineer', 'QA Engineer'],
    ],
    ['"united states" is the same as "usa"', { location: 'United States' }, ['React Developer', 'Data Engineer', 'Platform Engineer', 'Mobile Engineer', 'QA Engineer']],
    ['other words match by substring of the location', { location: 'san fran' }, ['Data Engineer']],
    ['words separated by commas all apply', { location: 'new york, remote' }, ['Mobile Engineer']],
    ['"remote usa" is remote and in the US', { location: 'remote usa' }, ['Mobile Engineer', 'QA Engineer']],
    ['type is a substring match', { type: 'part' }, ['Support Engineer']],
    ['type "contract"', { type: 'contract' }, ['Platform Engineer']],
    ['type "remote" also finds remote jobs', { type: 'remote' }, ['Developer Advocate', 'SRE', 'Mobile Engineer', 'Security Engineer', 'QA Engineer']],
    ['status closed shows only closed jobs', { status: 'closed' }, ['Closed Role']],
    ['status all shows open and closed', { status: 'all', search: 'cobol' }, ['Closed Role']],
    ['status open hides closed jobs', { search: 'cobol' }, []],
    ['filters combine', { search: 'engineer', location: 'usa', type: 'full' }, ['Data Engineer', 'Mobile Engineer']],
  ])('%s', async (_rule, query, expected) => {
    expect(await titles(query)).toEqual(expected);
  });

  it('pages by 10 by default and counts every match', async () => {
    const first = await searchJobs(readStore, jobSearch(JobListQuery.parse({})));
    expect(first.jobs).toHaveLength(10);
    expect(first.total).toBe(11);
    const second = await searchJobs(readStore, jobSearch(JobListQuery.parse({ page: '2' })));
    expect(second.jobs.map((job) => job.title)).toEqual(['QA Engineer']);
    expect(second.total).toBe(11);
  });

  it('treats regular-expression characters in a search as plain text', async () => {
    expect(await titles({ search: '(any' })).toEqual([]);
    expect(await titles({ location: '(any timezone)' })).toEqual(['Security Engineer']);
  });
});
