import { z } from 'zod';
import { Job } from '../jobs/api';

/**
 * The AI-assistant connection (spec part 1 §2, §3, §7, §8; part 2 §2 "/mysalt-callback", §5, §8;
 * ADR 043). `{assistant}` in the spec's paths is a configured segment (`ASSISTANT_PATH`,
 * default `mysalt`); the routes are the same whichever provider answers them.
 */

/** The spec's texts, verbatim. */
export const ASSISTANT_MESSAGES = {
  authFailed: 'Authentication failed',
  missingCredentials: 'Please provide both your user token and API key',
  connectNetworkFailure: 'Failed to connect to MySALT AI. Please check your credentials.',
  inviteLacksCode: 'Failed to generate invite code',
  inviteFailed: 'Failed to generate invite code. Please try again.',
  autoAuthFailed: 'Authentication setup failed',
  jobSearchFailed: 'Job search failed',
  applicationFailed: 'Application failed',
  /** Not in the spec: the provider could not be reached (502). */
  unavailable: 'The AI assistant is unavailable. Please try again later.',
} as const;

/** The path segment the spec writes `{assistant}`, when none is configured. */
export const DEFAULT_ASSISTANT_PATH = 'mysalt';

/** The stored assistant user's defaults (part 1 §3). */
export const ASSISTANT_DEFAULT_NAME = 'Assistant';
export const ASSISTANT_DEFAULT_AVATAR = '🤖';
/** The local-storage key of the stored assistant user (part 1 §9: "one for the AI-assistant user"). */
export const ASSISTANT_USER_STORAGE_KEY = 'ai_assistant_user';

/** What the message from the embedded sign-in page must say to start `/auto-auth`. */
export const ASSISTANT_AUTH_SUCCESS_MESSAGE = 'auth_success';

const credential = z
  .string({ error: ASSISTANT_MESSAGES.missingCredentials })
  .trim()
  .min(1, ASSISTANT_MESSAGES.missingCredentials)
  .max(1000, 'The user token and API key are at most 1000 characters');

/** `POST /api/{assistant}/auth`. */
export const AssistantAuthBody = z.object({ user_token: credential, api_key: credential });
export type AssistantAuthBody = z.infer<typeof AssistantAuthBody>;

/** The user an assistant vouches for (part 1 §3: "the returned user fields"). */
export const AssistantUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** Set when the user is a Hireloop account (the built-in provider). */
  type: z.enum(['candidate', 'company']).optional(),
  aiName: z.string().optional(),
  aiAvatar: z.string().optional(),
});
export type AssistantUser = z.infer<typeof AssistantUser>;

export const AssistantAuthResponse = z.object({ success: z.literal(true), user: AssistantUser });
export type AssistantAuthResponse = z.infer<typeof AssistantAuthResponse>;

/** `POST /api/{assistant}/job-search`: `query` as the board's keywords; `preferences` narrow it. */
export const AssistantJobSearchBody = z.object({
  query: z.string().trim().max(200, 'query is at most 200 characters').default(''),
  preferences: z
    .object({
      location: z.string().trim().max(200).optional(),
      type: z.string().trim().max(50).optional(),
      remote: z.boolean().optional(),
    })
    .partial()
    .default({}),
  /** Free-form, as the assistant sends it; the built-in provider does not read it. */
  user_profile: z.record(z.string(), z.unknown()).optional(),
});
export type AssistantJobSearchBody = z.infer<typeof AssistantJobSearchBody>;

/** Board jobs from the built-in provider (`Job`); an external provider's jobs pass through as it sends them. */
export const AssistantJobSearchResponse = z.object({ success: z.literal(true), jobs: z.array(z.union([Job, z.record(z.string(), z.unknown())])), total: z.number().int().nonnegative() });
export type AssistantJobSearchResponse = z.infer<typeof AssistantJobSearchResponse>;

/** `POST /api/{assistant}/apply-job`. */
export const AssistantApplyBody = z.object({
  job_id: z.string({ error: 'job_id is required' }).trim().min(1, 'job_id is required').max(100),
  user_profile: z.record(z.string(), z.unknown()).optional(),
  cover_letter_customization: z.string().max(5000, 'cover_letter_customization is at most 5000 characters').optional(),
});
export type AssistantApplyBody = z.infer<typeof AssistantApplyBody>;

export const AssistantApplyResponse = z.object({ success: z.literal(true), applicationId: z.string(), appliedAt: z.string() });
export type AssistantApplyResponse = z.infer<typeof AssistantApplyResponse>;

/** `POST /api/public/generate-invite`. */
export const GenerateInviteBody = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).max(254),
  name: z.string().trim().min(1, 'name is required').max(200),
});
export type GenerateInviteBody = z.infer<typeof GenerateInviteBody>;

export const GenerateInviteResponse = z.object({ success: z.literal(true), invite_code: z.string() });
export type GenerateInviteResponse = z.infer<typeof GenerateInviteResponse>;

/** `POST /api/{assistant}/auto-auth`. */
export const AssistantAutoAuthBody = z.object({
  mysalt_user_id: z.string({ error: 'mysalt_user_id is required' }).trim().min(1, 'mysalt_user_id is required').max(200),
  email: z.email({ error: 'Please enter a valid email address' }).max(254),
});
export type AssistantAutoAuthBody = z.infer<typeof AssistantAutoAuthBody>;

export const AssistantAutoAuthResponse = z.object({ success: z.literal(true) });

/**
 * What the browser needs to show the assistant panel (part of `GET /api/auth/providers`): the
 * path segment, the embedded pages and the origin their messages must come from.
 */
export const AssistantSettings = z.object({
  path: z.string(),
  /** The provider's name, as shown ("MySALT AI", or Hireloop's own assistant). */
  name: z.string(),
  signInUrl: z.string(),
  signUpUrl: z.string(),
  dashboardUrl: z.string(),
  /** Only messages from this origin are read (part 1 §7); '' is the app's own origin (the built-in pages). */
  origin: z.string(),
});
export type AssistantSettings = z.infer<typeof AssistantSettings>;
