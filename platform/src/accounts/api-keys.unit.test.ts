import { describe, expect, it } from 'vitest';
import { randomIds } from '../runtime';
import { API_KEY_SHOWN_CHARS, hashApiKey, looksLikeApiKey, newApiKey } from './api-keys';
import { createMemoryAccountSecrets } from './memory';

describe('API keys (ADR 042)', () => {
  it('a new key is hlk_ and 256 random bits; only its hash and first characters are kept', () => {
    const { key, hash, prefix } = newApiKey(randomIds.newToken(32));
    expect(key).toMatch(/^hlk_[A-Za-z0-9_-]{43}$/);
    expect(looksLikeApiKey(key)).toBe(true);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashApiKey(key));
    expect(hash).not.toContain(key.slice(4));
    expect(prefix).toBe(key.slice(0, API_KEY_SHOWN_CHARS));
    expect(newApiKey(randomIds.newToken(32)).key).not.toBe(key);
  });

  it('anything not shaped like a key is refused before any lookup', () => {
    for (const text of ['', 'hlk_', 'hlk_short', `hlk_${'a'.repeat(42)}`, `hlk_${'a'.repeat(44)}`, `xyz_${'a'.repeat(43)}`, `hlk_${'a'.repeat(42)}!`, `hlk_${'a'.repeat(42)} `]) {
      expect(looksLikeApiKey(text), text).toBe(false);
    }
  });

  it('the store finds a live key by hash, notes its use once a minute, and forgets it when revoked', async () => {
    const secrets = createMemoryAccountSecrets();
    const { hash, prefix } = newApiKey(randomIds.newToken(32));
    await secrets.saveApiKey({ keyId: 'k1', keyHash: hash, userId: 'u1', name: 'Assistant', prefix, createdAt: '2026-11-26T10:00:00.000Z', expiresAt: null });
    const first = await secrets.useApiKey(hash, new Date('2026-11-26T10:01:00.000Z'));
    expect(first).toEqual({ keyId: 'k1', userId: 'u1', name: 'Assistant', prefix, createdAt: '2026-11-26T10:00:00.000Z', lastUsedAt: '2026-11-26T10:01:00.000Z', expiresAt: null });
    expect((await secrets.useApiKey(hash, new Date('2026-11-26T10:01:30.000Z')))?.lastUsedAt).toBe('2026-11-26T10:01:00.000Z');
    expect((await secrets.useApiKey(hash, new Date('2026-11-26T10:02:00.000Z')))?.lastUsedAt).toBe('2026-11-26T10:02:00.000Z');
    expect(await secrets.useApiKey(hashApiKey('hlk_other'), new Date())).toBeNull();

    expect(await secrets.revokeApiKey('u2', 'k1', new Date())).toBe(false);
    expect(await secrets.listApiKeys('u1')).toHaveLength(1);
    expect(await secrets.revokeApiKey('u1', 'k1', new Date())).toBe(true);
    expect(await secrets.revokeApiKey('u1', 'k1', new Date())).toBe(false);
    expect(await secrets.useApiKey(hash, new Date())).toBeNull();
    expect(await secrets.listApiKeys('u1')).toEqual([]);
  });

  it('forgetting a person deletes their keys (ADR 019)', async () => {
    const secrets = createMemoryAccountSecrets();
    const { hash, prefix } = newApiKey(randomIds.newToken(32));
    await secrets.saveApiKey({ keyId: 'k1', keyHash: hash, userId: 'u1', name: 'Assistant', prefix, createdAt: '2026-11-26T10:00:00.000Z', expiresAt: null });
    await secrets.forgetUser('u1');
    expect(await secrets.useApiKey(hash, new Date())).toBeNull();
    expect(await secrets.listApiKeys('u1')).toEqual([]);
  });
});
