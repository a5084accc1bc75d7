import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryPersonalDataKeys } from '@hireloop/platform/personal-data/memory';
import { createPostgresPersonalDataKeys } from '@hireloop/platform/personal-data/postgres';
import { PersonErasedError, type PersonalDataKeys } from '@hireloop/platform/personal-data/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: Promise<TestDatabase> | undefined;
const pools: pg.Pool[] = [];
const testDatabase = (): Promise<TestDatabase> => (database ??= createTestDatabase('hl_personal_keys'));
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  if (database) await (await database).drop();
});

const factories: Array<[string, () => Promise<PersonalDataKeys>]> = [
  ['memory', async () => createMemoryPersonalDataKeys()],
  [
    'postgres',
    async () => {
      const pool = new pg.Pool({ connectionString: (await testDatabase()).url });
      pools.push(pool);
      return createPostgresPersonalDataKeys({ pool });
    },
  ],
];

const now = new Date('2026-11-23T10:00:00.000Z');

describe.each(factories)('%s personal data keys (ADR 019)', (_name, create) => {
  it('makes one 256-bit key per person, and gives the same key every time', async () => {
    const keys = await create();
    const [a, b] = [randomUUID(), randomUUID()];
    const first = await keys.keysForWriting([a, b, a], now);
    expect(first.get(a)).toHaveLength(32);
    expect(first.get(a)!.equals(first.get(b)!)).toBe(false);
    expect((await keys.keysForWriting([a], now)).get(a)!.equals(first.get(a)!)).toBe(true);
    expect((await keys.lookup([a, b, randomUUID()])).size).toBe(2);
  });

  it('gives two writers making the key of one new person at once the same key', async () => {
    const keys = await create();
    const person = randomUUID();
    const results = await Promise.all(Array.from({ length: 8 }, () => keys.keysForWriting([person], now)));
    for (const result of results) expect(result.get(person)!.equals(results[0]!.get(person)!)).toBe(true);
  });

  it('erasing deletes the key for good, keeps a tombstone, and refuses new keys for the person', async () => {
    const keys = await create();
    const [person, other] = [randomUUID(), randomUUID()];
    await keys.keysForWriting([person, other], now);
    await keys.erase(person, now);
    await keys.erase(person, new Date('2027-01-01T00:00:00.000Z'));
    expect((await keys.lookup([person])).get(person)).toEqual({ status: 'erased', erasedAt: now.toISOString() });
    expect((await keys.lookup([other])).get(other)?.status).toBe('active');
    await expect(keys.keysForWriting([other, person], now)).rejects.toBeInstanceOf(PersonErasedError);
    // A person erased before they ever had a key gets none later either.
    const never = randomUUID();
    await keys.erase(never, now);
    await expect(keys.keysForWriting([never], now)).rejects.toBeInstanceOf(PersonErasedError);
  });
});
