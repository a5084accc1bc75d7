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

/** Every profile's card facts, public or not, so that a profile made public again gets its card back. */
export type CardSourceDocument = Omit<CardDocument, 'searchText' | 'skillsText' | 'locationText' | 'randomKey'> & { isPublic: boolean };

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

export const cardOf = (source: CardSourceDocument): CardDocument => {
  const { isPublic: _isPublic, ...card } = source;
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
 * facts (the visibility event carries none), `changes` the position of the last change of a card,
 * which the live feed reads to tell the read model's progress that changed cards from the rest.
 */
export const candidateCardsProjection: ProjectionDefinition = {
  name: 'candidate-cards',
  version: 1,
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
    sources: { indexes: [{ fields: ['userId'] }] },
    changes: {},
  },
  eventTypes: ['CandidateProfileCreated', 'CandidateProfileUpdated', 'CandidateProfileVisibilityChanged', 'PersonErased'],
  async apply(event, tx) {
    const sources = tx.collection<CardSourceDocument>('sources');
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
        const previous = await sources.get(data.profileId);
        await save(
          { _id: data.profileId, id: data.profileId, userId: data.userId, ...cardFields(data), isPublic: data.isPublic, createdAt: data.createdAt, updatedAt: data.createdAt },
          previous?.isPublic ?? false,
        );
        return;
      }
      case 'CandidateProfileUpdated': {
        const data = CandidateProfileUpdated.parse(event.data);
        const previous = await sources.get(data.profileId);
        if (!previous) return;
        await save({ ...previous, ...cardFields(data), isPublic: data.isPublic, updatedAt: data.updatedAt }, previous.isPublic);
        return;
      }
      case 'CandidateProfileVisibilityChanged': {
        const { profileId, isPublic, changedAt } = CandidateProfileVisibilityChanged.parse(event.data);
        const previous = await sources.get(profileId);
        if (!previous) return;
        await save({ ...previous, isPublic, updatedAt: changedAt }, previous.isPublic);
        return;
      }
      case 'PersonErased': {
        const { userId } = PersonErased.parse(event.data);
        await sources.deleteMany({ userId });
        if ((await cards.deleteMany({ userId })) > 0) await changed();
        return;
      }
    }
  },
};

