import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { EncodedPicture } from '@hireloop/platform/profile-pictures/encode';
import { createMemoryProfilePictures } from '@hireloop/platform/profile-pictures/memory';
import { createPostgresProfilePictures } from '@hireloop/platform/profile-pictures/postgres';
import type { ProfilePictureStore } from '@hireloop/platform/profile-pictures/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: Promise<TestDatabase> | undefined;
const pools: pg.Pool[] = [];
const testDatabase = (): Promise<TestDatabase> => (database ??= createTestDatabase('hl_profile_pictures'));
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  if (database) await (await database).drop();
});

const postgresPool = async () => {
  const pool = new pg.Pool({ connectionString: (await testDatabase()).url });
  pools.push(pool);
  return pool;
};

const factories: Array<[string, () => Promise<ProfilePictureStore>]> = [
  ['memory', async () => createMemoryProfilePictures()],
  ['postgres', async () => createPostgresProfilePictures({ pool: await postgresPool() })],
];

const picture = (text: string): EncodedPicture => ({ bytes: Buffer.from(text), contentType: 'image/webp', width: 2, height: 1, digest: `digest-${text}` });
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute));

describe.each(factories)('%s profile picture store (ADR 046)', (_name, create) => {
  it('keeps a picture with its owner and gives it back byte for byte', async () => {
    const store = await create();
    const owner = randomUUID();
    const id = await store.save(owner, picture('alpha'), randomUUID(), at(0));
    expect(await store.get(id)).toEqual({ id, ownerId: owner, contentType: 'image/webp', width: 2, height: 1, bytes: Buffer.from('alpha') });
    expect(await store.get(randomUUID())).toBeNull();
    expect(await store.get('not-a-uuid')).toBeNull();
  });

  it('keeps the same picture of one owner once, but apart for two owners', async () => {
    const store = await create();
    const [ada, bo] = [randomUUID(), randomUUID()];
    const first = await store.save(ada, picture('same'), randomUUID(), at(0));
    expect(await store.save(ada, picture('same'), randomUUID(), at(1))).toBe(first);
    const other = await store.save(bo, picture('same'), randomUUID(), at(1));
    expect(other).not.toBe(first);
    expect((await store.get(other))?.ownerId).toBe(bo);
  });

  it('deletes every picture of a person on erasure and nobody else’s', async () => {
    const store = await create();
    const [ada, bo] = [randomUUID(), randomUUID()];
    const adas = [await store.save(ada, picture('a1'), randomUUID(), at(0)), await store.save(ada, picture('a2'), randomUUID(), at(0))];
    const bos = await store.save(bo, picture('b1'), randomUUID(), at(0));
    expect(await store.forget(ada)).toBe(2);
    for (const id of adas) expect(await store.get(id)).toBeNull();
    expect(await store.get(bos)).not.toBeNull();
    expect(await store.forget(ada)).toBe(0);
  });

  it('prunes only the owner’s pictures that are not kept and were last used before the cut-off', async () => {
    const store = await create();
    const owner = randomUUID();
    const kept = await store.save(owner, picture('kept'), randomUUID(), at(0));
    const old = await store.save(owner, picture('old'), randomUUID(), at(0));
    const recent = await store.save(owner, picture('recent'), randomUUID(), at(30));
    const reused = await store.save(owner, picture('reused'), randomUUID(), at(0));
    await store.save(owner, picture('reused'), randomUUID(), at(40));
    const someoneElses = await store.save(randomUUID(), picture('other'), randomUUID(), at(0));
    expect(await store.prune(owner, [kept], at(20))).toBe(1);
    expect(await store.get(old)).toBeNull();
    for (const id of [kept, recent, reused, someoneElses]) expect(await store.get(id)).not.toBeNull();
  });

  it('makes one signing key per purpose and gives the same one every time', async () => {
    const store = await create();
    const key = await store.signingKey('owner-picture');
    expect(key).toHaveLength(32);
    expect((await store.signingKey('owner-picture')).equals(key)).toBe(true);
    expect((await store.signingKey('another')).equals(key)).toBe(false);
  });
});

describe('postgres profile picture store', () => {
  it('shares its signing key between processes (two adapters on one database)', async () => {
    const [one, two] = [await createPostgresProfilePictures({ pool: await postgresPool() }), await createPostgresProfilePictures({ pool: await postgresPool() })];
    const purpose = `shared-${randomUUID()}`;
    const [a, b] = await Promise.all([one.signingKey(purpose), two.signingKey(purpose)]);
    expect(a.equals(b)).toBe(true);
  });
});
