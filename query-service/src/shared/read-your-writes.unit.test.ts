import { describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER } from '@hireloop/contracts';
import { createBaseApp } from '@hireloop/platform/http/app';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { companiesProjection } from '@hireloop/projections/companies/projection';
import { findCompanyPublicProfile } from '@hireloop/projections/companies/queries';
import { allProjections } from '@hireloop/projections/registry';
import { checkpointName, physicalCollection } from '@hireloop/projections/shared/projection';
import { usersProjection } from '@hireloop/projections/users/projection';
import { findUserById } from '@hireloop/projections/users/queries';
import { ProjectionProgress } from './projection-progress';
import { READ_MODEL_BEHIND_MESSAGE, readModelOfCollection, readYourWritesPlugin, waitingReadStore } from './read-your-writes';

/** ADR 054: the wait list of an answer is what its queries read, never a list written by hand. */
describe('a read store that waits for what it reads', () => {
  it('knows the read model of every collection of the registry', () => {
    for (const projection of allProjections) {
      for (const collection of Object.keys(projection.collections)) {
        expect(readModelOfCollection(physicalCollection(projection, collection))).toBe(projection.name);
      }
    }
    expect(readModelOfCollection('not_a_read_model')).toBeUndefined();
  });

  it('waits for the read model of each query before it reads, and reads what the store holds', async () => {
    const readStore = createMemoryReadStore();
    for (const projection of [usersProjection, companiesProjection]) {
      for (const collection of Object.keys(projection.collections)) await readStore.ensureCollection(physicalCollection(projection, collection));
    }
    const events: string[] = [];
    const waiting = waitingReadStore(readStore, async (readModels) => {
      events.push(`wait ${readModels.join(',')}`);
    });
    const user = await findUserById(waiting, 'u-1');
    events.push('read users');
    const company = await findCompanyPublicProfile(waiting, 'c-1');
    events.push('read companies');
    expect(user).toBeNull();
    expect(company).toBeNull();
    expect(events).toEqual([`wait ${usersProjection.name}`, 'read users', `wait ${companiesProjection.name}`, 'read companies']);
  });

  it('does not read before the wait is over, and a failed wait fails the read', async () => {
    const readStore = createMemoryReadStore();
    await readStore.ensureCollection(physicalCollection(usersProjection, 'users'));
    const behind = new Error('behind');
    const waiting = waitingReadStore(readStore, async () => {
      throw behind;
    });
    await expect(findUserById(waiting, 'u-1')).rejects.toBe(behind);
  });

  it('passes through a collection no read model owns, without a wait', async () => {
    const readStore = createMemoryReadStore();
    await readStore.ensureCollection('scratch');
    let waits = 0;
    const waiting = waitingReadStore(readStore, async () => {
      waits++;
    });
    expect(await waiting.collection('scratch').get('x')).toBeNull();
    expect(waits).toBe(0);
  });
});

describe('a request with X-Min-Position', () => {
  const position = (n: number) => `${String(n).padStart(20, '0')}.${'0'.repeat(20)}`;

  /** A route reading two read models through `request.readStore`, named nowhere in the route. */
  async function appReadingUsersAndCompanies() {
    const readStore = createMemoryReadStore();
    for (const projection of allProjections) {
      for (const collection of Object.keys(projection.collections)) await readStore.ensureCollection(physicalCollection(projection, collection));
    }
    const setCheckpoint = (projection: (typeof allProjections)[number], n: number) =>
      readStore.transaction(async (tx) => tx.setCheckpoint(checkpointName(projection), position(n)));
    const progress = new ProjectionProgress(readStore, allProjections, undefined, 10, 0);
    const app = createBaseApp();
    await app.register(readYourWritesPlugin, { progress, timeoutMs: 100, readStore });
    app.get('/both', async (request) => {
      const user = await findUserById(request.readStore, 'u-1');
      const company = await findCompanyPublicProfile(request.readStore, 'c-1');
      return { user, company };
    });
    await app.ready();
    return { app, setCheckpoint };
  }

  it('waits for every read model the route reads: one still behind is a 503, then the answer once it caught up', async () => {
    const { app, setCheckpoint } = await appReadingUsersAndCompanies();
    await setCheckpoint(usersProjection, 5);
    await setCheckpoint(companiesProjection, 1);
    const headers = { [MIN_POSITION_HEADER]: position(3) };

    const behind = await app.inject({ method: 'GET', url: '/both', headers });
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toEqual({ success: false, error: READ_MODEL_BEHIND_MESSAGE });
    // Without the header nobody asked to see a write: the read models as they are.
    expect((await app.inject({ method: 'GET', url: '/both' })).statusCode).toBe(200);

    await setCheckpoint(companiesProjection, 3);
    const caughtUp = await app.inject({ method: 'GET', url: '/both', headers });
    expect(caughtUp.statusCode, caughtUp.body).toBe(200);
    expect(caughtUp.json()).toEqual({ user: null, company: null });
    await app.close();
  });

  it('refuses a position that is not one', async () => {
    const { app } = await appReadingUsersAndCompanies();
    const answer = await app.inject({ method: 'GET', url: '/both', headers: { [MIN_POSITION_HEADER]: 'yesterday' } });
    expect(answer.statusCode).toBe(400);
    await app.close();
  });
});
