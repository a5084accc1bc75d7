import { CANDIDATES_CHANGED_EVENT } from '@hireloop/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { rememberPosition } from '../../../lib/api-client';
import { candidateListsKey } from './get-candidates';

export const CANDIDATE_EVENTS_PATH = '/api/candidates/events';

/** The position a `candidates-changed` message carries, or null when it is not one. */
export function changedPosition(data: unknown): string | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === 'object' && parsed !== null && 'position' in parsed && typeof parsed.position === 'string') {
      return parsed.position;
    }
  } catch {
    // Not JSON: no position to wait for.
  }
  return null;
}

/**
 * Subscribes to `GET /api/candidates/events` (Server-Sent Events) and opens a stream that marks
 * every candidate list stale on each change: the side panel and Browse Candidates show a profile
 * made public or private within a second, without a reload. The change's position is remembered
 * first, so the refetch waits until the query service has it (read-your-writes). Returns the
 * function that closes the stream. Without EventSource, or once the stream fails, the lists keep
 * their ordinary refresh.
 */
export function subscribeToCandidateEvents(queryClient: QueryClient): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(CANDIDATE_EVENTS_PATH);
  source.addEventListener(CANDIDATES_CHANGED_EVENT, (event) => {
    rememberPosition(changedPosition((event as MessageEvent<unknown>).data));
    void queryClient.invalidateQueries({ queryKey: candidateListsKey });
  });
  source.addEventListener('error', () => {
    // A closed stream is not retried forever: the 120 s refresh and refetch on focus remain.
    if (source.readyState === EventSource.CLOSED) source.close();
  });
  return () => source.close();
}

/** {@link subscribeToCandidateEvents} for as long as the calling component is mounted. */
export function useCandidateEvents(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => (enabled ? subscribeToCandidateEvents(queryClient) : undefined), [enabled, queryClient]);
}
