import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CandidateListQuery,
  LOOKING_STATUSES,
  MIN_POSITION_HEADER,
  TOTAL_COUNT_HEADER,
  type CandidateProfileCreated,
  type LookingStatus,
  type ProfileContent,
} from '@hireloop/contracts';
import { createMemoryAccountSecrets } from '@hireloop/platform/accounts/memory';
import { createMemoryBus } from '@hireloop/platform/bus';
import { createMemoryEventStore, START, type EventStore, type NewEvent } from '@hireloop/platform/event-store';
import { createBaseApp, type BaseAppOptions } from '@hireloop/platform/http/app';
import { createPostgresReadStore, type Doc, type ReadStore } from '@hireloop/platform/read-store';
import { systemClock } from '@hireloop/platform/runtime';
import { candidateCardsProjection } from '@hireloop/projections/candidate-cards/projection';
import { cardSourcesCollection, listCandidateCards, UnmatchableCandidateFilterError } from '@hireloop/projections/candidate-cards/queries';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { checkpointName, physicalCollection } from '@hireloop/projections/shared/projection';
import { syntheticJob } from '../../../cli/src/demo-jobs';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { registerQueryService } from '../app';
import { ProjectionProgress } from '../shared/projection-progress';
import { CandidateCardIndex } from './card-index';

/**
 * Browse Candidates' in-memory index and the read store answer the same list queries: every
 * value of every filter alone, every pair of filters with every pair of values, and seeded random
 * combinations, over a few hundred profiles made by the projection on PostgreSQL (public and
 * private ones, visibility changes, updates, erasures), must give the same cards in the same
 * order and the same total. Then the index follows the read model as it changes.
 */

type ListQuery = Pick<CandidateListQuery, 'search' | 'location' | 'skills' | 'lookingStatus' | 'count' | 'page'>;
type FieldValues = { [K in keyof ListQuery]-?: readonly ListQuery[K][] };

/** Compile error unless `values` lists every member of the union `T`. */
const everyMember =
  <T extends string>() =>
  <const L extends readonly T[]>(values: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> })) =>
    values;

const FIELD_VALUES = {
  search: [
    '',
    'engineer',
    'ENGINEER',
    'eng',
    'sql',
    'a',
    'script',
    // Title and skill never join into one match (the read store refuses a line break; a space is just text).
    'engineer sql',
    'data engineer',
    // Punctuation is plain text, not a pattern.
    'c++',
    '.',
    '%',
    '_',
    '(',
    '\\',
    // Beyond ASCII: case folding by JavaScript on both sides, and astral code points.
    'ÉCOLE',
    'ü',
    'σ',
    'İ',
    '🚀',
    'zzzz',
  ],
  location: ['', 'berlin', 'BERLIN', 'new york', ',', 'remote', 'MÜNCHEN', 'i̇stanbul', 'zzz'],
  skills: ['', 'sql', 'python', 'PYTHON', 'go', 'react', 'engineer', 'type', 'ß', '🚀'],
  lookingStatus: [null, ...everyMember<LookingStatus>()(['active', 'passive'])],
  count: [12, 1, 5, 100],
  page: [1, 2, 3, 50],
} as const satisfies FieldValues;

const BASE: ListQuery = { search: '', location: '', skills: '', lookingStatus: null, count: 100, page: 1 };
const FIELDS = Object.keys(FIELD_VALUES) as Array<keyof ListQuery>;
const queryWith = (changes: Partial<Record<keyof ListQuery, unknown>>): ListQuery => ({ ...BASE, ...changes }) as ListQuery;

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
}

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

const CONTENT: ProfileContent = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: '',
  skills: [],
  experience: '5+ years',
  location: '',
  summary: 'Pipelines that stay up.',
  phone: '+44 20 5555 0100',
  email: 'ada@example.com',
  linkedinUrl: '',
  githubUrl: '',
  portfolioUrl: '',
  education: 'BSc',
  salaryExpectation: '90k',
  profilePicture: null,
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'remote',
  isPublic: true,
};

