import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFeed, type ParsedFeed } from './parsers';

/** Real API answers, kept outside the repository (see ../shared/data/README.md); the Hireloop format and the helpers are in parsers.unit.test.ts. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) => readFileSync(path.join(repoRoot, '../shared/data/jobs', name), 'utf8');

const remoteOk = parseFeed(fixture('remoteok_internship-hunter_2026-05.json'));
const himalayasInternshipHunter = parseFeed(fixture('himalayas_internship-hunter_2026-05.json'));
const himalayasJobRadar = parseFeed(fixture('himalayas_job-radar_2026-06.json'));

const byId = (feed: ParsedFeed, externalId: string) => {
  const job = feed.jobs.find((candidate) => candidate.externalId === externalId);
  if (!job) throw new Error(`no job ${externalId}`);
  return job;
};
const byTitle = (feed: ParsedFeed, title: string) => {
  const job = feed.jobs.find((candidate) => candidate.content.title === title);
  if (!job) throw new Error(`no job ${title}`);
  return job;
};
const allText = (feed: ParsedFeed) => JSON.stringify(feed.jobs.map((job) => job.content));

describe('reading the Remote OK API', () => {
  it('reads all 99 jobs of the real dump and leaves out its legal notice', () => {
    expect(remoteOk.format).toBe('remoteok');
    expect(remoteOk.jobs).toHaveLength(99);
    expect(remoteOk.skipped).toEqual([]);
    expect(new Set(remoteOk.jobs.map((job) => job.externalId)).size).toBe(99);
    expect(remoteOk.jobs.every((job) => job.source === 'remoteok' && job.content.remote)).toBe(true);
  });

  it('repairs the double-encoded UTF-8 the API sends', () => {
    const text = allText(remoteOk);
    expect(text).not.toMatch(/â€|\u00e2\u0080|[\u0080-\u009f]|Ã[\u00a0-\u00bf]/);
    expect(byId(remoteOk, '1131612').content.description).toContain('suits their family’s needs.');
    expect(byId(remoteOk, '1131612').content.description).toContain('come together – powerfully and intentionally –');
    expect(byId(remoteOk, '1131505').content.location).toBe('Kraków');
  });

  it('removes the anti-spam tail that asks applicants to mention a word, and keeps the text before it', () => {
    expect(remoteOk.jobs.filter((job) => /Please mention the word|when applying to show you read/i.test(job.content.description))).toEqual([]);
    expect(byId(remoteOk, '1131612').content.description).toMatch(/before applying to Avalere Health\.$/);
  });

  it('turns the HTML description into paragraphs and one line per list item', () => {
    const description = byId(remoteOk, '1131612').content.description;
    expect(description).toMatch(/^About Avalere Health\n\nUnited by one profound purpose: to reach EVERY PATIENT POSSIBLE\./);
    expect(description).toContain(
      '• Daily monitoring of assigned tickets and the incident management ticket queue\n• Ownership of assigned tickets during the incident life cycle',
    );
    expect(allText(remoteOk)).not.toMatch(/<\/?[a-z][^>]*>|&nbsp;|&amp;/i);
    expect(byTitle(remoteOk, 'Manager Collections & Recoveries').content.title).toBe('Manager Collections & Recoveries');
  });

  it('writes the salary as text: a yearly range, an hourly one when the amounts are that small, none when both are 0', () => {
    expect(remoteOk.jobs.filter((job) => job.content.salary !== null)).toHaveLength(10);
    expect(byId(remoteOk, '1131594').content.salary).toBe('$70,000 - $150,000');
    expect(byId(remoteOk, '1131523').content.salary).toBe('$21 - $24/hour');
    expect(byId(remoteOk, '1131612').content.salary).toBeNull();
  });

  it('lists a job with no location as Worldwide, and keeps the others as written', () => {
    expect(remoteOk.jobs.filter((job) => job.content.location === 'Worldwide')).toHaveLength(26);
    expect(byId(remoteOk, '1131612').content.location).toBe('London');
  });

  it('takes at most 15 skills from the tags, without the ones that name a level or a contract', () => {
    const manyTags = byId(remoteOk, '1131509').content.skills;
    expect(manyTags).toHaveLength(15);
    expect(remoteOk.jobs.flatMap((job) => job.content.skills)).not.toContain('full-time');
    expect(remoteOk.jobs.every((job) => new Set(job.content.skills.map((skill) => skill.toLowerCase())).size === job.content.skills.length)).toBe(true);
  });

  it('reads the level from the title, Mid level when it says none', () => {
    expect(byTitle(remoteOk, 'Senior Accountant').content.experience).toBe('Senior level');
    expect(byTitle(remoteOk, 'Chief Revenue Officer').content.experience).toBe('Executive level');
    expect(byTitle(remoteOk, 'Online Hospitality Services Coordinator Entry Level').content.experience).toBe('Entry level');
    expect(byTitle(remoteOk, 'Account Executive Southeast').content.experience).toBe('Mid level');
    expect(byTitle(remoteOk, 'Business Owners Freelance AI Trainer Project').content.type).toBe('Freelance');
    expect(byTitle(remoteOk, 'Senior Accountant').content.type).toBe('Full-time');
  });

  it('links to the Remote OK page and dates the job by its post date', () => {
    const job = byId(remoteOk, '1131612');
    expect(job.externalUrl).toBe('https://remoteOK.com/remote-jobs/remote-it-support-technician-avalere-health-1131612');
    expect(job.postedAt).toBe('2026-05-16T08:00:12.000Z');
    expect(job.validThrough).toBeNull();
  });

  it('skips an item without an id and reports it, keeping the rest', () => {
    const parsed = parseFeed(
      JSON.stringify([
        { legal: 'terms' },
        { id: '1', position: 'Engineer', company: 'Acme', description: '<p>Build</p>', tags: [] },
        { position: 'No id', company: 'Acme', description: 'x' },
      ]),
    );
    expect(parsed.jobs.map((job) => job.externalId)).toEqual(['1']);
    expect(parsed.skipped).toEqual([{ item: '[2]', externalId: null, reason: 'id is required' }]);
  });
});

describe('reading a Himalayas API page', () => {
  it('reads the 20 jobs of one page and the 8 of the other', () => {
    expect(himalayasInternshipHunter.format).toBe('himalayas');
    expect(himalayasInternshipHunter.jobs).toHaveLength(20);
    expect(himalayasInternshipHunter.skipped).toEqual([]);
    expect(himalayasJobRadar.jobs).toHaveLength(8);
    expect(himalayasJobRadar.skipped).toEqual([]);
    expect([...himalayasInternshipHunter.jobs, ...himalayasJobRadar.jobs].every((job) => job.source === 'himalayas' && job.content.remote)).toBe(true);
  });

  it('keeps the text readable: no tags, no entities, no mojibake', () => {
    for (const feed of [himalayasInternshipHunter, himalayasJobRadar]) {
      expect(allText(feed)).not.toMatch(/<\/?[a-z][^>]*>|&nbsp;|&amp;|â€|[\u0080-\u009f]/i);
    }
    expect(byTitle(himalayasJobRadar, 'Regional Director, Sales').content.description).toMatch(/^The Opportunity:\n\nAt Avantor, people are/);
  });

  it('writes salaries in their currency and period', () => {
    expect(himalayasInternshipHunter.jobs.filter((job) => job.content.salary !== null)).toHaveLength(8);
    expect(byTitle(himalayasInternshipHunter, 'Flutter Developer').content.salary).toBe('€55,200 - €66,000');
    expect(byTitle(himalayasInternshipHunter, 'Mental Health Therapist').content.salary).toBe('$133,120');
    expect(byTitle(himalayasJobRadar, 'Amazon Category Specialist/Amazon Category Operator').content.salary).toBe('$10 - $25/hour');
    expect(byTitle(himalayasJobRadar, 'Regional Director, Sales').content.salary).toBe('$115,800 - $196,650');
    expect(byTitle(himalayasJobRadar, 'Account Manager (m/w/d)').content.salary).toBeNull();
  });

  it('maps employment type, seniority, places and categories to the board’s fields', () => {
    const flutter = byTitle(himalayasInternshipHunter, 'Flutter Developer').content;
    expect(flutter.type).toBe('Contract');
    expect(flutter.experience).toBe('Senior level');
    expect(flutter.location).toBe('Poland');
    expect(byTitle(himalayasInternshipHunter, 'GSD Telephone Operator').content).toMatchObject({ type: 'Part-time', experience: 'Entry level' });
    expect(byTitle(himalayasInternshipHunter, 'Studio Director').content.experience).toBe('Executive level');
    expect(byTitle(himalayasInternshipHunter, 'Inside Sales Manager (m/w/d)').content.location).toBe('Austria, Germany, Switzerland');
    expect(byTitle(himalayasJobRadar, 'Regional Director, Sales').content.skills).toContain('Sales & Management');
    expect(himalayasJobRadar.jobs.every((job) => job.content.skills.length <= 15)).toBe(true);
  });

  it('uses the guid as the id and dates the job from pubDate to expiryDate', () => {
    const job = byTitle(himalayasJobRadar, 'Regional Director, Sales');
    expect(job.externalId).toBe('https://himalayas.app/companies/avantor/jobs/regional-director-sales');
    expect(job.externalUrl).toBe('https://himalayas.app/companies/avantor/jobs/regional-director-sales');
    expect(job.postedAt).toBe(new Date(1781119953 * 1000).toISOString());
    expect(job.validThrough).toBe(new Date(1786303952 * 1000).toISOString());
  });

  it('lists a job without location restrictions as Worldwide and skips a job without a guid', () => {
    const parsed = parseFeed(
      JSON.stringify({
        jobs: [
          { title: 'Designer', companyName: 'Acme', description: 'Design', guid: 'https://himalayas.app/j/1', locationRestrictions: [], employmentType: 'Full Time' },
          { title: 'No guid', companyName: 'Acme', description: 'x' },
        ],
      }),
    );
    expect(parsed.jobs.map((job) => job.content.location)).toEqual(['Worldwide']);
    expect(parsed.skipped).toEqual([{ item: 'jobs[1]', externalId: null, reason: 'guid is required: the id of the job' }]);
  });
});
