import { ConversationsResponse, MarkConversationReadResponse, ReplyResponse } from '@hireloop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, parseAnswer, sendJson } from '../../../lib/api-client';
import { inboxQueryKey } from './get-inbox';

export const CONVERSATIONS_PATH = '/api/conversations';
export const conversationsQueryKey = [CONVERSATIONS_PATH] as const;

/** `GET /api/conversations` (ADR 069): the caller's threads (a candidate's own, a company user's company's), latest first. */
export async function getConversations({ signal }: { signal?: AbortSignal } = {}): Promise<ConversationsResponse> {
  return parseAnswer(ConversationsResponse, await getJson(CONVERSATIONS_PATH, { signal }), CONVERSATIONS_PATH);
}

export const conversationsQueryOptions = () => queryOptions({ queryKey: conversationsQueryKey, queryFn: ({ signal }) => getConversations({ signal }), retry: false });

/** Asked again whenever a screen showing them mounts: the other side writes at any time (as invitations, ADR 062). */
export function useConversations(enabled = true) {
  return useQuery({ ...conversationsQueryOptions(), enabled, refetchOnMount: 'always' });
}

/** `POST /api/conversations/{threadId}/messages`: a reply in the thread, by either side. */
export async function sendReply(threadId: string, message: string): Promise<ReplyResponse> {
  const path = `/api/conversations/${encodeURIComponent(threadId)}/messages`;
  return parseAnswer(ReplyResponse, await sendJson('POST', path, { message }), path);
}

/** Sends a reply; the conversations are read again (with the reply's position) to show it. */
export function useSendReply(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendReply(threadId, message),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}

/** `POST /api/conversations/{threadId}/read`: the company saw the thread up to `upTo`. */
export async function markConversationRead(threadId: string, upTo: string) {
  const path = `/api/conversations/${encodeURIComponent(threadId)}/read`;
  return parseAnswer(MarkConversationReadResponse, await sendJson('POST', path, { upTo }), path);
}

/**
 * Marks a thread read for the company. The open page keeps what it shows; the list's counts are
 * read again so the thread's badge goes and the dashboard's count follows.
 */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadId, upTo }: { threadId: string; upTo: string }) => markConversationRead(threadId, upTo),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}

/** After the candidate's inbox mark, both their counts are stale: the inbox's and the conversations'. */
export function invalidateCandidateCounts(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: inboxQueryKey, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, refetchType: 'none' });
}
