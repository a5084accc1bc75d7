import { ExchangeCodeResponse } from '@hireloop/contracts';
import { sendJson } from '../../../lib/api-client';

/** `POST /api/auth/exchange-code`: the one-time code of a social sign-in becomes a session token. */
export async function exchangeAuthCode(authCode: string): Promise<string> {
  const answer = ExchangeCodeResponse.parse(await sendJson('POST', '/api/auth/exchange-code', { authCode }));
  return answer.token;
}
