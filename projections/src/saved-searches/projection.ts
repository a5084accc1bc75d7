import { PersonErased, SavedSearchEventSchemas, type AlertFrequency } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';

/** One saved search as its candidate's dashboard lists it (ADR 067). */
export type SavedSearchDocument = {
  _id: string;
  userId: string;
  keywords: string;
  location: string;
  type: string;
  frequency: AlertFrequency;
  createdAt: string;
  lastAlertAt: string | null;
};

const schemas = { ...SavedSearchEventSchemas, PersonErased };
export type SavedSearchesEvent = ProjectedEvent<typeof schemas>;

/** Pure: a saved search after an event; deleted searches and an erased person's are gone. */
export function evolveSavedSearch(doc: SavedSearchDocument | null, event: SavedSearchesEvent): SavedSearchDocument | null {
  switch (event.type) {
    case 'JobSearchSaved': {
      const { searchId, userId, keywords, location, type, frequency, savedAt } = event.data;
      return { _id: searchId, userId, keywords, location, type, frequency, createdAt: savedAt, lastAlertAt: null };
    }
    case 'JobSearchAlertsChanged':
      return doc && { ...doc, frequency: event.data.frequency };
    case 'JobAlertSent':
      return doc && { ...doc, lastAlertAt: event.data.sentAt };
    case 'JobAlertMatched':
      return doc;
    case 'JobSearchDeleted':
    case 'PersonErased':
      return null;
    default:
      return unhandled(event);
  }
}

/** `saved-searches`: each candidate's saved searches, one indexed query for their dashboard. */
export const savedSearchesProjection = evolvingProjection({
  name: 'saved-searches',
  version: 1,
  collections: { saved_searches: { indexes: [{ fields: ['userId', 'createdAt'] }] } },
  schemas,
  slices: [
    slice('saved_searches', {
      documents: (event: SavedSearchesEvent) => (event.type === 'PersonErased' ? { where: { userId: event.data.userId } } : event.data.searchId),
      evolve: evolveSavedSearch,
    }),
  ],
});