/** Profiles beyond ASCII and with odd texts (line breaks inside a title or skill, no skills). */
const ODD_PROFILES: Array<Partial<ProfileContent>> = [
  { title: 'École Engineer 🚀', location: 'München, Germany', skills: ['Go', 'Straße'] },
  { title: 'ΟΔΟΣ Architect', location: 'İstanbul, Türkiye', skills: ['ΣQL', 'Kubernetes'] },
  { title: 'Data\nEngineer', location: 'Berlin\nGermany', skills: ['SQL\r\nServer', 'C++'] },
  { title: 'Support (L2) 100% remote', location: 'Remote, worldwide', skills: [] },
  { title: 'Path\\Finder_Dev', location: 'New York, NY', skills: ['', 'TypeScript'] },
];

/** Appends events with the metadata every event carries; returns the position. */
function eventLog(eventStore: EventStore) {
  let n = 0;
  return async (streamId: string, type: string, data: unknown) => {
    const event: NewEvent = { type, data, metadata: { eventId: `event-${++n}`, occurredAt: at(NOW), actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } };
    return (await eventStore.append(streamId, [event])).position;
  };
}

const profileId = (i: number) => `profile-${String(i).padStart(3, '0')}`;
const userId = (i: number) => `user-${i % 320}`;

function created(i: number, content: Partial<ProfileContent>, createdAt: string): CandidateProfileCreated {
  return { ...CONTENT, ...content, profileId: profileId(i), userId: userId(i), source: 'wizard', createdAt };
}

function syntheticContent(i: number): Partial<ProfileContent> {
  const job = syntheticJob(i);
  return {
    title: job.title,
    location: job.location,
    skills: job.skills,
    availability: i % 3 === 0 ? 'open' : 'immediate',
    workPreference: (['remote', 'hybrid', 'onsite'] as const)[i % 3],
    // One in five starts private.
    isPublic: i % 5 !== 4,
  };
}

/** A few hundred profiles: created (ties on createdAt), some made private or public again, updated, erased. */
async function seed(append: ReturnType<typeof eventLog>) {
  const profiles = [...ODD_PROFILES.map((content) => ({ ...content })), ...Array.from({ length: 330 }, (_, i) => syntheticContent(i))];
  for (const [i, content] of profiles.entries()) {
    // Three profiles a minute: ties on createdAt, broken by id.
    await append(`candidate-${profileId(i)}`, 'CandidateProfileCreated', created(i, content, at(NOW - Math.floor(i / 3) * 60_000)));
  }
  for (const [i, content] of profiles.entries()) {
    const id = profileId(i);
    if (i % 7 === 1) await append(`candidate-${id}`, 'CandidateProfileVisibilityChanged', { profileId: id, userId: userId(i), isPublic: false, changedAt: at(NOW + i) });
    if (i % 11 === 2) await append(`candidate-${id}`, 'CandidateProfileVisibilityChanged', { profileId: id, userId: userId(i), isPublic: true, changedAt: at(NOW + i) });
    if (i % 13 === 3) {
      const job = syntheticJob(i + 1000);
      await append(`candidate-${id}`, 'CandidateProfileUpdated', {
        ...CONTENT,
        ...content,
        title: job.title,
        skills: job.skills,
        availability: i % 2 === 0 ? 'open' : 'immediate',
        profileId: id,
        userId: userId(i),
        updatedAt: at(NOW + i),
      });
    }
  }
  // Erased people: some own two profiles (user-0..user-14 have profile i and i + 320).
  for (const user of [0, 5, 9, 14, 40, 77, 123, 200]) await append(`user-user-${user}`, 'PersonErased', { userId: `user-${user}`, erasedAt: at(NOW) });
}

let db: TestDatabase;
let readStore: ReadStore;
let eventStore: EventStore;
let append: ReturnType<typeof eventLog>;
let runner: ProjectionRunner;
let index: CandidateCardIndex;

beforeAll(async () => {
  db = await createTestDatabase();
  readStore = await createPostgresReadStore({ connectionString: db.url });
  eventStore = createMemoryEventStore();
  append = eventLog(eventStore);
  await seed(append);
  runner = new ProjectionRunner({ eventStore, readStore, projection: candidateCardsProjection });
  await runner.catchUp();
  index = new CandidateCardIndex(readStore);
  await index.refresh();
});

afterAll(async () => {
  await index.stop();
  await readStore.close();
  await db.drop();
});

