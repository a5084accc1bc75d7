import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { jobStreamId, type JobSource } from '@hireloop/contracts';
import { ImportRunCompleted } from '@hireloop/contracts/imports/events';
import type { HireloopFeedJobInput } from '@hireloop/contracts/imports/feed';
import { createMemoryEventStore, START, type EventStore } from '@hireloop/platform/event-store';
import { fixedClock, sequentialIds } from '@hireloop/platform/runtime';
import { jobDecider } from '../jobs/decider';
import { handleCommand } from '../shared/command-handler';
import { loadState } from '../shared/stream';
import { deciderSpec } from '../shared/decider-spec';
import { fold } from '../shared/decider';
import { importFeedDecider, importStreamId, jobsGoneFromFeed, type CompleteImportRunData } from './feed-decider';
import type { FeedSource } from './feed-reader';
import { importedJobId, importFeed, loadFeed, type ImportDeps } from './importer';

const FEED = '/srv/feeds/indeed-partner.json';
const DAY = 24 * 3600 * 1000;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const setup = (eventStore: EventStore = createMemoryEventStore()) => {
  const clock = fixedClock('2026-05-20T09:00:00Z');
  const deps: ImportDeps = { eventStore, clock, ids: sequentialIds('e') };
  return { deps, clock, eventStore };
};

const job = (externalId: string, overrides: Partial<HireloopFeedJobInput> = {}): HireloopFeedJobInput => ({
  externalId,
  title: `Data Engineer ${externalId}`,
  company: 'Northwind',
  location: 'Austin, TX',
  description: 'Pipelines.',
  url: `https://indeed.example/jobs/${externalId}`,
  ...overrides,
});
const feedOf = (...jobs: HireloopFeedJobInput[]) => JSON.stringify({ source: 'indeed', jobs });
const serve = (text: string) => async () => text;

const eventsOf = async (store: EventStore, streamId: string) => (await store.readStream(streamId)).events.map(({ type, data }) => ({ type, data }));
const jobEvents = (store: EventStore, externalId: string, source: JobSource = 'indeed') => eventsOf(store, jobStreamId(importedJobId(source, externalId)));
const runEvents = (store: EventStore, feed = FEED) => eventsOf(store, importStreamId(feed));
const allEvents = async (store: EventStore) => (await store.readAll(START, { batchSize: 100_000 })).events;
const closings = async (store: EventStore) => (await allEvents(store)).filter((event) => event.type === 'JobClosed');
const lastRun = async (store: EventStore, feed = FEED) => {
  const runs = await runEvents(store, feed);
  return runs.at(-1);
};
/** The jobs the feed's stream says its last completed run listed (the runs' changes folded). */
const listedByFeed = async (store: EventStore, feed = FEED) => [...(await loadState(store, importStreamId(feed), importFeedDecider)).state.seenJobIds].sort();

