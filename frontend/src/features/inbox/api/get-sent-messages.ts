import { SentMessagesResponse } from '@hireloop/contracts';
import { useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api-client';

export const SENT_MESSAGES_PATH = '/api/contacts/sent';
export const sentMessagesQueryKey = [SENT_MESSAGES_PATH] as const;

/** `GET /api/contacts/sent` (company users): the messages their company sent candidates, newest first (ADR 032). */
export async function getSentMessages({ signal }: { signal?: AbortSignal } = {}): Promise<SentMessagesResponse> {
  return parseAnswer(SentMessagesResponse, await getJson(SENT_MESSAGES_PATH, { signal }), SENT_MESSAGES_PATH);
}

export function useSentMessages() {
  return useQuery({ queryKey: sentMessagesQueryKey, queryFn: getSentMessages, retry: false });
}
