import { afterAll, describe, expect, it } from 'vitest';
import { personalDataRules } from '@hireloop/contracts';
import { createMemoryPersonalDataKeys } from '@hireloop/platform/personal-data/memory';
import { protectPersonalData } from '@hireloop/platform/personal-data/protected-event-store';
import { createMemoryAccountSecrets } from '@hireloop/platform/accounts/memory';
import { createMemoryBus } from '@hireloop/platform/bus';
import { createMemoryEventStore, createPostgresEventStore, START, type EventStore, type NewEvent, type RecordedEvent } from '@hireloop/platform/event-store';
import { createMemoryIdempotencyStore } from '@hireloop/platform/idempotency/memory';
import type { Mailer } from '@hireloop/platform/mailer/types';
import { createUnlimitedRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { CollectionNotFoundError, createMemoryReadStore, createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { randomIds, systemClock } from '@hireloop/platform/runtime';
import { projectionHealth, type ProjectionHealth } from '@hireloop/projections/health';
import { exponentialBackoff, ProjectionDaemon, ProjectionRunner, RebuildInProgressError, type ProjectionFailure, type RetryPolicy } from '@hireloop/projections/runner';
import { physicalCollection, type ProjectionDefinition } from '@hireloop/projections/shared/projection';
import { buildApp } from '../../cli/src/app';
import { retryProjection } from '../../cli/src/projections';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startTestMongo, type TestMongo } from '../support/mongodb';
import { createMongoReadStore } from '@hireloop/platform/read-store/mongodb';
import { untilReadable } from './event-store.contract';

/**
 * A read model whose effect is NOT idempotent (it counts), so applying any event twice — or
 * skipping one — shows up as a wrong number.
 */
const countingProjection: ProjectionDefinition = {
  name: 'counting',
  version: 1,
  collections: { counters: {} },
  eventTypes: ['Counted'],
  async apply(event, tx) {
    const { key } = event.data as { key: string };
    const counters = tx.collection<{ _id: string; count: number; last: string }>('counters');
    const current = await counters.get(key);
    await counters.put({ _id: key, count: (current?.count ?? 0) + 1, last: event.position });
  },
};

/** The same projection, but the process "dies" while applying the n-th event it sees. */
const crashingAt = (n: number): ProjectionDefinition => {
  let seen = 0;
  return {
    ...countingProjection,
    async apply(event, tx) {
      if (++seen === n) throw new Error('simulated crash');
      await countingProjection.apply(event, tx);
    },
  };
};

/** The counting projection under another name, with a collection of its own. */
const tallyProjection: ProjectionDefinition = {
  name: 'tally',
  version: 1,
  collections: { tallies: {} },
  eventTypes: ['Counted'],
  async apply(event, tx) {
    const { key } = event.data as { key: string };
    const tallies = tx.collection<{ _id: string; count: number }>('tallies');
    const current = await tallies.get(key);
    await tallies.put({ _id: key, count: (current?.count ?? 0) + 1 });
  },
};

const brokenProjection: ProjectionDefinition = {
  name: 'broken',
  version: 1,
  collections: { wreckage: {} },
  eventTypes: ['Counted'],
  async apply() {
    throw new Error('this read model cannot handle Counted');
  },
};

/** The counting projection, except that it cannot apply some events while `failing` says so. */
const failingOn = (failing: (event: RecordedEvent) => boolean, onPoison?: 'skip' | 'stop'): ProjectionDefinition => ({
  ...countingProjection,
  onPoison,
  async apply(event, tx) {
    if (failing(event)) throw new Error(`cannot count ${event.metadata.eventId}`);
    await countingProjection.apply(event, tx);
  },
});

const eventId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

const counted = (key: string, i: number): NewEvent => ({
  type: 'Counted',
  data: { key },
  metadata: { eventId: eventId(i), occurredAt: new Date(0).toISOString(), actor: 'system', correlationId: 'c', causationId: null, schemaVersion: 1 },
});

/**
 * Appends and waits until readers can see everything: on PostgreSQL an open transaction anywhere
 * in the cluster (another test file's, say) holds readers back until it ends.
 */
async function appendMany(store: EventStore, total: number, from = 0) {
  let last = '';
  for (let i = from; i < from + total; i++) {
    last = (await store.append(`counter-${i % 3}`, [counted(`k${i % 5}`, i)])).position;
    if (i % 7 === 0) await store.append('noise-1', [{ ...counted('ignored', 10_000 + i), type: 'SomethingElse' }]);
  }
  await untilReadable(store, last);
  return last;
}

const snapshot = async (readStore: ReadStore) =>
  readStore.collection(physicalCollection(countingProjection, 'counters')).find({}, { sort: { _id: 1 } });

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a rejection, but the promise resolved'),
    (error: unknown) => error,
  );
}

