/**
 * The kinds of account and the roles, apart from the schemas that use them: a first page checks
 * the signed-in user without zod (ADR 095), and importing these from `./session-answers` would
 * bring its zod/mini schemas along (a module's top-level schema calls are kept once anything of it is).
 */
export const USER_TYPES = ['candidate', 'company'] as const;
export const ROLES = ['candidate', 'company', 'admin', 'super_admin'] as const;
