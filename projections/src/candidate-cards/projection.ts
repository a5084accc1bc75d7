import { createHash } from 'node:crypto';
import { CandidateProfileCreated, CandidateProfileUpdated, CandidateProfileVisibilityChanged, PersonErased, type CandidateCard, type ProfileContent } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type EvolveAt, type ProjectedEvent } from '../shared/evolve';

/**
 * A profile's anonymous facts (the card's fields) plus what the queries need; never a name,
 * contact details, links, pictures, education, salary or summary. `userId` is kept only so that
 * erasing the person finds the card: the queries never answer it.
 */
export type CardDocument = CandidateCard & {
  _id: string;
  userId: string;
  /** Lower-cased title and skills, one a line: `search` is a substring of the title or of a skill. */
  searchText: string;
  /** Lower-cased skills, one a line. */
  skillsText: string;
  locationText: string;
  createdAt: string;
  updatedAt: string;
  /** In [0, 1), a hash of the profile id and its last change: the order random samples are read in. */
  randomKey: number;
};

/**
 * Every profile's card facts, public or not, so that a profile made public again gets its card
 * back, with the log position of its last change: the query service's card index follows this
 * collection by position (ADR 026), so every write sets it and nothing is deleted from it.
 */
export type CardSourceDocument = Omit<CardDocument, 'searchText' | 'skillsText' | 'locationText' | 'randomKey'> & { isPublic: boolean; position: string; erased?: never };

/**
 * What erasing the person leaves of each of their sources: the profile id and the position of
 * the erasure (so that the card index sees the card go), every fact blanked, no user id.
 */
export type ErasedCardSourceDocument = {
  _id: string;
  id: string;
  userId: '';
  isPublic: false;
  erased: true;
  position: string;
  title: '';
  location: '';
  experience: '';
  availability: '';
  lookingStatus: '';
  workPreference: '';
  skills: [];
  createdAt: '';
  updatedAt: '';
};

/** A document of `sources`: a profile's facts, or what its erasure left. */
export type StoredCardSource = CardSourceDocument | ErasedCardSourceDocument;

export const erasedCardSource = (profileId: string, position: string): ErasedCardSourceDocument => ({
  _id: profileId,
  id: profileId,
  userId: '',
  isPublic: false,
  erased: true,
  position,
  title: '',
  location: '',
  experience: '',
  availability: '',
  lookingStatus: '',
  workPreference: '',
  skills: [],
  createdAt: '',
  updatedAt: '',
});

/** The one document of `changes`: the log position of the last event that added, replaced or removed a card. */
export interface CardChangesDocument {
  _id: typeof CARD_CHANGES_ID;
  position: string;
  [key: string]: unknown;
}
export const CARD_CHANGES_ID = 'last';

/**
 * Lines separate a card's title and skills in its search texts; a filter holding one could match
 * across two of them, so the queries refuse it (titles and skills are single-line texts).
 */
export const CARD_TEXT_SEPARATOR = '\n';

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/** A number in [0, 1) from a sha256: uniform, and the same on every replay (no Math.random in a projection). */
export const randomKeyOf = (profileId: string, changedAt: string): number =>
  createHash('sha256').update(`${profileId}\u0000${changedAt}`).digest().readUIntBE(0, 6) / 2 ** 48;

const cardFields = (content: Pick<ProfileContent, 'title' | 'location' | 'experience' | 'availability' | 'workPreference' | 'skills'>) => ({
  title: content.title,
  location: content.location,
  experience: content.experience,
  availability: content.availability,
  lookingStatus: content.availability === 'immediate' ? ('active' as const) : ('passive' as const),
  workPreference: content.workPreference,
  skills: [...content.skills],
});

/** The card of a (public) source; the position is the source's own, not the card's. */
export const cardOf = (source: Omit<CardSourceDocument, 'position'> & { position?: string }): CardDocument => {
  const { isPublic: _isPublic, position: _position, erased: _erased, ...card } = source;
  return {
    ...card,
    searchText: [source.title, ...source.skills].map(oneLine).join(CARD_TEXT_SEPARATOR).toLowerCase(),
    skillsText: source.skills.map(oneLine).join(CARD_TEXT_SEPARATOR).toLowerCase(),
    locationText: source.location.toLowerCase(),
    randomKey: randomKeyOf(source.id, source.updatedAt),
  };
};

const schemas = { CandidateProfileCreated, CandidateProfileUpdated, CandidateProfileVisibilityChanged, PersonErased };
type CardsEvent = ProjectedEvent<typeof schemas>;

/** Before the event: the profile's stored source (a profile event), or the erased person's cards (`PersonErased`). */
type Known = { source: readonly StoredCardSource[]; erasedCards: readonly CardDocument[] };

