import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { HireloopFeedInput } from '@hireloop/contracts/imports/feed';
import { FeedFormatError, dateFrom, htmlToText, parseFeed, repairMojibake, salaryFromText, salaryText, SPACES_TO_COLLAPSE } from './parsers';

// The Remote OK and Himalayas readers are tested on real API answers in parsers.data.test.ts.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const hireloopFeed = (jobs: unknown[], source: string = 'indeed') => JSON.stringify({ source, jobs });
const validJob: HireloopFeedInput['jobs'][number] = {
  externalId: 'IND-1',
  title: 'Data Engineer',
  company: 'Northwind',
  location: 'Austin, TX',
  description: 'Pipelines.',
};

describe('reading a Hireloop feed', () => {
  it('applies the defaults and normalises dates', () => {
    const parsed = parseFeed(hireloopFeed([{ ...validJob, postedAt: '2026-05-16', validThrough: '2026-06-30T12:00:00+02:00', url: 'https://indeed.example/j/1' }]));
    expect(parsed).toMatchObject({ format: 'hireloop', source: 'indeed', skipped: [] });
    expect(parsed.jobs).toEqual([
      {
        source: 'indeed',
        externalId: 'IND-1',
        externalUrl: 'https://indeed.example/j/1',
        postedAt: '2026-05-16T00:00:00.000Z',
        validThrough: '2026-06-30T10:00:00.000Z',
        content: {
          title: 'Data Engineer',
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
  });

  it('accepts the example of docs/import-format.md as it is written', () => {
    const doc = readFileSync(path.join(repoRoot, 'docs/import-format.md'), 'utf8');
    const example = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1] ?? '';
    const parsed = parseFeed(example);
    expect(parsed.skipped).toEqual([]);
    expect(parsed.jobs).toHaveLength(1);
    expect(parsed.jobs[0]?.content).toMatchObject({ type: 'Full-time', experience: 'Senior level', remote: true, description: 'Build our pipelines.\n\n• Kafka\n• dbt' });
  });

  it('skips each invalid job with a reason naming the field, and a repeated id after the first', () => {
    const parsed = parseFeed(
      hireloopFeed([
        validJob,
        { ...validJob, externalId: 'IND-2', title: '' },
        { ...validJob, externalId: 'IND-3', type: 'Permanent' },
        { ...validJob, externalId: 'IND-4', postedAt: 'last Tuesday' },
        { ...validJob, title: 'Same id again' },
        { title: 'No id' },
      ]),
    );
    expect(parsed.jobs.map((job) => job.externalId)).toEqual(['IND-1']);
    expect(parsed.skipped).toEqual([
      { item: 'jobs[1]', externalId: 'IND-2', reason: 'title must not be empty' },
      { item: 'jobs[2]', externalId: 'IND-3', reason: 'type must be one of: Full-time, Part-time, Contract, Freelance, Internship' },
      { item: 'jobs[3]', externalId: 'IND-4', reason: 'postedAt must be an ISO 8601 date, such as 2026-05-16 or 2026-05-16T08:00:00Z' },
      { item: 'jobs[4]', externalId: 'IND-1', reason: 'duplicate of an earlier job with id "IND-1" (the first is kept)' },
      {
        item: 'jobs[5]',
        externalId: null,
        reason: 'externalId is required (text): the id of the job in your system; company is required (text); location is required (text); description is required (text)',
      },
    ]);
  });

  it('turns an HTML description into text and accepts a numeric id', () => {
    const parsed = parseFeed(hireloopFeed([{ ...validJob, externalId: 42, description: '<p>We build &amp; ship.</p><ul><li>SQL</li><li>dbt</li></ul>' }]));
    expect(parsed.jobs[0]?.externalId).toBe('42');
    expect(parsed.jobs[0]?.content.description).toBe('We build & ship.\n\n• SQL\n• dbt');
  });

  it('fails the whole document when its source is not one of the partner sources', () => {
    expect(() => parseFeed(hireloopFeed([validJob], 'monster'))).toThrow(new FeedFormatError('Not a valid Hireloop feed: source must be one of: indeed, ziprecruiter, google_search, bairdtech'));
    expect(() => parseFeed(hireloopFeed([validJob], 'remoteok'))).toThrow(FeedFormatError);
  });
});

describe('documents that are not feeds', () => {
  it('fails on text that is not JSON, on an empty answer and on JSON of another shape', () => {
    expect(() => parseFeed('<html>502 Bad Gateway</html>')).toThrow(/not valid JSON/);
    expect(() => parseFeed('  ')).toThrow('The feed is empty');
    expect(() => parseFeed('{"items": []}')).toThrow(/Unrecognised feed/);
    expect(() => parseFeed('{"jobs": "none"}')).toThrow(/jobs must be a list/);
  });
});

describe('text and salary helpers', () => {
  it('repairs only text that shows signs of double encoding', () => {
    expect(repairMojibake('It\u00e2\u0080\u0099s')).toBe('It’s');
    expect(repairMojibake('Itâ€™s KrakÃ³w')).toBe('It’s Kraków');
    expect(repairMojibake('CAFÉ» and São Paulo')).toBe('CAFÉ» and São Paulo');
  });

  it('collapses white space exactly as replacing every run of it with one space does', () => {
    // Every kind of white space JavaScript knows, a letter, and a plain space twice as often as the rest.
    const alphabet = [' ', ' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u2028', '\u2029', '\u202f', '\u3000', '\ufeff', 'a'];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let sample = 0; sample < 5000; sample++) {
      const text = Array.from({ length: Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(text.replace(SPACES_TO_COLLAPSE, ' '), JSON.stringify(text)).toBe(text.replace(/\s+/g, ' '));
    }
  });

  it('keeps line breaks, decodes entities and drops scripts', () => {
    expect(htmlToText('<h3>Role</h3><p>Line one<br>Line&nbsp;two &#8211; &eacute;t&eacute;</p><script>alert(1)</script><ul><li><p>Item</p></li><li></li></ul>')).toBe(
      'Role\n\nLine one\nLine two – été\n\n• Item',
    );
  });

  it('writes a single amount, an open range and an hourly rate', () => {
    expect(salaryText({ min: 45, max: 45, period: 'hourly' })).toBe('$45/hour');
    expect(salaryText({ min: 80000, max: 120000, currency: 'USD', period: 'annual' })).toBe('$80,000 - $120,000');
    expect(salaryText({ min: 60000, currency: 'GBP' })).toBe('From £60,000');
    expect(salaryText({ max: 90000, currency: 'CHF' })).toBe('Up to CHF 90,000');
    expect(salaryText({ min: 0, max: 0 })).toBeNull();
  });

  it('reads dates as feeds write them, and does not guess a day from a month', () => {
    const cases: Array<[unknown, string | null]> = [
      ['2026-05-16', '2026-05-16T00:00:00.000Z'],
      ['2026-05-16 08:00:00', '2026-05-16T08:00:00.000Z'],
      ['2026-03-01 10:00:00 UTC', '2026-03-01T10:00:00.000Z'],
      ['2026-05-16T08:00:00+02:00', '2026-05-16T06:00:00.000Z'],
      ['Tue, 11 Aug 2026 07:30:41 +0000', '2026-08-11T07:30:41.000Z'],
      ['Fri, 11 Aug 2026 07:30:41 GMT', '2026-08-11T07:30:41.000Z'],
      ['16.05.2026', '2026-05-16T00:00:00.000Z'],
      ['16/05/2026', '2026-05-16T00:00:00.000Z'],
      ['05/16/2026', '2026-05-16T00:00:00.000Z'],
      ['05/06/2026', null],
      ['May 16, 2026', '2026-05-16T00:00:00.000Z'],
      ['16 May 2026', '2026-05-16T00:00:00.000Z'],
      ['March 3rd, 2026', '2026-03-03T00:00:00.000Z'],
      ['1778918400', '2026-05-16T08:00:00.000Z'],
      [1778918400000, '2026-05-16T08:00:00.000Z'],
      ['yesterday', null],
      ['0001-01-01', null],
    ];
    for (const [text, iso] of cases) expect([text, dateFrom(text)]).toEqual([text, iso]);
  });

  it('answers a date already written as toISOString writes it as luxon did, valid or not (ADR 126: without luxon)', () => {
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    // Seeded, so a failure is the same on every run: months 0-13, days 0-32, hours 0-25 and so on.
    let seed = 126;
    const next = (below: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % below);
    for (let round = 0; round < 3000; round++) {
      const text = `${1980 + next(130)}-${pad(next(14))}-${pad(next(33))}T${pad(next(26))}:${pad(next(61))}:${pad(next(61))}.${pad(next(1000), 3)}Z`;
      const luxon = DateTime.fromISO(text, { zone: 'utc', setZone: true, locale: 'en-US' });
      const expected = luxon.isValid && luxon.year >= 1990 && luxon.year <= 2100 ? luxon.toUTC().toISO() : null;
      if (expected !== null) expect([text, dateFrom(text)]).toEqual([text, expected]);
      else expect(dateFrom(text)).not.toBe(text);
    }
  });

  it('writes salaries given as text the board’s way when it can read them whole, and keeps the rest as written', () => {
    const cases: Array<[string, string | null]> = [
      ['$120k–$150k', '$120,000 - $150,000'],
      ['$120-150k', '$120,000 - $150,000'],
      ['€60.000', '€60,000'],
      ['60.000 € pro Jahr', '€60,000'],
      ['€55.200,50', '€55,200.50'],
      ['USD 100,000-120,000 per year', '$100,000 - $120,000'],
      ['45 USD/hr', '$45/hour'],
      ['£3,000 - £3,500 a month', '£3,000 - £3,500/month'],
      ['Competitive', 'Competitive'],
      ['$120k + equity', '$120k + equity'],
      ['120000', '120000'],
      ['', null],
    ];
    for (const [text, shown] of cases) expect([text, salaryFromText(text)]).toEqual([text, shown]);
  });
});
