import type { InboxResponse } from '@hireloop/contracts';
import { useQuery } from '@tanstack/react-query';
import { getJson, objectAnswer } from '../../../lib/api-client';

export const inboxQueryKey = ['/api/inbox'] as const;

/** `GET /api/inbox` (candidates): their own messages from companies, newest first (ADR 032). */
export async function getInbox({ signal }: { signal?: AbortSignal } = {}): Promise<InboxResponse> {
  return objectAnswer<InboxResponse>(await getJson('/api/inbox', { signal }), '/api/inbox', ['messages']);
}

export function useInbox(enabled: boolean) {
  return useQuery({ queryKey: inboxQueryKey, queryFn: getInbox, enabled, retry: false });
}
