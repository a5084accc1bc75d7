import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoReadStore, MongoReadStoreUnavailableError } from '@hireloop/platform/read-store/mongodb';
import { freePort } from '@hireloop/platform/embedded-postgres';
import { startJongodb, startTestMongo, type TestMongo } from '../support/mongodb';
import { readStoreContract } from './read-store.contract';

// The MongoDB adapter against real MongoDB when MONGODB_URL is set, else against jongodb, a server
// speaking MongoDB's wire protocol that is not MongoDB: a wire-level check (ADR 073).
let server: TestMongo;
beforeAll(async () => {
  server = await startTestMongo();
});
afterAll(async () => {
  await server?.stop();
});

readStoreContract(
  `mongodb on ${process.env.MONGODB_URL ? 'MongoDB (MONGODB_URL)' : 'jongodb (wire-compatible, not MongoDB)'}`,
  async () => {
    const url = server.freshDatabase();
    const store = await createMongoReadStore({ url });
    // A fresh database per test (dropped when the server stops, on MONGODB_URL).
    return { store, teardown: () => store.close() };
  },
);

describe('mongodb read store start-up', () => {
  it('names the server it cannot reach', async () => {
    const port = await freePort();
    const starting = createMongoReadStore({ url: `mongodb://127.0.0.1:${port}/hireloop`, serverSelectionTimeoutMS: 300 });
    await expect(starting).rejects.toThrow(MongoReadStoreUnavailableError);
    await expect(starting).rejects.toThrow(`MongoDB at mongodb://127.0.0.1:${port}/hireloop cannot be reached`);
  });

  it('refuses a server that is not a replica set, saying how to make one', async () => {
    const standalone = await startJongodb({ standalone: true });
    try {
      const starting = createMongoReadStore({ url: standalone.url });
      await expect(starting).rejects.toThrow(MongoReadStoreUnavailableError);
      await expect(starting).rejects.toThrow(/is a standalone server: .* needs a replica set \(one node is enough: start mongod with --replSet/);
    } finally {
      await standalone.stop();
    }
  });
});
