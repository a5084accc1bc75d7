import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCandidate, AdminCandidateListQuery } from '@hireloop/contracts';
import { encodePosition } from '@hireloop/platform/event-store';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { adminPeopleProjection, candidateRow, erasedCandidateRow, type AdminCandidateDocument } from '@hireloop/projections/admin-people/projection';
import { adminCandidatesCollection, listAdminCandidates } from '@hireloop/projections/admin-people/queries';
import { checkpointName, physicalCollection } from '@hireloop/projections/shared/projection';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { AdminCandidateTable } from './candidate-table';

/**
 * The admin Candidates table at 50,000 candidates (issue 14, ADR 038): the in-memory table and
 * the read store (the reference, PostgreSQL) give the same rows, order, total and clamped page for
 * searches that match almost everyone, a few, one or nobody, in every order, on the first page,
 * page 40 at 100 a page and past the last; then the table follows new rows and erasures. The rows
 * are written as the projection writes them (`candidateRow`), straight into the read model.
 */
const SIZE = 50_000;
const FIRST = ['Ada', 'Émile', 'Øyvind', 'zoë', 'Ann', 'anna', 'Bo', 'Chidi', 'Dmitri', 'Eve', "O'Brien", 'Li'];
const LAST = ['Smith', 'smithson', 'Lovelace', 'Nguyen', 'de la Cruz', 'Østergaard', 'Ng', 'Kowalski', 'Brown', 'Ito', 'Ávila'];

let db: TestDatabase;
let readStore: ReadStore;
let table: AdminCandidateTable;
let position = '';
let written = 0;

const row = (i: number): AdminCandidateDocument => {
  const firstName = FIRST[i % FIRST.length]!;
  const lastName = LAST[(i * 7) % LAST.length]!;
  const candidate: AdminCandidate = {
    id: `profile-${i}`,
    userId: i % 10 === 0 ? null : `user-${i}`,
    firstName,
    lastName,
    email: `${firstName.toLowerCase().replace(/\W/g, '')}.${i}@mail-${i % 13}.example`,
    phone: '',
    title: 'Engineer',
    location: '',
    experience: '',
    skills: [],
    visaStatus: '',
    isPrivate: i % 2 === 0,
    verified: i % 3 === 0,
    summary: '',
    // Ties on creation: four rows a second.
    createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 4) * 1000).toISOString(),
  };
  return candidateRow(`person-${i}`, candidate, encodePosition(0, ++written), i % 10 !== 0);
};

async function write(docs: AdminCandidateDocument[]) {
  for (let start = 0; start < docs.length; start += 5000) {
    await readStore.transaction(async (tx) => {
      await tx.collection<AdminCandidateDocument>(physicalCollection(adminPeopleProjection, 'admin-candidates')).putMany(docs.slice(start, start + 5000));
      position = docs.at(Math.min(docs.length, start + 5000) - 1)!.position;
      await tx.setCheckpoint(checkpointName(adminPeopleProjection), position);
    });
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  readStore = await createPostgresReadStore({ connectionString: db.url });
  for (const [name, spec] of Object.entries(adminPeopleProjection.collections)) {
    await readStore.ensureCollection(physicalCollection(adminPeopleProjection, name), spec.indexes ?? []);
  }
  const docs = Array.from({ length: SIZE }, (_, i) => row(i));
  // Every 97th person was erased: a tombstone with a later position.
  for (let i = 0; i < SIZE; i += 97) docs.push(erasedCandidateRow(`person-${i}`, encodePosition(0, ++written)));
  await write(docs);
  table = new AdminCandidateTable(readStore, { maxWaitMs: 120_000 });
  table.start();
}, 300_000);

afterAll(async () => {
  await table?.stop();
  await readStore?.close();
  await db?.drop();
});

const SEARCHES = ['', 'a', 'SMITH', 'émile', 'Ø', 'mail-7.example', '.12345@', "o'b", 'nobody-at-all'];
const SORTS = ['newest', 'oldest', 'name'] as const;
const PAGES = [
  { page: 1, pageSize: 25 },
  { page: 40, pageSize: 100 },
  { page: 9999, pageSize: 10 },
];

describe('the admin candidates table at 50,000 candidates', () => {
  it('answers from memory exactly what the read store answers', async () => {
    let compared = 0;
    for (const search of SEARCHES) {
      for (const sort of SORTS) {
        for (const paging of PAGES) {
          const query: AdminCandidateListQuery = { search, sort, ...paging };
          const { answeredBy, ...fromMemory } = await table.list(query);
          expect(answeredBy, JSON.stringify(query)).toBe('index');
          expect(fromMemory, JSON.stringify(query)).toEqual(await listAdminCandidates(readStore, query));
          compared++;
        }
      }
    }
    expect(compared).toBe(SEARCHES.length * SORTS.length * PAGES.length);
    // The searches are not all trivial: they match almost everyone, some, one, nobody.
    const totals = await Promise.all(SEARCHES.map(async (search) => (await table.list({ search, sort: 'newest', page: 1, pageSize: 10 })).total));
    const live = SIZE - Math.ceil(SIZE / 97);
    expect(totals[0]).toBe(live);
    expect(totals[1]).toBeGreaterThan(live / 2);
    expect(totals[6]).toBe(1);
    expect(totals.at(-1)).toBe(0);
  }, 300_000);

  it('page 40 at 100 a page of a search is the 3,901st to 4,000th match', async () => {
    const query: AdminCandidateListQuery = { search: 'a', sort: 'name', page: 40, pageSize: 100 };
    const answer = await table.list(query);
    expect(answer.page).toBe(40);
    expect(answer.candidates).toHaveLength(100);
    const all = await adminCandidatesCollection(readStore).find({ erased: false }, { sort: { nameKey: 1, createdAt: -1, _id: 1 } });
    const matches = all.filter((doc) => [doc.firstName, doc.lastName, doc.email].some((text) => text.toLowerCase().includes('a')));
    expect(answer.total).toBe(matches.length);
    expect(answer.candidates.map((c) => c.id)).toEqual(matches.slice(3900, 4000).map((doc) => doc.id));
  }, 120_000);

  it('follows new rows and erasures by position', async () => {
    const fresh = row(SIZE + 1);
    const newcomer = { ...fresh, firstName: 'Quincy', firstNameText: 'quincy', nameKey: 'quincy smith', createdAt: '2027-01-01T00:00:00.000Z' };
    await write([newcomer, erasedCandidateRow('person-1', encodePosition(0, ++written))]);
    const found = await table.list({ search: 'QUINCY', sort: 'newest', page: 1, pageSize: 10 });
    expect(found.answeredBy).toBe('index');
    expect(found.candidates.map((c) => c.id)).toEqual([newcomer.id]);
    const newest = await table.list({ search: '', sort: 'newest', page: 1, pageSize: 10 });
    expect(newest.candidates[0]!.id).toBe(newcomer.id);
    const erased = await table.list({ search: '.1@', sort: 'newest', page: 1, pageSize: 10 });
    expect(erased.total).toBe(0);
    const { answeredBy: _answeredBy, ...fromMemory } = newest;
    expect(fromMemory).toEqual(await listAdminCandidates(readStore, { search: '', sort: 'newest', page: 1, pageSize: 10 }));
  }, 120_000);
});