/** The facts of a profile (null: never created, or erased). */
const liveSource = (stored: StoredCardSource | null | undefined): CardSourceDocument | null => (stored && !stored.erased ? stored : null);

/** The source a profile event makes of the profile's stored one; null: the event changes nothing (no such profile). */
export function nextSource(stored: StoredCardSource | null, event: Exclude<CardsEvent, { type: 'PersonErased' }>): CardSourceDocument | null {
  const { position } = event;
  const previous = liveSource(stored);
  switch (event.type) {
    case 'CandidateProfileCreated': {
      const { data } = event;
      return { _id: data.profileId, id: data.profileId, userId: data.userId, ...cardFields(data), isPublic: data.isPublic, createdAt: data.createdAt, updatedAt: data.createdAt, position };
    }
    case 'CandidateProfileUpdated': {
      const { data } = event;
      return previous && { ...previous, ...cardFields(data), isPublic: data.isPublic, updatedAt: data.updatedAt, position };
    }
    case 'CandidateProfileVisibilityChanged': {
      const { isPublic, changedAt } = event.data;
      return previous && { ...previous, isPublic, updatedAt: changedAt, position };
    }
    default:
      return unhandled(event);
  }
}

/** Pure: a profile's source after an event; erasing the person leaves a tombstone, as the card index reads what changed by position. */
export function evolveSource(stored: StoredCardSource | null, event: CardsEvent): StoredCardSource | null {
  if (event.type === 'PersonErased') return stored && erasedCardSource(stored._id, event.position);
  return nextSource(stored, event) ?? stored;
}

/** Pure: a profile's card after an event: there while the profile is public, gone when it is made private or its person erased. */
export function evolveCard(card: CardDocument | null, event: CardsEvent, known: Known): CardDocument | null {
  if (event.type === 'PersonErased') return null;
  const stored = known.source[0] ?? null;
  const next = nextSource(stored, event);
  if (!next) return card;
  if (next.isPublic) return cardOf(next);
  return liveSource(stored)?.isPublic ? null : card;
}

/** Whether the event adds, replaces or removes a card (the live feed tells those positions from the rest). */
export function cardChanged(event: CardsEvent, known: Known): boolean {
  if (event.type === 'PersonErased') return known.erasedCards.length > 0;
  const next = nextSource(known.source[0] ?? null, event);
  return next !== null && (next.isPublic || (liveSource(known.source[0])?.isPublic ?? false));
}

/**
 * `candidate-cards` (issue 11, ADR 026): the anonymous cards of the public profiles, for
 * `GET /api/candidates` (Browse Candidates, the job board's side panel). `cards` holds exactly the
 * public profiles' cards: a profile made private loses its card, made public gets it back, an
 * update replaces it, and erasing the person deletes it. `sources` keeps every profile's card
 * facts (the visibility event carries none) with the position of their last change, erasure
 * leaving a blank tombstone: the query service's card index follows it (ADR 026). `changes` holds
 * the position of the last change of a card, which the live feed reads to tell the read model's
 * progress that changed cards from the rest. Version 2: `sources` got positions and tombstones.
 */
export const candidateCardsProjection = evolvingProjection<typeof schemas, Known>({
  name: 'candidate-cards',
  version: 2,
  collections: {
    cards: {
      indexes: [
        { fields: ['userId'] },
        { fields: ['createdAt'] },
        { fields: ['randomKey'] },
        { fields: ['searchText'], kind: 'substring' },
        { fields: ['skillsText'], kind: 'substring' },
        { fields: ['locationText'], kind: 'substring' },
      ],
    },
    // The card index catches up by position.
    sources: { indexes: [{ fields: ['userId'] }, { fields: ['position'] }] },
    changes: {},
  },
  schemas,
  lookups: (event) => ({
    source: event.type === 'PersonErased' ? null : { collection: 'sources', ids: [event.data.profileId] },
    erasedCards: event.type === 'PersonErased' ? { collection: 'cards', where: { userId: event.data.userId } } : null,
  }),
  slices: [
    slice('sources', {
      documents: (event: CardsEvent) => (event.type === 'PersonErased' ? { where: { userId: event.data.userId } } : event.data.profileId),
      evolve: evolveSource,
    }),
    slice('cards', {
      documents: (event: CardsEvent) => (event.type === 'PersonErased' ? { where: { userId: event.data.userId } } : event.data.profileId),
      evolve: (card: CardDocument | null, event: CardsEvent, { context }: EvolveAt<Known>) => evolveCard(card, event, context),
    }),
    slice('changes', {
      documents: (event: CardsEvent, context: Known) => (cardChanged(event, context) ? CARD_CHANGES_ID : null),
      evolve: (_doc: CardChangesDocument | null, event: CardsEvent): CardChangesDocument => ({ _id: CARD_CHANGES_ID, position: event.position }),
    }),
  ],
});
