import type { Job } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../../lib/api-client';
import { AuthDialogContext } from '../../../lib/auth-dialog';
import type { JobViewer } from '../lib/viewer';
import { ApplicationProcessDialog } from './application-process-dialog';
import { sampleJob } from '@hireloop/contracts/testing/jobs';

const job: Job = sampleJob({ location: 'Lisbon, Portugal', salary: '90k', description: 'Own the data platform.', skills: ['Python'] });

let answers: Record<string, () => Response>;
let requests: string[];
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  requests = [];
  answers = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    requests.push(key);
    const answer = answers[key];
    if (!answer) throw new TypeError(`fetch failed: ${key}`);
    return answer();
  });
  resetPositionForTests();
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog(viewer: JobViewer | null) {
  const openAuthDialog = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <AuthDialogContext.Provider value={{ openAuthDialog, preloadAuthDialog: vi.fn() }}>
        <ApplicationProcessDialog jobId="j1" open onOpenChange={vi.fn()} viewer={viewer} />
      </AuthDialogContext.Provider>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/?apply=j1'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { openAuthDialog, user: userEvent.setup({ delay: null }) };
}

const candidate: JobViewer = { userId: 'u1', type: 'candidate', isAdmin: false, companyId: null };

describe('the application-process dialog (/?apply={jobId})', () => {
  it('shows the job, how applying works, and asks a visitor to sign in before applying', async () => {
    answers['GET /api/jobs/j1'] = json(200, job);
    const { openAuthDialog, user } = renderDialog(null);
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply to Staff Data Engineer' }));
    expect(dialog.getByText('Northwind Analytics · Lisbon, Portugal')).toBeInTheDocument();
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1ApplySend your Hireloop profile to the company with one click.',
      '2The company reviewsYour application and its status show on your dashboard.',
      '3Hear backCompanies typically respond within 24-48 hours.',
    ]);
    expect(dialog.getByRole('link', { name: 'View Job Details' })).toHaveAttribute('href', '/job/j1');
    await user.click(dialog.getByRole('button', { name: 'Apply Now' }));
    expect(openAuthDialog).toHaveBeenCalledWith('signin', { stayOnPage: true });
  });

  it('applies for a signed-in candidate, then says Applied', async () => {
    answers['GET /api/jobs/j1'] = json(200, job);
    answers['GET /api/jobs/j1/application'] = json(200, { applied: false });
    answers['POST /api/jobs/j1/apply'] = json(201, { success: true, applicationId: 'a1', appliedAt: '2026-11-20T00:00:00.000Z' });
    const { user } = renderDialog(candidate);
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply to Staff Data Engineer' }));
    await user.click(await dialog.findByRole('button', { name: 'Apply Now' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Applied' })).toBeDisabled());
    expect(requests).toContain('POST /api/jobs/j1/apply');
  });

  it('says a closed job is closed', async () => {
    answers['GET /api/jobs/j1'] = json(200, { ...job, isActive: false });
    renderDialog(null);
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply to Staff Data Engineer' }));
    expect(dialog.getByRole('button', { name: 'Position Closed' })).toBeDisabled();
  });

  it('says the spec’s words for a job that does not exist', async () => {
    answers['GET /api/jobs/j1'] = json(404, { success: false, error: 'Job not found' });
    renderDialog(null);
    const dialog = within(await screen.findByRole('dialog', { name: 'Job Not Found' }));
    expect(dialog.getByText("The job you're looking for doesn't exist or the link has expired.")).toBeInTheDocument();
  });
});
