import { DomainError, MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES, SavedSearchEventSchemas, type AlertFrequency, type SavedSearchEvent } from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';

/** One saved search, as the rules need it. */
export interface SearchState {
  searchId: string;
  keywords: string;
  location: string;
  type: string;
  frequency: AlertFrequency;
  /** Every job an alert has mailed for it: a job is mailed at most once per search. */
  alerted: ReadonlySet<string>;
  /** The jobs kept for the next daily alert. */
  pending: readonly string[];
  /** Hashes of the unsubscribe links its alert mails carried. */
  unsubscribeTokenHashes: ReadonlySet<string>;
  /** When it was saved, or its last alert mailed: a daily alert is due a day after it. */
  lastAlertAt: string;
}

/**
 * Stream `saved-searches-<userId>` (ADR 067): one candidate's saved searches, so the limit and
 * "already saved" are decided on what the log holds, not on a read model that may lag.
 */
export interface SavedSearchState {
  userId: string | null;
  searches: ReadonlyMap<string, SearchState>;
}

/** How long a daily alert waits after the last one (or the search's saving). */
export const DAILY_ALERT_INTERVAL_MS = 24 * 3600 * 1000;

export type SavedSearchCommand =
  | { type: 'SaveSearch'; data: { searchId: string; userId: string; keywords: string; location: string; type: string; frequency: 'instant' | 'daily'; at: string } }
  /** By the owner, or by an alert mail's link (`tokenHash`). */
  | { type: 'ChangeAlerts'; data: { searchId: string; frequency: AlertFrequency; at: string; via: 'account' } | { searchId: string; frequency: AlertFrequency; at: string; via: 'unsubscribe_link'; tokenHash: string } }
  | { type: 'DeleteSearch'; data: { searchId: string; at: string } }
  /** New jobs that match, found by the alert reaction: mailed now (instant) or kept for the day's alert. */
  | { type: 'RecordMatches'; data: { searchId: string; jobIds: readonly string[]; unsubscribeTokenHash: string; at: string } }
  /** The day's alert: every kept job in one mail. */
  | { type: 'SendDailyAlert'; data: { searchId: string; unsubscribeTokenHash: string; at: string } };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const update = (state: SavedSearchState, searchId: string, change: (search: SearchState) => SearchState | null): SavedSearchState => {
  const search = state.searches.get(searchId);
  if (!search) return state;
  const searches = new Map(state.searches);
  const next = change(search);
  if (next) searches.set(searchId, next);
  else searches.delete(searchId);
  return { ...state, searches };
};

export const savedSearchDecider: Decider<SavedSearchCommand, SavedSearchEvent, SavedSearchState> = {
  schemas: SavedSearchEventSchemas,
  initialState: () => ({ userId: null, searches: new Map() }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'JobSearchSaved': {
        const { searchId, userId, keywords, location, type, frequency, savedAt } = event.data;
        const searches = new Map(state.searches);
        searches.set(searchId, { searchId, keywords, location, type, frequency, alerted: new Set(), pending: [], unsubscribeTokenHashes: new Set(), lastAlertAt: savedAt });
        return { userId, searches };
      }
      case 'JobSearchAlertsChanged':
        return update(state, event.data.searchId, (search) => ({ ...search, frequency: event.data.frequency, pending: event.data.frequency === 'daily' ? search.pending : [] }));
      case 'JobSearchDeleted':
        return update(state, event.data.searchId, () => null);
      case 'JobAlertMatched':
        return update(state, event.data.searchId, (search) => ({ ...search, pending: [...search.pending, ...event.data.jobIds] }));
      case 'JobAlertSent': {
        const sent = new Set(event.data.jobIds);
        return update(state, event.data.searchId, (search) => ({
          ...search,
          alerted: new Set([...search.alerted, ...event.data.jobIds]),
          pending: search.pending.filter((jobId) => !sent.has(jobId)),
          unsubscribeTokenHashes: new Set([...search.unsubscribeTokenHashes, event.data.unsubscribeTokenHash]),
          lastAlertAt: event.data.sentAt,
        }));
      }
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SaveSearch': {
        const { at, ...search } = command.data;
        const saved = [...state.searches.values()];
        if (saved.some((one) => same(one.keywords, search.keywords) && same(one.location, search.location) && same(one.type, search.type))) {
          throw new DomainError('conflict', SAVED_SEARCH_MESSAGES.duplicate);
        }
        if (saved.length >= MAX_SAVED_SEARCHES) throw new DomainError('conflict', SAVED_SEARCH_MESSAGES.tooMany);
        return [{ type: 'JobSearchSaved', data: { ...search, savedAt: at } }];
      }
      case 'ChangeAlerts': {
        const { data } = command;
        const search = state.searches.get(data.searchId);
        // Someone else's search (another stream) is as unknown as no search at all; a deleted one too.
        if (!search || !state.userId) throw new DomainError('not_found', data.via === 'account' ? SAVED_SEARCH_MESSAGES.notFound : SAVED_SEARCH_MESSAGES.badLink);
        if (data.via === 'unsubscribe_link' && !search.unsubscribeTokenHashes.has(data.tokenHash)) throw new DomainError('not_found', SAVED_SEARCH_MESSAGES.badLink);
        if (search.frequency === data.frequency) return [];
        return [{ type: 'JobSearchAlertsChanged', data: { searchId: data.searchId, userId: state.userId, frequency: data.frequency, via: data.via, changedAt: data.at } }];
      }
      case 'DeleteSearch':
        if (!state.searches.has(command.data.searchId) || !state.userId) throw new DomainError('not_found', SAVED_SEARCH_MESSAGES.notFound);
        return [{ type: 'JobSearchDeleted', data: { searchId: command.data.searchId, userId: state.userId, deletedAt: command.data.at } }];
      case 'RecordMatches': {
        const { searchId, at } = command.data;
        const search = state.searches.get(searchId);
        if (!search || !state.userId || search.frequency === 'off') return [];
        const kept = new Set(search.pending);
        const jobIds = [...new Set(command.data.jobIds)].filter((jobId) => !search.alerted.has(jobId) && !kept.has(jobId));
        if (jobIds.length === 0) return [];
        const userId = state.userId;
        if (search.frequency === 'daily') return [{ type: 'JobAlertMatched', data: { searchId, userId, jobIds, matchedAt: at } }];
        return [{ type: 'JobAlertSent', data: { searchId, userId, jobIds, frequency: 'instant', unsubscribeTokenHash: command.data.unsubscribeTokenHash, sentAt: at } }];
      }
      case 'SendDailyAlert': {
        const { searchId, at } = command.data;
        const search = state.searches.get(searchId);
        if (!search || !state.userId || search.frequency !== 'daily' || search.pending.length === 0) return [];
        if (Date.parse(at) - Date.parse(search.lastAlertAt) < DAILY_ALERT_INTERVAL_MS) return [];
        return [{ type: 'JobAlertSent', data: { searchId, userId: state.userId, jobIds: [...search.pending], frequency: 'daily', unsubscribeTokenHash: command.data.unsubscribeTokenHash, sentAt: at } }];
      }
      default:
        return assertNever(command);
    }
  },
};
