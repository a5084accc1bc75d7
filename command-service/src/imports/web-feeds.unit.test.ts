import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chunkedSource, streamed } from '../../../tests/support/feed-stream';
import type { FeedSource } from './feed-reader';
import { splitCompanyTitle } from './web-feeds';

const bytesSource = (bytes: Uint8Array, rereadable = true, size = 7): FeedSource => ({
  size: bytes.byteLength,
  rereadable,
  async *chunks() {
    for (let start = 0; start < bytes.byteLength; start += size) yield bytes.subarray(start, start + size);
  },
});
const failure = async (source: FeedSource) => {
  try {
    await streamed(source);
  } catch (error) {
    return error as Error;
  }
  throw new Error('the feed was read without an error');
};

const rss = (items: string, prolog = '<?xml version="1.0" encoding="UTF-8"?>') => `${prolog}
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:job="https://example.org/job">
  <channel><title>Board</title><link>https://board.example</link>${items}</channel>
</rss>`;

const RSS_ITEMS = `
  <item>
    <title><![CDATA[Acme Café: Senior Backend Engineer]]></title>
    <link>https://board.example/jobs/1</link>
    <guid isPermaLink="false">job-1</guid>
    <pubDate>Tue, 11 Aug 2026 07:30:41 +0000</pubDate>
    <region>Europe</region>
    <type>Contract</type>
    <category>Go</category><category>PostgreSQL</category>
    <description><![CDATA[<p>Build <b>APIs</b> &amp; services.</p><ul><li>Go</li></ul>]]></description>
  </item>
  <item>
    <title>Senior Designer</title>
    <job:company>Northwind &amp; Co</job:company>
    <job:location>Lisbon, Portugal</job:location>
    <guid>https://board.example/jobs/2</guid>
    <description>&lt;p&gt;Design &amp;amp; ship.&lt;/p&gt;</description>
    <content:encoded><![CDATA[<p>Design &amp; ship <em>products</em> people love, with a long description.</p>]]></content:encoded>
    <dc:date>2026-08-01T10:00:00Z</dc:date>
  </item>
  <item><title>No company here</title><guid>job-3</guid><description>text</description></item>
  <item><title>Acme: Writer</title><description>no id or link</description></item>
  <item><title>Acme: Tester</title><guid>job-5</guid></item>`;

