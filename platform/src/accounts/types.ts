/**
 * Secrets live outside the event log: the log is append-only and shared with analysts,
 * so password hashes and session tokens are kept in their own erasable store.
 * Tokens are stored as SHA-256 hashes only; the plain token exists in the client alone.
 */
export interface Session {
  tokenHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** A one-time secret (password-reset token, sign-in code), stored by hash. */
export interface OneTimeSecret {
  secretHash: string;
  kind: 'password_reset' | 'auth_code';
  userId: string;
  expiresAt: string;
}

/** What a social sign-in must remember between the redirect out and the callback. */
export interface OidcLoginState {
  state: string;
  codeVerifier: string;
  nonce: string;
  expiresAt: string;
}

/** An API key for AI assistants (ADR 042), as kept: its hash, never the key. */
export interface ApiKeyRecord {
  keyId: string;
  userId: string;
  /** What the user called it ("Claude Desktop"): personal, so kept here, never in an event. */
  name: string;
  /** The key's first characters, to tell keys apart in a list. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** From then on the key is refused; null: it never expires. */
  expiresAt: string | null;
}

export interface AccountSecrets {
  setPasswordHash(userId: string, passwordHash: string, at: Date): Promise<void>;
  getPasswordHash(userId: string): Promise<string | null>;
  /** Forgets a password hash (a sign-up that did not complete). */
  deletePasswordHash(userId: string): Promise<void>;

  createSession(session: Omit<Session, 'revokedAt'>): Promise<void>;
  /** The session if it exists, is not revoked and has not expired at `now`. */
  findActiveSession(tokenHash: string, now: Date): Promise<Session | null>;
  revokeSession(tokenHash: string, at: Date): Promise<void>;
  revokeAllSessions(userId: string, at: Date): Promise<number>;

  saveOneTimeSecret(secret: OneTimeSecret): Promise<void>;
  /** The user a secret belongs to if it is unused and unexpired at `now` (does not use it up). */
  peekOneTimeSecret(secretHash: string, kind: OneTimeSecret['kind'], now: Date): Promise<string | null>;
  /**
   * Uses a secret up, atomically: of two concurrent calls only one gets the user id.
   * Unknown, used and expired secrets give null.
   */
  consumeOneTimeSecret(secretHash: string, kind: OneTimeSecret['kind'], now: Date): Promise<string | null>;
  /** Invalidates every unused secret of a kind for one user (a new reset link replaces older ones). */
  revokeOneTimeSecrets(userId: string, kind: OneTimeSecret['kind'], at: Date): Promise<void>;

  saveOidcState(state: OidcLoginState): Promise<void>;
  /** Returns and deletes the state (single use); null when unknown or expired. */
  takeOidcState(state: string, now: Date): Promise<OidcLoginState | null>;

  saveApiKey(key: Omit<ApiKeyRecord, 'lastUsedAt'> & { keyHash: string }): Promise<void>;
  /** The user's unrevoked keys, newest first (expired ones too: the list says they expired). */
  listApiKeys(userId: string): Promise<ApiKeyRecord[]>;
  /**
   * The live key with this hash, or null (unknown, revoked or expired at `now`); notes `now` as
   * its last use (at most once a minute per key, so a busy assistant does not write on every call).
   */
  useApiKey(keyHash: string, now: Date): Promise<ApiKeyRecord | null>;
  /** Revokes one of the user's keys; false when the user has no such live key. Takes effect at once. */
  revokeApiKey(userId: string, keyId: string, at: Date): Promise<boolean>;
  /** Removes a key outright (a creation whose event could not be appended). */
  deleteApiKey(keyId: string): Promise<void>;

  /** Forgets everything kept for the user: password hash, sessions, one-time secrets, API keys (ADR 019). */
  forgetUser(userId: string): Promise<void>;
  close(): Promise<void>;
}
