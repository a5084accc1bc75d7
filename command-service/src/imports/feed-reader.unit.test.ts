import { describe, expect, it } from 'vitest';
import { chunkedSource, streamed } from '../../../tests/support/feed-stream';
import { FeedSyntaxError, type FeedReadProgress, type FeedSource, type readFeed } from './feed-reader';
import { FeedFormatError, parseFeed } from './parsers';

const job = (externalId: string, title = `Engineer ${externalId}`) => ({ externalId, title, company: 'Northwind', location: 'Austin, TX', description: '<p>Pipelines — “quoted”, naïve.</p>' });
const hireloop = (jobs: unknown[]) => JSON.stringify({ source: 'indeed', jobs });
const failure = async (source: FeedSource, options: Parameters<typeof readFeed>[1] = {}) => {
  try {
    await streamed(source, options);
  } catch (error) {
    return error as Error;
  }
  throw new Error('the feed was read without an error');
};

describe('reading a feed as a stream', () => {
  it('makes the same jobs and skipped items as the document parsed whole, whatever the chunk size', async () => {
    const text = hireloop([job('A1'), { externalId: 'A2', title: '' }, job('A1', 'Again'), 42, job('A3')]);
    for (const size of [1, 3, 7, 64, 100_000]) expect(await streamed(chunkedSource(text, size))).toEqual(parseFeed(text));
  });

  it('finds where each item ends whatever its strings hold: escaped quotes and backslashes, brackets, split across chunks (ADR 126)', async () => {
    const tricky = ['say \\"hi\\" {now} [1,2]', 'C:\\path\\', '\\\\"', 'ends with a backslash \\', '{"not": "json"}', '“quoted” — naïve 🚀 ]}', '\\u00e9 \\n'];
    const jobs = tricky.map((text, index) => ({ ...job(`T${index}`, `Title ${text}`), description: `<p>${text}</p>`, skills: [text, '[', '{'] }));
    const text = hireloop([...jobs, [1, [2, { a: '}' }]], { ...job('N1'), nested: { deeper: [[{ x: ']' }]] } }]);
    for (const size of [1, 2, 3, 5, 7, 13, 64, 100_000]) expect(await streamed(chunkedSource(text, size))).toEqual(parseFeed(text));
    const read = await streamed(chunkedSource(text, 3));
    expect(read.jobs.map((one) => one.externalId)).toEqual([...tricky.map((_, index) => `T${index}`), 'N1']);
    expect(read.jobs[1]!.content.description).toBe('C:\\path\\');
    expect(read.skipped).toEqual([{ item: `jobs[${tricky.length}]`, externalId: null, reason: expect.any(String) }]);
  });

  it('reports a bracket that closes the wrong kind where it stands, inside the item', async () => {
    const good = hireloop([job('A1')]).slice(0, -2);
    const text = `${good},{"externalId": "A2", "skills": ["x"}, "title": "t"}]}`;
    const error = await failure(chunkedSource(text, 9));
    expect(error).toBeInstanceOf(FeedSyntaxError);
    const byte = (at: number) => Buffer.byteLength(text.slice(0, at));
    expect(error.message).toMatch(new RegExp(`^The feed is not valid JSON at byte ${byte(text.indexOf('"x"}') + 3)} \\(in jobs\\[1\\], which starts at byte ${byte(good.length + 1)}\\)`));
  });

  it('recognises the three formats by shape, as parseFeed does, with the Remote OK notice left out', async () => {
    const remoteOk = JSON.stringify([{ legal: 'terms' }, { id: '7', position: 'Dev', company: 'Acme', description: 'x' }, { id: '8', company: 'Acme' }]);
    const himalayas = JSON.stringify({ comments: 'page', jobs: [{ guid: 'https://h/1', title: 'Dev', companyName: 'Acme', description: 'x' }], limit: 20 });
    for (const text of [remoteOk, himalayas, hireloop([job('A1')])]) expect(await streamed(chunkedSource(text, 5))).toEqual(parseFeed(text));
    expect((await streamed(chunkedSource(remoteOk, 5))).skipped).toEqual([{ item: '[2]', externalId: '8', reason: expect.stringContaining('position is required') }]);
  });

  it('knows a Hireloop feed whose source comes after its jobs only at the end: it holds them, or reads a file again', async () => {
    const text = JSON.stringify({ jobs: [job('A1'), job('A2')], source: 'ziprecruiter' });
    const held = await streamed(chunkedSource(text, 16, false));
    expect(held).toEqual(parseFeed(text));
    expect(held).toMatchObject({ format: 'hireloop', source: 'ziprecruiter' });

    const passes: number[] = [];
    const reread = await streamed(chunkedSource(text, 16), { holdBytes: 50, onProgress: ({ pass }: FeedReadProgress) => passes.push(pass) });
    expect(reread).toEqual(parseFeed(text));
    expect(new Set(passes)).toEqual(new Set([1, 2]));
  });

  it('fails a document that is not a feed with the same message as before', async () => {
    for (const text of ['{"entries": []}', '"jobs"', '{"source": "indeed", "jobs": {}}', '{"source": "monster", "jobs": []}', '{"jobs": 3}']) {
      const error = await failure(chunkedSource(text, 4));
      expect(error).toBeInstanceOf(FeedFormatError);
      expect(() => parseFeed(text)).toThrow(error.message);
    }
    expect((await failure(chunkedSource('  \n', 4))).message).toBe('The feed is empty');
  });

  it('stops at the byte where the JSON breaks, naming the item it was in', async () => {
    const good = hireloop([job('A1')]).slice(0, -2);
    const text = `${good},{"externalId": "A2", "title": }]}`;
    const error = await failure(chunkedSource(text, 10));
    expect(error).toBeInstanceOf(FeedSyntaxError);
    // Bytes, not characters: the description before has characters of two and three bytes.
    const byte = (at: number) => Buffer.byteLength(text.slice(0, at));
    expect(error.message).toMatch(new RegExp(`^The feed is not valid JSON at byte ${byte(text.indexOf('}]}'))} \\(in jobs\\[1\\], which starts at byte ${byte(good.length + 1)}\\)`));
    expect(() => parseFeed(text)).toThrow(/not valid JSON/);
  });

  it('reports a document cut short, between items or inside one', async () => {
    const text = hireloop([job('A1'), job('A2')]);
    const betweenItems = await failure(chunkedSource(text.slice(0, text.indexOf(',{"externalId":"A2"') + 1), 8));
    expect(betweenItems.message).toMatch(/^The feed ends after \d+ bytes before its document does .*: it was cut short \(truncated\)$/);
    const insideAString = await failure(chunkedSource(text.slice(0, text.indexOf('Engineer A2') + 4), 8));
    expect(insideAString).toBeInstanceOf(FeedSyntaxError);
    expect(insideAString.message).toMatch(/\(in jobs\[1\], which starts at byte \d+\)/);
  });

  it('refuses an item larger than the bound and nesting without end, instead of holding them', async () => {
    const huge = hireloop([job('A1'), { ...job('A2'), description: 'x'.repeat(5000) }]);
    expect((await failure(chunkedSource(huge, 512), { maxItemBytes: 2000 })).message).toMatch(/^An item of the feed is larger than .* \(in jobs\[1\], which starts at byte \d+\)/);
    expect((await failure(chunkedSource(`{"source":"indeed","jobs":[${'['.repeat(100)}`, 50))).message).toMatch(/nests deeper than 64 levels/);
  });

  it('reads garbage after the document as an error, as JSON.parse does', async () => {
    const error = await failure(chunkedSource(`${hireloop([job('A1')])} trailing`, 8));
    expect(error).toBeInstanceOf(FeedSyntaxError);
  });
});
