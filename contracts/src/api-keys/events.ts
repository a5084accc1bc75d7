import { z } from 'zod';
import type { EventSchemas } from '../common/events';

/**
 * Stream `api-key-<keyId>` (ADR 042): a user's API key for AI assistants (the MCP endpoint).
 * Neither the key nor its hash, prefix or name enters the log: the hash, prefix and the name the
 * user typed live in the erasable secrets store (auth_api_keys), like session tokens.
 */
export const ApiKeyCreated = z.object({
  keyId: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  /** When the key stops working; null or absent (keys made before keys expired): never. */
  expiresAt: z.string().nullable().optional(),
});
export const ApiKeyRevoked = z.object({ keyId: z.string(), userId: z.string(), revokedAt: z.string() });

export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
export type ApiKeyRevoked = z.infer<typeof ApiKeyRevoked>;

export type ApiKeyEvent = { type: 'ApiKeyCreated'; data: ApiKeyCreated } | { type: 'ApiKeyRevoked'; data: ApiKeyRevoked };

export const apiKeyStreamId = (keyId: string) => `api-key-${keyId}`;

export const ApiKeyEventSchemas = { ApiKeyCreated, ApiKeyRevoked } satisfies EventSchemas<ApiKeyEvent>;
