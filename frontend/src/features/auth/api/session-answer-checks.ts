import { ROLES, USER_TYPES, type ExchangeCodeResponse, type User } from '@hireloop/contracts';
import { answerCheck, boolean, literal, nullable, object, oneOf, string } from '../../../lib/answer-checks';

/**
 * The signed-in user and the login return's code exchange (`contracts/src/auth/session-answers.ts`)
 * as every page checks them, without zod (ADR 095); each is typed by its contract, and
 * `answer-checks.test.ts` compares the two.
 */
export const UserCheck = answerCheck<User>(
  object<User>({
    id: string,
    userId: string,
    name: string,
    email: string,
    type: oneOf(USER_TYPES),
    role: oneOf(ROLES),
    isAdmin: boolean,
    companyId: nullable(string),
    companyName: nullable(string),
    createdAt: string,
  }),
);

export const ExchangeCodeResponseCheck = answerCheck<ExchangeCodeResponse>(object<ExchangeCodeResponse>({ success: literal(true), token: string }));
