import type { CandidateCard, CandidateListQuery } from '@hireloop/contracts';
import { escapeRegex, type Filter, type ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { CARD_CHANGES_ID, CARD_TEXT_SEPARATOR, candidateCardsProjection, type CardChangesDocument, type CardDocument, type StoredCardSource } from './projection';

export const cardsCollection = (readStore: ReadStore) => readStore.collection<CardDocument>(physicalCollection(candidateCardsProjection, 'cards'));

/** Every profile's card facts (and erased profiles' tombstones), with positions: what the query service's card index follows. */
export const cardSourcesCollection = (readStore: ReadStore) => readStore.collection<StoredCardSource>(physicalCollection(candidateCardsProjection, 'sources'));

/** What a caller may ever see of a card: an explicit pick, so no stored field (userId, texts, keys) can leak. */
export const toCard = (doc: CardDocument): CandidateCard => ({
  id: doc.id,
  title: doc.title,
  location: doc.location,
  experience: doc.experience,
  availability: doc.availability,
  lookingStatus: doc.lookingStatus,
  workPreference: doc.workPreference,
  skills: [...doc.skills],
});

/** A filter text that can match nothing the spec's rule matches (it spans lines). */
export class UnmatchableCandidateFilterError extends Error {
  override name = 'UnmatchableCandidateFilterError';
}

const substring = (field: keyof CardDocument & string, text: string): Filter => {
  if (text.includes(CARD_TEXT_SEPARATOR) || text.includes('\r')) throw new UnmatchableCandidateFilterError(`Filters are single-line texts.`);
  // Both sides lower-cased by JavaScript: the same rule as the spec's client (`toLowerCase().includes`).
  return { [field]: { $regex: escapeRegex(text.toLowerCase()), $options: '' } };
};

/**
 * The spec's client-side rules (part 2 §5) as one read-store filter: case-insensitive substrings,
 * `search` in the title or any skill, `location` in the location, `skills` in any skill,
 * `lookingStatus` equal unless null (All). Empty texts filter nothing.
 */
export function candidateFilter(query: Pick<CandidateListQuery, 'search' | 'location' | 'skills' | 'lookingStatus'>): Filter {
  const parts: Filter[] = [];
  if (query.search) parts.push(substring('searchText', query.search));
  if (query.location) parts.push(substring('locationText', query.location));
  if (query.skills) parts.push(substring('skillsText', query.skills));
  if (query.lookingStatus) parts.push({ lookingStatus: query.lookingStatus });
  return parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
}

/** Newest first (the profile's creation), the id breaking ties so pages never overlap. */
export async function listCandidateCards(readStore: ReadStore, query: Pick<CandidateListQuery, 'search' | 'location' | 'skills' | 'lookingStatus' | 'count' | 'page'>): Promise<{ cards: CandidateCard[]; total: number }> {
  const filter = candidateFilter(query);
  const cards = cardsCollection(readStore);
  const [docs, total] = await Promise.all([
    cards.find(filter, { sort: { createdAt: -1, _id: 1 }, skip: (query.page - 1) * query.count, limit: query.count }),
    cards.count(filter),
  ]);
  return { cards: docs.map(toCard), total };
}

/**
 * `count` random cards without reading the whole collection: every card has a uniform
 * `randomKey` in [0, 1) (indexed); read `count` cards from a random threshold upwards in key
 * order and, when the end comes first, the rest from the start (wrapping round). Two indexed
 * range reads of at most `count` documents whatever the size of the pool. The sample is a run of
 * neighbours in key order, and a card's key changes with each change of its profile. No total:
 * counting the pool would read all of it.
 */
export async function randomCandidateCards(readStore: ReadStore, count: number, random: () => number = Math.random): Promise<CandidateCard[]> {
  const cards = cardsCollection(readStore);
  const threshold = random();
  const upper = await cards.find({ randomKey: { $gte: threshold } }, { sort: { randomKey: 1, _id: 1 }, limit: count });
  const lower = upper.length < count ? await cards.find({ randomKey: { $lt: threshold } }, { sort: { randomKey: 1, _id: 1 }, limit: count - upper.length }) : [];
  return [...upper, ...lower].map(toCard);
}

/** The log position of the last event that changed a card (null before any). */
export async function lastCardChange(readStore: ReadStore): Promise<string | null> {
  const doc = await readStore.collection<CardChangesDocument>(physicalCollection(candidateCardsProjection, 'changes')).get(CARD_CHANGES_ID);
  return doc?.position ?? null;
}

/** The public cards among these profile ids (a private or unknown id has none), in no particular order. */
export async function findCandidateCards(readStore: ReadStore, ids: readonly string[]): Promise<CandidateCard[]> {
  if (ids.length === 0) return [];
  const docs = await cardsCollection(readStore).find({ _id: { $in: ids } }, { limit: ids.length });
  return docs.map(toCard);
}
