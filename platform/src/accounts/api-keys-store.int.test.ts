import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { randomIds } from '../runtime';
import { hashApiKey, newApiKey } from './api-keys';
import { createMemoryAccountSecrets } from './memory';
import { createPostgresAccountSecrets } from './postgres';
import type { AccountSecrets } from './types';

/** The API keys of the secrets store (ADR 042), the same on PostgreSQL as in memory. */
let db: TestDatabase;
let postgres: AccountSecrets;

beforeAll(async () => {
  db = await createTestDatabase('hl_api_keys');
  postgres = await createPostgresAccountSecrets({ connectionString: db.url });
});
afterAll(async () => {
  await postgres?.close();
  await db?.drop();
});

describe.each([
  ['memory', () => createMemoryAccountSecrets()],
  ['postgres', () => postgres],
])('API keys in the %s secrets store', (_name, store) => {
  it('are listed newest first, found by hash while live, noted when used, and refused once revoked', async () => {
    const secrets = store();
    const user = `u-${randomIds.newId()}`;
    const first = newApiKey(randomIds.newToken(32));
    const second = newApiKey(randomIds.newToken(32));
    const firstId = randomIds.newId();
    const secondId = randomIds.newId();
    await secrets.saveApiKey({ keyId: firstId, keyHash: first.hash, userId: user, name: 'One', prefix: first.prefix, createdAt: '2026-11-26T10:00:00.000Z', expiresAt: null });
    await secrets.saveApiKey({ keyId: secondId, keyHash: second.hash, userId: user, name: 'Two', prefix: second.prefix, createdAt: '2026-11-26T11:00:00.000Z', expiresAt: null });
    expect((await secrets.listApiKeys(user)).map((key) => key.name)).toEqual(['Two', 'One']);

    expect(await secrets.useApiKey(first.hash, new Date('2026-11-26T12:00:00.000Z'))).toMatchObject({ keyId: firstId, userId: user, lastUsedAt: '2026-11-26T12:00:00.000Z' });
    expect((await secrets.useApiKey(first.hash, new Date('2026-11-26T12:00:30.000Z')))?.lastUsedAt).toBe('2026-11-26T12:00:00.000Z');
    expect(await secrets.useApiKey(hashApiKey('hlk_unknown'), new Date())).toBeNull();

    expect(await secrets.revokeApiKey('someone-else', firstId, new Date())).toBe(false);
    expect(await secrets.revokeApiKey(user, firstId, new Date())).toBe(true);
    expect(await secrets.useApiKey(first.hash, new Date())).toBeNull();
    expect((await secrets.listApiKeys(user)).map((key) => key.name)).toEqual(['Two']);

    await secrets.forgetUser(user);
    expect(await secrets.useApiKey(second.hash, new Date())).toBeNull();
    expect(await secrets.listApiKeys(user)).toEqual([]);
  });

  it('a key that expires works until then, is refused from then on, and is still listed with its date', async () => {
    const secrets = store();
    const user = `u-${randomIds.newId()}`;
    const key = newApiKey(randomIds.newToken(32));
    const keyId = randomIds.newId();
    const expiresAt = '2027-02-24T10:00:00.000Z';
    await secrets.saveApiKey({ keyId, keyHash: key.hash, userId: user, name: 'Ninety days', prefix: key.prefix, createdAt: '2026-11-26T10:00:00.000Z', expiresAt });
    expect(await secrets.useApiKey(key.hash, new Date('2027-02-24T09:59:59.000Z'))).toMatchObject({ keyId, expiresAt });
    expect(await secrets.useApiKey(key.hash, new Date(expiresAt))).toBeNull();
    expect(await secrets.useApiKey(key.hash, new Date('2027-03-01T00:00:00.000Z'))).toBeNull();
    expect((await secrets.listApiKeys(user)).map((listed) => [listed.name, listed.expiresAt])).toEqual([['Ninety days', expiresAt]]);
  });
});
