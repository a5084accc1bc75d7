import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { jobStreamId, type JobSource } from '@hireloop/contracts';
import { createMemoryEventStore, START, type EventStore } from '@hireloop/platform/event-store';
import { fixedClock, sequentialIds } from '@hireloop/platform/runtime';
import { importedJobId, importFeed, loadFeed, type ImportDeps } from './importer';

/** A real API answer, kept outside the repository (../shared/data/jobs); the importer's rules are in importer.unit.test.ts. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixturePath = (name: string) => path.join(repoRoot, '../shared/data/jobs', name);

const setup = (eventStore: EventStore = createMemoryEventStore()) => {
  const clock = fixedClock('2026-05-20T09:00:00Z');
  const deps: ImportDeps = { eventStore, clock, ids: sequentialIds('e') };
  return { deps, clock, eventStore };
};
const eventsOf = async (store: EventStore, streamId: string) => (await store.readStream(streamId)).events.map(({ type, data }) => ({ type, data }));
const jobEvents = (store: EventStore, externalId: string, source: JobSource = 'indeed') => eventsOf(store, jobStreamId(importedJobId(source, externalId)));
const allEvents = async (store: EventStore) => (await store.readAll(START, { batchSize: 100_000 })).events;

describe('importing a real feed for the first time', () => {
  it('imports all 99 jobs of the real Remote OK dump from its file', async () => {
    const { deps, eventStore } = setup();
    const feed = fixturePath('remoteok_internship-hunter_2026-05.json');
    const summary = await importFeed(deps, feed, () => loadFeed(feed));
    expect(summary).toMatchObject({ ok: true, source: 'remoteok', counts: { imported: 99, skipped: 0, failed: 0 } });
    expect((await allEvents(eventStore)).filter((event) => event.type === 'JobImported')).toHaveLength(99);
    expect(await jobEvents(eventStore, '1131612', 'remoteok')).toMatchObject([{ type: 'JobImported', data: { title: 'IT Support Technician', source: 'remoteok', feed } }]);
  });
});