async function expectSameAnswer(query: ListQuery, on: CandidateCardIndex = index) {
  const expected = await listCandidateCards(readStore, query);
  const actual = await on.list(query);
  const label = JSON.stringify(query);
  expect({ label, answeredBy: actual.answeredBy, ids: actual.cards.map((card) => card.id), total: actual.total }).toEqual({
    label,
    answeredBy: 'index',
    ids: expected.cards.map((card) => card.id),
    total: expected.total,
  });
  expect(actual.cards).toEqual(expected.cards);
  return expected.total;
}

describe('Browse Candidates on PostgreSQL: the in-memory index and the read store agree', () => {
  it('holds the public profiles only, and goes over every field of the list query', async () => {
    // What the route parses has exactly the fields this test varies (random is answered elsewhere).
    const parsed = CandidateListQuery.parse({});
    expect(
      Object.keys(parsed)
        .filter((key) => key !== 'random')
        .sort(),
    ).toEqual([...FIELDS].sort());
    expect(FIELD_VALUES.lookingStatus).toEqual(expect.arrayContaining([...LOOKING_STATUSES]));
    const all = await listCandidateCards(readStore, { ...BASE, count: 1 });
    const sources = await cardSourcesCollection(readStore).find({});
    expect(index.size).toBe(all.total);
    // Private profiles and erased ones are in the sources, not cards.
    expect(sources.filter((source) => !source.isPublic).length).toBeGreaterThan(60);
    expect(sources.filter((source) => source.erased).length).toBeGreaterThan(8);
    expect(all.total).toBeGreaterThan(200);
  });

  it('answers every value of every field alone as the read store does', async () => {
    const totals: number[] = [];
    for (const field of FIELDS) {
      for (const value of FIELD_VALUES[field]) totals.push(await expectSameAnswer(queryWith({ [field]: value })));
    }
    // Not a pool of empty answers: most values find cards, some find none.
    expect(totals.filter((total) => total > 0).length).toBeGreaterThan(totals.length / 2);
    expect(totals).toContain(0);
  });

  it('answers every pair of fields, with every pair of their values, as the read store does', async () => {
    let queries = 0;
    for (const [i, first] of FIELDS.entries()) {
      for (const second of FIELDS.slice(i + 1)) {
        for (const a of FIELD_VALUES[first]) {
          for (const b of FIELD_VALUES[second]) {
            await expectSameAnswer(queryWith({ [first]: a, [second]: b }));
            queries++;
          }
        }
      }
    }
    expect(queries).toBeGreaterThan(800);
  });

  it('answers 300 seeded random combinations of every field as the read store does, paging through each', async () => {
    const pick = random(26);
    for (let n = 0; n < 300; n++) {
      const query = Object.fromEntries(FIELDS.map((field) => [field, pick(FIELD_VALUES[field] as readonly unknown[])])) as unknown as ListQuery;
      // Pages that exist more often than not.
      await expectSameAnswer({ ...query, page: pick([1, 1, 2, 3]), count: pick([5, 12, 12, 100]) });
    }
  });

  it('refuses a filter spanning lines, as the read store does, without asking it', async () => {
    for (const query of [queryWith({ search: 'engineer\nsql' }), queryWith({ location: 'berlin\r' }), queryWith({ skills: 'sql\r\nserver' })]) {
      const before = { ...index.answers };
      await expect(index.list(query)).rejects.toThrow(UnmatchableCandidateFilterError);
      expect(index.answers).toEqual(before);
      await expect(listCandidateCards(readStore, query)).rejects.toThrow(UnmatchableCandidateFilterError);
    }
  });
});

