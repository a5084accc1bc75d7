import { describe, expect, it } from 'vitest';
import { chunkedSource, streamed } from '../../../tests/support/feed-stream';
import { readFeed, type FeedSource } from './feed-reader';

/**
 * Feeds Hireloop was never tuned for (ADR 117). Every fixture here is written from the format's
 * public documentation (field names and shapes), with made-up companies and jobs.
 */

const failure = async (source: FeedSource, context = {}) => {
  try {
    await streamed(source, {}, context);
  } catch (error) {
    return error as Error;
  }
  throw new Error('the feed was read without an error');
};

const bytesSource = (bytes: Uint8Array, size = 9): FeedSource => ({
  size: bytes.byteLength,
  rereadable: true,
  async *chunks() {
    for (let start = 0; start < bytes.byteLength; start += size) yield bytes.subarray(start, start + size);
  },
});

describe('XML job feeds, read as a stream', () => {
  it('imports an Indeed-style <source><job> feed: CDATA, relative links against the publisher URL, salaries and dates as written, and says why it skipped the rest', async () => {
    const indeed = `<?xml version="1.0" encoding="utf-8"?>
<source>
  <publisher>Acme Careers</publisher>
  <publisherurl>https://careers.acme.example/</publisherurl>
  <lastBuildDate>Fri, 10 Dec 2026 22:49:39 GMT</lastBuildDate>
  <job>
    <title><![CDATA[Senior Caf&eacute; Platform Engineer]]></title>
    <date><![CDATA[Thu, 10 Dec 2026 22:49:39 GMT]]></date>
    <referencenumber><![CDATA[unique123131]]></referencenumber>
    <url><![CDATA[/jobs/unique123131?source=feed]]></url>
    <company><![CDATA[Acme &amp; Sons]]></company>
    <city><![CDATA[Austin]]></city>
    <state><![CDATA[TX]]></state>
    <country><![CDATA[US]]></country>
    <description><![CDATA[<p>Build the <b>platform</b>.</p><ul><li>Go</li><li>Kubernetes</li></ul>]]></description>
    <salary><![CDATA[$120k–$150k per year]]></salary>
    <jobtype><![CDATA[fulltime]]></jobtype>
    <category><![CDATA[Engineering]]></category>
    <expirationdate><![CDATA[31.01.2027]]></expirationdate>
    <remotetype><![CDATA[Fully remote]]></remotetype>
  </job>
  <job><title>Nurse</title><referencenumber>n-1</referencenumber><description>Nights</description><city>Leeds</city></job>
  <job><title>Senior Caf&eacute; Platform Engineer</title><referencenumber>unique123131</referencenumber><company>Acme</company><description>again</description></job>
</source>`;
    const feed = await streamed(chunkedSource(indeed, 17));
    expect(feed).toMatchObject({ format: 'xmljobs', source: 'rss' });
    expect(feed.jobs).toEqual([
      expect.objectContaining({
        externalId: 'unique123131',
        externalUrl: 'https://careers.acme.example/jobs/unique123131?source=feed',
        postedAt: '2026-12-10T22:49:39.000Z',
        validThrough: '2027-01-31T00:00:00.000Z',
        content: expect.objectContaining({
          title: 'Senior Café Platform Engineer',
          company: 'Acme & Sons',
          location: 'Austin, TX, US',
          salary: '$120,000 - $150,000',
          type: 'Full-time',
          remote: true,
          description: 'Build the platform.\n\n• Go\n• Kubernetes',
          experience: 'Senior level',
        }),
      }),
    ]);
    expect(feed.skipped).toEqual([
      { item: 'job[1]', externalId: 'n-1', reason: 'company is missing: no <company> (or <companyName>, <employer>) element' },
      { item: 'job[2]', externalId: 'unique123131', reason: expect.stringContaining('duplicate of an earlier job') },
    ]);
  });

  it('imports Jooble-, LinkedIn- and ZipRecruiter-style <jobs><job> feeds', async () => {
    const jooble = `<jobs><job id="7001"><link>https://jobs.example/7001</link><name>Backend Developer</name><region>Berlin</region>
      <description>&lt;p&gt;Java &amp;amp; Spring&lt;/p&gt;</description><pubdate>16.05.2026</pubdate><updated>17.05.2026</updated>
      <salary>€60.000</salary><company>Beispiel GmbH</company><expire>May 30, 2026</expire><jobtype>Vollzeit, full-time</jobtype></job></jobs>`;
    const linkedIn = `<source><lastBuildDate>2026-05-16</lastBuildDate><job><partnerJobId><![CDATA[LI-42]]></partnerJobId><company>Globex</company>
      <title>Data Analyst</title><description><![CDATA[SQL and dashboards]]></description><applyUrl>https://globex.example/apply/42</applyUrl>
      <location>Toronto, ON, CA</location><workplaceTypes>On-site</workplaceTypes><experienceLevel>ENTRY_LEVEL</experienceLevel><jobtype>CONTRACT</jobtype></job></source>`;
    const [jobleJob] = (await streamed(chunkedSource(jooble, 23))).jobs;
    expect(jobleJob).toMatchObject({
      externalId: '7001',
      externalUrl: 'https://jobs.example/7001',
      postedAt: '2026-05-16T00:00:00.000Z',
      validThrough: '2026-05-30T00:00:00.000Z',
      content: { title: 'Backend Developer', company: 'Beispiel GmbH', location: 'Berlin', salary: '€60,000', description: 'Java & Spring', type: 'Full-time', remote: false },
    });
    const [linkedInJob] = (await streamed(chunkedSource(linkedIn, 31))).jobs;
    expect(linkedInJob).toMatchObject({ externalId: 'LI-42', externalUrl: 'https://globex.example/apply/42', content: { type: 'Contract', remote: false, experience: 'Entry level', location: 'Toronto, ON, CA' } });
  });

  it('imports Personio XML, taking the company from its address when the positions name none', async () => {
    const personio = `<?xml version="1.0" encoding="UTF-8"?>
<workzag-jobs>
  <position>
    <id>1234</id><office>Munich</office><additionalOffices><office>Remote</office></additionalOffices>
    <department>Engineering</department><name>Senior Backend Engineer (m/f/d)</name>
    <jobDescriptions>
      <jobDescription><name>Your tasks</name><value><![CDATA[<ul><li>Design APIs</li></ul>]]></value></jobDescription>
      <jobDescription><name>Your profile</name><value><![CDATA[<p>5 years of Go</p>]]></value></jobDescription>
    </jobDescriptions>
    <employmentType>permanent</employmentType><seniority>experienced</seniority><schedule>full-time</schedule>
    <keywords>Go,Kubernetes</keywords><createdAt>2026-05-16T08:00:00+00:00</createdAt>
  </position>
</workzag-jobs>`;
    const fromUrl = await streamed(chunkedSource(personio, 40), {}, { baseUrl: 'https://northwind-labs.jobs.personio.de/xml' });
    expect(fromUrl).toMatchObject({ format: 'personio', skipped: [] });
    expect(fromUrl.jobs[0]).toMatchObject({
      externalId: 'personio:1234',
      externalUrl: 'https://northwind-labs.jobs.personio.de/job/1234',
      postedAt: '2026-05-16T08:00:00.000Z',
      content: { title: 'Senior Backend Engineer (m/f/d)', company: 'Northwind Labs', location: 'Munich, Remote', remote: true, type: 'Full-time', skills: ['Go', 'Kubernetes'], description: 'Your tasks\n\n• Design APIs\n\nYour profile\n\n5 years of Go' },
    });
    const fromFile = await streamed(chunkedSource(personio, 40));
    expect(fromFile.skipped).toEqual([{ item: 'position[0]', externalId: 'personio:1234', reason: expect.stringContaining('company is missing: this Personio feed names no <subcompany>') }]);
  });

  it('streams an XML feed larger than the 32 MB the whole-document parser allowed, in flat memory', async () => {
    const item = (n: number) => `<item><title>Acme: Engineer ${n}</title><guid>g-${n}</guid><description>${'Build things. '.repeat(60)}</description></item>`;
    const total = 40 * 1024 * 1024;
    const encoder = new TextEncoder();
    const source: FeedSource = {
      size: null,
      rereadable: false,
      async *chunks() {
        yield encoder.encode('<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>');
        let bytes = 0;
        for (let n = 0; bytes < total; n += 200) {
          const chunk = encoder.encode(Array.from({ length: 200 }, (_, i) => item(n + i)).join(''));
          bytes += chunk.byteLength;
          yield chunk;
        }
        yield encoder.encode('</channel></rss>');
      },
    };
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    let items = 0;
    let peak = 0;
    // Progress a terminal shows (ADR 084) comes chunk by chunk, as for a JSON feed.
    const progress: number[] = [];
    for await (const part of readFeed(source, { onProgress: ({ bytesRead }) => progress.push(bytesRead) })) {
      if (part.kind === 'items') items += part.items.length;
      if (items % 10_000 < 200) peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
    expect(items).toBeGreaterThan(40_000);
    expect(progress.length).toBeGreaterThan(100);
    expect(progress.at(-1)).toBeGreaterThan(total);
    // The document is 40 MB; what is held is a chunk and the items of one chunk.
    expect(peak).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses entity bombs, external entities and deep nesting with a clear reason, and stops where a document breaks', async () => {
    const laughs = ['<!ENTITY l0 "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`)].join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [${laughs}]><rss><channel><item><title>Acme: &l9;</title></item></channel></rss>`;
    expect((await failure(chunkedSource(bomb, 64))).message).toMatch(/nests entities 4 deep \(at most 3\)/);
    // Few levels, but used often enough to make megabytes of text.
    const wide = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "${'x'.repeat(9000)}"><!ENTITY b "${'&a;'.repeat(100)}">]><rss><channel>${'<item><title>&b;&b;</title></item>'.repeat(3)}</channel></rss>`;
    expect((await failure(chunkedSource(wide, 4096))).message).toMatch(/entities expand to more than 1,000,000 characters/);
    const xxe = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]><rss><channel><item><title>&secret;</title></item></channel></rss>`;
    expect((await failure(chunkedSource(xxe, 64))).message).toMatch(/external entity &secret;, which is never read/);
    expect((await failure(chunkedSource(`<rss>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</rss>`, 50))).message).toMatch(/nests deeper than 64 levels at line 1/);
    const cut = `<rss><channel><item><title>Acme: One</title><guid>1</guid><description>x</description></item><item><title>Acme: Two</tit`;
    const jobs: unknown[] = [];
    const error = await (async () => {
      try {
        for await (const part of readFeed(chunkedSource(cut, 20))) if (part.kind === 'items') jobs.push(...part.items);
      } catch (caught) {
        return caught as Error;
      }
      return null;
    })();
    expect(jobs).toHaveLength(1);
    expect(error?.message).toMatch(/^The feed is not well-formed XML at line 1, column \d+ \(in item\[1\]\): .*\(was it cut short\?\)$/);
  });
});

describe('schema.org JobPosting in a page (Google for Jobs)', () => {
  it('imports every JobPosting of the page’s JSON-LD, and reports a block that is not JSON', async () => {
    const posting = {
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Software Engineer',
      description: '<p>Google aspires to be an organization that reflects the globally diverse audience…</p>',
      identifier: { '@type': 'PropertyValue', name: 'Initech', value: '1234567' },
      datePosted: '2026-01-18',
      validThrough: '2026-03-18T00:00',
      employmentType: ['FULL_TIME', 'CONTRACTOR'],
      hiringOrganization: { '@type': 'Organization', name: 'Initech', sameAs: 'https://initech.example' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Mountain View', addressRegion: 'CA', addressCountry: 'US' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', minValue: 40, maxValue: 50, unitText: 'HOUR' } },
      url: '/careers/1234567',
    };
    const remote = { '@type': 'JobPosting', title: 'Support Lead', description: 'Help customers', identifier: 'S-9', hiringOrganization: { name: 'Initech' }, jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'USA' }, datePosted: 'May 3, 2026' };
    const page = `<!DOCTYPE html>\r\n<html><head><title>Jobs</title>
<script type="application/ld+json">${JSON.stringify(posting)}</script>
<script type='application/ld+json'>{ "@context": "https://schema.org", "@graph": [ { "@type": "Organization", "name": "Initech" }, ${JSON.stringify(remote)} ] }</script>
<script type="application/ld+json">{ "@type": "JobPosting", "title": </script>
</head><body><h1>Careers</h1></body></html>`;
    const feed = await streamed(chunkedSource(page, 50), {}, { baseUrl: 'https://initech.example/careers' });
    expect(feed).toMatchObject({ format: 'jsonld', source: 'google_search' });
    expect(feed.jobs).toEqual([
      expect.objectContaining({
        externalId: '1234567',
        externalUrl: 'https://initech.example/careers/1234567',
        postedAt: '2026-01-18T00:00:00.000Z',
        validThrough: '2026-03-18T00:00:00.000Z',
        content: expect.objectContaining({ title: 'Software Engineer', company: 'Initech', location: 'Mountain View, CA, US', salary: '$40 - $50/hour', type: 'Full-time', remote: false }),
      }),
      expect.objectContaining({ externalId: 'S-9', postedAt: '2026-05-03T00:00:00.000Z', content: expect.objectContaining({ title: 'Support Lead', location: 'USA', remote: true }) }),
    ]);
    expect(feed.skipped).toEqual([{ item: 'JobPosting[2]', externalId: null, reason: expect.stringMatching(/^the page's JSON-LD block 3 is not valid JSON/) }]);
    expect((await failure(chunkedSource('<!doctype html><html><body>Service Unavailable</body></html>', 8))).message).toMatch(/The page has no schema.org JobPosting/);
  });
});

describe('ATS job APIs', () => {
  it('imports a Greenhouse board (content=true): escaped HTML, company, offices, pay ranges', async () => {
    const greenhouse = {
      jobs: [
        {
          absolute_url: 'https://boards.greenhouse.io/vaulttec/jobs/127817',
          data_compliance: [{ type: 'gdpr', requires_consent: false }],
          internal_job_id: 144381,
          location: { name: 'Remote - US' },
          metadata: [{ id: 1, name: 'Employment Type', value: 'Full-time', value_type: 'single_select' }],
          id: 127817,
          updated_at: '2026-05-16T10:00:00-04:00',
          requisition_id: '50',
          title: 'Vault Designer',
          content: '&lt;p&gt;Design &amp;amp; build vaults.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;CAD&lt;/li&gt;&lt;/ul&gt;',
          departments: [{ id: 1, name: 'Design' }],
          offices: [{ id: 2, name: 'US', location: 'United States' }],
          company_name: 'Vault-Tec',
          first_published: '2026-05-01T09:00:00-04:00',
          pay_input_ranges: [{ min_cents: 10000000, max_cents: 15000000, currency_type: 'USD', title: 'Base' }],
        },
        { absolute_url: 'https://boards.greenhouse.io/vaulttec/jobs/2', internal_job_id: 2, id: 2, title: 'Overseer', content: '', location: { name: 'Vault 101' } },
      ],
      meta: { total: 2 },
    };
    const feed = await streamed(chunkedSource(JSON.stringify(greenhouse), 64));
    expect(feed).toMatchObject({ format: 'greenhouse', source: 'rss' });
    expect(feed.jobs).toEqual([
      expect.objectContaining({
        externalId: 'greenhouse:127817',
        externalUrl: 'https://boards.greenhouse.io/vaulttec/jobs/127817',
        postedAt: '2026-05-01T13:00:00.000Z',
        content: expect.objectContaining({ title: 'Vault Designer', company: 'Vault-Tec', location: 'Remote - US', remote: true, salary: '$100,000 - $150,000', description: 'Design & build vaults.\n\n• CAD' }),
      }),
    ]);
    // No company_name: the board in the address names the company; no content: said per item.
    expect(feed.skipped).toEqual([{ item: 'jobs[1]', externalId: 'greenhouse:2', reason: 'description is missing (no description, content or summary)' }]);
  });

  it('imports Lever postings (an array, told from Remote OK by its shape) and Ashby jobs', async () => {
    const lever = [
      {
        id: '5ac21346-8e0c-4494-8e7a-3eb92ff77902',
        text: 'Senior Account Executive',
        categories: { commitment: 'Full-time', department: 'Sales', location: 'San Francisco', team: 'Enterprise' },
        country: 'US',
        workplaceType: 'hybrid',
        description: '<div>We sell software.</div>',
        descriptionPlain: 'We sell software.',
        lists: [{ text: 'Requirements', content: '<li>5 years of SaaS sales</li>' }],
        additional: '<div>Equity</div>',
        hostedUrl: 'https://jobs.lever.co/leverdemo/5ac21346-8e0c-4494-8e7a-3eb92ff77902',
        applyUrl: 'https://jobs.lever.co/leverdemo/5ac21346-8e0c-4494-8e7a-3eb92ff77902/apply',
        createdAt: 1778918400000,
        salaryRange: { currency: 'USD', interval: 'per-year-salary', min: 120000, max: 150000 },
      },
    ];
    const leverFeed = await streamed(chunkedSource(JSON.stringify(lever), 33));
    expect(leverFeed).toMatchObject({ format: 'lever', skipped: [] });
    expect(leverFeed.jobs[0]).toMatchObject({
      externalId: 'lever:5ac21346-8e0c-4494-8e7a-3eb92ff77902',
      postedAt: '2026-05-16T08:00:00.000Z',
      content: { company: 'Leverdemo', location: 'San Francisco', remote: false, type: 'Full-time', salary: '$120,000 - $150,000', description: 'We sell software.\n\nRequirements\n\n• 5 years of SaaS sales\n\nEquity' },
    });

    const ashby = {
      apiVersion: '1',
      jobs: [
        {
          id: '7458d4e9-da2e-47bd-98cb-adfda43d42b2',
          title: 'Engineering Manager - EU',
          department: 'Engineering',
          team: 'EMEA Engineering',
          employmentType: 'FullTime',
          location: 'Remote - European Union',
          secondaryLocations: [{ location: 'Amsterdam' }],
          isListed: true,
          isRemote: true,
          workplaceType: 'Remote',
          publishedAt: '2026-03-04T14:29:08.532+00:00',
          jobUrl: 'https://jobs.ashbyhq.com/northwind/7458d4e9-da2e-47bd-98cb-adfda43d42b2',
          applyUrl: 'https://jobs.ashbyhq.com/northwind/7458d4e9-da2e-47bd-98cb-adfda43d42b2/application',
          descriptionHtml: '<p>Lead a team.</p>',
          descriptionPlain: 'Lead a team.',
          compensation: { summaryComponents: [{ compensationType: 'Salary', interval: '1 YEAR', currencyCode: 'EUR', minValue: 150000, maxValue: 250000 }] },
        },
        { id: 'hidden-1', title: 'Internal', isListed: false, jobUrl: 'https://jobs.ashbyhq.com/northwind/hidden-1', descriptionHtml: '<p>x</p>' },
      ],
    };
    const ashbyFeed = await streamed(chunkedSource(JSON.stringify(ashby), 41));
    expect(ashbyFeed.jobs).toEqual([
      expect.objectContaining({
        externalId: 'ashby:7458d4e9-da2e-47bd-98cb-adfda43d42b2',
        content: expect.objectContaining({ company: 'Northwind', location: 'Remote - European Union, Amsterdam', remote: true, salary: '€150,000 - €250,000', experience: 'Mid level' }),
      }),
    ]);
    expect(ashbyFeed.skipped).toEqual([{ item: 'jobs[1]', externalId: 'ashby:hidden-1', reason: 'not listed on the board (isListed: false)' }]);
  });

  it('imports Workable, SmartRecruiters and Recruitee answers, and says what each lacks', async () => {
    const workable = {
      name: 'Globex Corporation',
      description: 'We make things.',
      jobs: [
        { title: 'QA Engineer', shortcode: 'ABC123', employment_type: 'Part-time', telecommuting: false, url: 'https://apply.workable.com/j/ABC123', published_on: '2026-05-16', city: 'Athens', country: 'Greece', locations: [{ country: 'Greece', countryCode: 'GR', city: 'Athens', region: 'Attica', hidden: false }], description: '<p>Test it all</p>' },
        { title: 'Designer', shortcode: 'DEF456', employment_type: 'Full-time', url: 'https://apply.workable.com/j/DEF456' },
      ],
    };
    const workableFeed = await streamed(chunkedSource(JSON.stringify(workable), 29));
    expect(workableFeed.jobs[0]).toMatchObject({ externalId: 'workable:ABC123', content: { company: 'Globex Corporation', location: 'Athens, Attica, Greece', type: 'Part-time', remote: false } });
    expect(workableFeed.skipped).toEqual([{ item: 'jobs[1]', externalId: 'workable:DEF456', reason: expect.stringContaining('?details=true') }]);

    const smartRecruiters = {
      offset: 0,
      limit: 100,
      totalFound: 2,
      content: [
        {
          id: '744000000000001',
          name: 'Java Developer',
          refNumber: 'REF1',
          company: { identifier: 'InitechCorp', name: 'Initech' },
          releasedDate: '2026-05-16T08:00:00.000Z',
          location: { city: 'Kraków', region: 'Lesser Poland', country: 'pl', remote: true, fullLocation: 'Kraków, Lesser Poland, Poland' },
          typeOfEmployment: { id: 'permanent', label: 'Full-time' },
          experienceLevel: { id: 'mid_senior_level', label: 'Mid-Senior Level' },
          jobAd: { sections: { jobDescription: { title: 'Job Description', text: '<p>Write Java.</p>' }, qualifications: { title: 'Qualifications', text: '<ul><li>Java 21</li></ul>' } } },
        },
        { id: '744000000000002', name: 'Sales Rep', company: { identifier: 'InitechCorp', name: 'Initech' }, location: { city: 'Berlin', country: 'de' } },
      ],
    };
    const smartFeed = await streamed(chunkedSource(JSON.stringify(smartRecruiters), 37));
    expect(smartFeed).toMatchObject({ format: 'smartrecruiters' });
    expect(smartFeed.jobs[0]).toMatchObject({
      externalId: 'smartrecruiters:744000000000001',
      externalUrl: 'https://jobs.smartrecruiters.com/InitechCorp/744000000000001',
      content: { company: 'Initech', location: 'Kraków, Lesser Poland, Poland', remote: true, description: 'Job Description\n\nWrite Java.\n\nQualifications\n\n• Java 21' },
    });
    expect(smartFeed.skipped).toEqual([{ item: 'content[1]', externalId: 'smartrecruiters:744000000000002', reason: expect.stringContaining('the postings list has no jobAd') }]);

    const recruitee = {
      offers: [
        {
          id: 998,
          slug: 'backend-engineer',
          title: 'Backend Engineer',
          company_name: 'Vandelay Industries',
          description: '<p>Import &amp; export.</p>',
          requirements: '<ul><li>Elixir</li></ul>',
          location: 'Amsterdam, Netherlands',
          remote: false,
          hybrid: true,
          employment_type_code: 'fulltime_permanent',
          experience_code: 'senior_level',
          salary: { min: '4000', max: '5500', period: 'month', currency: 'EUR' },
          careers_url: 'https://vandelay.recruitee.com/o/backend-engineer',
          published_at: '2026-05-16 08:00:00 UTC',
          close_at: null,
          tags: ['Elixir', 'Phoenix'],
        },
      ],
    };
    const recruiteeFeed = await streamed(chunkedSource(JSON.stringify(recruitee), 43));
    expect(recruiteeFeed.jobs[0]).toMatchObject({
      externalId: 'recruitee:998',
      postedAt: '2026-05-16T08:00:00.000Z',
      content: { company: 'Vandelay Industries', salary: '€4,000 - €5,500/month', type: 'Full-time', experience: 'Senior level', skills: ['Elixir', 'Phoenix'], description: 'Import & export.\n\nRequirements\n\n• Elixir' },
    });
  });
});

describe('odd but valid inputs', () => {
  const hireloop = (jobs: unknown[]) => JSON.stringify({ source: 'indeed', jobs });
  const job = { externalId: 'A1', title: 'Caf&eacute; &amp; Bar Manager', company: 'Acme', location: 'Paris', description: 'Line one\r\nLine two', salary: '€60.000', postedAt: '16.05.2026', url: '/jobs/A1' };

  it('reads UTF-16 JSON, with or without a byte-order mark, in either byte order', async () => {
    const text = hireloop([{ ...job, title: 'Ingénieur “Données”' }]);
    const le = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))]);
    const beNoBom = new Uint8Array(Buffer.from(text, 'utf16le').swap16());
    for (const bytes of [le, beNoBom]) {
      const feed = await streamed(bytesSource(bytes, 9));
      expect(feed.jobs.map((found) => found.content.title)).toEqual(['Ingénieur “Données”']);
    }
    const rss = `<?xml version="1.0" encoding="UTF-16"?><rss><channel><item><title>Société: Ingénieur</title><guid>1</guid><description>x</description></item></channel></rss>`;
    const xml = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(rss, 'utf16le'))]);
    expect((await streamed(bytesSource(xml, 10))).jobs[0]?.content).toMatchObject({ company: 'Société', title: 'Ingénieur' });
  });

  it('reads CRLF line ends, HTML entities in titles, salaries and dates as written, and resolves relative apply links against the feed URL', async () => {
    const text = hireloop([job]).replace(/,/g, ',\r\n');
    const fetched = await streamed(chunkedSource(text, 11), {}, { baseUrl: 'https://partner.example/feeds/jobs.json' });
    expect(fetched.skipped).toEqual([]);
    expect(fetched.jobs[0]).toMatchObject({
      externalUrl: 'https://partner.example/jobs/A1',
      postedAt: '2026-05-16T00:00:00.000Z',
      // A Hireloop feed's salary is text "as it should be shown": kept as the partner wrote it.
      content: { title: 'Café & Bar Manager', salary: '€60.000', description: 'Line one\nLine two' },
    });
    // A file has no address to resolve against: the job is imported without its link.
    expect((await streamed(chunkedSource(text, 11))).jobs[0]).toMatchObject({ externalId: 'A1', externalUrl: null });
    const rss = `<rss><channel><link>https://board.example/</link><item><title>Caf&eacute;&nbsp;Manager at Acme</title><company>Acme</company><guid>r1</guid><link>jobs/r1</link><description>x</description><pubDate>2026-05-16 10:00:00</pubDate><salary>USD 100,000-120,000 per year</salary></item></channel></rss>`;
    expect((await streamed(chunkedSource(rss, 16))).jobs[0]).toMatchObject({ externalUrl: 'https://board.example/jobs/r1', postedAt: '2026-05-16T10:00:00.000Z', content: { title: 'Café Manager at Acme', salary: '$100,000 - $120,000' } });
  });
});
