import { z } from 'zod';

/** The MCP endpoint's path (ADR 042): every method goes to the command service. */
export const MCP_PATH = '/api/mcp';

/** How many live keys one user may hold. */
export const MAX_API_KEYS_PER_USER = 10;

export const API_KEY_MESSAGES = {
  candidatesOnly: 'API keys are for candidate accounts.',
  notFound: 'API key not found',
  tooMany: `You can have at most ${MAX_API_KEYS_PER_USER} API keys. Revoke one first.`,
  nameRequired: 'Please give the key a name',
  nameTooLong: 'The name can be at most 60 characters',
  keyRequired: 'An API key is required: send it as "Authorization: Bearer <key>".',
  keyInvalid: 'This API key is not valid or has been revoked.',
  tooManyFailures: (minutes: number) => `Too many invalid API keys from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export const CreateApiKeyBody = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.nameRequired })
    .max(60, { error: API_KEY_MESSAGES.nameTooLong }),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** A key as listed: never the key itself, only the first characters that tell keys apart. */
export const ApiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, e.g. `hlk_Ab3dEf9h` (the rest is never shown again). */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

export const ApiKeyList = z.object({ keys: z.array(ApiKeySummary), mcpUrl: z.string() });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** The answer to creating a key: the only time the whole key is shown. */
export const CreatedApiKey = ApiKeySummary.extend({ key: z.string(), mcpUrl: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
