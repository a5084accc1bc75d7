import { InboxResponse, MarkInboxReadResponse } from '@hireloop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer, sendJson } from '../../../lib/api-client';

export const inboxQueryKey = ['/api/inbox'] as const;

/** `GET /api/inbox` (candidates): their own messages from companies, newest first, which are new, and how many (ADR 032). */
export async function getInbox({ signal }: { signal?: AbortSignal } = {}): Promise<InboxResponse> {
  return parseAnswer(InboxResponse, await getJson('/api/inbox', { signal }), '/api/inbox');
}

export const inboxQueryOptions = () => queryOptions({ queryKey: inboxQueryKey, queryFn: ({ signal }) => getInbox({ signal }), retry: false });

export function useInbox(enabled: boolean) {
  return useQuery({ ...inboxQueryOptions(), enabled });
}

/** `POST /api/inbox/read`: the candidate has seen every message sent up to `upTo`. */
export async function markInboxRead(upTo: string): Promise<MarkInboxReadResponse> {
  return parseAnswer(MarkInboxReadResponse, await sendJson('POST', '/api/inbox/read', { upTo }), '/api/inbox/read');
}
