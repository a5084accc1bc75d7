import { createUnlimitedRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { importFeed } from '@hireloop/command-service/imports/importer';
import { HIRELOOP_FEED_SOURCES } from '@hireloop/contracts/imports/feed';
import type { CompanySignupBody, PostJobBody } from '@hireloop/contracts';
import { syntheticJob } from './demo-jobs';
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
          'Own the batch and streaming pipelines that feed our customer dashboards. You will design Kafka topics, write dbt models and keep our Snowflake costs honest.',
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
        description: 'Turn raw product events into trustworthy models that our analysts and customers rely on every day.',
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
          'Lead the patient portal used by two million people. Accessibility, performance and a calm design system are how we earn trust.',
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
        description: 'Keep our HIPAA-compliant platform on Kubernetes fast, observable and boring.',
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
        description: 'Ship real features in our React Native app alongside a dedicated mentor for twelve weeks.',
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
        description: 'Build the build cache that makes monorepo CI ten times faster. Rust, gRPC and a lot of care about correctness.',
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
        description: 'Write guides, give talks and turn user feedback into product changes. Work from anywhere.',
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
        description: 'Build the bookkeeping features small businesses use at tax time, from the Postgres schema to the React screens.',
        requirements: ['Node.js and React', 'PostgreSQL'],
        skills: ['Node.js', 'React', 'PostgreSQL', 'TypeScript', 'Fastify'],
        experience: 'Mid level',
      },
      {
        title: 'QA Automation Engineer',
        location: 'New York, NY',
        salary: '$95k',
        type: 'Part-time',
        remote: false,
        description: 'Grow our Playwright suite and help every team ship with confidence.',
        requirements: ['Playwright or Cypress', 'CI pipelines'],
        skills: ['Playwright', 'TypeScript', 'GitHub Actions'],
        experience: 'Entry level',
      },
    ],
  },
];

/** Extra jobs each demo company posts, from the synthetic catalogue. */
const EXTRA_JOBS_PER_COMPANY = 12;
/** Jobs per imported source; the last few drop out of the second run and are closed. */
const IMPORTED_PER_SOURCE = 60;
const DROPPED_PER_SOURCE = 8;

const feedOf = (source: string, from: number, count: number, now: Date) =>
  JSON.stringify({
    source,
    jobs: Array.from({ length: count }, (_, n) => {
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
        // Spread over the last weeks, newest first, like a real feed.
        postedAt: new Date(now.getTime() - (n + 1) * 5 * 3_600_000).toISOString(),
      };
    }),
  });

/**
 * Demo data through the real command paths: companies sign up and post jobs (some closed
 * again), and four partner feeds are imported twice so some imported jobs are closed as gone
 * from their feed. Safe to run twice.
 */
export async function seed(deps: AppDeps): Promise<string> {
  // The operator seeding their own install is not a visitor to throttle.
  const app = await buildApp({ ...deps, rateLimiter: createUnlimitedRateLimiter() }, { queries: false, projections: false, spaDir: false });
  let companies = 0;
  let jobs = 0;
  let closed = 0;
  let imported = 0;
  try {
    for (const [index, company] of COMPANIES.entries()) {
      const signup = await app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: { ...company.account, password: SEED_PASSWORD } });
      if (signup.statusCode === 409) continue; // seeded before
      if (signup.statusCode !== 201) throw new Error(`Seeding ${company.account.companyName} failed: ${signup.statusCode} ${signup.body}`);
      companies++;
      const { token } = signup.json<{ token: string }>();
      const extra: PostJobBody[] = Array.from({ length: EXTRA_JOBS_PER_COMPANY }, (_, n) => {
        const { title, location, salary, type, remote, description, requirements, skills, experience, benefits } = syntheticJob(1000 + index * 100 + n);
        return { title, location, salary, type: type as PostJobBody['type'], remote, description, requirements, skills, experience: experience as PostJobBody['experience'], benefits };
      });
      for (const [n, job] of [...company.jobs, ...extra].entries()) {
        const posted = await app.inject({ method: 'POST', url: '/api/jobs', headers: { authorization: `Bearer ${token}` }, payload: job });
        if (posted.statusCode !== 201) throw new Error(`Seeding job ${job.title} failed: ${posted.statusCode} ${posted.body}`);
        jobs++;
        if (n % 5 === 4) {
          const { job: created } = posted.json<{ job: { id: string } }>();
          const close = await app.inject({ method: 'POST', url: `/api/jobs/${created.id}/close`, headers: { authorization: `Bearer ${token}` } });
          if (close.statusCode === 200) closed++;
        }
      }
    }
    const now = deps.clock.now();
    for (const [index, source] of HIRELOOP_FEED_SOURCES.entries()) {
      const feed = `seed:${source}`;
      const from = 5000 + index * IMPORTED_PER_SOURCE;
      const first = await importFeed(deps, feed, async () => feedOf(source, from, IMPORTED_PER_SOURCE, now));
      if (!first.ok) throw new Error(`Seeding the ${source} feed failed: ${first.reason}`);
      imported += first.counts.imported;
      const second = await importFeed(deps, feed, async () => feedOf(source, from, IMPORTED_PER_SOURCE - DROPPED_PER_SOURCE, now));
      closed += second.counts.closed;
    }
  } finally {
    await app.close();
  }
  return companies === 0 && imported === 0
    ? 'Seed data was already loaded; nothing to do.'
    : `Seeded ${companies} companies with ${jobs} jobs, and ${imported} imported jobs from ${HIRELOOP_FEED_SOURCES.length} feeds; ${closed} jobs closed. Demo accounts use the password ${SEED_PASSWORD}.`;
}
