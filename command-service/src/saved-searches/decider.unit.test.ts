import { describe, it } from 'vitest';
import { SAVED_SEARCH_MESSAGES, type SavedSearchEvent } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { savedSearchDecider, type SavedSearchCommand } from './decider';

const spec = deciderSpec(savedSearchDecider);
const saved = (searchId: string, frequency: 'instant' | 'daily', keywords = 'kafka'): SavedSearchEvent => ({
  type: 'JobSearchSaved',
  data: { searchId, userId: 'u1', keywords, location: '', type: '', frequency, savedAt: '2026-11-27T09:00:00.000Z' },
});
const matches = (searchId: string, jobIds: string[], at = '2026-11-27T10:00:00.000Z'): SavedSearchCommand => ({ type: 'RecordMatches', data: { searchId, jobIds, unsubscribeTokenHash: 'h1', at } });
const sent = (searchId: string, jobIds: string[], frequency: 'instant' | 'daily', sentAt = '2026-11-27T10:00:00.000Z', hash = 'h1'): SavedSearchEvent => ({
  type: 'JobAlertSent',
  data: { searchId, userId: 'u1', jobIds, frequency, unsubscribeTokenHash: hash, sentAt },
});

describe('saved searches (ADR 067)', () => {
  it('a search is saved once per candidate; at most the limit', () => {
    const save = (searchId: string, keywords: string): SavedSearchCommand => ({ type: 'SaveSearch', data: { searchId, userId: 'u1', keywords, location: '', type: '', frequency: 'daily', at: '2026-11-27T09:00:00.000Z' } });
    spec.given([]).when(save('s1', 'kafka')).then([saved('s1', 'daily')]);
    spec.given([saved('s1', 'daily')]).when(save('s2', 'KAFKA')).thenThrows(SAVED_SEARCH_MESSAGES.duplicate);
    const ten = Array.from({ length: 10 }, (_, n) => saved(`s${n}`, 'daily', `k${n}`));
    spec.given(ten).when(save('s10', 'more')).thenThrows(SAVED_SEARCH_MESSAGES.tooMany);
  });

  it('instant: new matches are mailed at once, a job at most once', () => {
    spec.given([saved('s1', 'instant')]).when(matches('s1', ['j1', 'j2', 'j1'])).then([sent('s1', ['j1', 'j2'], 'instant')]);
    spec.given([saved('s1', 'instant'), sent('s1', ['j1'], 'instant')]).when(matches('s1', ['j1', 'j3'])).then([sent('s1', ['j3'], 'instant')]);
    spec.given([saved('s1', 'instant'), sent('s1', ['j1'], 'instant')]).when(matches('s1', ['j1'])).then([]);
  });

  it('daily: matches are kept, and mailed together a day after the last alert', () => {
    const kept: SavedSearchEvent = { type: 'JobAlertMatched', data: { searchId: 's1', userId: 'u1', jobIds: ['j1'], matchedAt: '2026-11-27T10:00:00.000Z' } };
    spec.given([saved('s1', 'daily')]).when(matches('s1', ['j1'])).then([kept]);
    spec.given([saved('s1', 'daily'), kept]).when(matches('s1', ['j1'])).then([]);
    const daily = (at: string): SavedSearchCommand => ({ type: 'SendDailyAlert', data: { searchId: 's1', unsubscribeTokenHash: 'h1', at } });
    spec.given([saved('s1', 'daily'), kept]).when(daily('2026-11-28T08:59:00.000Z')).then([]);
    spec.given([saved('s1', 'daily'), kept]).when(daily('2026-11-28T09:00:00.000Z')).then([sent('s1', ['j1'], 'daily', '2026-11-28T09:00:00.000Z')]);
    spec.given([saved('s1', 'daily')]).when(daily('2026-11-29T09:00:00.000Z')).then([]);
  });

  it('alerts off, a deleted search, or another search id: nothing is recorded', () => {
    const off: SavedSearchEvent = { type: 'JobSearchAlertsChanged', data: { searchId: 's1', userId: 'u1', frequency: 'off', via: 'account', changedAt: '2026-11-27T09:30:00.000Z' } };
    const deleted: SavedSearchEvent = { type: 'JobSearchDeleted', data: { searchId: 's1', userId: 'u1', deletedAt: '2026-11-27T09:30:00.000Z' } };
    spec.given([saved('s1', 'instant'), off]).when(matches('s1', ['j1'])).then([]);
    spec.given([saved('s1', 'instant'), deleted]).when(matches('s1', ['j1'])).then([]);
    spec.given([saved('s1', 'instant')]).when(matches('s2', ['j1'])).then([]);
  });

  it('an unsubscribe link works only with the hash of a link its alerts carried', () => {
    const unsubscribe = (tokenHash: string): SavedSearchCommand => ({ type: 'ChangeAlerts', data: { via: 'unsubscribe_link', searchId: 's1', tokenHash, frequency: 'off', at: '2026-11-27T11:00:00.000Z' } });
    const history = [saved('s1', 'instant'), sent('s1', ['j1'], 'instant', '2026-11-27T10:00:00.000Z', 'h1')];
    spec
      .given(history)
      .when(unsubscribe('h1'))
      .then([{ type: 'JobSearchAlertsChanged', data: { searchId: 's1', userId: 'u1', frequency: 'off', via: 'unsubscribe_link', changedAt: '2026-11-27T11:00:00.000Z' } }]);
    spec.given(history).when(unsubscribe('forged')).thenThrows(SAVED_SEARCH_MESSAGES.badLink);
    spec.given([saved('s1', 'instant')]).when(unsubscribe('h1')).thenThrows(SAVED_SEARCH_MESSAGES.badLink);
  });
});