describe('importing a feed for the first time', () => {
  it('records one JobImported per job, with the day it was seen, and a completed run', async () => {
    const { deps, eventStore } = setup();
    const summary = await importFeed(deps, FEED, serve(feedOf(job('A1', { postedAt: '2026-05-18' }), job('A2'))));

    expect(summary).toMatchObject({ ok: true, format: 'hireloop', source: 'indeed', counts: { imported: 2, revised: 0, unchanged: 0, closed: 0, skipped: 0, failed: 0 } });
    expect(await jobEvents(eventStore, 'A1')).toEqual([
      {
        type: 'JobImported',
        data: {
          jobId: importedJobId('indeed', 'A1'),
          shareToken: expect.any(String),
          source: 'indeed',
          externalId: 'A1',
          externalUrl: 'https://indeed.example/jobs/A1',
          feed: FEED,
          postedAt: '2026-05-18T00:00:00.000Z',
          validThrough: null,
          seenAt: '2026-05-20T09:00:00.000Z',
          title: 'Data Engineer A1',
          company: 'Northwind',
          location: 'Austin, TX',
          salary: null,
          type: 'Full-time',
          remote: false,
          description: 'Pipelines.',
          requirements: [],
          skills: [],
          experience: 'Mid level',
          benefits: null,
        },
      },
    ]);
    expect(await runEvents(eventStore)).toEqual([
      {
        type: 'ImportRunCompleted',
        data: {
          feed: FEED,
          source: 'indeed',
          listedJobs: 2,
          addedJobIds: [importedJobId('indeed', 'A1'), importedJobId('indeed', 'A2')].sort(),
          removedJobIds: [],
          unclosedJobIds: [],
          counts: { imported: 2, revised: 0, unchanged: 0, closed: 0, reopened: 0, skipped: 0, failed: 0 },
          skippedReasons: [],
          at: '2026-05-20T09:00:00.000Z',
        },
      },
    ]);
  });

  it('writes every event of a run as the system, under one correlation id', async () => {
    const { deps, eventStore } = setup();
    const summary = await importFeed(deps, FEED, serve(feedOf(job('A1'), job('A2'))));
    const events = await allEvents(eventStore);
    expect(events).toHaveLength(3);
    expect(events.every((event) => event.metadata.actor === 'system' && event.metadata.correlationId === summary.correlationId)).toBe(true);
  });

  it('derives the job id from source and external id, so the same job in another feed of that source is the same job', async () => {
    const { deps, eventStore } = setup();
    await importFeed(deps, FEED, serve(feedOf(job('A1'))));
    const other = await importFeed(deps, '/srv/feeds/indeed-other.json', serve(feedOf(job('A1'))));
    expect(other.counts).toMatchObject({ imported: 0, unchanged: 1 });
    expect(await jobEvents(eventStore, 'A1')).toHaveLength(1);
    expect(importedJobId('indeed', 'A1')).toMatch(/^indeed-[0-9a-f]{20}$/);
    expect(importedJobId('indeed', 'A1')).not.toBe(importedJobId('ziprecruiter', 'A1'));
  });

  it('makes one job of an external id listed twice, and reports the second as skipped', async () => {
    const { deps, eventStore } = setup();
    const summary = await importFeed(deps, FEED, serve(feedOf(job('A1'), job('A1', { title: 'Listed again' }))));
    expect(summary.counts).toMatchObject({ imported: 1, skipped: 1 });
    expect(summary.skipped).toEqual([{ item: 'jobs[1]', externalId: 'A1', reason: 'duplicate of an earlier job with id "A1" (the first is kept)' }]);
    expect((await allEvents(eventStore)).filter((event) => event.type === 'JobImported')).toHaveLength(1);
    expect((await lastRun(eventStore))?.data).toMatchObject({ skippedReasons: ['jobs[1]: duplicate of an earlier job with id "A1" (the first is kept)'] });
  });

});

describe('importing the same feed again', () => {
  it('on the same day adds nothing to the jobs, only the completed run', async () => {
    const { deps, eventStore } = setup();
    const feed = feedOf(job('A1'), job('A2'));
    await importFeed(deps, FEED, serve(feed));
    const before = (await allEvents(eventStore)).length;
    const summary = await importFeed(deps, FEED, serve(feed));
    const added = (await allEvents(eventStore)).slice(before);
    expect(added.map((event) => event.type)).toEqual(['ImportRunCompleted']);
    // The run records what changed in the listing (nothing), not every job id again (ADR 094).
    expect(added[0]?.data).toMatchObject({ listedJobs: 2, addedJobIds: [], removedJobIds: [] });
    expect(added[0]?.data).not.toHaveProperty('seenJobIds');
    expect(await listedByFeed(eventStore)).toEqual([importedJobId('indeed', 'A1'), importedJobId('indeed', 'A2')].sort());
    expect(summary.counts).toMatchObject({ imported: 0, revised: 0, unchanged: 2, closed: 0 });
  });

  it('on the next day records that each job was still listed (its last-seen date)', async () => {
    const { deps, clock, eventStore } = setup();
    const feed = feedOf(job('A1'));
    await importFeed(deps, FEED, serve(feed));
    clock.advance(DAY);
    await importFeed(deps, FEED, serve(feed));
    expect((await jobEvents(eventStore, 'A1')).map((event) => event.type)).toEqual(['JobImported', 'ImportedJobSeen']);
    expect((await jobEvents(eventStore, 'A1')).at(-1)).toEqual({ type: 'ImportedJobSeen', data: { jobId: importedJobId('indeed', 'A1'), seenAt: '2026-05-21T09:00:00.000Z' } });
  });

  it('turns a changed title into ImportedJobRevised with the whole new content', async () => {
    const { deps, clock, eventStore } = setup();
    await importFeed(deps, FEED, serve(feedOf(job('A1'))));
    clock.advance(3600_000);
    const summary = await importFeed(deps, FEED, serve(feedOf(job('A1', { title: 'Senior Data Engineer' }))));
    expect(summary.counts).toMatchObject({ revised: 1, unchanged: 0 });
    expect((await jobEvents(eventStore, 'A1')).at(-1)).toMatchObject({
      type: 'ImportedJobRevised',
      data: { jobId: importedJobId('indeed', 'A1'), title: 'Senior Data Engineer', company: 'Northwind', externalUrl: 'https://indeed.example/jobs/A1', seenAt: '2026-05-20T10:00:00.000Z' },
    });
  });

  it('keeps a job that is still listed but invalid this time open, and reports the item', async () => {
    const { deps, clock, eventStore } = setup();
    await importFeed(deps, FEED, serve(feedOf(job('A1'), job('A2'))));
    clock.advance(DAY);
    const summary = await importFeed(deps, FEED, serve(feedOf(job('A1'), job('A2', { title: '' }))));
    expect(summary.counts).toMatchObject({ unchanged: 1, skipped: 1, closed: 0 });
    expect(summary.skipped).toEqual([{ item: 'jobs[1]', externalId: 'A2', reason: 'title must not be empty' }]);
    expect(await closings(eventStore)).toEqual([]);
    expect((await lastRun(eventStore))?.data).toMatchObject({ listedJobs: 2, addedJobIds: [], removedJobIds: [] });
    expect(await listedByFeed(eventStore)).toEqual([importedJobId('indeed', 'A1'), importedJobId('indeed', 'A2')].sort());
  });
});