describe('the card index follows the read model', () => {
  const ids = async (query: Partial<ListQuery>) => (await index.list(queryWith(query))).cards.map((card) => card.id);
  const visibility = (i: number, isPublic: boolean, changedAt: string) =>
    append(`candidate-${profileId(i)}`, 'CandidateProfileVisibilityChanged', { profileId: profileId(i), userId: userId(i), isPublic, changedAt });

  it('drops a profile made private at the next catch-up, brings it back made public, and removes an erased one: by position, no full reload', async () => {
    const fullLoads = index.fullLoads;
    const incremental = index.incrementalLoads;
    const i = 500;
    await append(
      `candidate-${profileId(i)}`,
      'CandidateProfileCreated',
      created(i, { title: 'Fortran Wizard', location: 'Reykjavík', skills: ['Fortran', 'COBOL'] }, at(NOW + 60_000)),
    );
    await runner.catchUp();
    await index.refresh();
    expect(await ids({ search: 'fortran' })).toEqual([profileId(i)]);
    expect(await ids({ count: 1 })).toEqual([profileId(i)]);

    await visibility(i, false, at(NOW + 61_000));
    await runner.catchUp();
    await index.refresh();
    expect(await ids({ search: 'fortran' })).toEqual([]);
    await expectSameAnswer(queryWith({}));

    await visibility(i, true, at(NOW + 62_000));
    await runner.catchUp();
    await index.refresh();
    expect(await ids({ skills: 'cobol' })).toEqual([profileId(i)]);
    await expectSameAnswer(queryWith({ location: 'reyk' }));

    await append(`user-${userId(i)}`, 'PersonErased', { userId: userId(i), erasedAt: at(NOW + 63_000) });
    await runner.catchUp();
    await index.refresh();
    expect(await ids({ search: 'fortran' })).toEqual([]);
    for (const query of [{}, { search: 'engineer' }, { location: 'berlin', lookingStatus: 'active' as const }]) await expectSameAnswer(queryWith(query));
    expect(index.fullLoads).toBe(fullLoads);
    expect(index.incrementalLoads).toBeGreaterThanOrEqual(incremental + 4);
  });

  it('answers the next pages of a kept filter from what changed, not from what it kept', async () => {
    const query = queryWith({ search: 'engineer', count: 5 });
    const first = await index.list(query);
    await expectSameAnswer({ ...query, page: 2 });
    // A public card matching the filter goes private: the kept match list must not answer any more.
    const goes = first.cards[0]!.id;
    const i = Number(goes.slice('profile-'.length));
    await visibility(i, false, at(NOW + 70_000));
    await runner.catchUp();
    await index.refresh();
    expect((await index.list(query)).cards.map((card) => card.id)).not.toContain(goes);
    expect((await index.list(query)).total).toBe(first.total - 1);
    await expectSameAnswer({ ...query, page: 2 });
  });

  it('reloads everything when the projection is rebuilt', async () => {
    const loads = index.fullLoads;
    // What a rebuild does first: documents deleted, checkpoint back to the start.
    await readStore.transaction(async (tx) => {
      for (const name of Object.keys(candidateCardsProjection.collections)) await tx.collection(physicalCollection(candidateCardsProjection, name)).deleteMany({});
      await tx.setCheckpoint(checkpointName(candidateCardsProjection), START);
    });
    expect((await index.list(queryWith({}))).total).toBe(0);
    expect(index.fullLoads).toBe(loads + 1);
    // The replay: incremental loads bring everything back.
    await runner.catchUp();
    for (const query of [{}, { search: 'sql' }, { skills: 'python', lookingStatus: 'passive' as const }, { location: ',', page: 2, count: 12 }])
      await expectSameAnswer(queryWith(query));
    expect(index.fullLoads).toBe(loads + 1);
    // A whole rebuild between two answers.
    await runner.rebuild();
    await index.refresh();
    for (const query of [{}, { search: 'engineer', location: 'new' }, { skills: 'go' }]) await expectSameAnswer(queryWith(query));
  });
});

