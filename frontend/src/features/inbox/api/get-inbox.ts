import type { InboxResponse, MarkInboxReadResponse } from '@hireloop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, objectAnswer, sendJson } from '../../../lib/api-client';

export const inboxQueryKey = ['/api/inbox'] as const;

/** `GET /api/inbox` (candidates): their own messages from companies, newest first, which are new, and how many (ADR 032). */
export async function getInbox({ signal }: { signal?: AbortSignal } = {}): Promise<InboxResponse> {
  return objectAnswer<InboxResponse>(await getJson('/api/inbox', { signal }), '/api/inbox', ['messages']);
}

export function useInbox(enabled: boolean) {
  return useQuery({ queryKey: inboxQueryKey, queryFn: getInbox, enabled, retry: false });
}

/** `POST /api/inbox/read`: the candidate has seen every message sent up to `upTo`. */
export async function markInboxRead(upTo: string): Promise<MarkInboxReadResponse> {
  return objectAnswer<MarkInboxReadResponse>(await sendJson('POST', '/api/inbox/read', { upTo }), '/api/inbox/read', ['readUpTo']);
}

/**
 * Marks the inbox read. The cached inbox is updated in place (nothing new any more) rather than
 * fetched again, so the page that is open keeps its own record of what was new when it opened.
 */
export function useMarkInboxRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInboxRead,
    onSuccess: ({ readUpTo }) => {
      queryClient.setQueryData<InboxResponse>(inboxQueryKey, (inbox) => {
        if (!inbox) return inbox;
        const messages = inbox.messages.map((message) => (message.unread && message.sentAt <= readUpTo ? { ...message, unread: false } : message));
        return { ...inbox, messages, unreadCount: messages.filter((message) => message.unread).length };
      });
    },
  });
}
