import { ApiKeyList, type CreateApiKeyBody, CreatedApiKey } from '@hireloop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, parseAnswer, sendJson } from '../../../lib/api-client';

/** The signed-in candidate's API keys for AI assistants (ADR 042). */
export const API_KEYS_PATH = '/api/api-keys';
export const apiKeysQueryKey = (userId: string) => [API_KEYS_PATH, userId] as const;

/** `GET /api/api-keys`: the live keys (never a whole key) and the MCP endpoint's address. */
export async function getApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<ApiKeyList> {
  return parseAnswer(ApiKeyList, await getJson(API_KEYS_PATH, { signal, cache: 'no-store' }), API_KEYS_PATH);
}

export function useApiKeys(userId: string) {
  return useQuery({ queryKey: apiKeysQueryKey(userId), queryFn: getApiKeys, retry: false });
}

/** `POST /api/api-keys`: the only answer that holds the whole key; no cache keeps it. `expiresInDays` null: never expires. */
export async function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return parseAnswer(CreatedApiKey, await sendJson('POST', API_KEYS_PATH, body, { cache: 'no-store' }), API_KEYS_PATH);
}

/** `DELETE /api/api-keys/{id}`: refused by the MCP endpoint from this moment on. */
export async function revokeApiKey(keyId: string): Promise<void> {
  await sendJson('DELETE', `${API_KEYS_PATH}/${encodeURIComponent(keyId)}`);
}

export function useCreateApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(userId) }) });
}

export function useRevokeApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(userId) }) });
}
