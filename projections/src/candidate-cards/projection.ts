import { createHash } from 'node:crypto';
import { CandidateProfileCreated, CandidateProfileUpdated, CandidateProfileVisibilityChanged, PersonErased, type CandidateCard, type ProfileContent } from '@hireloop/contracts';
import type { ProjectionDefinition } from '../shared/projection';

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
export const candidateCardsProjection: ProjectionDefinition = {
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
  eventTypes: ['CandidateProfileCreated', 'CandidateProfileUpdated', 'CandidateProfileVisibilityChanged', 'PersonErased'],
  async apply(event, tx) {
    const sources = tx.collection<StoredCardSource>('sources');
    const { position } = event;
    /** The facts of a profile (null: never created, or erased). */
    const sourceOf = async (profileId: string): Promise<CardSourceDocument | null> => {
      const stored = await sources.get(profileId);
      return stored && !stored.erased ? stored : null;
    };
    const cards = tx.collection<CardDocument>('cards');
    const changed = () => tx.collection<CardChangesDocument>('changes').put({ _id: CARD_CHANGES_ID, position: event.position });
    const save = async (source: CardSourceDocument, wasPublic: boolean) => {
      await sources.put(source);
      if (source.isPublic) await cards.put(cardOf(source));
      else if (wasPublic) await cards.delete(source.id);
      if (source.isPublic || wasPublic) await changed();
    };
    switch (event.type) {
      case 'CandidateProfileCreated': {
        const data = CandidateProfileCreated.parse(event.data);
        const previous = await sourceOf(data.profileId);
        await save(
          { _id: data.profileId, id: data.profileId, userId: data.userId, ...cardFields(data), isPublic: data.isPublic, createdAt: data.createdAt, updatedAt: data.createdAt, position },
          previous?.isPublic ?? false,
        );
        return;
      }
      case 'CandidateProfileUpdated': {
        const data = CandidateProfileUpdated.parse(event.data);
        const previous = await sourceOf(data.profileId);
        if (!previous) return;
        await save({ ...previous, ...cardFields(data), isPublic: data.isPublic, updatedAt: data.updatedAt, position }, previous.isPublic);
        return;
      }
      case 'CandidateProfileVisibilityChanged': {
        const { profileId, isPublic, changedAt } = CandidateProfileVisibilityChanged.parse(event.data);
        const previous = await sourceOf(profileId);
        if (!previous) return;
        await save({ ...previous, isPublic, updatedAt: changedAt, position }, previous.isPublic);
        return;
      }
      case 'PersonErased': {
        const { userId } = PersonErased.parse(event.data);
        // Tombstones rather than deletions: the card index reads what changed by position.
        const erased = await sources.find({ userId });
        if (erased.length > 0) await sources.putMany(erased.map((source) => erasedCardSource(source._id, position)));
        if ((await cards.deleteMany({ userId })) > 0) await changed();
        return;
      }
    }
  },
};

