import { JOB_MESSAGES, type Job } from '@hireloop/contracts';
import { sampleJob } from '@hireloop/contracts/testing/jobs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../../lib/api-client';
import { AuthDialogContext } from '../../../lib/auth-dialog';
import type { JobViewer } from '../lib/viewer';
import { ApplyButton } from './apply-button';

let requests: string[];
const candidate: JobViewer = { userId: 'u1', type: 'candidate', isAdmin: false, companyId: null };

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    requests.push(key);
    if (key === 'POST /api/jobs/j1/apply') {
      return new Response(JSON.stringify({ success: true, applicationId: 'a1', appliedAt: '2026-11-20T00:00:00.000Z' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (key === 'POST /api/jobs/j2/apply') {
      return new Response(JSON.stringify({ error: JOB_MESSAGES.alreadyApplied }), { status: 409, headers: { 'content-type': 'application/json' } });
    }
    if (key === 'GET /api/jobs/j2/application') {
      // Not applied when the page asked first; applied (from another tab) when asked again.
      const asked = requests.filter((request) => request === key).length;
      const answer = asked === 1 ? { applied: false, appliedAt: null } : { applied: true, appliedAt: '2026-11-19T00:00:00.000Z' };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    throw new TypeError(`fetch failed: ${key}`);
  });
  resetPositionForTests();
});
afterEach(() => vi.unstubAllGlobals());

function renderButton(job: Job, viewer: JobViewer | null, checkApplied = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthDialogContext.Provider value={{ openAuthDialog: vi.fn(), preloadAuthDialog: vi.fn() }}>
        <ApplyButton job={job} viewer={viewer} checkApplied={checkApplied} />
      </AuthDialogContext.Provider>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('Apply on a job card', () => {
  it('asks a candidate before sending an application to an internal job, and sends nothing on Cancel', async () => {
    const user = renderButton(sampleJob({ id: 'j1' }), candidate);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply to Staff Data Engineer?' }));
    expect(dialog.getByText(/Northwind Analytics sees your name and, if you have made one, your Hireloop profile/)).toBeInTheDocument();
    expect(requests).not.toContain('POST /api/jobs/j1/apply');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).not.toContain('POST /api/jobs/j1/apply');
  });

  it('sends the application once the candidate confirms, then says Applied', async () => {
    const user = renderButton(sampleJob({ id: 'j1' }), candidate);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply to Staff Data Engineer?' }));
    await user.click(dialog.getByRole('button', { name: 'Send Application' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Applied' })).toBeDisabled());
    expect(requests.filter((request) => request === 'POST /api/jobs/j1/apply')).toHaveLength(1);
  });

  it('asks the server again when it says the candidate applied before, then says Applied', async () => {
    const user = renderButton(sampleJob({ id: 'j2' }), candidate, true);
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply to Staff Data Engineer?' }));
    await user.click(dialog.getByRole('button', { name: 'Send Application' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Applied' })).toBeDisabled());
    expect(requests.filter((request) => request === 'POST /api/jobs/j2/apply')).toHaveLength(1);
    expect(requests.filter((request) => request === 'GET /api/jobs/j2/application')).toHaveLength(2);
  });

  it('names Hireloop in the leave-site confirmation of an external job', async () => {
    const user = renderButton(
      sampleJob({ id: 'j1', source: 'remoteok', externalUrl: 'https://remoteok.com/jobs/1' }),
      candidate,
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leaving Hireloop' }));
    expect(dialog.getByRole('button', { name: 'Stay on Hireloop' })).toBeInTheDocument();
    expect(requests).not.toContain('POST /api/jobs/j1/apply');
  });
});