describe('web feeds: RSS, Atom and JSON Feed', () => {
  it('imports RSS 2.0 with CDATA, namespaces and entities, and says why it skipped the rest', async () => {
    const feed = await streamed(chunkedSource(rss(RSS_ITEMS), 13));
    expect(feed).toMatchObject({ format: 'rss', source: 'rss' });
    expect(feed.jobs).toEqual([
      expect.objectContaining({
        externalId: 'job-1',
        externalUrl: 'https://board.example/jobs/1',
        postedAt: '2026-08-11T07:30:41.000Z',
        content: expect.objectContaining({ title: 'Senior Backend Engineer', company: 'Acme Café', location: 'Europe', type: 'Contract', description: 'Build APIs & services.\n\n• Go', skills: ['Go', 'PostgreSQL'], experience: 'Senior level' }),
      }),
      expect.objectContaining({
        externalId: 'https://board.example/jobs/2',
        externalUrl: 'https://board.example/jobs/2',
        postedAt: '2026-08-01T10:00:00.000Z',
        content: expect.objectContaining({ title: 'Senior Designer', company: 'Northwind & Co', location: 'Lisbon, Portugal', remote: false, description: 'Design & ship products people love, with a long description.' }),
      }),
    ]);
    expect(feed.skipped).toEqual([
      { item: 'item[2]', externalId: 'job-3', reason: expect.stringContaining('company is missing') },
      { item: 'item[3]', externalId: null, reason: expect.stringContaining('neither a guid/id nor a link') },
      { item: 'item[4]', externalId: 'job-5', reason: expect.stringContaining('description is missing') },
    ]);
  });

  it('reads a feed in the encoding its XML declaration names, and after a byte-order mark', async () => {
    const text = rss('<item><title>Société Générale: Ingénieur</title><guid>fr-1</guid><description>Évry — café</description></item>', '<?xml version="1.0" encoding="ISO-8859-1"?>');
    const latin1 = Uint8Array.from([...text.replace('—', '-')], (char) => char.charCodeAt(0));
    const [job] = (await streamed(bytesSource(latin1))).jobs;
    expect(job?.content).toMatchObject({ company: 'Société Générale', title: 'Ingénieur', description: 'Évry - café' });

    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(rss(RSS_ITEMS))]);
    expect((await streamed(bytesSource(withBom))).jobs).toHaveLength(2);

    const unknown = await failure(bytesSource(new TextEncoder().encode(rss('', '<?xml version="1.0" encoding="x-klingon"?>'))));
    expect(unknown.message).toMatch(/encoding "x-klingon", which is not supported/);
  });

  it('imports Atom entries: the alternate link, the author as the company, html content', async () => {
    const atom = `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Jobs</title>
  <entry><id>tag:jobs.example,2026:1</id><title type="html">Data Analyst (Remote)</title>
    <link rel="self" href="https://jobs.example/self/1"/><link rel="alternate" href="https://jobs.example/jobs/1"/>
    <author><name>Globex</name></author><published>2026-07-01T09:00:00+02:00</published>
    <content type="html">&lt;p&gt;SQL &amp;amp; dashboards&lt;/p&gt;</content><category term="sql" label="SQL"/></entry>
  <entry><id>tag:jobs.example,2026:2</id><title>Orphan</title><summary>x</summary></entry>
</feed>`;
    const feed = await streamed(chunkedSource(atom, 11));
    expect(feed).toMatchObject({ format: 'atom', source: 'rss' });
    expect(feed.jobs).toEqual([
      expect.objectContaining({
        externalId: 'tag:jobs.example,2026:1',
        externalUrl: 'https://jobs.example/jobs/1',
        postedAt: '2026-07-01T07:00:00.000Z',
        content: expect.objectContaining({ title: 'Data Analyst (Remote)', company: 'Globex', remote: true, description: 'SQL & dashboards', skills: ['SQL'] }),
      }),
    ]);
    expect(feed.skipped).toEqual([{ item: 'entry[1]', externalId: 'tag:jobs.example,2026:2', reason: expect.stringContaining('company is missing') }]);
  });

  it('imports a JSON Feed whose company is an object, and a Hireloop feed whose company is an object', async () => {
    const jsonFeed = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Jobs',
      items: [
        { id: 'j1', url: 'https://jobs.example/j1', title: 'Nurse', content_html: '<p>Night shifts</p>', _job: { company: { name: 'St. Mary’s', logo: 'x' }, location: 'Dublin' }, tags: ['Healthcare'] },
        { id: 'j2', title: 'Nurse', content_text: 'Days' },
      ],
    });
    const feed = await streamed(chunkedSource(jsonFeed, 5));
    expect(feed).toMatchObject({ format: 'jsonfeed', source: 'rss' });
    expect(feed.jobs).toEqual([expect.objectContaining({ externalId: 'j1', content: expect.objectContaining({ company: 'St. Mary’s', location: 'Dublin', description: 'Night shifts' }) })]);
    expect(feed.skipped).toEqual([{ item: 'items[1]', externalId: 'j2', reason: expect.stringContaining('company is missing') }]);

    const hireloop = JSON.stringify({ source: 'indeed', jobs: [{ externalId: 'A1', title: 'Dev', company: { name: 'Acme', url: 'https://acme.example' }, location: 'Paris', description: 'x' }] });
    expect((await streamed(chunkedSource(hireloop, 9))).jobs).toEqual([expect.objectContaining({ externalId: 'A1', content: expect.objectContaining({ company: 'Acme' }) })]);
  });

  it('reads gzip-compressed feeds, JSON or XML, from a file or an answer read once', async () => {
    const json = JSON.stringify({ source: 'indeed', jobs: [{ externalId: 'A1', title: 'Dev', company: 'Acme', location: 'Paris', description: 'x' }] });
    expect((await streamed(bytesSource(gzipSync(json), false))).jobs).toHaveLength(1);
    expect((await streamed(bytesSource(gzipSync(rss(RSS_ITEMS)), true))).jobs).toHaveLength(2);
    const cut = gzipSync(json).subarray(0, 30);
    expect((await failure(bytesSource(cut))).message).toMatch(/gzip-compressed but could not be decompressed/);
  });

  it('refuses XML that is not a job feed, not well-formed, nested too deep, or expands entities without bound', async () => {
    expect((await failure(chunkedSource('<?xml version="1.0"?><html><body/></html>', 8))).message).toMatch(/Unrecognised XML feed.*found <html>/);
    expect((await failure(chunkedSource(rss('<item><title>a</item>'), 8))).message).toMatch(/not well-formed XML/);
    expect((await failure(chunkedSource(`<rss>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</rss>`, 100))).message).toMatch(/not well-formed XML/);
    const laughs = ['<!ENTITY l0 "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`)].join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [${laughs}]>${rss('<item><title>Acme: &l9;</title><guid>b</guid><description>&l9;</description></item>', '')}`;
    const before = process.memoryUsage().rss;
    const outcome = await streamed(chunkedSource(bomb, 1000)).catch((error: Error) => error);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    if (outcome instanceof Error) expect(outcome.message).toMatch(/XML|entit/i);
    else expect(JSON.stringify(outcome).length).toBeLessThan(1_000_000);
  });

  it('takes "Company: Title" apart, but not a prefix that names no company', () => {
    expect(splitCompanyTitle('Stellar AI: Senior Software Engineer')).toEqual({ company: 'Stellar AI', title: 'Senior Software Engineer' });
    expect(splitCompanyTitle('Urgent: Nurse')).toBeNull();
    expect(splitCompanyTitle('Engineer (Go/Rust)')).toBeNull();
  });
});
