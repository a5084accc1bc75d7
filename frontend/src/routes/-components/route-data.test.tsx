import { sampleJob } from '@hireloop/contracts/testing/jobs';
import type { CandidateProfile, User } from '@hireloop/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingPage } from '../../components/layout/page-shell';
import { jobQueryKey } from '../../features/jobs/api/get-job';
import { myProfileQueryKey } from '../../features/profiles/api/get-my-profile';
import { profileViewQueryKey } from '../../features/profiles/api/get-profile-view';
import { ApiError, NetworkError } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { routeTree } from '../../routeTree.gen';
import { jsonAnswer, stubFetch } from '../../testing/fetch-stub';
import { RouteError } from './route-error';

const { calls, answers } = stubFetch();
let storedToken: string | null = null;
beforeEach(() => {
  storedToken = null;
  vi.stubGlobal('localStorage', { getItem: () => storedToken, setItem: () => {}, removeItem: () => {} });
});

const user = (type: User['type']): User => ({
  id: `${type}-1`,
  userId: `${type}-1`,
  name: 'Ana Silva',
  email: 'ana@example.com',
  type,
  role: type,
  isAdmin: false,
  companyId: type === 'company' ? 'c1' : null,
  companyName: type === 'company' ? 'Northwind' : null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const ownProfile: CandidateProfile = {
  id: 'p1', userId: 'candidate-1', firstName: 'Ana', lastName: 'Silva', title: 'Backend Engineer', skills: ['Go'], experience: '5 years',
  location: 'Lisbon', summary: '', phone: '', email: '', linkedinUrl: '', githubUrl: '', portfolioUrl: '', education: '', salaryExpectation: '',
  profilePicture: null, coverPhoto: null, availability: 'immediate', workPreference: 'hybrid', isPublic: true, isPrivate: false,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The app's own route tree, loaded at `path` as a first visit does (loaders run, nothing rendered). */
async function loadAt(path: string) {
  const queryClient = createQueryClient();
  const router = createRouter({ routeTree, context: { loadQueryClient: async () => queryClient }, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const page = router.state.matches.at(-1);
  return { queryClient, status: page?.status, paths: calls.map((call) => new URL(call.url, 'http://localhost').pathname) };
}

describe('the loaders read what their pages read (one request, the same key)', () => {
  it('/job/{jobId}: the job, in the key the page reads', async () => {
    const job = sampleJob({ id: 'j1' });
    answers.push(jsonAnswer(200, job));
    const { queryClient, status, paths } = await loadAt('/job/j1');
    expect(status).toBe('success');
    expect(paths).toEqual(['/api/jobs/j1']);
    expect(queryClient.getQueryData(jobQueryKey('j1'))).toEqual(job);
  });

  it("/job/{jobId}: a 404 is the route's not-found screen, anything else its error", async () => {
    answers.push(jsonAnswer(404, { success: false, error: 'Job not found' }));
    expect((await loadAt('/job/gone')).status).toBe('notFound');
    answers.push(jsonAnswer(500, { success: false, error: 'Database unavailable' }));
    expect((await loadAt('/job/j2')).status).toBe('error');
  });

  it('/profile/{id}: a visitor asks only for the profile, and a private one (404) is "not found", not an error', async () => {
    answers.push(jsonAnswer(404, { success: false, error: 'Profile not found' }));
    const { status, paths } = await loadAt('/profile/p9');
    expect(paths).toEqual(['/api/profiles/p9']);
    expect(status).toBe('notFound');
  });

  it('/profile/{id}: signed in, the answer is read as that viewer', async () => {
    storedToken = 'token-1';
    answers.push(jsonAnswer(200, user('company')), jsonAnswer(200, { view: 'limited', profile: { id: 'p1' } }));
    const { queryClient, paths } = await loadAt('/profile/p1');
    expect(paths).toEqual(['/api/auth/user', '/api/profiles/p1']);
    // Asked once, under this viewer's key (the page's `useProfileView(id, viewerId)`).
    expect(queryClient.getQueryState(profileViewQueryKey('p1', 'company-1'))).toBeDefined();
    expect(queryClient.getQueryState(profileViewQueryKey('p1', null))).toBeUndefined();
  });

  it('/dashboard: a visitor asks nothing (the page asks them to sign in)', async () => {
    const { status, paths } = await loadAt('/dashboard');
    expect(paths).toEqual([]);
    expect(status).toBe('success');
  });

  it('/dashboard: a new candidate has no profile yet, an answer (null) and no error', async () => {
    storedToken = 'token-1';
    answers.push(jsonAnswer(200, user('candidate')), jsonAnswer(200, null));
    const { queryClient, status, paths } = await loadAt('/dashboard');
    expect(paths).toEqual(['/api/auth/user', '/api/profile']);
    expect(status).toBe('success');
    expect(queryClient.getQueryState(myProfileQueryKey('candidate-1'))).toMatchObject({ status: 'success', data: null });
  });

  it("/dashboard: a candidate's profile is in the key the dashboard reads; a company asks for no profile", async () => {
    storedToken = 'token-1';
    answers.push(jsonAnswer(200, user('candidate')), jsonAnswer(200, ownProfile));
    expect((await loadAt('/dashboard')).queryClient.getQueryData(myProfileQueryKey('candidate-1'))).toEqual(ownProfile);
    calls.length = 0;
    answers.push(jsonAnswer(200, user('company')));
    expect((await loadAt('/dashboard')).paths).toEqual(['/api/auth/user']);
  });
});

/** A route whose loader gives `load()`'s answer, with the app's shared pending and error screens. */
function renderRoute(load: () => Promise<unknown>, { throwInPage }: { throwInPage?: Error } = {}) {
  const rootRoute = createRootRoute();
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/thing',
    loader: load,
    notFoundComponent: () => <h1>Thing Not Found</h1>,
    component: () => {
      if (throwInPage) throw throwInPage;
      return <h1>The thing</h1>;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/thing'] }),
    defaultPendingComponent: LoadingPage,
    defaultErrorComponent: RouteError,
    defaultPendingMs: 0,
  });
  render(<RouterProvider router={router} />);
  return userEvent.setup({ delay: null });
}

describe('the shared pending and error screens', () => {
  it('say "Loading..." while the loader waits, then show the page', async () => {
    let answer: (value: unknown) => void = () => {};
    renderRoute(() => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    answer(null);
    expect(await screen.findByRole('heading', { name: 'The thing' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("say the server's words for a failure, and Try again loads the page again", async () => {
    let failures = 1;
    const load = vi.fn(async () => {
      if (failures-- > 0) throw new ApiError(500, '{"success":false,"error":"Database unavailable"}', 'Internal Server Error');
      return null;
    });
    const person = renderRoute(load);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    await person.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'The thing' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('say the network message when the server could not be reached', async () => {
    renderRoute(async () => {
      throw new NetworkError();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });

  it("show the route's not-found screen for a 404 that reaches them", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute(async () => null, { throwInPage: new ApiError(404, '{"success":false,"error":"Not found"}', 'Not Found') });
    expect(await screen.findByRole('heading', { name: 'Thing Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });
});
