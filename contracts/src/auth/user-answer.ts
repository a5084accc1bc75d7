/**
 * The signed-in user as `GET /api/auth/user` and the sign-in answers give it, written with
 * `zod/mini`: every page asks for it, the job board included, which parses it without loading
 * classic zod (ADR 014, ADR 057). It is the one `User` schema: the server writes its answers
 * through it and `AuthSuccess` holds it.
 */
import * as z from 'zod/mini';

export const USER_TYPES = ['candidate', 'company'] as const;
export const ROLES = ['candidate', 'company', 'admin', 'super_admin'] as const;

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
