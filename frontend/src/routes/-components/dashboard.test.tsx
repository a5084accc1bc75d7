import type { CandidateApplication, CandidateProfile, Job, User } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  stripSearchParams,
} from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../components/ui/toast';
import { resetPositionForTests } from '../../lib/api-client';
import { DashboardPage } from './dashboard';
import { JOB_BOARD_SEARCH_DEFAULTS, JobBoardSearch } from '../../features/jobs/lib/board-search';
import { sampleJob } from '@hireloop/contracts/testing/jobs';

interface Request {
  method: string;
  url: string;
}

let requests: Request[];
let answers: Record<string, () => Response>;
let storage: Map<string, string>;

beforeEach(() => {
  requests = [];
  answers = {};
  storage = new Map([['auth_token', 'candidate-token']]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url });
    const answer = answers[`${method} ${url}`];
    if (!answer) throw new Error(`The test did not say how the server answers ${method} ${url}`);
    return answer();
  });
  resetPositionForTests();
});

afterEach(() => {
  act(() => toast({ title: '' }).dismiss());
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const candidate: User = {
  id: 'u1',
  userId: 'u1',
  name: 'Ana Silva',
  email: 'ana@example.com',
  type: 'candidate',
  role: 'candidate',
  isAdmin: false,
  companyId: null,
  companyName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const profile = (overrides: Partial<CandidateProfile> = {}): CandidateProfile => ({
  id: 'p1',
  userId: 'u1',
  firstName: 'Ana',
  lastName: 'Silva',
  title: 'Staff Engineer',
  skills: ['Go', 'Rust', 'PostgreSQL', 'Kafka', 'gRPC'],
  experience: '10 years',
  location: 'Porto, Portugal',
  summary: 'Payments.',
  phone: '',
  email: 'ana@example.com',
  linkedinUrl: '',
  githubUrl: '',
  portfolioUrl: '',
  education: '',
  salaryExpectation: '',
  profilePicture: null,
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'remote',
  isPublic: true,
  isPrivate: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const application = (overrides: Partial<CandidateApplication> = {}): CandidateApplication => ({
  applicationId: 'a1',
  jobId: 'j1',
  jobTitle: 'Senior Go Engineer',
  company: 'Acme',
  location: 'Remote',
  appliedAt: '2026-03-01T12:00:00.000Z',
  jobIsOpen: true,
  changedSinceApplied: [],
  status: 'applied',
  timeline: [{ status: 'applied', at: overrides.appliedAt ?? '2026-03-01T12:00:00.000Z' }],
  ...overrides,
});

const suggestedJob = (overrides: Partial<Job> = {}): Job => sampleJob({
  shareToken: 's1',
  title: 'Senior Go Engineer',
  company: 'Acme',
  description: 'Payments.',
  skills: ['Go', 'Rust'],
  createdAt: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

const noProfile = json(404, { success: false, error: 'You have not created a profile yet.' });

/** The dashboard on its route, with the pages its links go to. */
async function renderDashboard(user: User = candidate) {
  answers['GET /api/auth/user'] ??= json(200, user);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const dashboard = createRoute({ getParentRoute: () => rootRoute, path: '/dashboard', component: () => <DashboardPage /> });
  const jobs = createRoute({
    getParentRoute: () => rootRoute,
    path: '/jobs',
    // As the real route: the board's search, defaults left out of the address.
    validateSearch: JobBoardSearch.validate,
    search: { middlewares: [stripSearchParams(JOB_BOARD_SEARCH_DEFAULTS)] },
    component: () => <h1>Job board</h1>,
  });
  const job = createRoute({ getParentRoute: () => rootRoute, path: '/job/$jobId', component: () => <h1>Job</h1> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([dashboard, jobs, job]),
    history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: `Welcome back, ${user.name}!` });
  return { router, user: userEvent.setup({ delay: null }) };
}

const card = (title: string) => {
  const heading = screen.getByRole('heading', { name: title });
  const element = heading.closest<HTMLElement>('[class*="rounded"]');
  if (!element) throw new Error(`No card "${title}"`);
  return within(element);
};

describe('candidate dashboard', () => {
  it('without a profile: Start Here opens the wizard in create mode, and no summary card shows', async () => {
    answers['GET /api/profile'] = noProfile;
    answers['GET /api/applications'] = json(200, { applications: [] });
    const { user } = await renderDashboard();
    expect(screen.getByText('Discover new opportunities and manage your job applications')).toBeInTheDocument();

    const start = await card('Create a Profile').findByRole('button', { name: 'Start Here' });
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View My Profile' })).not.toBeInTheDocument();

    await user.click(start);
    const wizard = await screen.findByRole('dialog', { name: 'Create Your Profile' }, { timeout: 5000 });
    expect(wizard).toHaveAccessibleDescription('Step 1 of 4: Upload your resume');

    // Closing (Escape) gives the focus back to Start Here.
    await waitFor(() => expect(wizard).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Start Here' })).toHaveFocus();
  });

  it('with a profile: the summary card, the top three skills and View Suggested Jobs showing the best matches', async () => {
    answers['GET /api/profile'] = json(200, profile());
    answers['GET /api/applications'] = json(200, { applications: [] });
    answers['GET /api/jobs/suggested?count=5'] = json(200, {
      matchScoreVersion: 1,
      jobs: [
        suggestedJob({ id: 'j1', title: 'Senior Go Engineer', matchScore: 86, matchReasons: ['You have 2 of 2 listed skills: Go and Rust.'], warnings: [] }),
        suggestedJob({ id: 'j2', title: 'Data Engineer', matchScore: 45, matchReasons: [], warnings: ['The job is on-site in Berlin, Germany; you are in Porto, Portugal.'] }),
      ],
    });
    const { router, user } = await renderDashboard();

    await screen.findByRole('heading', { name: 'Ana Silva' });
    const summary = card('Ana Silva');
    expect(summary.getByText('Staff Engineer')).toBeInTheDocument();
    expect(summary.getByText('Porto, Portugal')).toBeInTheDocument();
    expect(summary.getByText('Actively Looking')).toBeInTheDocument();
    expect(summary.getByRole('link', { name: 'View My Profile' })).toHaveAttribute('href', '/profile/p1');

    const create = card('Create a Profile');
    expect(create.queryByRole('button', { name: 'Start Here' })).not.toBeInTheDocument();
    const skills = create.getByRole('list', { name: 'Top skills' });
    expect(within(skills).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Go', 'Rust', 'PostgreSQL']);
    const suggested = create.getByRole('button', { name: 'View Suggested Jobs' });
    expect(suggested).toHaveAttribute('aria-expanded', 'false');
    expect(requests.some((request) => request.url.startsWith('/api/jobs/suggested'))).toBe(false);

    await user.click(suggested);
    expect(suggested).toHaveAttribute('aria-expanded', 'true');
    const matches = await create.findByRole('list', { name: 'Your best matches' });
    const items = within(matches).getAllByRole('listitem').filter((item) => item.parentElement === matches);
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Senior Go Engineer' })).toHaveAttribute('href', '/job/j1');
    expect(within(items[0]!).getByText('86% match')).toHaveAttribute('data-tone', 'green');
    expect(within(items[0]!).getByRole('list', { name: 'Why Senior Go Engineer matches' })).toHaveTextContent('You have 2 of 2 listed skills: Go and Rust.');
    expect(within(items[1]!).getByText('45% match')).toHaveAttribute('data-tone', 'yellow');
    expect(within(items[1]!).getByRole('list', { name: 'Warnings about Data Engineer' })).toHaveTextContent(
      'The job is on-site in Berlin, Germany; you are in Porto, Portugal.',
    );

    const more = create.getByRole('link', { name: 'Search the job board for more' });
    expect(more).toHaveAttribute('href', '/jobs?search=Staff+Engineer');
    await user.click(more);
    await screen.findByRole('heading', { name: 'Job board' });
    expect(router.state.location.search).toMatchObject({ search: 'Staff Engineer' });
  });

  it('shows Open to Opportunities for a profile that is not immediately available', async () => {
    answers['GET /api/profile'] = json(200, profile({ availability: 'open', isPublic: false, isPrivate: true }));
    answers['GET /api/applications'] = json(200, { applications: [] });
    await renderDashboard();
    await screen.findByRole('heading', { name: 'Ana Silva' });
    const summary = card('Ana Silva');
    expect(summary.getByText('Open to Opportunities')).toBeInTheDocument();
    expect(summary.getByText('Private')).toBeInTheDocument();
  });

  it('Edit Profile opens the wizard in edit mode at the confirm step with the current values', async () => {
    answers['GET /api/profile'] = json(200, profile());
    answers['GET /api/applications'] = json(200, { applications: [] });
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const wizard = await screen.findByRole('dialog', { name: 'Edit Your Profile' }, { timeout: 5000 });
    expect(wizard).toHaveAccessibleDescription('Step 3 of 4: Confirm your details');
    expect(within(wizard).getByRole('textbox', { name: 'Job Title' })).toHaveValue('Staff Engineer');
    expect(within(wizard).getByRole('checkbox', { name: 'Actively looking for a job' })).toBeChecked();
  });

  it('lists the candidate’s applications with their jobs, companies, dates and Closed for closed jobs', async () => {
    answers['GET /api/profile'] = noProfile;
    answers['GET /api/applications'] = json(200, {
      applications: [
        application(),
        application({
          applicationId: 'a2',
          jobId: 'j2',
          jobTitle: 'Platform Engineer',
          company: 'Globex',
          location: 'Berlin',
          appliedAt: '2026-02-10T09:00:00.000Z',
          jobIsOpen: false,
          changedSinceApplied: [],
        }),
      ],
    });
    const { user } = await renderDashboard();
    const list = await card('Applications').findByRole('list', { name: 'Your applications' });
    // The applications, not the steps of their timelines.
    const [first, second] = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(within(first!).getByRole('link', { name: 'Senior Go Engineer' })).toHaveAttribute('href', '/job/j1');
    expect(first).toHaveTextContent('Acme · Remote');
    expect(first).toHaveTextContent('Applied March 1, 2026');
    expect(within(first!).queryByText('Closed')).not.toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'Platform Engineer' })).toHaveAttribute('href', '/job/j2');
    expect(second).toHaveTextContent('Globex · Berlin');
    expect(within(second!).getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('link', { name: 'Senior Go Engineer' }));
    expect(await screen.findByRole('heading', { name: 'Job' })).toBeInTheDocument();
  });

  it('tells what changed in a job since the candidate applied (ADR 079)', async () => {
    answers['GET /api/profile'] = noProfile;
    answers['GET /api/applications'] = json(200, {
      applications: [
        application({
          changedSinceApplied: [
            { field: 'salary', from: '$120k', to: '$135k' },
            { field: 'remote', from: true, to: false },
          ],
        }),
        application({ applicationId: 'a2', jobId: 'j2', jobTitle: 'Platform Engineer' }),
      ],
    });
    await renderDashboard();
    const changes = await card('Applications').findByRole('list', { name: 'Changes to Senior Go Engineer since you applied' });
    expect(within(changes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Salary: $120,000 → $135,000', 'Remote: yes → no']);
    expect(card('Applications').queryByRole('list', { name: 'Changes to Platform Engineer since you applied' })).not.toBeInTheDocument();
  });

  it("shows each application's timeline, and the candidate withdraws one after saying so twice", async () => {
    answers['GET /api/profile'] = noProfile;
    const moving = application({
      status: 'interview',
      timeline: [
        { status: 'applied', at: '2026-03-01T12:00:00.000Z' },
        { status: 'viewed', at: '2026-03-03T09:00:00.000Z' },
        { status: 'interview', at: '2026-03-05T15:00:00.000Z' },
      ],
    });
    const declined = application({ applicationId: 'a2', jobId: 'j2', jobTitle: 'Platform Engineer', status: 'declined', timeline: [{ status: 'applied', at: '2026-02-10T09:00:00.000Z' }, { status: 'declined', at: '2026-02-20T09:00:00.000Z' }] });
    answers['GET /api/applications'] = json(200, { applications: [moving, declined] });
    const { user } = await renderDashboard();
    const list = await card('Applications').findByRole('list', { name: 'Your applications' });
    const [first, second] = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(within(first!).getByText('Invited to interview', { selector: 'span, div' })).toBeInTheDocument();
    expect(within(first!).getByRole('list', { name: 'Timeline of Senior Go Engineer' })).toHaveTextContent(
      'Applied March 1, 2026Viewed by the company March 3, 2026Invited to interview March 5, 2026',
    );
    // Declined is final: nothing to withdraw.
    expect(within(second!).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Withdraw' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    answers['POST /api/jobs/j1/application/withdraw'] = json(200, { success: true, status: 'withdrawn' });
    answers['GET /api/applications'] = json(200, {
      applications: [{ ...moving, status: 'withdrawn', timeline: [...moving.timeline, { status: 'withdrawn', at: '2026-03-06T10:00:00.000Z' }] }, declined],
    });
    await user.click(within(first!).getByRole('button', { name: 'Yes, withdraw' }));
    expect(requests).toContainEqual({ method: 'POST', url: '/api/jobs/j1/application/withdraw' });
    const updated = await card('Applications').findByRole('list', { name: 'Timeline of Senior Go Engineer' });
    await waitFor(() => expect(updated).toHaveTextContent('Withdrawn March 6, 2026'));
    expect(within(card('Applications').getByRole('list', { name: 'Your applications' })).queryAllByRole('button', { name: 'Withdraw' })).toHaveLength(0);
  });

  it('says when there are no applications yet', async () => {
    answers['GET /api/profile'] = noProfile;
    answers['GET /api/applications'] = json(200, { applications: [] });
    await renderDashboard();
    expect(
      await card('Applications').findByText('No applications yet. The jobs you apply to will show up here.'),
    ).toBeInTheDocument();
  });

  it('says when the profile or the applications could not be loaded, and tries again', async () => {
    answers['GET /api/profile'] = json(500, { success: false, error: 'Internal error' });
    answers['GET /api/applications'] = json(500, { success: false, error: 'Internal error' });
    const { user } = await renderDashboard();
    expect(await card('Create a Profile').findByText('We could not load your profile.')).toBeInTheDocument();
    expect(await card('Applications').findByText('We could not load your applications.')).toBeInTheDocument();

    answers['GET /api/profile'] = noProfile;
    await user.click(card('Create a Profile').getByRole('button', { name: 'Try again' }));
    expect(await card('Create a Profile').findByRole('button', { name: 'Start Here' })).toBeInTheDocument();
  });

  it('offers a candidate AI assistant access (its own chunk, loaded with the dashboard): the MCP address and their keys', async () => {
    answers['GET /api/profile'] = noProfile;
    answers['GET /api/applications'] = json(200, { applications: [] });
    answers['GET /api/api-keys'] = json(200, { keys: [], mcpUrl: 'http://hireloop.test/api/mcp' });
    await renderDashboard();
    expect(await screen.findByRole('heading', { name: 'AI assistant access' })).toBeInTheDocument();
    expect(await screen.findByLabelText('MCP endpoint')).toHaveValue('http://hireloop.test/api/mcp');
    expect(screen.getByText('No API keys yet.')).toBeInTheDocument();
  });

  it('keeps the company side as it was: no profile or applications cards, and no such calls', async () => {
    const company: User = { ...candidate, id: 'c1', userId: 'c1', name: 'Acme HR', type: 'company', companyName: 'Acme' };
    answers['GET /api/job-invitations'] = json(200, { success: true, invitations: [] });
    await renderDashboard(company);
    expect(screen.getByRole('button', { name: 'Post New Job' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create a Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Applications' })).not.toBeInTheDocument();
    const urls = requests.map((r) => r.url);
    expect(urls.filter((url) => url.startsWith('/api/profile') || url.startsWith('/api/applications'))).toEqual([]);
    // The company side asks for its plan instead (upgrade banner, job post usage, pricing modal).
    expect(urls).toContain('/api/subscription/current');
    expect(await screen.findByText('No requests yet. Ask candidates to apply from Browse Candidates.')).toBeInTheDocument();
    // And the list of its requests to apply.
    expect(requests.map((r) => r.url)).toContain('/api/job-invitations');
    // No AI assistant access: API keys are for candidates (ADR 042).
    expect(screen.queryByRole('heading', { name: 'AI assistant access' })).not.toBeInTheDocument();
    expect(urls).not.toContain('/api/api-keys');
  });

  it('shows the company’s Inbox card with the replies its users have not read (ADR 069), linking to /inbox', async () => {
    const company: User = { ...candidate, id: 'c1', userId: 'c1', name: 'Acme HR', type: 'company', companyName: 'Acme' };
    answers['GET /api/job-invitations'] = json(200, { success: true, invitations: [] });
    answers['GET /api/conversations'] = json(200, { success: true, conversations: [], unreadCount: 2 });
    await renderDashboard(company);
    expect(await screen.findByText('You have 2 new replies from candidates.')).toBeInTheDocument();
    expect(card('Inbox').getByRole('link', { name: 'Open Inbox' })).toHaveAttribute('href', '/inbox');
  });

  it('offers a company that saved its profile Edit Company Profile, and one that did not Set Up Company Profile', async () => {
    const company: User = { ...candidate, id: 'c1', userId: 'c1', name: 'Acme HR', type: 'company', companyName: 'Acme' };
    answers['GET /api/job-invitations'] = json(200, { success: true, invitations: [] });
    const saved = { companyId: 'co1', name: 'Acme', website: '', address: '', industry: 'Software', size: '11-50', description: 'We build things.', updatedAt: '2026-11-01T00:00:00.000Z' };
    answers['GET /api/company/profile'] = json(200, { success: true, profile: saved });
    await renderDashboard(company);
    expect(await screen.findByRole('button', { name: 'Edit Company Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set Up Company Profile' })).not.toBeInTheDocument();
  });

  it('lists the company’s requests to apply with their states; name, email and times once the candidate gave them', async () => {
    const company: User = { ...candidate, id: 'c1', userId: 'c1', name: 'Acme HR', type: 'company', companyName: 'Acme' };
    const base = {
      jobId: 'j1',
      jobTitle: 'Senior Go Engineer',
      sentAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-12-20T10:00:00.000Z',
      viewedAt: null,
      revealedAt: null,
      offerStageAt: null,
      declinedAt: null,
      availability: null,
      candidate: null,
    };
    answers['GET /api/job-invitations'] = json(200, {
      success: true,
      invitations: [
        {
          ...base,
          invitationId: 'i2',
          candidateId: 'p2',
          candidateTitle: 'Staff Engineer',
          status: 'interview_scheduled',
          revealedAt: '2026-11-21T10:00:00.000Z',
          availability: {
            availableDays: ['Monday', 'Wednesday'],
            availableTimes: ['9:00 AM - 12:00 PM'],
            timezone: 'Europe/Lisbon',
            additionalNotes: 'Not before 10.',
            submittedAt: '2026-11-21T11:00:00.000Z',
          },
          candidate: { name: 'Ana Silva', email: 'ana@example.com' },
        },
        { ...base, invitationId: 'i1', candidateId: 'p1', candidateTitle: 'Backend Engineer', status: 'email_sent' },
        { ...base, invitationId: 'i3', candidateId: 'p3', candidateTitle: 'Data Engineer', status: 'viewed', viewedAt: '2026-11-22T09:00:00.000Z' },
      ],
    });
    await renderDashboard(company);
    const list = await screen.findByRole('list', { name: 'Your requests' });
    const [revealed, pending, viewed] = within(list).getAllByRole('listitem');
    // Opened by the candidate, not answered yet (ADR 070): Viewed, with its date.
    expect(viewed).toHaveTextContent('Viewed');
    expect(viewed).toHaveTextContent('Sent November 20, 2026 · Viewed November 22, 2026');
    expect(revealed).toHaveAccessibleName('Ana Silva: Senior Go Engineer');
    expect(revealed).toHaveTextContent('Interview Scheduled');
    expect(within(revealed!).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute('href', 'mailto:ana@example.com');
    expect(revealed).toHaveTextContent('Available Monday, Wednesday · 9:00 AM - 12:00 PM (Europe/Lisbon) · “Not before 10.”');
    expect(pending).toHaveAccessibleName('Backend Engineer: Senior Go Engineer');
    expect(pending).toHaveTextContent('Email Sent');
    expect(pending).toHaveTextContent('Sent November 20, 2026');
    expect(within(pending!).queryByRole('link')).not.toBeInTheDocument();
    // Only a request with interview times offered can move to the offer stage.
    expect(within(revealed!).getByRole('button', { name: 'Move to Offer Stage' })).toBeInTheDocument();
    expect(within(pending!).queryByRole('button', { name: 'Move to Offer Stage' })).not.toBeInTheDocument();
  });

  it('moves a request with interview times offered to the offer stage, with a toast; a refusal says why', async () => {
    const company: User = { ...candidate, id: 'c1', userId: 'c1', name: 'Acme HR', type: 'company', companyName: 'Acme' };
    const scheduled = {
      invitationId: 'i2',
      jobId: 'j1',
      jobTitle: 'Senior Go Engineer',
      candidateId: 'p2',
      candidateTitle: 'Staff Engineer',
      status: 'interview_scheduled',
      sentAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-12-20T10:00:00.000Z',
      viewedAt: '2026-11-21T09:00:00.000Z',
      revealedAt: '2026-11-21T10:00:00.000Z',
      offerStageAt: null,
      declinedAt: null,
      availability: { availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM'], timezone: 'UTC', additionalNotes: '', submittedAt: '2026-11-21T11:00:00.000Z' },
      candidate: { name: 'Ana Silva', email: 'ana@example.com' },
    };
    answers['GET /api/job-invitations'] = json(200, { success: true, invitations: [scheduled] });
    answers['POST /api/job-invitations/i2/offer-stage'] = json(409, { success: false, error: 'Failed to move to offer stage: the candidate has not offered interview times yet.' });
    const { user } = await renderDashboard(company);
    const list = await screen.findByRole('list', { name: 'Your requests' });
    await user.click(within(list).getByRole('button', { name: 'Move to Offer Stage' }));
    expect(await screen.findByText('Failed to move to offer stage')).toBeInTheDocument();
    expect(await screen.findByText('Failed to move to offer stage: the candidate has not offered interview times yet.')).toBeInTheDocument();

    const movedAt = '2026-11-24T09:00:00.000Z';
    answers['POST /api/job-invitations/i2/offer-stage'] = json(200, { success: true, message: 'Moved to Offer Stage', invitationId: 'i2', status: 'offer_stage', offerStageAt: movedAt });
    answers['GET /api/job-invitations'] = json(200, { success: true, invitations: [{ ...scheduled, status: 'offer_stage', offerStageAt: movedAt }] });
    await user.click(within(list).getByRole('button', { name: 'Move to Offer Stage' }));
    expect(await screen.findByText('Moved to Offer Stage')).toBeInTheDocument();
    const [item] = within(await screen.findByRole('list', { name: 'Your requests' })).getAllByRole('listitem');
    await waitFor(() => expect(item).toHaveTextContent('Offer Stage'));
    expect(item).toHaveTextContent('Offer stage since November 24, 2026');
    expect(within(item!).queryByRole('button', { name: 'Move to Offer Stage' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/job-invitations/i2/offer-stage', '/api/job-invitations/i2/offer-stage']);
  });
});

describe('the dashboard for admins (part 2, Dashboard)', () => {
  it('an admin sees the Admin badge and the Admin Panel button, which goes to /admin', async () => {
    answers['GET /api/profile'] = noProfile;
    answers['GET /api/applications'] = json(200, { applications: [] });
    await renderDashboard({ ...candidate, role: 'super_admin', isAdmin: true });
    expect(screen.getByText('Admin', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });

  it('a user who is not an admin sees neither', async () => {
    answers['GET /api/profile'] = noProfile;
    answers['GET /api/applications'] = json(200, { applications: [] });
    await renderDashboard();
    expect(screen.queryByText('Admin', { exact: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });
});
