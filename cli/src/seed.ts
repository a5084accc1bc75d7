import { createUnlimitedRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { importFeed } from '@hireloop/command-service/imports/importer';
import { HIRELOOP_FEED_SOURCES } from '@hireloop/contracts/imports/feed';
import type { CompanySignupBody, PostJobBody } from '@hireloop/contracts';
import type { Clock } from '@hireloop/platform/runtime';
import { syntheticJob, type DemoEmployer } from './demo-jobs';
import { buildApp, type AppDeps } from './app';

/** Demo accounts share one password so a developer can sign in as any of them. */
export const SEED_PASSWORD = 'hireloop-demo-2026';

interface SeedCompany {
  account: Omit<CompanySignupBody, 'password'>;
  jobs: PostJobBody[];
}

const COMPANIES: SeedCompany[] = [
  {
    account: {
      companyName: 'Northwind Analytics',
      contactName: 'Maya Okafor',
      email: 'talent@northwind-analytics.example',
      phone: '+1 512 555 0142',
      website: 'https://northwind-analytics.example',
      location: 'Austin, TX',
      industry: 'Data & Analytics',
    },
    jobs: [
      {
        title: 'Senior Data Engineer',
        location: 'Austin, TX',
        salary: '$150k - $185k',
        type: 'Full-time',
        remote: false,
        description:
          'At Northwind Analytics you will own the batch and streaming pipelines that feed our customer dashboards. You will design Kafka topics, write dbt models and keep our Snowflake costs honest.',
        requirements: ['5+ years building data pipelines', 'Strong SQL and Python', 'Experience with Kafka or Kinesis'],
        skills: ['Python', 'SQL', 'Kafka', 'dbt', 'Snowflake', 'Airflow', 'AWS'],
        experience: 'Senior level',
        benefits: 'Health, dental and vision; 401(k) match; 20 days PTO',
      },
      {
        title: 'Analytics Engineer',
        location: 'Remote - United States',
        salary: '$120k - $140k',
        type: 'Full-time',
        remote: true,
        description: "Turn raw product events into trustworthy models that Northwind Analytics' analysts and customers rely on every day.",
        requirements: ['3+ years with dbt or similar', 'Comfort with stakeholders'],
        skills: ['dbt', 'SQL', 'Looker', 'BigQuery'],
        experience: 'Mid level',
      },
    ],
  },
  {
    account: {
      companyName: 'Brightpath Health',
      contactName: 'Daniel Reyes',
      email: 'jobs@brightpath-health.example',
      phone: '+1 415 555 0198',
      website: 'https://brightpath-health.example',
      location: 'San Francisco, CA 94105',
      industry: 'Healthcare',
    },
    jobs: [
      {
        title: 'Staff Frontend Engineer (React)',
        location: 'San Francisco, CA 94105',
        salary: '$190k - $230k',
        type: 'Full-time',
        remote: false,
        description:
          'Lead the Brightpath Health patient portal, used by two million people. Accessibility, performance and a calm design system are how we earn trust.',
        requirements: ['8+ years of frontend work', 'Deep React and TypeScript', 'Accessibility (WCAG 2.2) experience'],
        skills: ['React', 'TypeScript', 'Accessibility', 'Vite', 'Testing Library', 'GraphQL', 'Design Systems'],
        experience: 'Senior level',
        benefits: 'Fully paid premiums; 16 weeks parental leave',
      },
      {
        title: 'Site Reliability Engineer',
        location: 'Remote',
        salary: null,
        type: 'Full-time',
        remote: true,
        description: "Keep Brightpath Health's HIPAA-compliant platform on Kubernetes fast, observable and boring.",
        requirements: ['Kubernetes in production', 'Terraform', 'On-call experience'],
        skills: ['Kubernetes', 'Terraform', 'Go', 'Prometheus', 'GCP'],
        experience: 'Mid level',
      },
      {
        title: 'Mobile Engineering Intern',
        location: 'San Francisco, CA',
        salary: '$45/hour',
        type: 'Internship',
        remote: false,
        description: 'Ship real features in the Brightpath Health React Native app alongside a dedicated mentor for twelve weeks.',
        requirements: ['Currently studying computer science or similar'],
        skills: ['React Native', 'TypeScript'],
        experience: 'Entry level',
      },
    ],
  },
  {
    account: {
      companyName: 'Fjordline Software',
      contactName: 'Ingrid Solberg',
      email: 'careers@fjordline.example',
      phone: '+47 22 55 01 23',
      website: 'https://fjordline.example',
      location: 'Oslo, Norway',
      industry: 'Developer Tools',
    },
    jobs: [
      {
        title: 'Backend Engineer (Rust)',
        location: 'Oslo, Norway',
        salary: 'NOK 850k - 1,000k',
        type: 'Full-time',
        remote: false,
        description: 'Build the Fjordline Software build cache that makes monorepo CI ten times faster. Rust, gRPC and a lot of care about correctness.',
        requirements: ['Production Rust', 'Distributed systems fundamentals'],
        skills: ['Rust', 'gRPC', 'PostgreSQL', 'Linux'],
        experience: 'Mid level',
        benefits: 'Pension, 5 weeks vacation, home office budget',
      },
      {
        title: 'Developer Advocate',
        location: 'Worldwide',
        salary: null,
        type: 'Contract',
        remote: true,
        description: 'Write guides, give talks and turn what Fjordline Software users tell you into product changes. Work from anywhere.',
        requirements: ['Public writing or speaking samples'],
        skills: ['Technical Writing', 'Public Speaking', 'TypeScript'],
        experience: 'Mid level',
      },
    ],
  },
  {
    account: {
      companyName: 'Maple Ledger',
      contactName: 'Priya Natarajan',
      email: 'hiring@mapleledger.example',
      phone: '+1 416 555 0110',
      website: 'https://mapleledger.example',
      location: 'Toronto, Canada',
      industry: 'Fintech',
    },
    jobs: [
      {
        title: 'Full Stack Developer',
        location: 'Toronto, Canada',
        salary: 'CAD 110k - 135k',
        type: 'Full-time',
        remote: false,
        description: 'Build the Maple Ledger bookkeeping features small businesses use at tax time, from the Postgres schema to the React screens.',
        requirements: ['Node.js and React', 'PostgreSQL'],
        skills: ['Node.js', 'React', 'PostgreSQL', 'TypeScript', 'Fastify'],
        experience: 'Mid level',
      },
      {
        title: 'QA Automation Engineer',
        location: 'New York, NY',
        salary: '$55/hour',
        type: 'Part-time',
        remote: false,
        description: 'Grow the Maple Ledger Playwright suite and help every team ship with confidence, three days a week.',
        requirements: ['Playwright or Cypress', 'CI pipelines'],
        skills: ['Playwright', 'TypeScript', 'GitHub Actions'],
        experience: 'Mid level',
      },
    ],
  },
];

/** Extra jobs each demo company posts, from the synthetic catalogue. */
const EXTRA_JOBS_PER_COMPANY = 12;
/** Jobs per imported source; the last few drop out of the second run and are closed. */
const IMPORTED_PER_SOURCE = 60;
const DROPPED_PER_SOURCE = 8;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Posted jobs are this far apart, newest first and the companies taking turns: about six weeks in all. */
const POSTED_EVERY_HOURS = 18;
/** Imported jobs, the feeds taking turns: about forty days. */
const IMPORTED_EVERY_HOURS = 4;

export interface PlannedJob {
  job: PostJobBody;
  postedAt: Date;
  /** When the company closes it again, or null. */
  closedAt: Date | null;
}

export interface PlannedCompany {
  account: SeedCompany['account'];
  signedUpAt: Date;
  /** Oldest first. */
  jobs: PlannedJob[];
}

export interface FeedJob {
  externalId: string;
  title: string;
  company: string;
  location: string;
  description: string;
  salary: string | null;
  type: string;
  remote: boolean;
  requirements: string[];
  skills: string[];
  experience: string;
  benefits: string | null;
  url: string;
  postedAt: string;
}

export interface PlannedFeed {
  source: (typeof HIRELOOP_FEED_SOURCES)[number];
  /** The first run's jobs; the second run lists all but the last `dropped`, which are closed as gone. */
  jobs: FeedJob[];
  dropped: number;
}

/** Everything the seed does, and when, as if the companies had used the board for the last weeks up to `now`. */
export function seedPlan(now: Date): { companies: PlannedCompany[]; feeds: PlannedFeed[] } {
  const companies = COMPANIES.map((company, c): PlannedCompany => {
    const employer: DemoEmployer = {
      name: company.account.companyName,
      offices: [...new Set([company.account.location ?? '', ...company.jobs.map((job) => job.location)].filter(Boolean))],
    };
    const extra = Array.from({ length: EXTRA_JOBS_PER_COMPANY }, (_, n): PostJobBody => {
      const { title, location, salary, type, remote, description, requirements, skills, experience, benefits } = syntheticJob(1000 + c * 100 + n, employer);
      return { title, location, salary, type: type as PostJobBody['type'], remote, description, requirements, skills, experience: experience as PostJobBody['experience'], benefits };
    });
    // The hand-written jobs are each company's newest.
    const jobs = [...company.jobs, ...extra].map((job, n): PlannedJob => {
      const postedAt = new Date(now.getTime() - ((n * COMPANIES.length + c) * POSTED_EVERY_HOURS + 7) * HOUR);
      // Every fifth job is filled and closed a week and a half later (or halfway to now).
      const closedAt = n % 5 === 4 ? new Date(Math.min(postedAt.getTime() + 10 * DAY, (postedAt.getTime() + now.getTime()) / 2)) : null;
      return { job, postedAt, closedAt };
    });
    jobs.reverse();
    return { account: company.account, signedUpAt: new Date(jobs[0]!.postedAt.getTime() - 2 * DAY), jobs };
  });
  const feeds = HIRELOOP_FEED_SOURCES.map((source, s): PlannedFeed => {
    // Each feed its own stretch of the catalogue, offset so neighbouring feeds list different titles.
    const from = 5000 + s * (IMPORTED_PER_SOURCE + 7);
    const jobs = Array.from({ length: IMPORTED_PER_SOURCE }, (_, n): FeedJob => {
      const i = from + n;
      const job = syntheticJob(i);
      return {
        externalId: `${source}-${i}`,
        title: job.title,
        company: job.company,
        location: job.location,
        description: job.description,
        salary: job.salary,
        type: job.type,
        remote: job.remote,
        requirements: job.requirements,
        skills: job.skills,
        experience: job.experience,
        benefits: job.benefits,
        url: `https://jobs.example/${source}/${i}`,
        // Newest first, like a real feed.
        postedAt: new Date(now.getTime() - ((n * HIRELOOP_FEED_SOURCES.length + s) * IMPORTED_EVERY_HOURS + 2) * HOUR).toISOString(),
      };
    });
    return { source, jobs, dropped: DROPPED_PER_SOURCE };
  });
  return { companies, feeds };
}

/** A clock the seed sets to each action's time, so the demo's history spreads over weeks. */
const settableClock = (start: Date): Clock & { set(to: Date): void } => {
  let current = start;
  return { now: () => new Date(current), set: (to) => void (current = to) };
};

/**
 * Demo data through the real command paths: companies sign up and post jobs over the last weeks
 * (some closed again), and four partner feeds are imported twice so some imported jobs are closed
 * as gone from their feed. Safe to run twice.
 */
export async function seed(deps: AppDeps): Promise<string> {
  const now = deps.clock.now();
  const plan = seedPlan(now);
  const clock = settableClock(now);
  // The operator seeding their own install is not a visitor to throttle; the companies' sessions
  // must outlive the weeks their history covers (they sign out at the end).
  const app = await buildApp({ ...deps, clock, rateLimiter: createUnlimitedRateLimiter() }, { queries: false, projections: false, spaDir: false, sessionTtlMs: 90 * DAY });
  let companies = 0;
  let jobs = 0;
  let closed = 0;
  let imported = 0;
  const tokens = new Map<PlannedCompany, string>();
  const jobIds = new Map<PlannedJob, string>();
  const actions = plan.companies.flatMap((company) => [
    { at: company.signedUpAt, company, signUp: true, run: () => signUp(company) },
    ...company.jobs.flatMap((planned) => [
      { at: planned.postedAt, company, signUp: false, run: () => post(company, planned) },
      ...(planned.closedAt ? [{ at: planned.closedAt, company, signUp: false, run: () => close(company, planned) }] : []),
    ]),
  ]);
  actions.sort((a, b) => a.at.getTime() - b.at.getTime());

  async function signUp(company: PlannedCompany) {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: { ...company.account, password: SEED_PASSWORD } });
    if (signup.statusCode === 409) return; // seeded before
    if (signup.statusCode !== 201) throw new Error(`Seeding ${company.account.companyName} failed: ${signup.statusCode} ${signup.body}`);
    companies++;
    tokens.set(company, signup.json<{ token: string }>().token);
  }
  async function post(company: PlannedCompany, planned: PlannedJob) {
    const posted = await app.inject({ method: 'POST', url: '/api/jobs', headers: { authorization: `Bearer ${tokens.get(company)}` }, payload: planned.job });
    if (posted.statusCode !== 201) throw new Error(`Seeding job ${planned.job.title} failed: ${posted.statusCode} ${posted.body}`);
    jobs++;
    jobIds.set(planned, posted.json<{ job: { id: string } }>().job.id);
  }
  async function close(company: PlannedCompany, planned: PlannedJob) {
    const response = await app.inject({ method: 'POST', url: `/api/jobs/${jobIds.get(planned)}/close`, headers: { authorization: `Bearer ${tokens.get(company)}` } });
    if (response.statusCode === 200) closed++;
  }

  try {
    for (const action of actions) {
      // A company seeded before is left as it is.
      if (!action.signUp && !tokens.has(action.company)) continue;
      clock.set(action.at);
      await action.run();
    }
    clock.set(now);
    for (const token of tokens.values()) await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    for (const { source, jobs: feedJobs, dropped } of plan.feeds) {
      const feed = `seed:${source}`;
      const first = await importFeed(deps, feed, async () => JSON.stringify({ source, jobs: feedJobs }));
      if (!first.ok) throw new Error(`Seeding the ${source} feed failed: ${first.reason}`);
      imported += first.counts.imported;
      const second = await importFeed(deps, feed, async () => JSON.stringify({ source, jobs: feedJobs.slice(0, feedJobs.length - dropped) }));
      closed += second.counts.closed;
    }
  } finally {
    await app.close();
  }
  return companies === 0 && imported === 0
    ? 'Seed data was already loaded; nothing to do.'
    : `Seeded ${companies} companies with ${jobs} jobs posted over the last ${Math.round((now.getTime() - Math.min(...plan.companies.map((c) => c.signedUpAt.getTime()))) / DAY)} days, and ${imported} imported jobs from ${HIRELOOP_FEED_SOURCES.length} feeds; ${closed} jobs closed. Demo accounts use the password ${SEED_PASSWORD}.`;
}
