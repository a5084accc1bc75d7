import { AI_SUMMARY_MESSAGES } from '@hireloop/contracts';
import type { AiSummaryResponse, CandidateProfile, LimitedCandidateProfile, ProfileView } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster, useToast } from '../../../components/ui/toast';
import { resetPositionForTests } from '../../../lib/api-client';
import type { ProfileViewer } from '../lib/viewer';
import { ProfilePage } from './profile-page';

interface Request {
  method: string;
  url: string;
  body: unknown;
}

let requests: Request[];
/** The server's answer per "METHOD path"; a missing one never answers (a request in flight). */
let answers: Record<string, Array<() => Response>>;

beforeEach(() => {
  requests = [];
  answers = {};
  vi.stubGlobal('localStorage', undefined);
  vi.stubGlobal('sessionStorage', undefined);
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const queue = answers[`${method} ${url}`];
    const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    return next ? Promise.resolve(next()) : new Promise<Response>(() => {});
  });
  resetPositionForTests();
});

afterEach(() => {
  act(() => toast({ title: '' }).dismiss());
  vi.unstubAllGlobals();
  document.head.querySelectorAll('meta[name="robots"]').forEach((tag) => tag.remove());
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers `METHOD path` with these responses in turn (the last one from then on). */
function answer(key: string, ...responses: Array<() => Response>) {
  answers[key] = responses;
}

const fullProfile = (overrides: Partial<CandidateProfile> = {}): CandidateProfile => ({
  id: 'p1',
  userId: 'u-ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Staff Frontend Engineer',
  skills: ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'GraphQL', 'Docker', 'AWS'],
  experience: '7',
  location: 'London, UK',
  summary: 'I build accessible interfaces.',
  phone: '+44 20 7946 0958',
  email: 'ada@example.com',
  linkedinUrl: 'https://www.linkedin.com/in/ada',
  githubUrl: 'https://github.com/ada',
  portfolioUrl: '',
  education: 'BSc Mathematics - University of London',
  salaryExpectation: '120k - 150k',
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

const limitedProfile = (overrides: Partial<LimitedCandidateProfile> = {}): LimitedCandidateProfile => ({
  id: 'p1',
  title: 'Data Engineer',
  location: 'Austin, TX',
  availability: 'open',
  workPreference: 'hybrid',
  skills: ['Python', 'SQL', 'Spark', 'Airflow', 'dbt', 'Kafka', 'AWS', 'Terraform'],
  skillCount: 12,
  ...overrides,
});

const readySummary: AiSummaryResponse = {
  status: 'ready',
  summaryText: 'A data engineer with a record of reliable pipelines.',
  strengths: ['Batch and streaming pipelines', 'SQL modelling'],
  fitRoles: ['Senior Data Engineer', 'Analytics Engineer'],
  cached: true,
  generatedAt: '2026-03-01T10:00:00.000Z',
};

const PROFILE = 'GET /api/profiles/p1';
const SUMMARY = 'GET /api/candidates/p1/ai-summary';
const REGENERATE = 'POST /api/candidates/p1/ai-summary/regenerate';
const PRIVACY = 'PATCH /api/profile/privacy';

const visitor = null;
const otherCandidate: ProfileViewer = { userId: 'u-other', type: 'candidate' };
const company: ProfileViewer = { userId: 'u-company', type: 'company' };
const owner: ProfileViewer = { userId: 'u-ada', type: 'candidate' };

/** Shows the toasts' titles and how long each stays, as the Toaster's store holds them. */
function ToastDurations() {
  const { toasts } = useToast();
  return (
    <ul aria-label="Toast durations">
      {toasts.map((entry) => (
        <li key={entry.id}>{`${entry.title}: ${entry.duration ?? 'default'}`}</li>
      ))}
    </ul>
  );
}

function renderPage(view: ProfileView | null, viewer: ProfileViewer | null, options: { companyOnPaidPlan?: boolean; onContact?: (profileId: string) => void } = {}) {
  if (view) answer(PROFILE, json(200, view));
  const reload = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <main>
        <Outlet />
      </main>
    ),
  });
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/profile/$id',
    component: () => (
      <ProfilePage profileId="p1" viewer={viewer} reload={reload} companyOnPaidPlan={options.companyOnPaidPlan} onContact={options.onContact} />
    ),
  });
  const jobs = createRoute({ getParentRoute: () => rootRoute, path: '/jobs', component: () => <h1>Jobs</h1> });
  const dashboard = createRoute({ getParentRoute: () => rootRoute, path: '/dashboard', component: () => <h1>Dashboard</h1> });
  const browseCandidates = createRoute({ getParentRoute: () => rootRoute, path: '/browse-candidates', component: () => <h1>Browse Candidates</h1> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, jobs, dashboard, browseCandidates]),
    history: createMemoryHistory({ initialEntries: ['/profile/p1'] }),
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
      <ToastDurations />
    </QueryClientProvider>,
  );
  return { ...result, reload, queryClient, user: userEvent.setup({ delay: null }) };
}