describe('jobs that leave their feed', () => {
  it('a job missing from the next run is closed as removed_from_feed, once', async () => {
    const { deps, clock, eventStore } = setup();
    await importFeed(deps, FEED, serve(feedOf(job('A1'), job('A2'))));
    clock.advance(DAY);
    const summary = await importFeed(deps, FEED, serve(feedOf(job('A1'))));
    expect(summary.counts).toMatchObject({ closed: 1, unchanged: 1 });
    expect((await jobEvents(eventStore, 'A2')).at(-1)).toEqual({
      type: 'JobClosed',
      data: { jobId: importedJobId('indeed', 'A2'), reason: 'removed_from_feed', closedAt: '2026-05-21T09:00:00.000Z' },
    });
    clock.advance(DAY);
    const again = await importFeed(deps, FEED, serve(feedOf(job('A1'))));
    expect(again.counts.closed).toBe(0);
    expect(await closings(eventStore)).toHaveLength(1);
  });

  it('a job back in its feed is reopened as back_in_feed', async () => {
    const { deps, clock, eventStore } = setup();
    await importFeed(deps, FEED, serve(feedOf(job('A1'), job('A2'))));
    clock.advance(DAY);
    await importFeed(deps, FEED, serve(feedOf(job('A1'))));
    clock.advance(DAY);
    const summary = await importFeed(deps, FEED, serve(feedOf(job('A1'), job('A2'))));
    expect(summary.counts).toMatchObject({ reopened: 1, closed: 0 });
    expect((await jobEvents(eventStore, 'A2')).map((event) => event.type)).toEqual(['JobImported', 'JobClosed', 'ImportedJobSeen', 'JobReopened']);
    expect((await jobEvents(eventStore, 'A2')).at(-1)).toEqual({
      type: 'JobReopened',
      data: { jobId: importedJobId('indeed', 'A2'), reason: 'back_in_feed', reopenedAt: '2026-05-22T09:00:00.000Z' },
    });
  });

  it('a job an admin closed stays closed with the admin’s reason when it leaves the feed and when it comes back', async () => {
    const { deps, clock, eventStore } = setup();
    await importFeed(deps, FEED, serve(feedOf(job('A1'), job('A2'))));
    const jobId = importedJobId('indeed', 'A2');
    await handleCommand(eventStore, jobStreamId(jobId), jobDecider, { type: 'CloseJob', data: { jobId, by: { userId: 'admin-1', role: 'admin', companyId: null }, at: '2026-05-20T12:00:00.000Z' } }, {
      ...deps,
      actor: { userId: 'admin-1', role: 'admin' },
      correlationId: 'admin-request',
    });
    clock.advance(DAY);
    const gone = await importFeed(deps, FEED, serve(feedOf(job('A1'))));
    clock.advance(DAY);
    const back = await importFeed(deps, FEED, serve(feedOf(job('A1'), job('A2'))));
    expect(gone.counts.closed).toBe(0);
    expect(back.counts.reopened).toBe(0);
    expect((await closings(eventStore)).map((event) => event.data)).toEqual([{ jobId, reason: 'closed_by_admin', closedAt: '2026-05-20T12:00:00.000Z' }]);
  });

  it('a job that could not be closed is reported and closed by the next run', async () => {
    const memory = createMemoryEventStore();
    const { deps, clock } = setup(memory);
    await importFeed(deps, FEED, serve(feedOf(job('A1'), job('A2'))));
    const jobId = importedJobId('indeed', 'A2');
    let refusals = 1;
    const refusing: EventStore = {
      ...memory,
      async append(streamId, events, options) {
        if (streamId === jobStreamId(jobId) && refusals-- > 0) throw new Error('disk full');
        return memory.append(streamId, events, options);
      },
    };
    clock.advance(DAY);
    const first = await importFeed({ ...deps, eventStore: refusing }, FEED, serve(feedOf(job('A1'))));
    expect(first).toMatchObject({ ok: true, counts: { closed: 0, failed: 1 }, problems: [`closing ${jobId}: disk full`] });
    expect((await lastRun(memory))?.data).toMatchObject({ listedJobs: 1, addedJobIds: [], removedJobIds: [jobId], unclosedJobIds: [jobId] });
    expect(await listedByFeed(memory)).toEqual([importedJobId('indeed', 'A1')]);
    clock.advance(DAY);
    const second = await importFeed({ ...deps, eventStore: refusing }, FEED, serve(feedOf(job('A1'))));
    expect(second.counts).toMatchObject({ closed: 1, failed: 0 });
    expect((await closings(memory)).map((event) => event.data)).toEqual([{ jobId, reason: 'removed_from_feed', closedAt: '2026-05-22T09:00:00.000Z' }]);
  });

  it('two feeds do not close each other’s jobs', async () => {
    const { deps, clock, eventStore } = setup();
    const otherFeed = 'https://partner.example/ziprecruiter.json';
    const otherJobs = JSON.stringify({ source: 'ziprecruiter', jobs: [job('Z1')] });
    await importFeed(deps, FEED, serve(feedOf(job('A1'))));
    await importFeed(deps, otherFeed, serve(otherJobs));
    clock.advance(DAY);
    await importFeed(deps, FEED, serve(feedOf(job('A1'))));
    await importFeed(deps, otherFeed, serve(otherJobs));
    expect(await closings(eventStore)).toEqual([]);
    expect(await listedByFeed(eventStore, otherFeed)).toEqual([importedJobId('ziprecruiter', 'Z1')]);
    expect(await listedByFeed(eventStore)).toEqual([importedJobId('indeed', 'A1')]);
  });

  it('when an admin closes a job at the moment the importer closes it, the importer reads it again and leaves the admin’s close', async () => {
    const memory = createMemoryEventStore();
    const { deps: first, clock } = setup(memory);
    await importFeed(first, FEED, serve(feedOf(job('A1'), job('A2'))));
    const jobId = importedJobId('indeed', 'A2');
    const store = interferingStore(memory, jobStreamId(jobId), () =>
      handleCommand(memory, jobStreamId(jobId), jobDecider, { type: 'CloseJob', data: { jobId, by: { userId: 'admin-1', role: 'admin', companyId: null }, at: '2026-05-21T08:59:00.000Z' } }, {
        ...first,
        actor: { userId: 'admin-1', role: 'admin' },
        correlationId: 'admin-request',
      }),
    );
    clock.advance(DAY);
    const summary = await importFeed({ ...first, eventStore: store }, FEED, serve(feedOf(job('A1'))));
    expect(summary.counts).toMatchObject({ closed: 0, failed: 0 });
    expect((await closings(memory)).map((event) => event.data)).toEqual([{ jobId, reason: 'closed_by_admin', closedAt: '2026-05-21T08:59:00.000Z' }]);
  });

  it('when a job changes while the importer revises it, the revision is retried once and lands', async () => {
    const memory = createMemoryEventStore();
    const { deps: first, clock } = setup(memory);
    await importFeed(first, FEED, serve(feedOf(job('A1'))));
    const jobId = importedJobId('indeed', 'A1');
    const store = interferingStore(memory, jobStreamId(jobId), () =>
      handleCommand(memory, jobStreamId(jobId), jobDecider, { type: 'CloseJob', data: { jobId, by: { userId: 'admin-1', role: 'admin', companyId: null }, at: '2026-05-21T08:59:00.000Z' } }, {
        ...first,
        actor: { userId: 'admin-1', role: 'admin' },
        correlationId: 'admin-request',
      }),
    );
    clock.advance(DAY);
    const summary = await importFeed({ ...first, eventStore: store }, FEED, serve(feedOf(job('A1', { title: 'Renamed' }))));
    expect(summary.counts).toMatchObject({ revised: 1, failed: 0 });
    expect((await jobEvents(memory, 'A1')).map((event) => event.type)).toEqual(['JobImported', 'JobClosed', 'ImportedJobRevised']);
  });
});

