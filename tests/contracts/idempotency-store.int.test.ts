import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore } from '@hireloop/platform/idempotency/memory';
import { createPostgresIdempotencyStore } from '@hireloop/platform/idempotency/postgres';
import type { IdempotencyStore, StoredAnswer } from '@hireloop/platform/idempotency/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: Promise<TestDatabase> | undefined;
const testDatabase = (): Promise<TestDatabase> => (database ??= createTestDatabase('hl_idempotency'));
afterAll(async () => {
  if (database) await (await database).drop();
});

const factories: Array<[string, () => Promise<IdempotencyStore>]> = [
  ['memory', async () => createMemoryIdempotencyStore()],
  ['postgres', async () => createPostgresIdempotencyStore({ connectionString: (await testDatabase()).url })],
];

const at = new Date('2026-11-23T10:01:00.000Z');
const later = (ms: number) => new Date(at.getTime() + ms);
const LEASE = 60_000;
const DAY = 24 * 3600_000;
const request = (fingerprint = 'fingerprint-a') => ({ id: randomUUID(), fingerprint });
const answer: StoredAnswer = {
  status: 201,
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-position': '42' },
  body: '{"success":true,"job":{"id":"job-1","title":"Ünïcode ✓"}}',
};

const claimOf = async (store: IdempotencyStore, req: { id: string; fingerprint: string }, now = at) => {
  const result = await store.claim(req, now, LEASE);
  if (result.outcome !== 'run') throw new Error(`expected to run, got ${result.outcome}`);
  return result.claim;
};

describe.each(factories)('%s idempotency store', (_name, create) => {
  const withStore = (test: (store: IdempotencyStore) => Promise<void>) => async () => {
    const store = await create();
    try {
      await test(store);
    } finally {
      await store.close();
    }
  };

  it(
    'of 20 simultaneous first requests with one key exactly one runs; the others hear it is still running',
    withStore(async (store) => {
      const req = request();
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim(req, at, LEASE)));
      expect(results.filter((result) => result.outcome === 'run')).toHaveLength(1);
      expect(results.filter((result) => result.outcome === 'running')).toHaveLength(19);
    }),
  );

  it(
    'a completed request is answered again, status, headers and body as they were',
    withStore(async (store) => {
      const req = request();
      await store.complete(req.id, await claimOf(store, req), answer, later(DAY));
      expect(await store.claim(req, later(1000), LEASE)).toEqual({ outcome: 'done', answer });
      expect(await store.claim(req, later(DAY - 1), LEASE)).toEqual({ outcome: 'done', answer });
    }),
  );

  it(
    'the key with another request is a mismatch, whether the first is running or done',
    withStore(async (store) => {
      const req = request('first');
      const claim = await claimOf(store, req);
      expect(await store.claim({ id: req.id, fingerprint: 'second' }, at, LEASE)).toEqual({ outcome: 'mismatch' });
      await store.complete(req.id, claim, answer, later(DAY));
      expect(await store.claim({ id: req.id, fingerprint: 'second' }, at, LEASE)).toEqual({ outcome: 'mismatch' });
    }),
  );

  it(
    'a request kept without its answer says so, and keeps nothing of it',
    withStore(async (store) => {
      const req = request();
      await store.complete(req.id, await claimOf(store, req), null, later(DAY));
      expect(await store.claim(req, at, LEASE)).toEqual({ outcome: 'done', answer: null });
    }),
  );

  it(
    'a released key is free again, for any request',
    withStore(async (store) => {
      const req = request('first');
      await store.release(req.id, await claimOf(store, req));
      await claimOf(store, { id: req.id, fingerprint: 'second' });
    }),
  );

  it(
    'a record expires: after its time the key runs again, even for another request',
    withStore(async (store) => {
      const req = request('first');
      await store.complete(req.id, await claimOf(store, req), answer, later(DAY));
      await claimOf(store, { id: req.id, fingerprint: 'second' }, later(DAY));
    }),
  );

  it(
    'a running claim whose lease ran out is taken over, and the late first request can no longer settle it',
    withStore(async (store) => {
      const req = request();
      const stale = await claimOf(store, req);
      expect((await store.claim(req, later(LEASE - 1), LEASE)).outcome).toBe('running');
      const fresh = await claimOf(store, req, later(LEASE));
      await store.complete(req.id, stale, { ...answer, body: '{"stale":true}' }, later(DAY));
      await store.release(req.id, stale);
      expect((await store.claim(req, later(LEASE + 1), LEASE)).outcome).toBe('running');
      await store.complete(req.id, fresh, answer, later(DAY));
      expect(await store.claim(req, later(LEASE + 2), LEASE)).toEqual({ outcome: 'done', answer });
    }),
  );

  it(
    'records are kept apart by id',
    withStore(async (store) => {
      const [a, b] = [request(), request()];
      await store.complete(a.id, await claimOf(store, a), answer, later(DAY));
      await claimOf(store, b);
      expect((await store.claim(b, at, LEASE)).outcome).toBe('running');
      expect((await store.claim(a, at, LEASE)).outcome).toBe('done');
    }),
  );
});
