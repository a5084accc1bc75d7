import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_MAX_BYTES } from '@hireloop/command-service/imports/importer';
import { createPostgresEventStore, type PostgresEventStore } from '@hireloop/platform/event-store';
import { randomIds, systemClock } from '@hireloop/platform/runtime';
import { writeJobFeed } from '../../tests/support/job-feed';
import { createTestDatabase, type TestDatabase } from '../../tests/support/postgres';
import { runImport, terminalProgress, type ImportRuntime } from './import';

/**
 * `hireloop import` of a feed file larger than the old 10 MB limit, read as a stream into the
 * PostgreSQL log (ADR 084): every job lands once, and a second run of the same file adds none.
 */
describe('importing a feed file larger than 10 MB', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase('hl_import_stream');
    store = await createPostgresEventStore({ connectionString: db.url });
    dir = await mkdtemp(path.join(tmpdir(), 'hl-import-stream-'));
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const countOf = async (sql: string) => Number((await store.pool.query<{ n: string }>(sql)).rows[0]!.n);

  it('imports every job of a 12 MB file once, shows progress on a terminal, and imports nothing twice on the next run', async () => {
    const file = path.join(dir, 'feed.json');
    const feed = await writeJobFeed(file, 12 * 1024 * 1024);
    expect(feed.bytes).toBeGreaterThan(FEED_MAX_BYTES);
    const runtime: ImportRuntime = { eventStore: store, clock: systemClock, ids: randomIds };

    const screen: string[] = [];
    const terminal = terminalProgress({ isTTY: true, write: (text: string) => screen.push(text) > 0 }, 0)!;
    const lines: string[] = [];
    const [first] = await runImport(runtime, [file], { progress: terminal.progress, log: (line) => lines.push(line) });
    expect(first).toMatchObject({ ok: true, format: 'hireloop', counts: { imported: feed.jobs, skipped: 0, failed: 0 } });
    expect(await countOf(`SELECT count(*)::text AS n FROM events WHERE type = 'JobImported'`)).toBe(feed.jobs);
    expect(await countOf(`SELECT count(DISTINCT data->>'externalId')::text AS n FROM events WHERE type = 'JobImported'`)).toBe(feed.jobs);
    expect(lines).toEqual([`import ${file} (indeed): ${feed.jobs} new, 0 revised, 0 unchanged, 0 closed, 0 reopened, 0 skipped`]);
    // The last line drawn: the whole file read, every job counted.
    const total = (feed.bytes / 1_048_576).toFixed(1);
    const last = screen.filter((text) => text.startsWith('\rimport:')).at(-1);
    expect(last).toContain(`100%  ${total} / ${total} MB, ${feed.jobs.toLocaleString('en-US')} jobs, `);
    expect(last).toMatch(/\[#{20}\] 100% .* [\d,]+ jobs\/s/);
    expect(last?.endsWith('\u001b[K')).toBe(true);

    const [again] = await runImport(runtime, [file]);
    expect(again).toMatchObject({ ok: true, counts: { imported: 0, revised: 0, unchanged: feed.jobs, closed: 0 } });
    expect(await countOf(`SELECT count(*)::text AS n FROM events WHERE type = 'JobImported'`)).toBe(feed.jobs);
    // A few seconds on a quiet machine (about 5,000 jobs twice); the margin is for a shared, loaded one.
  }, 180_000);
});
