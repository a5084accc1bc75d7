import type { AccountSecrets, ApiKeyRecord, OidcLoginState, OneTimeSecret, Session } from './types';

/** A key's last use is noted at most this often. */
export const API_KEY_USE_NOTED_EVERY_MS = 60_000;

export function createMemoryAccountSecrets(): AccountSecrets {
  const passwords = new Map<string, string>();
  const sessions = new Map<string, Session>();
  const secrets = new Map<string, OneTimeSecret & { usedAt: Date | null }>();
  const oidcStates = new Map<string, OidcLoginState>();
  const apiKeys = new Map<string, ApiKeyRecord & { keyHash: string; revokedAt: string | null }>();
  const summary = ({ keyHash: _hash, revokedAt: _revoked, ...record }: ApiKeyRecord & { keyHash: string; revokedAt: string | null }): ApiKeyRecord => ({ ...record });
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
      for (const [key, apiKey] of apiKeys) if (apiKey.userId === userId) apiKeys.delete(key);
    },
    async saveApiKey(key) {
      apiKeys.set(key.keyId, { ...key, lastUsedAt: null, revokedAt: null });
    },
    async listApiKeys(userId) {
      return [...apiKeys.values()]
        .filter((key) => key.userId === userId && !key.revokedAt)
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
        .map(summary);
    },
    async useApiKey(keyHash, now) {
      const key = [...apiKeys.values()].find((candidate) => candidate.keyHash === keyHash && !candidate.revokedAt);
      if (!key || (key.expiresAt !== null && new Date(key.expiresAt).getTime() <= now.getTime())) return null;
      if (!key.lastUsedAt || now.getTime() - new Date(key.lastUsedAt).getTime() >= API_KEY_USE_NOTED_EVERY_MS) key.lastUsedAt = now.toISOString();
      return summary(key);
    },
    async revokeApiKey(userId, keyId, at) {
      const key = apiKeys.get(keyId);
      if (!key || key.userId !== userId || key.revokedAt) return false;
      key.revokedAt = at.toISOString();
      return true;
    },
    async deleteApiKey(keyId) {
      apiKeys.delete(keyId);
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
