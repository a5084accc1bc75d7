import { describe, expect, it } from 'vitest';
import { seedPlan } from './seed';
import { parseSalary } from '@hireloop/query-service/jobs/seo';

/**
 * The demo data tells a coherent story: what a newcomer sees on the board after `hireloop seed`
 * should look like a real board, not a test fixture.
 */
const NOW = new Date('2026-11-23T12:00:00.000Z');
const DAY = 86_400_000;
const plan = seedPlan(NOW);

interface Listing {
  title: string;
  company: string;
  location: string;
  salary: string | null;
  type: string;
  experience: string;
  description: string;
  createdAt: Date;
  active: boolean;
}

const posted: Listing[] = plan.companies.flatMap(({ account, jobs }) =>
  jobs.map(({ job, postedAt, closedAt }) => ({
    title: job.title,
    company: account.companyName, // a company's posts carry its name
    location: job.location,
    salary: job.salary ?? null,
    type: job.type ?? 'Full-time',
    experience: job.experience ?? 'Entry level',
    description: job.description,
    createdAt: postedAt,
    active: closedAt === null,
  })),
);
const imported: Listing[] = plan.feeds.flatMap(({ jobs, dropped }) =>
  jobs.map((job, n) => ({ ...job, createdAt: new Date(job.postedAt), active: n < jobs.length - dropped })),
);
const listings = [...posted, ...imported];
const companies = [...new Set(listings.map((listing) => listing.company))];

