import { describe, expect, it } from 'vitest';
import type { CandidateProfileCreated, ProfileContent } from '@hireloop/contracts';
import { encodePosition } from '@hireloop/platform/event-store';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { projectionSpec } from '../shared/projection-spec';
import { candidateCardsProjection, erasedCardSource, randomKeyOf } from './projection';
import { candidateFilter, listCandidateCards, randomCandidateCards, toCard } from './queries';

const spec = projectionSpec(candidateCardsProjection);

const content: ProfileContent = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Data Engineer',
  skills: ['SQL', 'Python'],
  experience: '5+ years',
  location: 'London, UK',
  summary: 'Pipelines that stay up.',
  phone: '+44 20 5555 0100',
  email: 'ada@example.com',
  linkedinUrl: 'https://linkedin.example/ada',
  githubUrl: '',
  portfolioUrl: '',
  education: 'BSc - UCL',
  salaryExpectation: '90k',
  profilePicture: 'data:image/png;base64,iVBORw0KGgo=',
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'remote',
  isPublic: true,
};
const CREATED = '2026-11-22T10:00:00.000Z';
const created = (profileId: string, userId: string, changes: Partial<ProfileContent> = {}): { streamId: string; type: string; data: CandidateProfileCreated } => ({
  streamId: `candidate-${profileId}`,
  type: 'CandidateProfileCreated',
  data: { ...content, ...changes, profileId, userId, source: 'wizard', createdAt: CREATED },
});
const visibility = (profileId: string, userId: string, isPublic: boolean, changedAt: string) => ({
  streamId: `candidate-${profileId}`,
  type: 'CandidateProfileVisibilityChanged',
  data: { profileId, userId, isPublic, changedAt },
});
const card = (profileId: string, userId: string, changes: Record<string, unknown> = {}, updatedAt = CREATED) => ({
  _id: profileId,
  id: profileId,
  userId,
  title: 'Data Engineer',
  location: 'London, UK',
  experience: '5+ years',
  availability: 'immediate',
  lookingStatus: 'active',
  workPreference: 'remote',
  skills: ['SQL', 'Python'],
  searchText: 'data engineer\nsql\npython',
  skillsText: 'sql\npython',
  locationText: 'london, uk',
  createdAt: CREATED,
  updatedAt,
  randomKey: randomKeyOf(profileId, updatedAt),
  ...changes,
});

describe('candidate cards read model', () => {
  it('a public profile gets a card of its anonymous facts only; a private one none', async () => {
    await spec.given([created('p-1', 'user-1'), created('p-2', 'user-2', { isPublic: false })]).then('cards', [card('p-1', 'user-1')]);
  });

  it('made private, the card goes; made public again, it comes back', async () => {
    const events = [created('p-1', 'user-1'), visibility('p-1', 'user-1', false, '2026-11-23T09:00:00.000Z')];
    await spec.given(events).then('cards', []);
    await spec
      .given([...events, visibility('p-1', 'user-1', true, '2026-11-23T10:00:00.000Z')])
      .then('cards', [card('p-1', 'user-1', {}, '2026-11-23T10:00:00.000Z')]);
  });

  it('a private profile made public gets its card', async () => {
    await spec
      .given([created('p-2', 'user-2', { isPublic: false, availability: 'open' }), visibility('p-2', 'user-2', true, '2026-11-23T10:00:00.000Z')])
      .then('cards', [card('p-2', 'user-2', { availability: 'open', lookingStatus: 'passive' }, '2026-11-23T10:00:00.000Z')]);
  });

  it('an update replaces the card, and an update that hides the profile removes it', async () => {
    const update = (changes: Partial<ProfileContent>, updatedAt: string) => ({
      streamId: 'candidate-p-1',
      type: 'CandidateProfileUpdated',
      data: { ...content, ...changes, profileId: 'p-1', userId: 'user-1', updatedAt },
    });
    await spec
      .given([created('p-1', 'user-1'), update({ title: 'Staff Data Engineer', skills: ['dbt'], location: 'Paris', availability: 'open', workPreference: 'hybrid' }, '2026-11-23T08:00:00.000Z')])
      .then('cards', [
        card(
          'p-1',
          'user-1',
          { title: 'Staff Data Engineer', skills: ['dbt'], location: 'Paris', availability: 'open', lookingStatus: 'passive', workPreference: 'hybrid', searchText: 'staff data engineer\ndbt', skillsText: 'dbt', locationText: 'paris' },
          '2026-11-23T08:00:00.000Z',
        ),
      ]);
    await spec.given([created('p-1', 'user-1'), update({ isPublic: false }, '2026-11-23T08:00:00.000Z')]).then('cards', []);
  });

  it('keeps every profile\'s facts in sources, public or not, with the position of its last change', async () => {
    const source = (profileId: string, userId: string, isPublic: boolean, position: string, updatedAt = CREATED) => {
      const { searchText: _search, skillsText: _skills, locationText: _location, randomKey: _random, ...facts } = card(profileId, userId, {}, updatedAt);
      return { ...facts, isPublic, position };
    };
    await spec
      .given([created('p-1', 'user-1'), created('p-2', 'user-2'), visibility('p-1', 'user-1', false, '2026-11-23T09:00:00.000Z')])
      .then('sources', [source('p-1', 'user-1', false, encodePosition(0, 3), '2026-11-23T09:00:00.000Z'), source('p-2', 'user-2', true, encodePosition(0, 2))]);
  });

  it('erasing a person deletes their card and leaves of their facts only blank tombstones (so the card index sees them go), and only theirs', async () => {
    const erased = { streamId: 'user-user-1', type: 'PersonErased', data: { userId: 'user-1', erasedAt: '2026-11-24T00:00:00.000Z' } };
    await spec.given([created('p-1', 'user-1'), created('p-2', 'user-2'), erased]).then('cards', [card('p-2', 'user-2')]);
    const tombstone = erasedCardSource('p-1', encodePosition(0, 3));
    expect(tombstone).toMatchObject({ _id: 'p-1', userId: '', isPublic: false, erased: true });
    // Not one of the erased profile's facts stays, whichever field held it.
    const left = JSON.stringify(tombstone);
    for (const fact of ['user-1', 'Data Engineer', 'London', '5+ years', 'immediate', 'active', 'remote', 'SQL', 'Python', CREATED]) expect(left).not.toContain(fact);
    await spec.given([created('p-1', 'user-1', { isPublic: false }), created('p-3', 'user-1'), erased]).then('sources', [tombstone, erasedCardSource('p-3', encodePosition(0, 3))]);
    // Events of an erased profile coming later find nothing to update.
    const later = [created('p-1', 'user-1'), erased, visibility('p-1', 'user-1', true, '2026-11-25T00:00:00.000Z')];
    await spec.given(later).then('cards', []);
    await spec.given(later).then('sources', [erasedCardSource('p-1', encodePosition(0, 2))]);
  });

  it('stores nothing personal', async () => {
    const readStore = createMemoryReadStore();
    await readStore.ensureCollection(physicalCollection(candidateCardsProjection, 'cards'));
    const doc = card('p-1', 'user-1') as never;
    const shown = JSON.stringify(toCard(doc));
    for (const text of ['Ada', 'Lovelace', 'ada@example.com', '5555', 'linkedin', 'UCL', '90k', 'Pipelines', 'iVBOR', 'user-1']) expect(shown).not.toContain(text);
    expect(Object.keys(toCard(doc)).sort()).toEqual(['availability', 'experience', 'id', 'location', 'lookingStatus', 'skills', 'title', 'workPreference']);
  });
});

