import { AuthSuccess, type ClaimAccountBody } from '@hireloop/contracts';
import { sendJson } from '../../../lib/api-client';

/**
 * `POST /api/invitations/{token}/claim`: a candidate an admin added makes their account with a
 * password (ADR 038), by the link alone. Answers as sign-up does: the new user and their session
 * token. A file of its own: only the invitation page's route loads it, never the board's entry.
 */
export async function claimAccount(token: string, body: ClaimAccountBody): Promise<AuthSuccess> {
  return AuthSuccess.parse(await sendJson('POST', `/api/invitations/${encodeURIComponent(token)}/claim`, body, { cache: 'no-store' }));
}