const totalOf = (docs: Array<Record<string, unknown>>) => docs.reduce((sum, doc) => sum + (doc.count as number), 0);

/**
 * The documents of `collection` (the counters by default) once a runner's checkpoint said their
 * batch is in. PostgreSQL and MongoDB show a committed transaction's writes to other readers all at
 * once; jongodb shows them one by one (a reader found a batch's checkpoint, then 30 of the 34
 * counts: ADR 128), so on it (`partialCommits`) the read is repeated until the counts add up to
 * `total` or a deadline passes, and the caller compares what was found last.
 */
async function settledDocs(readStore: ReadStore, partialCommits: boolean, total: number, collection = 'counters') {
  const read = () => readStore.collection(physicalCollection({ version: 1 }, collection)).find({}, { sort: { _id: 1 } });
  let docs = await read();
  const deadline = Date.now() + 5_000;
  while (partialCommits && totalOf(docs) !== total && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    docs = await read();
  }
  return docs;
}

/** Waits for something the runners do in the background (the deadline only bounds a broken test). */
async function until(condition: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Retry timers the test fires by hand: no test waits for a real backoff. */
function manualTimers() {
  let pending: Array<() => void> = [];
  const delays: number[] = [];
  const schedule: RetryPolicy['schedule'] = (work) => {
    pending.push(work);
    return () => {
      pending = pending.filter((other) => other !== work);
    };
  };
  return {
    policy: { schedule, delay: (attempt: number) => (delays.push(attempt), attempt) } satisfies RetryPolicy,
    delays,
    get pending() {
      return pending.length;
    },
    fire() {
      const due = pending;
      pending = [];
      for (const work of due) work();
    },
  };
}

/** Retries at once (the next turn of the event loop). */
const immediateRetries: RetryPolicy = {
  delay: () => 0,
  stoppedCheckMs: 10,
  schedule: (work, ms) => {
    const timer = setTimeout(work, ms);
    return () => clearTimeout(timer);
  },
};

const noMail: Mailer = { kind: 'outbox', send: async () => undefined, list: async () => [], forget: async () => 0, close: async () => undefined };

/** The composition root as `hireloop serve projections` builds it, on the suite's stores. */
async function projectionsApp(eventStore: EventStore, readStore: ReadStore, projections: readonly ProjectionDefinition[], retry: RetryPolicy) {
  const deps = {
    eventStore,
    // This process serves no commands, so it never erases anyone; the field only completes the deps.
    personalData: protectPersonalData({ eventStore, keys: createMemoryPersonalDataKeys(), rules: personalDataRules }),
    readStore,
    secrets: createMemoryAccountSecrets(),
    rateLimiter: createUnlimitedRateLimiter(),
    idempotency: createMemoryIdempotencyStore(),
    mailer: noMail,
    // No commands here, so nothing is appended with mail; the field only completes the deps.
    outbox: createMemoryEventStore().outbox,
    bus: createMemoryBus(),
    clock: systemClock,
    ids: randomIds,
  };
  const app = await buildApp(deps, { commands: false, queries: false, projections: true, spaDir: false, projectionDefinitions: projections, projectionRetry: retry });
  await app.ready();
  return app;
}

/** `partialCommits`: the read store shows a commit's writes to other readers one by one (jongodb, see `settledDocs`). */
type Factory = () => Promise<{ eventStore: EventStore; readStore: ReadStore; teardown(): Promise<void>; partialCommits?: boolean }>;

const databases: TestDatabase[] = [];
/** The MongoDB read store's server (jongodb, or MONGODB_URL: ADR 073), started when first used. */
let mongo: Promise<TestMongo> | undefined;
afterAll(async () => {
  for (const db of databases) await db.drop();
  await (await mongo)?.stop();
});

const factories: Array<[string, Factory]> = [
  ['memory', async () => ({ eventStore: createMemoryEventStore(), readStore: createMemoryReadStore(), teardown: async () => undefined })],
  [
    'postgres',
    async () => {
      const db = await createTestDatabase();
      databases.push(db);
      const eventStore = await createPostgresEventStore({ connectionString: db.url });
      const readStore = await createPostgresReadStore({ connectionString: db.url });
      return {
        eventStore,
        readStore,
        async teardown() {
          await eventStore.close();
          await readStore.close();
        },
      };
    },
  ],
];

factories.push([
  `mongodb read store on ${process.env.MONGODB_URL ? 'MongoDB (MONGODB_URL)' : 'jongodb (wire-compatible, not MongoDB)'}`,
  async () => {
    const server = await (mongo ??= startTestMongo());
    const readStore = await createMongoReadStore({ url: server.freshDatabase() });
    return { eventStore: createMemoryEventStore(), readStore, teardown: () => readStore.close(), partialCommits: !process.env.MONGODB_URL };
  },
]);

describe.each(factories)('projection runner on %s', (_name, factory) => {
  it('a crash mid-batch and a restart end with the same read model as a clean rebuild', async () => {
    const { eventStore, readStore, teardown } = await factory();
    try {
      await appendMany(eventStore, 60);
      const crashing = new ProjectionRunner({ eventStore, readStore, projection: crashingAt(37), batchSize: 10 });
      await expect(crashing.catchUp()).rejects.toThrow('simulated crash');
      // The failed batch left nothing behind: the documents hold exactly the events up to the checkpoint.
      const checkpoint = (await crashing.checkpoint()) ?? '';
      const { events } = await eventStore.readAll('', { batchSize: 1000 });
      const committed = events.filter((e) => e.type === 'Counted' && e.position <= checkpoint).length;
      expect(committed).toBeGreaterThan(0);
      expect(committed).toBeLessThan(37);
      const partial = await snapshot(readStore);
      expect(partial.reduce((sum, doc) => sum + (doc.count as number), 0)).toBe(committed);

      const restarted = new ProjectionRunner({ eventStore, readStore, projection: countingProjection, batchSize: 10 });
      await restarted.catchUp();
      const resumed = await snapshot(readStore);
      expect(resumed.reduce((sum, doc) => sum + (doc.count as number), 0)).toBe(60);

      await restarted.rebuild();
      expect(await snapshot(readStore)).toEqual(resumed);
    } finally {
      await teardown();
    }
  });

  it('a batch delivered again after it was committed has no second effect', async () => {
    const { eventStore, readStore, teardown } = await factory();
    try {
      await appendMany(eventStore, 10);
      const runner = new ProjectionRunner({ eventStore, readStore, projection: countingProjection });
      await runner.ensureCollections();
      const { events, nextPosition } = await eventStore.readAll('');
      await runner.applyBatch(events, nextPosition);
      await runner.applyBatch(events, nextPosition);
      const docs = await snapshot(readStore);
      expect(docs.reduce((sum, doc) => sum + (doc.count as number), 0)).toBe(10);
      expect(await runner.checkpoint()).toBe(nextPosition);
    } finally {
      await teardown();
    }
  });

  it('a live runner follows new events and stops cleanly', async () => {
    const { eventStore, readStore, teardown } = await factory();
    try {
      const runner = new ProjectionRunner({ eventStore, readStore, projection: countingProjection });
      await runner.start();
      await appendMany(eventStore, 12);
      const head = await eventStore.headPosition();
      const deadline = Date.now() + 10_000;
      while ((await runner.checkpoint()) !== head && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(await runner.checkpoint()).toBe(head);
      await runner.stop();
      const docs = await snapshot(readStore);
      expect(docs.reduce((sum, doc) => sum + (doc.count as number), 0)).toBe(12);
    } finally {
      await teardown();
    }
  });

  it('a read model with no event of its own is caught up right after a rebuild, and after catching up', async () => {
    const { eventStore, readStore, teardown } = await factory();
    const quiet: ProjectionDefinition = { name: 'quiet', version: 1, collections: { silence: {} }, eventTypes: ['NeverHappens'], apply: async () => undefined };
    try {
      await appendMany(eventStore, 20);
      const head = await eventStore.headPosition();
      const result = await new ProjectionRunner({ eventStore, readStore, projection: quiet }).rebuild();
      expect(result).toMatchObject({ position: head, events: 0 });
      const [health] = await projectionHealth({ eventStore, readStore, projections: [quiet] });
      expect(health).toMatchObject({ checkpoint: head, caughtUp: true });

      // The same of a runner catching up: the last read found nothing, yet it saw the head.
      const alsoQuiet = { ...quiet, name: 'also-quiet' };
      expect(await new ProjectionRunner({ eventStore, readStore, projection: alsoQuiet }).catchUp()).toBe(head);
      expect((await projectionHealth({ eventStore, readStore, projections: [alsoQuiet] }))[0]?.caughtUp).toBe(true);
    } finally {
      await teardown();
    }
  });

  it('a rebuild while the live runner applies new events is built aside and switched in: every event counted once', async () => {
    const { eventStore, readStore, teardown, partialCommits = false } = await factory();
    try {
      await appendMany(eventStore, 40);
      const live = new ProjectionRunner({ eventStore, readStore, projection: countingProjection, batchSize: 7 });
      await live.start();
      const rebuilding = new ProjectionRunner({ eventStore, readStore, projection: countingProjection, batchSize: 5 });
      // Events keep coming while the rebuild runs, before, during and after its switch.
      const writes = appendMany(eventStore, 60, 40);
      const result = await rebuilding.rebuild();
      const last = await writes;
      await until(async () => ((await live.checkpoint()) ?? '') >= last, 'the live runner has applied every event');
      await live.stop();
      expect(totalOf(await settledDocs(readStore, partialCommits, 100))).toBe(100);
      expect(result.generation).toBe(1);
      expect(await rejectionOf(readStore.collection(`${physicalCollection(countingProjection, 'counters')}__rebuild`).count())).toBeInstanceOf(CollectionNotFoundError);
    } finally {
      await teardown();
    }
  });

  it('a rebuild killed half-way leaves the read model in use as it was, and the next one starts clean', async () => {
    const { eventStore, readStore, teardown } = await factory();
    try {
      await appendMany(eventStore, 30);
      const live = new ProjectionRunner({ eventStore, readStore, projection: countingProjection });
      await live.catchUp();
      const before = { docs: await snapshot(readStore), checkpoint: await live.checkpoint() };
      const killed = new ProjectionRunner({ eventStore, readStore, projection: crashingAt(17), batchSize: 4 });
      await expect(killed.rebuild()).rejects.toThrow('simulated crash');
      expect({ docs: await snapshot(readStore), checkpoint: await live.checkpoint() }).toEqual(before);
      // The shadow holds what the killed replay had applied; the next replay empties it first.
      expect(await readStore.collection(`${physicalCollection(countingProjection, 'counters')}__rebuild`).count()).toBeGreaterThan(0);
      await appendMany(eventStore, 10, 30);
      const result = await new ProjectionRunner({ eventStore, readStore, projection: countingProjection }).rebuild();
      expect(totalOf(await snapshot(readStore))).toBe(40);
      expect(result).toMatchObject({ events: 40, generation: 1 });
      expect(await live.checkpoint()).toBe(result.position);
    } finally {
      await teardown();
    }
  });

  it('a second replay of a read model while one runs is refused with a message, and the first ends right', async () => {
    const { eventStore, readStore, teardown } = await factory();
    try {
      await appendMany(eventStore, 50);
      const replay = () => new ProjectionRunner({ eventStore, readStore, projection: countingProjection, batchSize: 5 }).rebuild();
      const [first, second] = await Promise.allSettled([replay(), replay()]);
      expect(first.status).toBe('fulfilled');
      expect(second.status === 'rejected' && second.reason).toBeInstanceOf(RebuildInProgressError);
      expect(String(second.status === 'rejected' && second.reason)).toMatch(/A replay of counting is already running/);
      expect(totalOf(await snapshot(readStore))).toBe(50);
      // Its lease is given back: the next replay runs.
      await replay();
      expect(totalOf(await snapshot(readStore))).toBe(50);
    } finally {
      await teardown();
    }
  });

  it('one daemon feeds every projection: one behind catches up, one ahead applies nothing twice, a failing one stops alone', async () => {
    const { eventStore, readStore, teardown, partialCommits = false } = await factory();
    const failures: ProjectionFailure[] = [];
    const daemon = new ProjectionDaemon({
      eventStore,
      readStore,
      projections: [countingProjection, tallyProjection, brokenProjection],
      batchSize: 7,
      retry: immediateRetries,
      onError: (_error, failure) => failures.push(failure),
    });
    try {
      await appendMany(eventStore, 30);
      await new ProjectionRunner({ eventStore, readStore, projection: countingProjection }).catchUp();
      await appendMany(eventStore, 20, 1000);
      const head = await eventStore.headPosition();
      await daemon.start();
      const [counting, tally, broken] = daemon.runners;
      await until(async () => (await counting!.checkpoint()) === head && (await tally!.checkpoint()) === head, 'the healthy runners reach the head');
      await until(() => daemon.status()[2]!.status === 'stopped', 'the broken runner stops');
      expect(totalOf(await settledDocs(readStore, partialCommits, 50))).toBe(50);
      expect(totalOf(await settledDocs(readStore, partialCommits, 50, 'tallies'))).toBe(50);
      expect(new Set(failures.map((failure) => failure.projection))).toEqual(new Set(['broken']));
      expect(failures.at(-1)).toMatchObject({ status: 'stopped', parked: { eventId: eventId(0) } });
      expect(await broken!.checkpoint()).toBeNull();
    } finally {
      await daemon.stop();
      await teardown();
    }
  });

  it('a batch that fails twice is retried with growing delays while the other projections go on, and ends equal to a clean rebuild', async () => {
    const { eventStore, readStore, teardown, partialCommits = false } = await factory();
    const timers = manualTimers();
    let hiccups = 2;
    const flaky = failingOn((event) => event.metadata.eventId === eventId(10) && hiccups-- > 0);
    const daemon = new ProjectionDaemon({ eventStore, readStore, projections: [flaky, tallyProjection], batchSize: 7, retry: timers.policy });
    try {
      await appendMany(eventStore, 30);
      await daemon.start();
      const [counting, tally] = daemon.runners;
      const head = await eventStore.headPosition();
      await until(async () => (await tally!.checkpoint()) === head && timers.pending === 1, 'the tally reaches the head and the counting runner waits to retry');
      expect(daemon.status()[0]).toMatchObject({ status: 'retrying', attempts: 1, lastError: `cannot count ${eventId(10)}` });
      expect(await counting!.checkpoint()).not.toBe(head);

      timers.fire();
      await until(() => daemon.status()[0]!.attempts === 2 && timers.pending === 1, 'the second try fails');
      // Meanwhile the other projection keeps following the log.
      await appendMany(eventStore, 10, 100);
      const later = await eventStore.headPosition();
      await until(async () => (await tally!.checkpoint()) === later, 'the tally follows new events');
      expect(daemon.status()[0]!.status).toBe('retrying');

      timers.fire();
      await until(async () => daemon.status()[0]!.status === 'running' && (await counting!.checkpoint()) === later, 'the third try works and the runner catches up');
      expect(timers.delays).toEqual([1, 2]);
      await appendMany(eventStore, 5, 200);
      const last = await eventStore.headPosition();
      await until(async () => (await counting!.checkpoint()) === last, 'the recovered runner is fed by the daemon again');

      const recovered = await settledDocs(readStore, partialCommits, 45);
      expect(totalOf(recovered)).toBe(45);
      expect(await counting!.parked()).toEqual([]);
      await daemon.stop();
      await new ProjectionRunner({ eventStore, readStore, projection: countingProjection }).rebuild();
      expect(await snapshot(readStore)).toEqual(recovered);
    } finally {
      await daemon.stop();
      await teardown();
    }
  });

  it("an event that fails even alone is parked with its error, and a 'skip' read model moves past it; a retry after the fix applies it", async () => {
    const { eventStore, readStore, teardown, partialCommits = false } = await factory();
    let broken = true;
    const skipping = failingOn((event) => broken && event.metadata.eventId === eventId(10), 'skip');
    const failures: ProjectionFailure[] = [];
    const daemon = new ProjectionDaemon({
      eventStore,
      readStore,
      projections: [skipping],
      batchSize: 7,
      retry: { ...immediateRetries, attempts: 3 },
      onError: (_error, failure) => failures.push(failure),
    });
    try {
      await appendMany(eventStore, 30);
      const { events } = await eventStore.readAll(START, { batchSize: 1000 });
      const poison = events.find((event) => event.metadata.eventId === eventId(10))!;
      await daemon.start();
      const [runner] = daemon.runners;
      let head = await eventStore.headPosition();
      // A recovering runner reaches the head before it is marked running again (the last stretch runs between batches).
      await until(async () => (await runner!.checkpoint()) === head && daemon.status()[0]!.status === 'running', 'the runner moves past the parked event');
      expect(daemon.status()[0]).toMatchObject({ status: 'running', lastError: `cannot count ${eventId(10)}` });
      expect(await runner!.parked()).toEqual([
        expect.objectContaining({
          projection: 'counting',
          position: poison.position,
          eventId: eventId(10),
          eventType: 'Counted',
          error: `cannot count ${eventId(10)}`,
          attempts: 4,
          blocking: false,
        }),
      ]);
      expect(failures.filter((failure) => failure.parked).map((failure) => failure.parked!.eventId)).toEqual([eventId(10)]);
      // Every event but the parked one, those after it included.
      expect(totalOf(await settledDocs(readStore, partialCommits, 29))).toBe(29);
      await appendMany(eventStore, 5, 100);
      head = await eventStore.headPosition();
      await until(async () => (await runner!.checkpoint()) === head, 'later events are applied');
      expect(totalOf(await settledDocs(readStore, partialCommits, 34))).toBe(34);

      broken = false;
      const { outcomes } = await retryProjection({ eventStore, readStore }, skipping);
      expect(outcomes.map((outcome) => outcome.error)).toEqual([null]);
      expect(await runner!.parked()).toEqual([]);
      const retried = await snapshot(readStore);
      await daemon.stop();
      // Applied late, out of order: the counts are a clean rebuild's.
      await new ProjectionRunner({ eventStore, readStore, projection: countingProjection }).rebuild();
      const countsOf = (docs: Array<Record<string, unknown>>) => docs.map((doc) => [doc._id, doc.count]);
      expect(countsOf(retried)).toEqual(countsOf(await snapshot(readStore)));
    } finally {
      await daemon.stop();
      await teardown();
    }
  });

  it("a 'stop' read model stops before its poison event, /healthz answers 503 with its last error, and a retry after the fix resumes it", async () => {
    const { eventStore, readStore, teardown } = await factory();
    let broken = true;
    const stopping = failingOn((event) => broken && event.metadata.eventId === eventId(10));
    const app = await projectionsApp(eventStore, readStore, [stopping, tallyProjection], { ...immediateRetries, attempts: 2 });
    let closed = false;
    const health = async () => {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      const body = response.json() as { ok: boolean; projections: ProjectionHealth[] };
      return { statusCode: response.statusCode, body, of: (name: string) => body.projections.find((projection) => projection.name === name)! };
    };
    try {
      expect((await health()).statusCode).toBe(200);
      await appendMany(eventStore, 30);
      const { events } = await eventStore.readAll(START, { batchSize: 1000 });
      const poison = events.find((event) => event.metadata.eventId === eventId(10))!;
      await until(async () => (await health()).statusCode === 503, '/healthz reports the stopped read model');
      const head = await eventStore.headPosition();
      await until(async () => (await health()).of('tally').caughtUp, 'the other projection reaches the head');

      const stopped = await health();
      expect(stopped.body.ok).toBe(false);
      expect(stopped.of('counting')).toMatchObject({ version: 1, status: 'stopped', head, caughtUp: false, lastError: `cannot count ${eventId(10)}`, parked: 1 });
      expect(stopped.of('counting').checkpoint! < poison.position).toBe(true);
      expect(stopped.of('tally')).toMatchObject({ status: 'running', checkpoint: head, caughtUp: true, lastError: null, parked: 0 });
      // The ten events before the poison one, nothing after it.
      expect(totalOf(await snapshot(readStore))).toBe(10);

      // Retried before the fix: it fails again and stays parked.
      const failed = await retryProjection({ eventStore, readStore }, stopping);
      expect(failed.outcomes).toEqual([expect.objectContaining({ error: `cannot count ${eventId(10)}`, parked: expect.objectContaining({ attempts: 4 }) })]);
      expect((await health()).of('counting')).toMatchObject({ status: 'stopped', parked: 1 });

      broken = false;
      const fixed = await retryProjection({ eventStore, readStore }, stopping);
      expect(fixed.outcomes.map((outcome) => outcome.error)).toEqual([null]);
      await until(async () => (await health()).of('counting').caughtUp, 'the resumed read model catches up');
      const resumed = await health();
      expect(resumed.statusCode).toBe(200);
      expect(resumed.of('counting')).toMatchObject({ status: 'running', checkpoint: head, parked: 0 });

      const recovered = await snapshot(readStore);
      expect(totalOf(recovered)).toBe(30);
      await app.close();
      closed = true;
      await new ProjectionRunner({ eventStore, readStore, projection: countingProjection }).rebuild();
      expect(await snapshot(readStore)).toEqual(recovered);
    } finally {
      if (!closed) await app.close();
      await teardown();
    }
  });
});

describe('retry delays', () => {
  it('start at 100 ms, double with each try up to 30 s, and are jittered between half and all of that', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => exponentialBackoff(attempt, () => 1))).toEqual([100, 200, 400, 800, 1600]);
    expect(exponentialBackoff(12, () => 1)).toBe(30_000);
    expect(exponentialBackoff(1, () => 0)).toBe(50);
  });
});