describe('candidate card queries', () => {
  const seed = async () => {
    const readStore = createMemoryReadStore();
    const name = physicalCollection(candidateCardsProjection, 'cards');
    await readStore.ensureCollection(name);
    const docs = [
      card('a', 'u-a', { title: 'Frontend Developer', skills: ['React', 'TypeScript'], searchText: 'frontend developer\nreact\ntypescript', skillsText: 'react\ntypescript', location: 'Berlin, Germany', locationText: 'berlin, germany', createdAt: '2026-11-01T00:00:00.000Z', randomKey: 0.1 }),
      card('b', 'u-b', { title: 'Data Engineer', skills: ['Python', 'SQL'], searchText: 'data engineer\npython\nsql', skillsText: 'python\nsql', createdAt: '2026-11-03T00:00:00.000Z', availability: 'open', lookingStatus: 'passive', randomKey: 0.5 }),
      card('c', 'u-c', { title: 'Backend Engineer', skills: ['Go', 'SQL'], searchText: 'backend engineer\ngo\nsql', skillsText: 'go\nsql', location: 'Berlin', locationText: 'berlin', createdAt: '2026-11-02T00:00:00.000Z', randomKey: 0.9 }),
    ];
    await readStore.transaction(async (tx) => tx.collection(name).putMany(docs as never));
    return readStore;
  };
  const all = { search: '', location: '', skills: '', lookingStatus: null, count: 12, page: 1 } as const;
  const ids = async (query: Partial<typeof all> | Record<string, unknown>) => {
    const { cards, total } = await listCandidateCards(await seed(), { ...all, ...query } as never);
    return { ids: cards.map((c) => c.id), total };
  };

  it('answers newest first, filters like the spec and pages', async () => {
    expect(await ids({})).toEqual({ ids: ['b', 'c', 'a'], total: 3 });
    expect(await ids({ search: 'ENGINEER' })).toEqual({ ids: ['b', 'c'], total: 2 });
    expect(await ids({ search: 'sql' })).toEqual({ ids: ['b', 'c'], total: 2 });
    expect(await ids({ search: 'script' })).toEqual({ ids: ['a'], total: 1 });
    expect(await ids({ skills: 'engineer' })).toEqual({ ids: [], total: 0 });
    expect(await ids({ location: 'berl' })).toEqual({ ids: ['c', 'a'], total: 2 });
    expect(await ids({ lookingStatus: 'passive' })).toEqual({ ids: ['b'], total: 1 });
    expect(await ids({ search: 'engineer', location: 'berlin', lookingStatus: 'active' })).toEqual({ ids: ['c'], total: 1 });
    expect(await ids({ count: 2, page: 2 })).toEqual({ ids: ['a'], total: 3 });
    expect(await ids({ search: 'a.b' })).toEqual({ ids: [], total: 0 });
    // A title and a skill never join into one match.
    expect(() => candidateFilter({ ...all, search: 'engineer\nsql' })).toThrow(/single-line/);
  });

  it('samples from a random threshold and wraps round', async () => {
    const readStore = await seed();
    expect((await randomCandidateCards(readStore, 2, () => 0.4)).map((c) => c.id)).toEqual(['b', 'c']);
    expect((await randomCandidateCards(readStore, 2, () => 0.95)).map((c) => c.id)).toEqual(['a', 'b']);
    expect((await randomCandidateCards(readStore, 5, () => 0.6)).map((c) => c.id).sort()).toEqual(['a', 'b', 'c']);
  });
});
