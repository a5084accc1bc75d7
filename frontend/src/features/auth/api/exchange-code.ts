import type { ExchangeCodeBody } from '@hireloop/contracts';
import { parseAnswer, sendJson, UnexpectedAnswerError } from '../../../lib/api-client';
import { ExchangeCodeResponseCheck } from './session-answer-checks';

const EXCHANGE_CODE_PATH = '/api/auth/exchange-code';

/**
 * `POST /api/auth/exchange-code`: the one-time code of a social sign-in becomes a session token.
 * Runs before `/dashboard` shows, so it reads the answer without classic zod (ADR 014).
 */
export async function exchangeAuthCode(authCode: string): Promise<string> {
  const answer = parseAnswer(ExchangeCodeResponseCheck, await sendJson('POST', EXCHANGE_CODE_PATH, { authCode } satisfies ExchangeCodeBody), EXCHANGE_CODE_PATH);
  if (typeof answer.token !== 'string' || answer.token === '') {
    throw new UnexpectedAnswerError(EXCHANGE_CODE_PATH, 'a session token');
  }
  return answer.token;
}
