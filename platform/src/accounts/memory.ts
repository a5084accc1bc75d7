import type { AccountSecrets, OidcLoginState, OneTimeSecret, Session } from './types';

export function createMemoryAccountSecrets(): AccountSecrets {
  const passwords = new Map<string, string>();
  const sessions = new Map<string, Session>();
  const secrets = new Map<string, OneTimeSecret & { usedAt: Date | null }>();
  const oidcStates = new Map<string, OidcLoginState>();
  const usable = (secretHash: string, kind: OneTimeSecret['kind'], now: Date) => {
    const secret = secrets.get(secretHash);
    return secret && secret.kind === kind && !secret.usedAt && new Date(secret.expiresAt) > now ? secret : null;
  };
  return {
    async setPasswordHash(userId, passwordHash) {
      passwords.set(userId, passwordHash);
    },
    async forgetUser(userId) {
      passwords.delete(userId);
      for (const [key, session] of sessions) if (session.userId === userId) sessions.delete(key);
      for (const [key, secret] of secrets) if (secret.userId === userId) secrets.delete(key);
    },
    async deletePasswordHash(userId) {
      passwords.delete(userId);
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
    async saveOneTimeSecret(secret) {
      secrets.set(secret.secretHash, { ...secret, usedAt: null });
    },
    async peekOneTimeSecret(secretHash, kind, now) {
      return usable(secretHash, kind, now)?.userId ?? null;
    },
    async consumeOneTimeSecret(secretHash, kind, now) {
      const secret = usable(secretHash, kind, now);
      if (!secret) return null;
      secret.usedAt = now;
      return secret.userId;
    },
    async revokeOneTimeSecrets(userId, kind, at) {
      for (const secret of secrets.values()) if (secret.userId === userId && secret.kind === kind && !secret.usedAt) secret.usedAt = at;
    },
    async saveOidcState(state) {
      oidcStates.set(state.state, { ...state });
    },
    async takeOidcState(state, now) {
      const saved = oidcStates.get(state);
      oidcStates.delete(state);
      return saved && new Date(saved.expiresAt) > now ? saved : null;
    },
    async close() {},
  };
}
