import { z } from 'zod';

/** Every error answer of the API: `{ success: false, error: "<message a person can read>" }`. */
export const ErrorBody = z.object({
  success: z.literal(false),
  error: z.string(),
  /** Field-level details for validation errors. */
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Domain errors thrown by deciders and routes; the HTTP layer maps `code` to a status. */
export type DomainErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'version_conflict'
  | 'rate_limited'
  | 'unavailable';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** For 'rate_limited' and 'unavailable': when the client may try again, in seconds (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const HTTP_STATUS: Record<DomainErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  version_conflict: 412,
  rate_limited: 429,
  /** Not now: the answer is not ready yet (a read model behind the caller's own write); try again after Retry-After. */
  unavailable: 503,
};
