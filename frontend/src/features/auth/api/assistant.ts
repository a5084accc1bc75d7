import {
  ASSISTANT_MESSAGES,
  AssistantAuthResponse,
  AssistantAutoAuthResponse,
  GenerateInviteResponse,
  type AssistantAuthBody,
  type AssistantAutoAuthBody,
  type AssistantUser,
  type GenerateInviteBody,
} from '@hireloop/contracts';
import { NetworkError, sendJson, serverErrorText } from '../../../lib/api-client';

/**
 * The AI-assistant calls (spec part 1 §7, part 2 §7; ADR 043). `path` is the `{assistant}`
 * segment the server names in `GET /api/auth/providers`.
 */

/**
 * `POST /api/{assistant}/auth`: succeeds only if the answer is ok, `success` is true and a user
 * is present (part 1 §5). Fails with the server's error or 'Authentication failed'; a network
 * failure with part 2's 'Failed to connect to MySALT AI. Please check your credentials.'
 */
export async function connectAssistant(path: string, body: AssistantAuthBody): Promise<AssistantUser> {
  let answer: unknown;
  try {
    answer = await sendJson('POST', `/api/${path}/auth`, body);
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(ASSISTANT_MESSAGES.connectNetworkFailure, { cause: error });
    throw new Error(serverErrorText(error) || ASSISTANT_MESSAGES.authFailed, { cause: error });
  }
  const parsed = AssistantAuthResponse.safeParse(answer);
  if (!parsed.success) throw new Error(ASSISTANT_MESSAGES.authFailed);
  return parsed.data.user;
}

/** `POST /api/public/generate-invite`: the code for the provider's sign-up address. */
export async function generateInvite(body: GenerateInviteBody): Promise<string> {
  let answer: unknown;
  try {
    answer = await sendJson('POST', '/api/public/generate-invite', body);
  } catch (error) {
    throw new Error(ASSISTANT_MESSAGES.inviteFailed, { cause: error });
  }
  const parsed = GenerateInviteResponse.safeParse(answer);
  if (!parsed.success) throw new Error(ASSISTANT_MESSAGES.inviteLacksCode);
  return parsed.data.invite_code;
}

/** `POST /api/{assistant}/auto-auth`, after the embedded sign-in page reported success. */
export async function autoAuthAssistant(path: string, body: AssistantAutoAuthBody): Promise<void> {
  try {
    const answer = await sendJson('POST', `/api/${path}/auto-auth`, body);
    if (!AssistantAutoAuthResponse.safeParse(answer).success) throw new Error(ASSISTANT_MESSAGES.autoAuthFailed);
  } catch (error) {
    throw new Error(ASSISTANT_MESSAGES.autoAuthFailed, { cause: error });
  }
}

/** The provider's sign-up address with the invite code appended (part 1 §7). */
export function signUpAddress(signUpUrl: string, inviteCode: string): string {
  return `${signUpUrl}${signUpUrl.includes('?') ? '&' : '?'}invite=${encodeURIComponent(inviteCode)}`;
}
