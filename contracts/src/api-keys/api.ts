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
  keyInvalid: 'This API key is not valid, has expired or has been revoked.',
  badExpiry: 'expiresInDays must be 30, 90 or 365, or null for a key that never expires',
  tooManyFailures: (minutes: number) => `Too many invalid API keys from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** How long a new key may live, in days; null: it never expires. */
export const API_KEY_LIFETIMES = [30, 90, 365, null] as const;
export const DEFAULT_API_KEY_LIFETIME_DAYS = 90;

export const CreateApiKeyBody = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.nameRequired })
    .max(60, { error: API_KEY_MESSAGES.nameTooLong }),
  /** Days until the key is refused (30, 90 or 365), or null for never; default 90. */
  expiresInDays: z
    .union([z.literal(30), z.literal(90), z.literal(365), z.null()], { error: API_KEY_MESSAGES.badExpiry })
    .default(DEFAULT_API_KEY_LIFETIME_DAYS),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

/** A key as listed: never the key itself, only the first characters that tell keys apart. */
export const ApiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, e.g. `hlk_Ab3dEf9h` (the rest is never shown again). */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** When it stops working; null: never. A key past it is listed until revoked, and refused. */
  expiresAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

export const ApiKeyList = z.object({ keys: z.array(ApiKeySummary), mcpUrl: z.string() });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** The answer to creating a key: the only time the whole key is shown. */
export const CreatedApiKey = ApiKeySummary.extend({ key: z.string(), mcpUrl: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