describe('the card index in the query service, told of progress', () => {
  const bus = createMemoryBus();
  let progress: ProjectionProgress;
  const stops: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    const boardRunner = new ProjectionRunner({ eventStore, readStore, bus, projection: candidateCardsProjection });
    await boardRunner.catchUp();
    runner = boardRunner;
    // The query service also runs the board (its index follows the job board, empty here).
    for (const [name, spec] of Object.entries(jobBoardProjection.collections)) {
      await readStore.ensureCollection(physicalCollection(jobBoardProjection, name), spec.indexes ?? [], { documentIndex: spec.documentIndex });
    }
    progress = new ProjectionProgress(readStore, [candidateCardsProjection, jobBoardProjection], bus, 10, 20);
    await progress.start();
  });

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await progress.stop();
    await bus.close();
  });

  async function candidatesApp(cardIndex: CandidateCardIndex, logger?: BaseAppOptions['logger']) {
    const app = createBaseApp({ logger });
    await registerQueryService(app, {
      readStore,
      secrets: createMemoryAccountSecrets(),
      clock: systemClock,
      progress,
      readYourWritesTimeoutMs: 5000,
      publicUrl: 'http://localhost:3000',
      cardIndex,
    });
    stops.push(() => app.close());
    return app;
  }

  it('loads when the app is ready, answers the route from memory, and a writer sees its change with X-Min-Position', async () => {
    const cardIndex = new CandidateCardIndex(readStore, { progress });
    stops.push(() => cardIndex.stop());
    const app = await candidatesApp(cardIndex);
    await app.ready();
    await vi.waitFor(() => expect(cardIndex.loaded).toBe(true));

    const url = '/api/candidates?search=engineer&count=5&page=2';
    const expected = await listCandidateCards(readStore, queryWith({ search: 'engineer', count: 5, page: 2 }));
    const response = await app.inject({ method: 'GET', url });
    expect(response.json()).toEqual(expected.cards);
    expect(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(expected.total));

    const i = 600;
    const position = await append(
      `candidate-${profileId(i)}`,
      'CandidateProfileCreated',
      created(i, { title: 'Clojure Gardener', location: 'Oslo', skills: ['Clojure'] }, at(NOW + 90_000)),
    );
    const asked = app.inject({ method: 'GET', url: '/api/candidates?search=clojure', headers: { [MIN_POSITION_HEADER]: position } });
    await runner.catchUp();
    expect((await asked).json<Array<{ id: string }>>().map((card) => card.id)).toEqual([profileId(i)]);

    const hidden = await append(`candidate-${profileId(i)}`, 'CandidateProfileVisibilityChanged', {
      profileId: profileId(i),
      userId: userId(i),
      isPublic: false,
      changedAt: at(NOW + 91_000),
    });
    await runner.catchUp();
    const after = await app.inject({ method: 'GET', url: '/api/candidates?search=clojure', headers: { [MIN_POSITION_HEADER]: hidden } });
    expect(after.json()).toEqual([]);
    expect(after.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('0');
    expect(cardIndex.answers).toEqual({ index: 3, readStore: 0 });
    expect(cardIndex.fullLoads).toBe(1);
  });

  it('logs each list the read store answers because the index is not loaded yet', async () => {
    const lines: Array<{ searchAnsweredBy?: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { searchAnsweredBy?: string });
        done();
      },
    });
    // Its loads read through a store that holds every page of the sources until released: the read store answers meanwhile.
    const sourcesName = physicalCollection(candidateCardsProjection, 'sources');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = new Proxy(readStore, {
      get(target, property) {
        if (property === 'collection') {
          return <T extends Doc>(name: string) => {
            const collection = target.collection<T>(name);
            if (name !== sourcesName) return collection;
            return {
              ...collection,
              get: collection.get.bind(collection),
              count: collection.count.bind(collection),
              findOne: collection.findOne.bind(collection),
              find: async (...args: Parameters<typeof collection.find>) => {
                const docs = await collection.find(...args);
                await held;
                return docs;
              },
            };
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const cardIndex = new CandidateCardIndex(holding, { progress, maxWaitMs: 20 });
    stops.push(async () => {
      release();
      await cardIndex.stop();
    });
    const app = createBaseApp({ logger: { level: 'info', stream } });
    await registerQueryService(app, {
      readStore,
      secrets: createMemoryAccountSecrets(),
      clock: systemClock,
      progress,
      readYourWritesTimeoutMs: 5000,
      publicUrl: 'http://localhost:3000',
      cardIndex,
    });
    stops.push(() => app.close());
    await app.ready();
    const expected = await listCandidateCards(readStore, queryWith({ skills: 'python', count: 12 }));
    const response = await app.inject({ method: 'GET', url: '/api/candidates?skills=python' });
    expect(response.json()).toEqual(expected.cards);
    expect(lines.filter((line) => line.searchAnsweredBy === 'read-store')).toHaveLength(1);
    expect(cardIndex.answers).toEqual({ index: 0, readStore: 1 });

    release();
    await vi.waitFor(() => expect(cardIndex.loaded).toBe(true));
    expect((await app.inject({ method: 'GET', url: '/api/candidates?skills=python' })).json()).toEqual(expected.cards);
    expect(lines.filter((line) => line.searchAnsweredBy !== undefined)).toHaveLength(1);
    expect(cardIndex.answers).toEqual({ index: 1, readStore: 1 });
  });
});
