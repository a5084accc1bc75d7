import { createUnlimitedRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { initialsAvatarDataUrl } from '@hireloop/platform/profile-pictures/drawn-pictures';
import { importFeed } from '@hireloop/command-service/imports/importer';
import { HIRELOOP_FEED_SOURCES } from '@hireloop/contracts/imports/feed';
import type { CandidateSignupBody, CompanyProfileBody, CompanySignupBody, PlanId, PostJobBody, ProfileFormBody } from '@hireloop/contracts';
import { SIMULATED_CHECKOUT_PATH } from '@hireloop/platform/payments';
import type { Clock } from '@hireloop/platform/runtime';
import { syntheticJob, type DemoEmployer } from './demo-jobs';
import { BoardActivityCounter } from '@hireloop/command-service/analytics/board-activity';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { contactThreadIdFor } from '@hireloop/command-service/contacts/decider';
import { invitationIdFor } from '@hireloop/command-service/invitations/decider';
import { buildApp, type AppDeps } from './app';
import { CANCELLING_COMPANY, seedCancellation } from './seed-billing';
import { seedJobEdit } from './seed-job-edits';

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
      contactName: 'Hannah Brandt',
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

interface SeedCandidate {
  account: Omit<CandidateSignupBody, 'password'>;
  profile: ProfileFormBody;
  /** The hand-written jobs (company, title) the candidate applied to, oldest first. */
  appliedTo: Array<{ company: string; title: string }>;
  /** Days before now the candidate signed up. */
  signedUpDaysAgo: number;
  /** A profile picture drawn at seed time (initials on a colour), sent as the spec's image data string. */
  avatar?: { initials: string; colour: string };
}


/**
 * Candidates whose profiles and applications fit the companies' jobs above: a data engineer
 * actively looking (public), a frontend engineer open to opportunities (public, so companies see
 * the limited view), and a site reliability engineer who keeps the profile private. Fictional
 * people at example.com addresses.
 */
const CANDIDATES: SeedCandidate[] = [
  {
    avatar: { initials: 'LM', colour: '#2f6f8f' },
    account: { name: 'Lena Marsh', email: 'lena.marsh@example.com', phone: '+1 512 555 0171', location: 'Austin, TX', currentRole: 'Data Engineer', skills: 'Python, SQL, Kafka' },
    profile: {
      jobTitle: 'Senior Data Engineer',
      skills: ['Python', 'SQL', 'Kafka', 'dbt', 'Airflow', 'Snowflake', 'AWS', 'Terraform', 'Spark'],
      experience: '6 years',
      location: 'Austin, TX',
      bio: 'Data engineer who has spent six years building batch and streaming pipelines for analytics products. Happiest when a dashboard is both fast and right.',
      phone: '+1 512 555 0171',
      linkedinUrl: 'https://www.linkedin.example/in/lena-marsh',
      githubUrl: 'https://github.example/lenamarsh',
      education: 'BSc Computer Science - University of Texas at Austin',
      salaryExpectation: '150k - 175k',
      workPreference: 'hybrid',
      isActivelyLooking: true,
      isPublic: true,
    },
    appliedTo: [
      { company: 'Northwind Analytics', title: 'Analytics Engineer' },
      { company: 'Northwind Analytics', title: 'Senior Data Engineer' },
    ],
    signedUpDaysAgo: 9,
  },
  {
    account: { name: 'Tomás Herrera', email: 'tomas.herrera@example.com', location: 'Toronto, Canada', currentRole: 'Frontend Engineer', skills: 'React, TypeScript' },
    profile: {
      jobTitle: 'Frontend Engineer',
      skills: ['React', 'TypeScript', 'Accessibility', 'Vite', 'Testing Library', 'Node.js', 'GraphQL', 'CSS', 'Design Systems', 'Playwright'],
      experience: '8 years',
      location: 'Toronto, Canada',
      bio: 'Frontend engineer focused on accessible, calm interfaces. Currently employed, open to the right senior role.',
      linkedinUrl: 'https://www.linkedin.example/in/tomas-herrera',
      portfolioUrl: 'https://tomas-herrera.example',
      education: 'BEng Software Engineering - University of Waterloo',
      workPreference: 'remote',
      isActivelyLooking: false,
      isPublic: true,
    },
    appliedTo: [{ company: 'Brightpath Health', title: 'Staff Frontend Engineer (React)' }],
    signedUpDaysAgo: 6,
  },
  {
    account: { name: 'Noor Haddad', email: 'noor.haddad@example.com', location: 'Oslo, Norway', currentRole: 'Site Reliability Engineer', skills: 'Kubernetes, Go' },
    profile: {
      jobTitle: 'Site Reliability Engineer',
      skills: ['Kubernetes', 'Terraform', 'Go', 'Prometheus', 'GCP', 'Rust', 'Linux'],
      experience: '5 years',
      location: 'Oslo, Norway',
      bio: 'SRE who likes boring on-call rotations and fast builds.',
      phone: '+47 22 55 01 77',
      githubUrl: 'https://github.example/noorhaddad',
      workPreference: 'remote',
      isActivelyLooking: true,
      isPublic: false,
    },
    appliedTo: [
      { company: 'Brightpath Health', title: 'Site Reliability Engineer' },
      { company: 'Fjordline Software', title: 'Backend Engineer (Rust)' },
    ],
    signedUpDaysAgo: 4,
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

/**
 * Hireloop's own operations team (issue 14, ADRs 035, 038): Sam Ortiz, a super admin, signed up a
 * candidate met at a job fair and a company that called in, and invited two candidates to apply
 * to Northwind's Senior Data Engineer role in one bulk request — all of it in the admin console's
 * Activities. `hireloop seed` prints the address to sign in with.
 */
export const SEED_ADMIN = { name: 'Sam Ortiz', email: 'sam.ortiz@hireloop.example' } as const;
const ADMIN_STORY = {
  candidate: {
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya.raman@example.com',
    title: 'Analytics Engineer',
    location: 'Austin, TX',
    experience: '2-5',
    skills: ['dbt', 'SQL', 'Looker'],
    summary: 'Met at the Austin Data Job Fair; asked to be invited to data roles.',
    isPrivate: false,
  },
  company: {
    name: 'Fjord Robotics',
    description: 'Warehouse robots for Nordic grocers; hiring its first platform engineers.',
    website: 'https://fjord-robotics.example',
    location: 'Oslo, Norway',
  },
  bulkInvite: { jobTitle: 'Senior Data Engineer', candidateEmails: ['priya.raman@example.com', 'noor.haddad@example.com'] },
} as const;

/**
 * Lena took Northwind's request to apply (ADR 031): yesterday evening she revealed her profile and
 * offered Monday and Wednesday mornings; this morning a conference took those, and she changed
 * them to Tuesday and Thursday afternoons (ADR 118). Her invitation page shows the new times with
 * Change Availability; Northwind's Requests to Apply show the request with them, and its outbox
 * holds the mail that said the times changed.
 */
export const AVAILABILITY_CHANGE = {
  candidateEmail: 'lena.marsh@example.com',
  companyName: 'Northwind Analytics',
  jobTitle: 'Senior Data Engineer',
  first: { availableDays: ['Monday', 'Wednesday'], availableTimes: ['9:00 AM - 12:00 PM'], timezone: 'America/Chicago', additionalNotes: '' },
  changed: {
    availableDays: ['Tuesday', 'Thursday'],
    availableTimes: ['12:00 PM - 3:00 PM'],
    timezone: 'America/Chicago',
    additionalNotes: 'A conference took my Monday and Wednesday mornings this week; these afternoons are free.',
  },
} as const;

/** Noor has opened the invitation Sam sent her from her dashboard, and not answered yet: Northwind's list shows it Viewed (ADR 070). */
export const INVITATION_VIEWER = 'noor.haddad@example.com';

/**
 * The companies' plans and what they did once the talent side opened (ADRs 028, 030–033): each
 * took a paid plan's trial through checkout when it signed up (Northwind Analytics Enterprise, the
 * others VC Startup), filled in its company profile and answered the applications to its jobs;
 * Northwind also asked Lena Marsh to apply for its Senior Data Engineer role and wrote to Tomás
 * Herrera from Browse Candidates. Each browsed the public candidates' cards, and Northwind opened
 * the profiles of those two first (Lena's full profile counts as a view; Tomás's, not actively
 * looking, has no full view) — which is what Lena's ledger shows (ADR 037).
 */
/** A message of a seeded conversation after the first contact (ADR 069). */
type ConversationStep = { from: 'candidate' | 'company'; message: string; minutesAgo: number };

const COMPANY_STORIES: Record<
  string,
  {
    profile: Omit<CompanyProfileBody, 'name'>;
    /** Taken at sign-up, before the first job post (each posts more jobs than the free plan allows). */
    plan: PlanId;
    invites: Array<{ candidateEmail: string; jobTitle: string; message: string }>;
    /**
     * Messages sent from Browse Candidates (a paid plan's feature, ADR 032), and how the
     * conversation went on today (ADR 069): who wrote what, how many minutes ago.
     */
    contacts?: Array<{ candidateEmail: string; message: string; conversation?: ConversationStep[] }>;
  }
> = {
  'Northwind Analytics': {
    profile: {
      website: 'https://northwind-analytics.example',
      address: '401 Congress Ave, Austin, TX 78701',
      industry: 'Data & Analytics',
      size: '51-200',
      description: 'Northwind Analytics builds the dashboards 900 retailers use to see their stores in real time. We are a data company first: our engineers own pipelines from the first event to the last chart.',
    },
    plan: 'enterprise',
    invites: [
      {
        candidateEmail: 'lena.marsh@example.com',
        jobTitle: 'Senior Data Engineer',
        message: 'Hi Lena, your Kafka and dbt work is exactly what our streaming team needs. Would you apply for our Senior Data Engineer role?',
      },
    ],
    contacts: [
      {
        candidateEmail: 'tomas.herrera@example.com',
        message: 'Hi Tomás, we are building a new dashboard front end in React and TypeScript next quarter. Would you be open to a conversation?',
        // Tomás answered this morning, Northwind read it and proposed a call, and his last reply
        // waits unread in Northwind's inbox (he has read everything: the candidate story marks it).
        conversation: [
          { from: 'candidate', message: 'Thanks for reaching out! I would be glad to talk. I rebuilt two analytics dashboards in React and TypeScript. Is the role remote-friendly?', minutesAgo: 50 },
          { from: 'company', message: 'Yes: the team works remotely across US and European hours. Could you do a 30-minute call on Tuesday or Wednesday?', minutesAgo: 40 },
          { from: 'candidate', message: 'Wednesday afternoon (CET) works well for me. Looking forward to it.', minutesAgo: 20 },
        ],
      },
    ],
  },
  'Brightpath Health': {
    profile: {
      website: 'https://brightpath-health.example',
      address: '600 California St, San Francisco, CA 94108',
      industry: 'Healthcare',
      size: '201-500',
      description: 'Brightpath Health runs the scheduling and records software behind 300 community clinics.',
    },
    plan: 'vc_startup',
    invites: [],
  },
  'Fjordline Software': {
    profile: { website: '', address: 'Oslo, Norway', industry: 'Software', size: '11-50', description: 'Fjordline makes build tools for game studios.' },
    plan: 'vc_startup',
    invites: [],
  },
  'Maple Ledger': {
    profile: { website: '', address: 'Toronto, Canada', industry: 'Fintech', size: '11-50', description: 'Maple Ledger keeps the books of small businesses across Canada.' },
    plan: 'vc_startup',
    invites: [],
  },
};

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

export interface PlannedCandidate {
  account: SeedCandidate['account'];
  profile: ProfileFormBody;
  avatar?: SeedCandidate['avatar'];
  signedUpAt: Date;
  /** Shortly after signing up. */
  profileAt: Date;
  /** Oldest first; each while its job is open. */
  applications: Array<{ company: PlannedCompany; job: PlannedJob; at: Date }>;
}

/** Everything the seed does, and when, as if the companies had used the board for the last weeks up to `now`. */
export function seedPlan(now: Date): { companies: PlannedCompany[]; feeds: PlannedFeed[]; candidates: PlannedCandidate[] } {
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
  const candidates = CANDIDATES.map((candidate, c): PlannedCandidate => {
    const signedUpAt = new Date(now.getTime() - candidate.signedUpDaysAgo * DAY - (c + 1) * HOUR);
    const profileAt = new Date(signedUpAt.getTime() + 20 * 60_000);
    const applications = candidate.appliedTo.map(({ company: name, title }, a) => {
      const company = companies.find((planned) => planned.account.companyName === name);
      const job = company?.jobs.find((planned) => planned.job.title === title);
      if (!company || !job) throw new Error(`Seed candidate ${candidate.account.name} applies to ${title} at ${name}, which the seed does not post`);
      // After the profile and after the job was posted, a few hours apart.
      const at = new Date(Math.max(profileAt.getTime(), job.postedAt.getTime()) + (a + 1) * 3 * HOUR);
      return { company, job, at };
    });
    return { account: candidate.account, profile: candidate.profile, avatar: candidate.avatar, signedUpAt, profileAt, applications };
  });
  return { companies, feeds, candidates };
}

/** A clock the seed sets to each action's time, so the demo's history spreads over weeks. */
const settableClock = (start: Date): Clock & { set(to: Date): void } => {
  let current = start;
  return { now: () => new Date(current), set: (to) => void (current = to) };
};

/**
 * Demo data through the real command paths: companies sign up and post jobs over the last weeks
 * (some closed again), and four partner feeds are imported twice so some imported jobs are closed
 * as gone from their feed; candidates sign up, write their profiles (public and actively looking,
 * public and open, private) and apply to some of the posted jobs. Safe to run twice.
 */
/** The candidate who connected an AI assistant (an API key for the MCP endpoint, ADR 042). */
export const ASSISTANT_KEY_OWNER = 'lena.marsh@example.com';
/** Tomás keeps a board search with a daily job alert (ADR 067): the feed jobs imported after it wait for his next alert. */
const SAVED_SEARCH = { owner: 'tomas.herrera@example.com', search: { keywords: 'react', location: 'remote', frequency: 'daily' } } as const;

export async function seed(deps: AppDeps, options: { publicUrl?: string } = {}): Promise<string> {
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const now = deps.clock.now();
  const plan = seedPlan(now);
  const clock = settableClock(now);
  // The operator seeding their own install is not a visitor to throttle; the companies' sessions
  // must outlive the weeks their history covers (they sign out at the end).
  const app = await buildApp({ ...deps, clock, rateLimiter: createUnlimitedRateLimiter() }, { queries: false, projections: false, spaDir: false, sessionTtlMs: 90 * DAY, publicUrl });
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
  const candidateTokens = new Map<PlannedCandidate, string>();
  const candidateIds = new Map<PlannedCandidate, string>();
  const candidateActions = plan.candidates.flatMap((candidate) => [
    { at: candidate.signedUpAt, candidate, signUp: true, run: () => signUpCandidate(candidate) },
    { at: candidate.profileAt, candidate, signUp: false, run: () => createProfile(candidate) },
    ...candidate.applications.map((application) => ({ at: application.at, candidate, signUp: false, run: () => apply(candidate, application.job) })),
  ]);
  const allActions = [
    ...actions.map((action) => ({ at: action.at, run: action.run, skip: () => !action.signUp && !tokens.has(action.company) })),
    // A candidate seeded before is left as they are.
    ...candidateActions.map((action) => ({ at: action.at, run: action.run, skip: () => !action.signUp && !candidateTokens.has(action.candidate) })),
  ];
  allActions.sort((a, b) => a.at.getTime() - b.at.getTime());
  let candidates = 0;
  let applications = 0;

  async function signUp(company: PlannedCompany) {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: { ...company.account, password: SEED_PASSWORD } });
    if (signup.statusCode === 409) return; // seeded before
    if (signup.statusCode !== 201) throw new Error(`Seeding ${company.account.companyName} failed: ${signup.statusCode} ${signup.body}`);
    companies++;
    const token = signup.json<{ token: string }>().token;
    companyIds.set(company, signup.json<{ user: { companyId: string } }>().user.companyId);
    await takePlan(company, token, COMPANY_STORIES[company.account.companyName]?.plan ?? 'enterprise');
    tokens.set(company, token);
  }
  /**
   * A demo company posts a dozen jobs, more than the free plan allows (plan limits, ADR 030): it
   * takes its paid plan through the simulated checkout first, which starts its trial.
   */
  async function takePlan(company: PlannedCompany, token: string, planId: PlanId) {
    const created = await app.inject({ method: 'POST', url: '/api/subscription/create', headers: { authorization: `Bearer ${token}` }, payload: { planId } });
    if (created.statusCode !== 200) throw new Error(`Seeding ${company.account.companyName}'s plan failed: ${created.statusCode} ${created.body}`);
    const checkoutPath = new URL(created.json<{ checkoutUrl: string }>().checkoutUrl, 'http://localhost').pathname;
    if (!checkoutPath.startsWith(SIMULATED_CHECKOUT_PATH)) {
      throw new Error('Seeding needs the simulated payments adapter (no STRIPE_SECRET_KEY): the demo companies take a plan through its test checkout.');
    }
    const confirmed = await app.inject({ method: 'POST', url: `${checkoutPath}/confirm`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    if (confirmed.statusCode !== 303) throw new Error(`Seeding ${company.account.companyName}'s plan failed: ${confirmed.statusCode} ${confirmed.body}`);
    plans++;
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

  async function signUpCandidate(candidate: PlannedCandidate) {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { ...candidate.account, password: SEED_PASSWORD } });
    if (signup.statusCode === 409) return; // seeded before
    if (signup.statusCode !== 201) throw new Error(`Seeding ${candidate.account.name} failed: ${signup.statusCode} ${signup.body}`);
    candidates++;
    candidateTokens.set(candidate, signup.json<{ token: string }>().token);
    candidateIds.set(candidate, signup.json<{ user: { id: string } }>().user.id);
  }
  const profileIds = new Map<string, string>();
  async function createProfile(candidate: PlannedCandidate) {
    const payload = candidate.avatar ? { ...candidate.profile, profilePicture: await initialsAvatarDataUrl(candidate.avatar.initials, candidate.avatar.colour) } : candidate.profile;
    const created = await app.inject({ method: 'POST', url: '/api/profile', headers: { authorization: `Bearer ${candidateTokens.get(candidate)}` }, payload });
    if (created.statusCode !== 201) throw new Error(`Seeding the profile of ${candidate.account.name} failed: ${created.statusCode} ${created.body}`);
    profileIds.set(candidate.account.email, created.json<{ profile: { id: string } }>().profile.id);
  }

  let profiles = 0;
  let jobsEdited = 0;
  let plans = 0;
  let cancelledPlans = 0;
  let invitations = 0;
  let moves = 0;
  let contacts = 0;
  let replies = 0;
  /** The contacts sent in this run, with their conversations to go on (a company seeded before keeps its own). */
  const contactsSent: Array<{ company: PlannedCompany; candidateEmail: string; sentAt: number; conversation: ConversationStep[] }> = [];
  /** When the last seeded conversation message was written: the candidates read their inboxes after it. */
  let conversationsEnd = 0;
  let opened = 0;
  const companyIds = new Map<PlannedCompany, string>();
  // What Browse Candidates records when a company's user sees cards (ADR 037); the seed's app answers no reads.
  const cardsShown = new BoardActivityCounter({ eventStore: deps.eventStore, clock, ids: deps.ids, instanceId: 'seed' });
  /** The talent side, a day ago: company profiles, plans, requests to apply (companies seeded in this run only). */
  async function companyStory(company: PlannedCompany) {
    const story = COMPANY_STORIES[company.account.companyName];
    const token = tokens.get(company);
    if (!story || !token) return;
    const auth = { authorization: `Bearer ${token}` };
    const saved = await app.inject({ method: 'PUT', url: '/api/company/profile', headers: auth, payload: { name: company.account.companyName, ...story.profile } });
    if (saved.statusCode !== 200) throw new Error(`Seeding the company profile of ${company.account.companyName} failed: ${saved.statusCode} ${saved.body}`);
    profiles++;
    jobsEdited += await seedJobEdit((request) => app.inject(request), company.account.companyName, token, company.jobs.flatMap((planned) => (jobIds.has(planned) ? [{ job: planned.job, jobId: jobIds.get(planned)! }] : [])));
    // The company answers the applications to its jobs: the first it invites to interview, the others it has looked at.
    let answered = 0;
    for (const candidate of plan.candidates) {
      for (const application of candidate.applications) {
        const jobId = application.company === company ? jobIds.get(application.job) : undefined;
        const candidateUserId = candidateIds.get(candidate);
        if (!jobId || !candidateUserId) continue;
        const status = answered++ === 0 ? 'interview' : 'viewed';
        const moved = await app.inject({ method: 'POST', url: `/api/jobs/${jobId}/applicants/${candidateUserId}/status`, headers: auth, payload: { status } });
        if (moved.statusCode !== 200) throw new Error(`Seeding the answer to ${candidate.account.name}'s application failed: ${moved.statusCode} ${moved.body}`);
        moves++;
      }
    }
    // It browsed the candidates (the public ones' cards), and opened the profiles of those it then wrote to or asked to apply.
    const companyId = companyIds.get(company);
    if (companyId) cardsShown.hooks.onCardsShown(companyId, plan.candidates.filter((candidate) => candidate.profile.isPublic).flatMap((candidate) => profileIds.get(candidate.account.email) ?? []));
    for (const email of new Set([...(story.contacts ?? []), ...story.invites].map((target) => target.candidateEmail))) {
      const candidateId = profileIds.get(email);
      if (!candidateId) continue;
      const view = await app.inject({ method: 'POST', url: `/api/profiles/${candidateId}/views`, headers: auth });
      if (view.statusCode !== 200) throw new Error(`Seeding the view of ${email}'s profile failed: ${view.statusCode} ${view.body}`);
      if (view.json<{ counted: boolean }>().counted) opened++;
    }
    for (const contact of story.contacts ?? []) {
      const candidateId = profileIds.get(contact.candidateEmail);
      if (!candidateId) continue;
      const sent = await app.inject({ method: 'POST', url: '/api/candidates/contact', headers: auth, payload: { candidateId, message: contact.message } });
      if (sent.statusCode >= 300) throw new Error(`Seeding the message to ${contact.candidateEmail} failed: ${sent.statusCode} ${sent.body}`);
      contacts++;
      if (contact.conversation) contactsSent.push({ company, candidateEmail: contact.candidateEmail, sentAt: clock.now().getTime(), conversation: contact.conversation });
    }
    for (const invite of story.invites) {
      const jobId = [...jobIds].find(([planned]) => company.jobs.includes(planned) && planned.job.title === invite.jobTitle)?.[1];
      const candidateId = profileIds.get(invite.candidateEmail);
      if (!jobId || !candidateId) continue;
      const sent = await app.inject({ method: 'POST', url: '/api/job-invitations/send', headers: auth, payload: { jobId, candidateId, message: invite.message } });
      if (sent.statusCode !== 201 && sent.statusCode !== 200) throw new Error(`Seeding the invitation of ${invite.candidateEmail} failed: ${sent.statusCode} ${sent.body}`);
      invitations++;
    }
  }
  let adminActions = 0;
  async function adminStory() {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { name: SEED_ADMIN.name, email: SEED_ADMIN.email, password: SEED_PASSWORD } });
    if (signup.statusCode === 409) return; // seeded before
    if (signup.statusCode !== 201) throw new Error(`Seeding ${SEED_ADMIN.name} failed: ${signup.statusCode} ${signup.body}`);
    await grantRoleAsSystem({ ...deps, clock, sessionTtlMs: 90 * DAY, publicUrl, linkedin: null }, SEED_ADMIN.email, 'super_admin', 'seed');
    const auth = { authorization: `Bearer ${signup.json<{ token: string }>().token}` };
    const candidate = await app.inject({ method: 'POST', url: '/api/admin/candidates', headers: auth, payload: ADMIN_STORY.candidate });
    if (candidate.statusCode !== 201) throw new Error(`Seeding the added candidate failed: ${candidate.statusCode} ${candidate.body}`);
    profileIds.set(ADMIN_STORY.candidate.email, candidate.json<{ candidate: { id: string } }>().candidate.id);
    const company = await app.inject({ method: 'POST', url: '/api/admin/companies', headers: auth, payload: ADMIN_STORY.company });
    if (company.statusCode !== 201) throw new Error(`Seeding the added company failed: ${company.statusCode} ${company.body}`);
    adminActions += 2;
    const jobId = [...jobIds].find(([planned]) => planned.job.title === ADMIN_STORY.bulkInvite.jobTitle)?.[1];
    const candidateIds = ADMIN_STORY.bulkInvite.candidateEmails.flatMap((email) => profileIds.get(email) ?? []);
    if (jobId && candidateIds.length > 0) {
      const bulk = await app.inject({ method: 'POST', url: '/api/job-invitations/bulk', headers: { ...auth, 'idempotency-key': 'seed-admin-bulk-invite' }, payload: { jobId, candidateIds } });
      if (bulk.statusCode !== 200) throw new Error(`Seeding the bulk invitation failed: ${bulk.statusCode} ${bulk.body}`);
      invitations += bulk.json<{ summary: { succeeded: number } }>().summary.succeeded;
      adminActions++;
    }
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
  }
  /**
   * The conversations this morning (ADR 069): each reply at its time, through the conversation
   * routes; the company reads the candidate's reply before it answers.
   */
  async function conversationStory() {
    for (const { company, candidateEmail, sentAt, conversation } of contactsSent) {
      const candidate = plan.candidates.find((one) => one.account.email === candidateEmail);
      const companyId = companyIds.get(company);
      const candidateUserId = candidate && candidateIds.get(candidate);
      const candidateToken = candidate && candidateTokens.get(candidate);
      const companyToken = tokens.get(company);
      if (!companyId || !candidateUserId || !candidateToken || !companyToken) continue;
      const threadId = contactThreadIdFor(companyId, candidateUserId);
      let lastFromCandidate: string | null = null;
      for (const [index, step] of conversation.entries()) {
        // At its time this morning, and always after the message before it (the first contact can be recent, after a late application).
        const at = Math.max(now.getTime() - step.minutesAgo * 60_000, sentAt + (index + 1) * 1000);
        clock.set(new Date(at));
        conversationsEnd = Math.max(conversationsEnd, at);
        const companyAuth = { authorization: `Bearer ${companyToken}` };
        if (step.from === 'company' && lastFromCandidate) {
          const read = await app.inject({ method: 'POST', url: `/api/conversations/${threadId}/read`, headers: companyAuth, payload: { upTo: lastFromCandidate } });
          if (read.statusCode !== 200) throw new Error(`Seeding ${company.account.companyName}'s read mark failed: ${read.statusCode} ${read.body}`);
        }
        const headers = step.from === 'company' ? companyAuth : { authorization: `Bearer ${candidateToken}` };
        const sent = await app.inject({ method: 'POST', url: `/api/conversations/${threadId}/messages`, headers, payload: { message: step.message } });
        if (sent.statusCode !== 201) throw new Error(`Seeding a reply in ${company.account.companyName}'s conversation failed: ${sent.statusCode} ${sent.body}`);
        if (step.from === 'candidate') lastFromCandidate = sent.json<{ sentAt: string }>().sentAt;
        replies++;
      }
    }
  }
  let inboxesRead = 0;
  let apiKeys = 0;
  let savedSearches = 0;
  let invitationsViewed = 0;
  let availabilityChanges = 0;
  /** Lena's invitation from Northwind, once it was sent in this run (ADR 118): its id, and her token. */
  function availabilityInvitation() {
    const candidate = plan.candidates.find((one) => one.account.email === AVAILABILITY_CHANGE.candidateEmail);
    const token = candidate && candidateTokens.get(candidate);
    const userId = candidate && candidateIds.get(candidate);
    const company = plan.companies.find((one) => one.account.companyName === AVAILABILITY_CHANGE.companyName);
    const jobId = [...jobIds].find(([planned]) => company?.jobs.includes(planned) && planned.job.title === AVAILABILITY_CHANGE.jobTitle)?.[1];
    return token && userId && jobId ? { auth: { authorization: `Bearer ${token}` }, url: `/api/my-invitations/${invitationIdFor(jobId, userId)}`, name: candidate.account.name } : null;
  }
  /** Yesterday evening: Lena reveals her profile to Northwind and offers her first times. */
  async function availabilityFirstStory() {
    const invitation = availabilityInvitation();
    if (!invitation) return;
    const revealed = await app.inject({ method: 'POST', url: `${invitation.url}/reveal`, headers: invitation.auth, payload: {} });
    if (revealed.statusCode !== 200) throw new Error(`Seeding ${invitation.name}'s reveal failed: ${revealed.statusCode} ${revealed.body}`);
    const offered = await app.inject({ method: 'POST', url: `${invitation.url}/availability`, headers: invitation.auth, payload: AVAILABILITY_CHANGE.first });
    if (offered.statusCode !== 200) throw new Error(`Seeding ${invitation.name}'s availability failed: ${offered.statusCode} ${offered.body}`);
  }
  /** This morning: she changes them. */
  async function availabilityChangeStory() {
    const invitation = availabilityInvitation();
    if (!invitation) return;
    const changed = await app.inject({ method: 'POST', url: `${invitation.url}/availability`, headers: invitation.auth, payload: AVAILABILITY_CHANGE.changed });
    if (changed.statusCode !== 200) throw new Error(`Seeding ${invitation.name}'s changed availability failed: ${changed.statusCode} ${changed.body}`);
    availabilityChanges++;
  }
  /**
   * The candidates' side today: those who were written to have opened their inbox (the message is
   * read, the dashboard counts nothing new), and Lena connected her AI assistant with a key that
   * expires in 90 days (it is shown to nobody: she would make her own to use one).
   */
  async function candidateStory() {
    for (const candidate of plan.candidates) {
      const token = candidateTokens.get(candidate);
      if (!token) continue;
      const auth = { authorization: `Bearer ${token}` };
      // (This app has no query side: who was written to is known from the stories.)
      const contacted = Object.values(COMPANY_STORIES).some((story) => story.contacts?.some((contact) => contact.candidateEmail === candidate.account.email));
      if (contacted) {
        const read = await app.inject({ method: 'POST', url: '/api/inbox/read', headers: auth, payload: { upTo: clock.now().toISOString() } });
        if (read.statusCode !== 200) throw new Error(`Seeding ${candidate.account.name}'s read inbox failed: ${read.statusCode} ${read.body}`);
        inboxesRead++;
      }
      if (candidate.account.email === ASSISTANT_KEY_OWNER) {
        const key = await app.inject({ method: 'POST', url: '/api/api-keys', headers: auth, payload: { name: 'Claude Desktop', expiresInDays: 90 } });
        if (key.statusCode !== 201) throw new Error(`Seeding ${candidate.account.name}'s API key failed: ${key.statusCode} ${key.body}`);
        apiKeys++;
      }
      if (candidate.account.email === SAVED_SEARCH.owner) {
        const saved = await app.inject({ method: 'POST', url: '/api/saved-searches', headers: auth, payload: SAVED_SEARCH.search });
        if (saved.statusCode !== 201 && saved.statusCode !== 409) throw new Error(`Seeding ${candidate.account.name}'s saved search failed: ${saved.statusCode} ${saved.body}`);
        if (saved.statusCode === 201) savedSearches++;
      }
      const userId = candidateIds.get(candidate);
      const invitedTo = [...jobIds].find(([planned]) => planned.job.title === ADMIN_STORY.bulkInvite.jobTitle)?.[1];
      if (candidate.account.email === INVITATION_VIEWER && userId && invitedTo) {
        const viewed = await app.inject({ method: 'POST', url: `/api/my-invitations/${invitationIdFor(invitedTo, userId)}/view`, headers: auth, payload: {} });
        if (viewed.statusCode !== 200) throw new Error(`Seeding ${candidate.account.name}'s opened invitation failed: ${viewed.statusCode} ${viewed.body}`);
        invitationsViewed++;
      }
    }
  }
  async function apply(candidate: PlannedCandidate, job: PlannedJob) {
    // Only to jobs posted in this run (a company seeded before keeps its own history).
    const jobId = jobIds.get(job);
    if (!jobId) return;
    const applied = await app.inject({ method: 'POST', url: `/api/jobs/${jobId}/apply`, headers: { authorization: `Bearer ${candidateTokens.get(candidate)}` } });
    if (applied.statusCode !== 201) throw new Error(`Seeding the application of ${candidate.account.name} to ${job.job.title} failed: ${applied.statusCode} ${applied.body}`);
    applications++;
  }

  try {
    for (const action of allActions) {
      if (action.skip()) continue;
      clock.set(action.at);
      await action.run();
    }
    // A day ago, or just after the last application if that came later: a company answers what it has received.
    const lastApplication = Math.max(0, ...plan.candidates.flatMap((candidate) => candidate.applications.map((application) => application.at.getTime())));
    clock.set(new Date(Math.min(now.getTime(), Math.max(now.getTime() - DAY, lastApplication + HOUR))));
    for (const company of plan.companies) await companyStory(company);
    cancelledPlans = await seedCancellation(app, tokens.get(plan.companies.find((company) => company.account.companyName === CANCELLING_COMPANY)!));
    await cardsShown.close();
    // Yesterday evening, two hours after the companies' day: Lena answers Northwind's request.
    clock.set(new Date(Math.max(clock.now().getTime(), Math.min(now.getTime() - HOUR * 2, clock.now().getTime() + HOUR * 2))));
    await availabilityFirstStory();
    // An hour ago: the operations team's day in the admin console.
    clock.set(new Date(now.getTime() - HOUR));
    await adminStory();
    await conversationStory();
    clock.set(new Date(Math.max(now.getTime(), conversationsEnd + 1000)));
    await candidateStory();
    await availabilityChangeStory();
    for (const token of [...tokens.values(), ...candidateTokens.values()]) await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
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
  return companies === 0 && imported === 0 && candidates === 0
    ? 'Seed data was already loaded; nothing to do.'
    : `Seeded ${companies} companies with ${jobs} jobs posted over the last ${Math.round((now.getTime() - Math.min(...plan.companies.map((c) => c.signedUpAt.getTime()))) / DAY)} days, and ${imported} imported jobs from ${HIRELOOP_FEED_SOURCES.length} feeds; ${closed} jobs closed, ${jobsEdited} edited after posting; ${candidates} candidates with profiles and ${applications} applications; ${profiles} company profiles, ${plans} plans on trial (${cancelledPlans} cancelled for the trial's end), ${moves} applications answered, ${opened} full profile opened, ${contacts} candidate contacted (${replies} replies in the conversation) and ${invitations} invitations sent; ${adminActions} admin actions by ${SEED_ADMIN.email} (super admin); ${inboxesRead} inbox read, ${apiKeys} assistant key made and ${savedSearches} saved search with daily job alerts; ${invitationsViewed} invitation opened and ${availabilityChanges} interview availability changed. Demo accounts use the password ${SEED_PASSWORD}.`;
}
