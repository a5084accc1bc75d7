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

export interface AccountSecrets {
  setPasswordHash(userId: string, passwordHash: string, at: Date): Promise<void>;
  getPasswordHash(userId: string): Promise<string | null>;

  createSession(session: Omit<Session, 'revokedAt'>): Promise<void>;
  /** The session if it exists, is not revoked and has not expired at `now`. */
  findActiveSession(tokenHash: string, now: Date): Promise<Session | null>;
  revokeSession(tokenHash: string, at: Date): Promise<void>;
  revokeAllSessions(userId: string, at: Date): Promise<number>;

  close(): Promise<void>;
}
