import type { AccountSecrets, Session } from './types';

export function createMemoryAccountSecrets(): AccountSecrets {
  const passwords = new Map<string, string>();
  const sessions = new Map<string, Session>();
  return {
    async setPasswordHash(userId, passwordHash) {
      passwords.set(userId, passwordHash);
    },
    async getPasswordHash(userId) {
      return passwords.get(userId) ?? null;
    },
    async createSession(session) {
      sessions.set(session.tokenHash, { ...session, revokedAt: null });
    },
    async findActiveSession(tokenHash, now) {
      const session = sessions.get(tokenHash);
      if (!session || session.revokedAt || new Date(session.expiresAt) <= now) return null;
      return { ...session };
    },
    async revokeSession(tokenHash, at) {
      const session = sessions.get(tokenHash);
      if (session && !session.revokedAt) session.revokedAt = at.toISOString();
    },
    async revokeAllSessions(userId, at) {
      let count = 0;
      for (const session of sessions.values()) {
        if (session.userId === userId && !session.revokedAt) {
          session.revokedAt = at.toISOString();
          count++;
        }
      }
      return count;
    },
    async close() {},
  };
}
