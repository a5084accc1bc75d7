/**
 * What a write answered, kept so that a retry with the same Idempotency-Key gets it again
 * instead of doing the work twice (ADR 015).
 */
export interface StoredAnswer {
  status: number;
  /** The headers that matter to the caller (content type, X-Position, Retry-After…), by lower-case name. */
  headers: Record<string, string>;
  body: string;
}

/** One use of an Idempotency-Key. Neither the key nor the request is kept in clear. */
export interface IdempotentRequest {
  /** sha256 of (caller, key): one caller's key never meets another's. */
  id: string;
  /** Tells the same request from another one sent with the same key (method, path, body). */
  fingerprint: string;
}

export type ClaimResult =
  /** The key is new (or its record expired): this request runs, and settles the claim when done. */
  | { outcome: 'run'; claim: string }
  /** The same request is still running elsewhere. */
  | { outcome: 'running' }
  /** The key was used for a different request. */
  | { outcome: 'mismatch' }
  /** The same request already ran; `answer` is null when it carried a secret and was not kept. */
  | { outcome: 'done'; answer: StoredAnswer | null };

/**
 * Idempotency records shared by every process of a deployment. `claim` is atomic: of any number
 * of simultaneous claims of one id, exactly one gets `run`.
 */
export interface IdempotencyStore {
  /**
   * Claims `request.id` for `leaseMs` unless an unexpired record holds it. A claim whose lease
   * ran out (its process died) is taken over by the next request.
   */
  claim(request: IdempotentRequest, now: Date, leaseMs: number): Promise<ClaimResult>;
  /** Keeps the answer (or, with null, only the fact that the request ran) until `expiresAt`. */
  complete(id: string, claim: string, answer: StoredAnswer | null, expiresAt: Date): Promise<void>;
  /** Forgets the record: the request did nothing worth repeating (bad input, server error). */
  release(id: string, claim: string): Promise<void>;
  close(): Promise<void>;
}