async function expectNoAxeViolations(container: HTMLElement) {
  // jsdom draws nothing, so contrast cannot be measured here (the e2e checks do).
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe('the page around every display', () => {
  it("sets the title 'Candidate Profile' and keeps robots away", async () => {
    renderPage({ view: 'limited', profile: limitedProfile() }, visitor);
    await screen.findByRole('heading', { name: 'Private Candidate' });
    expect(document.title).toBe('Candidate Profile | Hireloop');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('shows the product tagline while the profile loads', async () => {
    renderPage(null, visitor);
    const loading = await screen.findByRole('status');
    expect(loading).toHaveTextContent('Hireloop');
    expect(loading).toHaveTextContent('A job board for tech job seekers and the companies hiring them.');
    expect(loading).toHaveTextContent('Loading profile...');
  });

  it("says 'Profile Not Found' for a missing or private profile, with a way back to browsing", async () => {
    answer(PROFILE, json(404, { success: false, error: 'Profile not found' }));
    const { container } = renderPage(null, otherCandidate);
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The profile you're looking for doesn't exist or is set to private.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Browse' })).toHaveAttribute('href', '/jobs');
    expect(document.title).toBe('Candidate Profile | Hireloop');
    await expectNoAxeViolations(container);
  });

  it('offers to try again when the server fails, and loads the profile when it answers', async () => {
    answer(PROFILE, json(500, { success: false, error: 'boom' }), json(200, { view: 'limited', profile: limitedProfile() }));
    const { user } = renderPage(null, visitor);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Private Candidate' })).toBeInTheDocument();
  });
});

describe('the limited display (public, not actively looking)', () => {
  it('hides the name and private facts behind blurred placeholders, and shows what may be seen', async () => {
    answer(SUMMARY, json(200, readySummary));
    const { container } = renderPage({ view: 'limited', profile: limitedProfile() }, visitor);
    const article = await screen.findByRole('article', { name: 'Private Candidate' });
    const page = within(article);
    expect(page.getByRole('heading', { level: 1, name: 'Private Candidate' })).toBeInTheDocument();
    expect(page.getByText('Data Engineer')).toBeInTheDocument();
    expect(page.getByText('Austin, TX')).toBeInTheDocument();
    for (const term of ['Experience level', 'Education', 'Salary range']) {
      const value = page.getByText(term).nextElementSibling as HTMLElement;
      expect(within(value).getByTestId('blurred')).toHaveClass('blur-sm');
      expect(value).toHaveTextContent('Hidden');
    }
    expect(page.getByRole('heading', { name: 'Summary' }).nextElementSibling).toHaveTextContent('Hidden');
    expect(page.getAllByText('Open to Opportunities').length).toBeGreaterThan(0);

    const skills = page.getByRole('list', { name: 'Skills' });
    expect(within(skills).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Python', 'SQL', 'Spark', 'Airflow', 'dbt', 'Kafka', 'AWS', 'Terraform', '+4 more',
    ]);

    const cta = page.getByRole('heading', { name: 'Interested in This Candidate?' }).parentElement as HTMLElement;
    expect(cta).toHaveTextContent("This candidate's contact details are private.");
    const signUp = within(cta).getByRole('link', { name: 'Sign Up as Company' });
    expect(signUp).toHaveAttribute('href', '/signup?type=company');
    expect(signUp).toHaveAttribute('target', '_blank');
    expect(signUp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(cta).getByRole('link', { name: 'Browse Other Candidates' })).toHaveAttribute('href', '/jobs');

    // A visitor is told who reads AI summaries (ADR 070).
    await screen.findByText(AI_SUMMARY_MESSAGES.visitorText);
    await expectNoAxeViolations(container);
  });

  it('does not offer a signed-in company to sign up as a company', async () => {
    renderPage({ view: 'limited', profile: limitedProfile() }, company);
    const page = within(await screen.findByRole('main'));
    const cta = (await page.findByRole('heading', { name: 'Interested in This Candidate?' })).parentElement as HTMLElement;
    expect(within(cta).queryByRole('link', { name: 'Sign Up as Company' })).not.toBeInTheDocument();
    expect(cta).toHaveTextContent("This candidate's contact details are private while they are not actively looking.");
    expect(within(cta).getByRole('link', { name: 'Browse Other Candidates' })).toHaveAttribute('href', '/browse-candidates');
  });

  it('never shows anything of a full profile, even if the answer carried it', async () => {
    const leaky = { ...limitedProfile(), firstName: 'Ada', email: 'ada@example.com', summary: 'Secret summary' };
    renderPage({ view: 'limited', profile: leaky }, visitor);
    await screen.findByRole('heading', { name: 'Private Candidate' });
    expect(document.body).not.toHaveTextContent('Ada');
    expect(document.body).not.toHaveTextContent('ada@example.com');
    expect(document.body).not.toHaveTextContent('Secret summary');
  });
});

describe('the AI summary box', () => {
  it('shows a skeleton while the summary loads', async () => {
    renderPage({ view: 'limited', profile: limitedProfile() }, company);
    expect(await screen.findByRole('status', { name: 'Loading AI summary' })).toBeInTheDocument();
  });

  it('shows the result: the summary, Key Strengths, Best fit for roles and when it was generated', async () => {
    answer(SUMMARY, json(200, readySummary));
    renderPage({ view: 'limited', profile: limitedProfile() }, company);
    const box = within(await screen.findByRole('region', { name: 'AI Summary' }));
    expect(await box.findByText(readySummary.summaryText)).toBeInTheDocument();
    expect(box.getByRole('heading', { name: 'Key Strengths' }).nextElementSibling).toHaveTextContent(
      'Batch and streaming pipelinesSQL modelling',
    );
    expect(box.getByRole('heading', { name: 'Best fit for roles' }).nextElementSibling).toHaveTextContent(
      'Senior Data EngineerAnalytics Engineer',
    );
    expect(box.getByText(/Generated/)).toHaveTextContent('Generated Mar 1, 2026');
  });

  it('leaves out the Generated date of a summary made just now', async () => {
    answer(SUMMARY, json(200, { ...readySummary, cached: false }));
    renderPage({ view: 'limited', profile: limitedProfile() }, company);
    await screen.findByText(readySummary.summaryText);
    expect(screen.queryByText(/Generated/)).not.toBeInTheDocument();
  });

  it('says the summary is being generated', async () => {
    answer(SUMMARY, json(200, { status: 'pending' }));
    renderPage({ view: 'limited', profile: limitedProfile() }, company);
    expect(await screen.findByText('AI summary is being generated. This may take a moment...')).toBeInTheDocument();
  });

  it('shows the error text when generating failed', async () => {
    answer(SUMMARY, json(200, { status: 'failed', error: 'The model did not answer' }));
    renderPage({ view: 'limited', profile: limitedProfile() }, company);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to generate AI summary at this time. Please try again later.',
    );
  });

  it('shows the error text when the server fails twice (one retry)', async () => {
    answer(SUMMARY, json(500, { success: false, error: 'boom' }));
    renderPage({ view: 'limited', profile: limitedProfile() }, company);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to generate AI summary at this time. Please try again later.',
    );
    expect(requests.filter((request) => `${request.method} ${request.url}` === SUMMARY)).toHaveLength(2);
  });

  it('offers an admin the summary, without Regenerate', async () => {
    answer(SUMMARY, json(200, readySummary));
    renderPage({ view: 'limited', profile: limitedProfile() }, { ...otherCandidate, isAdmin: true });
    await screen.findByText(readySummary.summaryText);
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
  });

  it('shows another candidate no AI summary, and asks for none (ADR 070)', async () => {
    renderPage({ view: 'limited', profile: limitedProfile() }, otherCandidate);
    await screen.findByText('Data Engineer');
    expect(screen.queryByRole('region', { name: 'AI Summary' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.includes('ai-summary'))).toBe(false);
  });

  it('tells a visitor who reads AI summaries, with the plans, and asks for none (ADR 070)', async () => {
    renderPage({ view: 'limited', profile: limitedProfile() }, visitor);
    const box = within(await screen.findByRole('region', { name: 'AI Summary' }));
    expect(box.getByText(AI_SUMMARY_MESSAGES.visitorText)).toBeInTheDocument();
    expect(box.getByRole('link', { name: /See plans/ })).toHaveAttribute('href', '/pricing');
    expect(box.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.includes('ai-summary'))).toBe(false);
  });

  it("shows a company whose plan has no AI summaries the server's reason and Upgrade instead of Regenerate (ADR 070)", async () => {
    answer(SUMMARY, json(403, { success: false, error: AI_SUMMARY_MESSAGES.notOnPlan, requiresUpgrade: true }));
    renderPage({ view: 'limited', profile: limitedProfile() }, company);
    const box = within(await screen.findByRole('region', { name: 'AI Summary' }));
    expect(await box.findByText(AI_SUMMARY_MESSAGES.notOnPlan)).toBeInTheDocument();
    expect(box.getByText(AI_SUMMARY_MESSAGES.upgradeTitle)).toBeInTheDocument();
    expect(box.getByRole('link', { name: /Upgrade/ })).toHaveAttribute('href', '/pricing');
    expect(box.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
    // A refusal is not asked again.
    expect(requests.filter((request) => `${request.method} ${request.url}` === SUMMARY)).toHaveLength(1);
  });

  it('lets a company regenerate: it waits, then shows the new summary', async () => {
    const fresh = { ...readySummary, summaryText: 'A fresh summary.', cached: false };
    answer(SUMMARY, json(200, readySummary));
    answer(REGENERATE, json(202, { status: 'pending' }));
    const { user } = renderPage({ view: 'limited', profile: limitedProfile() }, company);
    await screen.findByText(readySummary.summaryText);
    answer(SUMMARY, json(200, fresh));
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));

    expect(await screen.findByText('AI summary is being generated. This may take a moment...')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/candidates/p1/ai-summary/regenerate');
    expect(await screen.findByText('A fresh summary.', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe("the owner's view", () => {
  it('previews the profile with the owner tools and five skills', async () => {
    answer(SUMMARY, json(200, readySummary));
    const { container } = renderPage({ view: 'owner', profile: fullProfile() }, owner);
    const card = within(await screen.findByRole('region', { name: 'Ada Lovelace' }));
    expect(card.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Initials of Ada Lovelace' })).toHaveTextContent('AL');
    expect(card.getByText('Staff Frontend Engineer')).toBeInTheDocument();
    expect(card.getByText('London, UK')).toBeInTheDocument();
    expect(card.getByText(/Other people see limited information/)).toBeInTheDocument();
    expect(within(card.getByRole('list', { name: 'Skills' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'React', 'TypeScript', 'Node.js', 'PostgreSQL', 'GraphQL', '+2 more',
    ]);
    const contact = card.getByRole('button', { name: 'Contact Through Platform' });
    expect(contact).toBeDisabled();
    expect(contact).toHaveAccessibleDescription(/Companies use this button to reach you/);

    expect(screen.getByRole('link', { name: 'Back to Browse' })).toHaveAttribute('href', '/jobs');
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('Current: Public')).toBeInTheDocument();
    // The owner may regenerate their own summary.
    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    await screen.findByText(readySummary.summaryText);
    await expectNoAxeViolations(container);
  });

  it('falls back to Professional and Location not specified', async () => {
    renderPage({ view: 'owner', profile: fullProfile({ title: '', location: '' }) }, owner);
    const card = within(await screen.findByRole('region', { name: 'Ada Lovelace' }));
    expect(card.getByText('Professional')).toBeInTheDocument();
    expect(card.getByText('Location not specified')).toBeInTheDocument();
  });

  it('switches the preview between the limited display and the full public one', async () => {
    const { user } = renderPage({ view: 'owner', profile: fullProfile() }, owner);
    await screen.findByRole('region', { name: 'Ada Lovelace' });
    const preview = () => within(document.getElementById('owner-preview') as HTMLElement);
    expect(preview().getByRole('heading', { name: 'Private Candidate' })).toBeInTheDocument();
    expect(preview().queryByRole('button', { name: 'Share Profile' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View as Public' }));
    // What others see of the full profile: everything but who the owner is (ADR 066).
    expect(preview().getByRole('heading', { name: 'Anonymous Candidate' })).toBeInTheDocument();
    expect(preview().queryByText('ada@example.com')).not.toBeInTheDocument();
    expect(preview().getByRole('heading', { name: 'Skills & Expertise' })).toBeInTheDocument();
    expect(preview().getByRole('button', { name: 'Share Profile' })).toBeInTheDocument();
    // The owner is not offered Upgrade or Contact on their own profile.
    expect(preview().queryByRole('link', { name: /Upgrade/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View as Private' }));
    expect(preview().getByRole('heading', { name: 'Private Candidate' })).toBeInTheDocument();
  });

  it('makes a public profile private by sending the flipped value, then reloads', async () => {
    answer(PRIVACY, json(200, { success: true, isPublic: false, isPrivate: true }));
    const { user, reload } = renderPage({ view: 'owner', profile: fullProfile({ isPublic: true }) }, owner);
    await user.click(await screen.findByRole('button', { name: 'Make Private' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(requests.find((request) => request.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/profile/privacy',
      body: { isPublic: false },
    });
  });

  it('makes a private profile public', async () => {
    answer(PRIVACY, json(200, { success: true, isPublic: true, isPrivate: false }));
    const { user, reload } = renderPage({ view: 'owner', profile: fullProfile({ isPublic: false, isPrivate: true }) }, owner);
    expect(await screen.findByText('Current: Private')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make Public' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ isPublic: true });
  });

  it('says so and does not reload when the change fails', async () => {
    answer(PRIVACY, json(403, { success: false, error: 'Only candidate accounts can have a profile.' }));
    const { user, reload } = renderPage({ view: 'owner', profile: fullProfile() }, owner);
    await user.click(await screen.findByRole('button', { name: 'Make Private' }));
    expect(await screen.findByText('Profile Update Failed')).toBeInTheDocument();
    expect(screen.getByText('Only candidate accounts can have a profile.')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('the full public display (public and actively looking)', () => {
  it('shows everyone the candidate has not made themselves known to the profile without their name, contact details, links or photo, and says why (ADR 066)', async () => {
    const { firstName: _f, lastName: _l, email: _e, phone: _p, linkedinUrl: _li, githubUrl: _g, portfolioUrl: _po, profilePicture: _pic, createdAt: _c, updatedAt: _u, ...anonymous } = fullProfile();
    const { container } = renderPage({ view: 'public', profile: anonymous }, company);
    const article = within(await screen.findByRole('article', { name: 'Anonymous Candidate' }));
    expect(article.getByRole('heading', { level: 1, name: 'Anonymous Candidate' })).toBeInTheDocument();
    expect(
      article.getByText(
        'Name, contact details, links and photo are private. Hireloop shares them with a company only when this candidate reveals their profile to it from an invitation or applies to one of its jobs.',
      ),
    ).toBeInTheDocument();
    expect(article.getByText('Staff Frontend Engineer')).toBeInTheDocument();
    expect(article.getByText('I build accessible interfaces.')).toBeInTheDocument();
    expect(article.queryByRole('list', { name: 'Links' })).not.toBeInTheDocument();
    expect(article.queryByText('Email')).not.toBeInTheDocument();
    expect(article.queryByText('Phone')).not.toBeInTheDocument();
    expect(container.querySelector('a[href^="mailto:"], a[href^="tel:"]')).toBeNull();
    expect(container.textContent).not.toMatch(/Ada|Lovelace|ada@example\.com/);
    await expectNoAxeViolations(container);
  });

  it('drops identifying fields even if a server sent them in the public view', async () => {
    renderPage({ view: 'public', profile: fullProfile() }, visitor);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anonymous Candidate' })).toBeInTheDocument();
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
  });

  it('shows a company the candidate revealed their profile to the whole profile, its links and contact details', async () => {
    const { container } = renderPage({ view: 'revealed', profile: fullProfile() }, company);
    const article = within(await screen.findByRole('article', { name: 'Ada Lovelace' }));
    expect(article.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(article.getByTestId('cover-placeholder')).toBeInTheDocument();
    expect(article.getByRole('img', { name: 'Initials of Ada Lovelace' })).toHaveTextContent('AL');
    expect(article.getByText('Staff Frontend Engineer')).toBeInTheDocument();
    expect(article.getByText('London, UK')).toBeInTheDocument();
    expect(article.getByText('Actively Looking')).toBeInTheDocument();
    expect(article.getByText('Experience').parentElement).toHaveTextContent('7 years');
    expect(article.getByText('Salary range').parentElement).toHaveTextContent('$120k - 150k');
    expect(article.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
    expect(article.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');

    const links = within(article.getByRole('list', { name: 'Links' }));
    expect(links.getAllByRole('link').map((link) => link.textContent)).toEqual(['LinkedIn', 'GitHub']);
    for (const link of links.getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(links.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/ada');

    expect(article.getByRole('heading', { name: 'About' }).parentElement?.nextElementSibling).toHaveTextContent(
      'I build accessible interfaces.',
    );
    expect(
      within(article.getByRole('list', { name: 'Skills & Expertise' })).getAllByRole('listitem'),
    ).toHaveLength(7);
    expect(article.getByRole('heading', { name: 'Education' }).parentElement?.nextElementSibling).toHaveTextContent(
      'BSc Mathematics - University of London',
    );
    // No AI summary box on the full display, and no call to action.
    expect(screen.queryByRole('region', { name: 'AI Summary' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.includes('ai-summary'))).toBe(false);
    await expectNoAxeViolations(container);
  });

  it('shows the pictures, Open to Opportunities, and Not specified for what is missing', async () => {
    // Pictures are addresses on our own origin (ADR 046).
    const picture = '/api/profile-pictures/0b7c3f4e-4b1d-4c8e-9a4f-1d2e3f4a5b6c';
    renderPage(
      {
        view: 'revealed',
        profile: fullProfile({
          profilePicture: picture,
          coverPhoto: picture,
          availability: 'open',
          experience: '5+ years',
          salaryExpectation: '$90k',
          education: '',
          linkedinUrl: '',
          githubUrl: 'javascript:alert(1)',
          portfolioUrl: 'https://ada.dev',
        }),
      },
      company,
    );
    const article = within(await screen.findByRole('article', { name: 'Ada Lovelace' }));
    expect(article.getByRole('img', { name: "Cover of Ada Lovelace's profile" })).toHaveAttribute('src', picture);
    expect(article.getByRole('img', { name: 'Avatar of Ada Lovelace' })).toHaveAttribute('src', picture);
    expect(article.getByText('Open to Opportunities')).toBeInTheDocument();
    expect(article.getByText('Experience').parentElement).toHaveTextContent('5+ years');
    expect(article.getByText('Salary range').parentElement).toHaveTextContent('$90k');
    expect(article.getAllByText('Not specified').length).toBeGreaterThanOrEqual(2);
    expect(within(article.getByRole('list', { name: 'Links' })).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Portfolio',
    ]);
  });

  it.each([
    ['a visitor', visitor],
    ['a candidate', otherCandidate],
    ['a company on the free plan', company],
  ])('offers %s Upgrade, which opens the plans in a new tab', async (_who, viewer) => {
    renderPage({ view: 'public', profile: fullProfile() }, viewer);
    const upgrade = await screen.findByRole('link', { name: /Upgrade/ });
    expect(upgrade).toHaveAttribute('href', '/pricing');
    expect(upgrade).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Contact' })).not.toBeInTheDocument();
  });

  it('offers a company on a paid plan Contact, which only shows an alert', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { user } = renderPage({ view: 'public', profile: fullProfile() }, company, { companyOnPaidPlan: true });
    await user.click(await screen.findByRole('button', { name: 'Contact' }));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: /Upgrade/ })).not.toBeInTheDocument();
  });

  it('sends Contact through the platform when the route gives it a way to (ADR 032), with the profile’s id', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const onContact = vi.fn();
    const { user } = renderPage({ view: 'public', profile: fullProfile() }, company, { companyOnPaidPlan: true, onContact });
    await user.click(await screen.findByRole('button', { name: 'Contact' }));
    expect(onContact).toHaveBeenCalledWith(fullProfile().id);
    expect(alert).not.toHaveBeenCalled();
  });

  it("copies the page's address: 'Link Copied!' for 3 seconds", async () => {
    const { user } = renderPage({ view: 'public', profile: fullProfile() }, visitor);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Share Profile' }));
    expect(await screen.findByText('Link Copied!', { selector: ':not(li)' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(screen.getByRole('list', { name: 'Toast durations' })).toHaveTextContent('Link Copied!: 3000');
  });

  it("falls back to a 'Share Profile' toast with the address to copy by hand, for 5 seconds", async () => {
    const { user } = renderPage({ view: 'public', profile: fullProfile() }, visitor);
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('Write permission denied')) },
      configurable: true,
    });
    await user.click(await screen.findByRole('button', { name: 'Share Profile' }));
    expect(await screen.findByText(`Copy this link to share the profile: ${window.location.href}`)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Toast durations' })).toHaveTextContent('Share Profile: 5000');
  });
});

describe('a company opening a full profile (candidate views per month, ADR 030)', () => {
  const VIEWS = 'POST /api/profiles/p1/views';
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...shown } = fullProfile();

  it('counts the view once, then shows the full profile', async () => {
    answer(PROFILE, json(200, { view: 'gated', profile: limitedProfile({ availability: 'immediate' }) }), json(200, { view: 'public', profile: shown }));
    answer(VIEWS, json(200, { success: true, counted: true, used: 3, limit: 10 }));
    renderPage(null, company);
    expect(await screen.findByRole('heading', { name: 'Anonymous Candidate' })).toBeInTheDocument();
    expect(requests.filter((request) => `${request.method} ${request.url}` === VIEWS)).toHaveLength(1);
    expect(screen.queryByText('Private Candidate')).not.toBeInTheDocument();
  });

  it('when the month’s views are used up, shows the limited profile with the reason and Upgrade', async () => {
    const reason = 'Your Free plan includes 10 candidate profile views a month, and your company has used them all this month. Profiles you already opened this month stay open. Upgrade your plan to view more.';
    answer(PROFILE, json(200, { view: 'gated', profile: limitedProfile({ availability: 'immediate' }) }));
    answer(VIEWS, json(403, { success: false, error: reason, requiresUpgrade: true }));
    const { container } = renderPage(null, company);
    expect(await screen.findByRole('heading', { name: 'Candidate View Limit Reached' })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Upgrade/ })).toHaveAttribute('href', '/pricing');
    expect(screen.getByText('Private Candidate')).toBeInTheDocument();
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
    expect(requests.filter((request) => `${request.method} ${request.url}` === VIEWS)).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('offers to try again when counting fails, and never spins when the profile stays closed', async () => {
    answer(PROFILE, json(200, { view: 'gated', profile: limitedProfile({ availability: 'immediate' }) }));
    answer(VIEWS, json(500, { success: false, error: 'Internal error' }), json(200, { success: true, counted: false, used: 0, limit: 10 }));
    const { user } = renderPage(null, company);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    // Counted, read again, and still gated: said, with the way to try again.
    expect(await screen.findByText('We could not open this profile. Please try again.')).toBeInTheDocument();
    expect(requests.filter((request) => `${request.method} ${request.url}` === VIEWS)).toHaveLength(2);
  });
});