/** How many listings share each key (Node 20 has no Map.groupBy). */
const countBy = (items: Listing[], key: (listing: Listing) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

const describeListing = (listing: Listing) => `${listing.title} at ${listing.company} (${listing.location}, ${listing.type}, ${listing.experience}, ${listing.salary})`;

/** The experience level a title's wording promises. */
function experienceOfTitle(title: string): string {
  if (/\bIntern\b/.test(title) || /^Junior\b/.test(title)) return 'Entry level';
  if (/^(Senior|Staff|Lead)\b/.test(title)) return 'Senior level';
  if (/^(Principal|Head|Director|VP)\b/.test(title)) return 'Executive level';
  return 'Mid level';
}

/** The currencies a job in this place is paid in. */
function currenciesOfLocation(location: string): string[] {
  if (/Canada/.test(location)) return ['CAD'];
  if (/\bUK\b|London/.test(location)) return ['GBP'];
  if (/Germany|Netherlands|France|Spain/.test(location)) return ['EUR'];
  if (/Norway/.test(location)) return ['NOK'];
  if (/Australia/.test(location)) return ['AUD'];
  if (/, [A-Z]{2}\b|\bUS\b|United States|Illinois|Massachusetts/.test(location)) return ['USD'];
  if (/^(Remote|Worldwide|Global)$/.test(location)) return ['USD', 'EUR'];
  throw new Error(`No currency rule for ${location}`);
}

describe('the demo data', () => {
  it('has enough jobs for a board with many pages', () => {
    expect(posted.length).toBeGreaterThanOrEqual(50);
    expect(imported.length).toBeGreaterThanOrEqual(200);
    expect(companies.length).toBeGreaterThanOrEqual(10);
  });

  it("names each job's own company in its description, and no other company", () => {
    for (const listing of listings) {
      expect(listing.description, describeListing(listing)).toContain(listing.company);
      for (const other of companies.filter((company) => company !== listing.company)) {
        expect(listing.description, describeListing(listing)).not.toContain(other);
      }
    }
  });

  it("matches each title's seniority with its experience level and job type", () => {
    for (const listing of listings) {
      expect(listing.experience, describeListing(listing)).toBe(experienceOfTitle(listing.title));
      expect(listing.type === 'Internship', describeListing(listing)).toBe(/\bIntern\b/.test(listing.title));
    }
  });

  it('pays full-time jobs by the year and the others by the hour, more for senior than for entry-level jobs', () => {
    const byLevel = new Map<string, { low: number; high: number; level: string }[]>();
    for (const listing of listings) {
      if (listing.salary === null) continue;
      const pay = parseSalary(listing.salary) as { currency: string; value: { minValue?: number; maxValue?: number; value?: number; unitText: string } } | null;
      expect(pay, describeListing(listing)).not.toBeNull();
      expect(pay!.value.unitText, describeListing(listing)).toBe(listing.type === 'Full-time' ? 'YEAR' : 'HOUR');
      const key = `${pay!.currency} ${pay!.value.unitText}`;
      const low = pay!.value.minValue ?? pay!.value.value!;
      const high = pay!.value.maxValue ?? pay!.value.value!;
      byLevel.set(key, [...(byLevel.get(key) ?? []), { low, high, level: listing.experience }]);
    }
    for (const [key, pays] of byLevel) {
      const entry = pays.filter((pay) => pay.level === 'Entry level');
      const senior = pays.filter((pay) => pay.level === 'Senior level' || pay.level === 'Executive level');
      if (entry.length === 0 || senior.length === 0) continue;
      expect(Math.min(...senior.map((pay) => pay.low)), key).toBeGreaterThan(Math.max(...entry.map((pay) => pay.high)));
    }
    expect([...byLevel.keys()].length).toBeGreaterThanOrEqual(6);
  });

  it("pays in the currency of the job's location", () => {
    for (const listing of listings) {
      if (listing.salary === null) continue;
      const pay = parseSalary(listing.salary) as { currency: string };
      expect(currenciesOfLocation(listing.location), describeListing(listing)).toContain(pay.currency);
    }
  });

  it('spreads posting dates over weeks, with no crowded day and nothing from the future', () => {
    const times = listings.map((listing) => listing.createdAt.getTime());
    expect(Math.max(...times)).toBeLessThan(NOW.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(28 * DAY);
    expect(Math.min(...times)).toBeGreaterThan(NOW.getTime() - 60 * DAY);
    const perDay = countBy(listings, (listing) => listing.createdAt.toISOString().slice(0, 10));
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(listings.length * 0.05);
    // Each company's own posts are spread out too.
    for (const { account, jobs } of plan.companies) {
      const spread = jobs.at(-1)!.postedAt.getTime() - jobs[0]!.postedAt.getTime();
      expect(spread, account.companyName).toBeGreaterThanOrEqual(21 * DAY);
    }
  });

  it('shows several companies on the first page of the board, none more than three times', () => {
    const firstPage = listings
      .filter((listing) => listing.active)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, 10);
    const perCompany = countBy(firstPage, (listing) => listing.company);
    expect(perCompany.size).toBeGreaterThanOrEqual(5);
    expect(Math.max(...perCompany.values())).toBeLessThanOrEqual(3);
    // The companies that seeded accounts are on it, so a newcomer signing in as one sees their jobs.
    expect(firstPage.some((listing) => plan.companies.some(({ account }) => account.companyName === listing.company))).toBe(true);
  });

  it('signs each company up before its first post, and closes jobs after they were posted', () => {
    for (const { account, signedUpAt, jobs } of plan.companies) {
      expect(signedUpAt.getTime(), account.companyName).toBeLessThan(jobs[0]!.postedAt.getTime());
      for (const { postedAt, closedAt } of jobs) if (closedAt) expect(closedAt.getTime()).toBeGreaterThan(postedAt.getTime());
    }
  });
});

describe('the demo candidates', () => {
  const { candidates } = plan;

  it('include one public and actively looking, one public and open to opportunities, and one private profile', () => {
    const kinds = candidates.map(({ profile }) => `${profile.isPublic ? 'public' : 'private'}+${profile.isActivelyLooking ? 'immediate' : 'open'}`);
    expect(kinds).toEqual(expect.arrayContaining(['public+immediate', 'public+open']));
    expect(kinds.some((kind) => kind.startsWith('private'))).toBe(true);
  });

  it('are clearly fictional: example.com addresses and example links', () => {
    for (const { account, profile } of candidates) {
      expect(account.email).toMatch(/@example\.com$/);
      for (const link of [profile.linkedinUrl, profile.githubUrl, profile.portfolioUrl]) if (link) expect(new URL(link).hostname).toMatch(/(^|\.)[a-z-]+\.example$|\.example$/);
    }
  });

  it('apply to open jobs of the seeded companies that fit their title and skills, after signing up and after the job was posted', () => {
    expect(candidates.flatMap((candidate) => candidate.applications).length).toBeGreaterThanOrEqual(3);
    for (const { account, profile, signedUpAt, profileAt, applications } of candidates) {
      expect(profileAt.getTime()).toBeGreaterThan(signedUpAt.getTime());
      for (const { job, at } of applications) {
        expect(at.getTime(), `${account.name} → ${job.job.title}`).toBeGreaterThan(Math.max(profileAt.getTime(), job.postedAt.getTime()));
        expect(at.getTime()).toBeLessThan(NOW.getTime());
        if (job.closedAt) expect(at.getTime()).toBeLessThan(job.closedAt.getTime());
        // A coherent story: the job asks for skills the candidate has.
        const skills = new Set(profile.skills.map((skill) => skill.toLowerCase()));
        const asked = typeof job.job.skills === 'string' ? job.job.skills.split(',') : (job.job.skills ?? []);
        expect(asked.some((skill) => skills.has(skill.trim().toLowerCase())), `${account.name} → ${job.job.title}`).toBe(true);
      }
    }
  });

  it('sign up within the last weeks, never in the future', () => {
    for (const { signedUpAt } of candidates) {
      expect(signedUpAt.getTime()).toBeLessThan(NOW.getTime());
      expect(signedUpAt.getTime()).toBeGreaterThan(NOW.getTime() - 30 * DAY);
    }
  });
});