describe('a feed that cannot be read', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  const localServer = async (handler: (request: IncomingMessage, response: ServerResponse) => void) => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.json`;
  };

  /** A feed that worked once (jobs A1, A2), then fails in the given way. */
  const afterOneGoodRun = async (feed: string, load: () => Promise<string | FeedSource>) => {
    const { deps, clock, eventStore } = setup();
    await importFeed(deps, feed, serve(feedOf(job('A1'), job('A2'))));
    clock.advance(DAY);
    const summary = await importFeed(deps, feed, load);
    return { deps, clock, eventStore, summary };
  };

  it('a loader that throws records ImportRunFailed and closes no job', async () => {
    const { summary, eventStore } = await afterOneGoodRun(FEED, async () => {
      throw new Error('ENOENT: no such file');
    });
    expect(summary).toMatchObject({ ok: false, reason: 'ENOENT: no such file', counts: { closed: 0 } });
    expect((await lastRun(eventStore))).toEqual({ type: 'ImportRunFailed', data: { feed: FEED, reason: 'ENOENT: no such file', at: '2026-05-21T09:00:00.000Z' } });
    expect(await closings(eventStore)).toEqual([]);
  });

  it('a run after a failed one still compares with the last successful run', async () => {
    const { deps, clock, eventStore } = await afterOneGoodRun(FEED, async () => {
      throw new Error('offline');
    });
    clock.advance(DAY);
    const summary = await importFeed(deps, FEED, serve(feedOf(job('A1'))));
    expect(summary.counts.closed).toBe(1);
    expect((await closings(eventStore)).map((event) => event.data)).toMatchObject([{ jobId: importedJobId('indeed', 'A2'), reason: 'removed_from_feed' }]);
  });

  it('text that is not a feed records ImportRunFailed and closes no job', async () => {
    const { summary, eventStore } = await afterOneGoodRun(FEED, serve('<html><body>Service Unavailable</body></html>'));
    expect(summary.ok).toBe(false);
    expect(summary.reason).toBe('The page has no schema.org JobPosting in its JSON-LD (<script type="application/ld+json">): there is nothing to import from it');
    expect((await importFeed(setup().deps, FEED, serve('Service Unavailable'))).reason).toMatch(/^The feed is not valid JSON/);
    expect((await lastRun(eventStore))?.type).toBe('ImportRunFailed');
    expect(await closings(eventStore)).toEqual([]);
  });

  it('a document with no jobs, after a run that had some, is treated as a failed fetch', async () => {
    const { summary, eventStore } = await afterOneGoodRun(FEED, serve(feedOf()));
    expect(summary).toMatchObject({ ok: false, reason: 'The feed listed no jobs while the last run saw 2: treated as a failed fetch, no job was closed.' });
    expect(await closings(eventStore)).toEqual([]);
  });

  it('a missing file fails with the path in the reason', async () => {
    const missing = path.join(repoRoot, 'no-such-feed.json');
    await expect(loadFeed(missing)).rejects.toThrow(`Could not read ${missing}`);
  });

  it('fetches a feed over HTTP, and an answer of HTTP 500 later fails the run without closing anything', async () => {
    let status = 200;
    const url = await localServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 200 ? feedOf(job('A1'), job('A2')) : '{"error":"boom"}');
    });
    const { deps, clock, eventStore } = setup();
    const first = await importFeed(deps, url, () => loadFeed(url));
    expect(first).toMatchObject({ ok: true, counts: { imported: 2 } });
    status = 500;
    clock.advance(DAY);
    const second = await importFeed(deps, url, () => loadFeed(url));
    expect(second).toMatchObject({ ok: false, reason: `${url} answered HTTP 500 Internal Server Error` });
    expect((await lastRun(eventStore, url))?.type).toBe('ImportRunFailed');
    expect(await closings(eventStore)).toEqual([]);
  });

  it('a server that does not answer in time fails the run without closing anything', async () => {
    const url = await localServer(() => undefined);
    const { summary, eventStore } = await afterOneGoodRun(url, () => loadFeed(url, { timeoutMs: 100 }));
    expect(summary).toMatchObject({ ok: false, reason: `No complete answer from ${url} within 0.1 s` });
    expect(await closings(eventStore)).toEqual([]);
  });

  it('fetches RSS sent gzip-encoded in ISO-8859-1, and a JSON feed sent as a .gz file, and says what it skipped (ADR 105)', async () => {
    const rss = `<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel>
      <item><title>Café Zürich: Kellner</title><guid>z1</guid><description>&lt;p&gt;Service à la carte&lt;/p&gt;</description></item>
      <item><title>Kellnerin</title><guid>z2</guid><description>Ohne Firma</description></item></channel></rss>`;
    const url = await localServer((request, response) => {
      if (request.url === '/feed.json') {
        response.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' });
        response.end(gzipSync(Buffer.from(rss, 'latin1')));
      } else {
        response.writeHead(200, { 'content-type': 'application/gzip' });
        response.end(gzipSync(feedOf(job('A1'))));
      }
    });
    const { deps, eventStore } = setup();
    const summary = await importFeed(deps, url, () => loadFeed(url));
    expect(summary).toMatchObject({ ok: true, format: 'rss', source: 'rss', counts: { imported: 1, skipped: 1 } });
    expect(summary.skipped).toEqual([{ item: 'item[1]', externalId: 'z2', reason: expect.stringContaining('company is missing') }]);
    expect((await jobEvents(eventStore, 'z1', 'rss'))[0]?.data).toMatchObject({ company: 'Café Zürich', title: 'Kellner', description: 'Service à la carte' });
    const gz = url.replace('/feed.json', '/feed.json.gz');
    expect(await importFeed(deps, gz, () => loadFeed(gz))).toMatchObject({ ok: true, format: 'hireloop', counts: { imported: 1 } });
  });

  it('an answer larger than the size cap is refused', async () => {
    const url = await localServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(feedOf(job('A1'), job('A2'), job('A3')));
    });
    // The body is read as a stream (ADR 084): the cap stops the run while reading, and it closes nothing.
    const { summary, eventStore } = await afterOneGoodRun(url, () => loadFeed(url, { maxBytes: 100 }));
    expect(summary.ok).toBe(false);
    expect(summary.reason).toContain(`${url} sent more than`);
    expect(await closings(eventStore)).toEqual([]);
  });
});

describe('a feed read as a stream (ADR 084)', () => {
  it('stops where a cut-short document ends: the whole jobs before are imported, none closed, and a later good run closes those that are gone', async () => {
    const { deps, clock, eventStore } = setup();
    await importFeed(deps, FEED, serve(feedOf(job('A1'), job('A2'))));
    clock.advance(DAY);
    const full = feedOf(job('A1'), job('B1'), job('B2'), job('B3'));
    const cut = full.slice(0, full.indexOf('"externalId":"B3"') + 20);
    const broken = await importFeed(deps, FEED, serve(cut), { batchSize: 2 });
    expect(broken).toMatchObject({ ok: false, counts: { imported: 2, unchanged: 1, closed: 0 } });
    expect(broken.reason).toMatch(/^The feed ends in the middle of a value after \d+ bytes at byte \d+ \(in jobs\[3\], which starts at byte \d+\).*cut short/);
    expect(await lastRun(eventStore)).toEqual({
      type: 'ImportRunFailed',
      data: { feed: FEED, reason: broken.reason, at: '2026-05-21T09:00:00.000Z', writtenJobIds: [importedJobId('indeed', 'B1'), importedJobId('indeed', 'B2')].sort() },
    });
    expect(await closings(eventStore)).toEqual([]);

    clock.advance(DAY);
    const good = await importFeed(deps, FEED, serve(feedOf(job('A1'), job('B1'))));
    expect(good).toMatchObject({ ok: true, counts: { imported: 0, unchanged: 2, closed: 2 } });
    expect((await closings(eventStore)).map((event) => (event.data as { jobId: string }).jobId).sort()).toEqual([importedJobId('indeed', 'A2'), importedJobId('indeed', 'B2')].sort());
  });

  it('an XML feed cut short stops where it breaks (ADR 117): the whole items before are imported, none closed, the run failed with the line', async () => {
    const { deps, clock, eventStore } = setup();
    const feedUrl = 'https://board.example/jobs.rss';
    const item = (id: string) => `<item><title>Northwind: Data Engineer ${id}</title><guid>${id}</guid><link>/jobs/${id}</link><description>Pipelines.</description></item>`;
    const rss = (...ids: string[]) => `<?xml version="1.0"?><rss version="2.0"><channel><title>Board</title>${ids.map(item).join('')}</channel></rss>`;
    const first = await importFeed(deps, feedUrl, serve(rss('R1', 'R2')));
    expect(first).toMatchObject({ ok: true, format: 'rss', counts: { imported: 2 } });
    // A relative link is resolved against the address the feed was fetched from.
    expect((await jobEvents(eventStore, 'R1', 'rss'))[0]?.data).toMatchObject({ externalUrl: 'https://board.example/jobs/R1' });
    clock.advance(DAY);
    const full = rss('R1', 'R3', 'R4');
    const broken = await importFeed(deps, feedUrl, serve(full.slice(0, full.indexOf('<guid>R4') + 5)), { batchSize: 1 });
    expect(broken).toMatchObject({ ok: false, counts: { imported: 1, unchanged: 1, closed: 0 } });
    expect(broken.reason).toMatch(/^The feed is not well-formed XML at line 1, column \d+ \(in item\[2\]\): .*\(was it cut short\?\)$/);
    expect((await runEvents(eventStore, feedUrl)).at(-1)).toMatchObject({ type: 'ImportRunFailed', data: { writtenJobIds: [importedJobId('rss', 'R3')] } });
    expect(await closings(eventStore)).toEqual([]);
  });

  it('a document that is not JSON part-way fails the run with the byte and the item where it breaks', async () => {
    const { deps, eventStore } = setup();
    const text = feedOf(job('A1'), job('A2')).replace('"title":"Data Engineer A2"', '"title":Data Engineer A2');
    const summary = await importFeed(deps, FEED, serve(text), { batchSize: 1 });
    expect(summary).toMatchObject({ ok: false, counts: { imported: 1 } });
    expect(summary.reason).toMatch(/^The feed is not valid JSON at byte \d+ \(in jobs\[1\], which starts at byte \d+\): /);
    expect((await allEvents(eventStore)).map((event) => event.type)).toEqual(['JobImported', 'ImportRunFailed']);
  });

  it('decides jobs in batches, reading only the streams an earlier run listed, and a job imported meanwhile by another feed stays one job', async () => {
    const { deps, eventStore } = setup();
    await importFeed(deps, '/srv/feeds/indeed-other.json', serve(feedOf(job('B2'))));
    const reads: string[] = [];
    const counting: EventStore = {
      ...eventStore,
      readStream: (streamId, options) => {
        reads.push(streamId);
        return eventStore.readStream(streamId, options);
      },
    };
    const summary = await importFeed({ ...deps, eventStore: counting }, FEED, serve(feedOf(job('B1'), job('B2'), job('B3'))), { batchSize: 2 });
    expect(summary).toMatchObject({ ok: true, counts: { imported: 2, unchanged: 1, failed: 0 } });
    // New jobs are appended as new without a read; B2 was taken by the other feed: read and decided again.
    expect(reads.filter((streamId) => streamId.startsWith('job-'))).toEqual([jobStreamId(importedJobId('indeed', 'B2'))]);
    expect(await jobEvents(eventStore, 'B2')).toHaveLength(1);
  });
});

describe('the feed stream', () => {
  const spec = deciderSpec(importFeedDecider);
  const run: Omit<CompleteImportRunData, 'seenJobIds'> = {
    feed: FEED,
    source: 'indeed',
    unclosedJobIds: [],
    counts: { imported: 2, revised: 0, unchanged: 0, closed: 0, reopened: 0, skipped: 0, failed: 0 },
    skippedReasons: [],
    at: '2026-05-20T09:00:00.000Z',
  };
  const completing = (overrides: Partial<CompleteImportRunData> = {}): CompleteImportRunData => ({ ...run, seenJobIds: ['job-a', 'job-b'], ...overrides });
  const completed = (overrides: Partial<Extract<ImportRunCompleted, { listedJobs: number }>> = {}): ImportRunCompleted => ({ ...run, listedJobs: 2, addedJobIds: ['job-a', 'job-b'], removedJobIds: [], ...overrides });

  it('jobs of the last successful run, and jobs it could not close, are gone when this run does not list them', () => {
    const state = fold(importFeedDecider, [
      { type: 'ImportRunCompleted', data: completed({ unclosedJobIds: ['job-c'] }) },
      { type: 'ImportRunFailed', data: { feed: FEED, reason: 'offline', at: '2026-05-21T09:00:00.000Z' } },
    ]);
    expect(jobsGoneFromFeed(state, new Set(['job-b']))).toEqual(['job-a', 'job-c']);
  });

  it('records what changed in the listing since the last completed run, not every job id', () => {
    spec
      .given([{ type: 'ImportRunCompleted', data: completed() }])
      .when({ type: 'CompleteImportRun', data: completing({ seenJobIds: ['job-c', 'job-b'] }) })
      .then([{ type: 'ImportRunCompleted', data: completed({ listedJobs: 2, addedJobIds: ['job-c'], removedJobIds: ['job-a'] }) }]);
  });

  it('folds the changes into the listing, after a run recorded before them that listed every job', () => {
    const legacy = { ...run, seenJobIds: ['job-a', 'job-b'] };
    const state = fold(importFeedDecider, [
      { type: 'ImportRunCompleted', data: legacy },
      { type: 'ImportRunCompleted', data: completed({ listedJobs: 2, addedJobIds: ['job-c'], removedJobIds: ['job-a'] }) },
      { type: 'ImportRunCompleted', data: completed({ listedJobs: 2, addedJobIds: [], removedJobIds: [] }) },
    ]);
    expect([...state.seenJobIds].sort()).toEqual(['job-b', 'job-c']);
    expect(jobsGoneFromFeed(state, new Set(['job-c']))).toEqual(['job-b']);
    // The old shape still parses as stored (read back through its schema).
    expect(ImportRunCompleted.parse(legacy)).toEqual(legacy);
  });

  it('a run cannot both list a job and leave it unclosed', () => {
    spec.given([]).when({ type: 'CompleteImportRun', data: completing({ unclosedJobIds: ['job-a'] }) }).thenThrows(/both listed and left unclosed/);
  });

  it('records a failure as it is', () => {
    const failed = { feed: FEED, reason: 'HTTP 500', at: '2026-05-21T09:00:00.000Z' };
    spec.given([{ type: 'ImportRunCompleted', data: completed() }]).when({ type: 'FailImportRun', data: failed }).then([{ type: 'ImportRunFailed', data: failed }]);
  });
});

/** A store on which `interfere` writes to `streamId` just before the first append there. */
function interferingStore(inner: EventStore, streamId: string, interfere: () => Promise<unknown>): EventStore {
  let interfered = false;
  return {
    ...inner,
    async append(id, events, options) {
      if (id === streamId && !interfered) {
        interfered = true;
        await interfere();
      }
      return inner.append(id, events, options);
    },
    // The importer appends a batch's jobs together (ADR 084): the interference comes before that too.
    async appendToStreams(appends, options) {
      if (appends.some((append) => append.streamId === streamId) && !interfered) {
        interfered = true;
        await interfere();
      }
      return inner.appendToStreams(appends, options);
    },
  };
}
