import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunkedSource, streamed } from '../../../tests/support/feed-stream';
import { parseFeed } from './parsers';

/** Real API answers (../shared/data/jobs): read as a stream, they make exactly what the whole-document parser made (ADR 084). */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) => readFileSync(path.join(repoRoot, '../shared/data/jobs', name), 'utf8');

describe('the real feeds read as a stream', () => {
  it.each(['remoteok_internship-hunter_2026-05.json', 'himalayas_internship-hunter_2026-05.json', 'himalayas_job-radar_2026-06.json'])('%s: the same jobs and skipped items in 1 kB chunks', async (name) => {
    const text = fixture(name);
    const whole = parseFeed(text);
    expect(whole.jobs.length).toBeGreaterThan(0);
    expect(await streamed(chunkedSource(text, 1024))).toEqual(whole);
    // A Himalayas page has no source: its format is known at its end, so its items are held, or a file is read again.
    expect(await streamed(chunkedSource(text, 1024), { holdBytes: 4096 })).toEqual(whole);
  });
});

describe('the real We Work Remotely RSS feeds (ADR 105)', () => {
  it.each([
    ['wwr_rss_job-radar_2026-06.xml', 25],
    ['wwr_rss_job-agent_2026-08.xml', 3],
  ])('%s: every item imports, with its company from "Company: Title" and its region', async (name, items) => {
    const feed = await streamed(chunkedSource(fixture(name), 1024));
    expect(feed).toMatchObject({ format: 'rss', source: 'rss', skipped: [] });
    expect(feed.jobs).toHaveLength(items);
    for (const job of feed.jobs) {
      expect(job.externalUrl).toMatch(/^https:\/\/weworkremotely\.com\//);
      expect(job.content.company).not.toBe('');
      expect(job.content.title).not.toContain(':');
      expect(job.content.description).not.toMatch(/<\/?[a-z]+[^>]*>|&lt;|&amp;/);
      expect(job.postedAt).toMatch(/^20\d\d-\d\d-\d\dT/);
    }
    expect(feed.jobs[0]!.content).toMatchObject({ location: expect.any(String), remote: true });
  });
});
