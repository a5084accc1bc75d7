import { SavedSearchAnswer, SavedSearchList, UnsubscribeAnswer, type AlertFrequency, type SaveSearchBody } from '@hireloop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, parseAnswer, sendJson } from '../../../lib/api-client';

/** The signed-in candidate's saved searches and job alerts (ADR 067). */
export const SAVED_SEARCHES_PATH = '/api/saved-searches';
export const savedSearchesQueryKey = (userId: string) => [SAVED_SEARCHES_PATH, userId] as const;

export async function getSavedSearches({ signal }: { signal?: AbortSignal } = {}): Promise<SavedSearchList> {
  return parseAnswer(SavedSearchList, await getJson(SAVED_SEARCHES_PATH, { signal }), SAVED_SEARCHES_PATH);
}

export function useSavedSearches(userId: string) {
  return useQuery({ queryKey: savedSearchesQueryKey(userId), queryFn: getSavedSearches });
}

export async function saveSearch(body: SaveSearchBody): Promise<SavedSearchAnswer> {
  return parseAnswer(SavedSearchAnswer, await sendJson('POST', SAVED_SEARCHES_PATH, body), SAVED_SEARCHES_PATH);
}

const searchPath = (searchId: string) => `${SAVED_SEARCHES_PATH}/${encodeURIComponent(searchId)}`;

export async function changeAlerts(searchId: string, frequency: AlertFrequency): Promise<void> {
  await sendJson('PATCH', searchPath(searchId), { frequency });
}

export async function deleteSavedSearch(searchId: string): Promise<void> {
  await sendJson('DELETE', searchPath(searchId));
}

/** `POST /api/saved-searches/unsubscribe`: the token of an alert mail's link; no sign-in needed. */
export async function unsubscribeFromAlerts(token: string): Promise<UnsubscribeAnswer> {
  const path = `${SAVED_SEARCHES_PATH}/unsubscribe`;
  return parseAnswer(UnsubscribeAnswer, await sendJson('POST', path, { token }, { cache: 'no-store' }), path);
}

export function useSavedSearchMutations(userId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey(userId) });
  return {
    save: useMutation({ mutationFn: saveSearch, onSuccess }),
    change: useMutation({ mutationFn: ({ searchId, frequency }: { searchId: string; frequency: AlertFrequency }) => changeAlerts(searchId, frequency), onSuccess }),
    remove: useMutation({ mutationFn: deleteSavedSearch, onSuccess }),
  };
}
