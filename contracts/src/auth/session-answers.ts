/**
 * The answers every page may read before it shows: the signed-in user (`GET /api/auth/user`, held
 * by the sign-in answers too) and the login return's code exchange (the route tree's, loaded with
 * every page). Written with `zod/mini`, so that a first page parses them without loading classic
 * zod (ADR 014, ADR 057); they are the contract's only schemas for these answers.
 */
import * as z from 'zod/mini';
import { ROLES, USER_TYPES } from './constants';

export { ROLES, USER_TYPES } from './constants';

export const User = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  isAdmin: z.boolean(),
  companyId: z.nullable(z.string()),
  companyName: z.nullable(z.string()),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

/** `POST /api/auth/exchange-code`: the token a social sign-in's one-time code stands for. */
export const ExchangeCodeResponse = z.object({ success: z.literal(true), token: z.string() });
export type ExchangeCodeResponse = z.infer<typeof ExchangeCodeResponse>;
