import type { JobApplicant } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../../components/ui/toast';
import { resetPositionForTests } from '../../../lib/api-client';
import { ApplicantsDialog } from './applicants-dialog';

interface Request {
  method: string;
  url: string;
  body: unknown;
}

let requests: Request[];
let answers: Record<string, () => Response>;

beforeEach(() => {
  requests = [];
  answers = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
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

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const applicant = (overrides: Partial<JobApplicant> = {}): JobApplicant => ({
  applicationId: 'a1',
  candidateUserId: 'u1',
  candidateName: 'Lena Marsh',
  profileId: 'p1',
  candidateTitle: 'Senior Data Engineer',
  appliedAt: '2026-03-01T12:00:00.000Z',
  status: 'applied',
  timeline: [{ status: 'applied', at: '2026-03-01T12:00:00.000Z' }],
  ...overrides,
});

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <ApplicantsDialog job={{ id: 'j1', title: 'Senior Data Engineer' }} open onOpenChange={() => undefined} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user };
}

describe('the applicants of a job', () => {
  it('lists who applied with their timelines, and moves one: Invite to interview', async () => {
    const declined = applicant({
      applicationId: 'a2',
      candidateUserId: 'u2',
      candidateName: 'Noor Haddad',
      profileId: null,
      candidateTitle: '',
      status: 'declined',
      timeline: [
        { status: 'applied', at: '2026-02-10T09:00:00.000Z' },
        { status: 'declined', at: '2026-02-12T09:00:00.000Z' },
      ],
    });
    answers['GET /api/jobs/j1/applicants'] = json(200, { applicants: [applicant(), declined] });
    const { user } = renderDialog();
    const lena = await screen.findByRole('listitem', { name: 'Lena Marsh' });
    expect(lena).toHaveTextContent('Senior Data Engineer');
    expect(within(lena).getByRole('list', { name: 'Timeline of Lena Marsh' })).toHaveTextContent('Applied March 1, 2026');
    expect(within(lena).getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile/p1');
    expect(within(lena).getAllByRole('button').map((button) => button.textContent)).toEqual(['Mark viewed', 'Invite to interview', 'Decline']);
    // Declined is final: no moves, and no profile to open.
    const noor = screen.getByRole('listitem', { name: 'Noor Haddad' });
    expect(within(noor).queryAllByRole('button')).toHaveLength(0);
    expect(within(noor).getByRole('list', { name: 'Timeline of Noor Haddad' })).toHaveTextContent('Applied February 10, 2026Declined February 12, 2026');

    answers['POST /api/jobs/j1/applicants/u1/status'] = json(200, { success: true, status: 'interview' });
    answers['GET /api/jobs/j1/applicants'] = json(200, {
      applicants: [
        applicant({ status: 'interview', timeline: [...applicant().timeline, { status: 'interview', at: '2026-03-02T12:00:00.000Z' }] }),
        declined,
      ],
    });
    await user.click(within(lena).getByRole('button', { name: 'Invite to interview' }));
    expect(requests).toContainEqual({ method: 'POST', url: '/api/jobs/j1/applicants/u1/status', body: { status: 'interview' } });
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Lena Marsh' })).toHaveTextContent('Invited to interview March 2, 2026'));
    // Viewing one that got further is no step any more.
    expect(within(screen.getByRole('listitem', { name: 'Lena Marsh' })).getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline']);
  });

  it('says when there are none', async () => {
    answers['GET /api/jobs/j1/applicants'] = json(200, { applicants: [] });
    renderDialog();
    expect(await screen.findByText('No applications yet.')).toBeInTheDocument();
  });

  it('shows a refused move as a toast with the reason', async () => {
    answers['GET /api/jobs/j1/applicants'] = json(200, { applicants: [applicant()] });
    const { user } = renderDialog();
    const lena = await screen.findByRole('listitem', { name: 'Lena Marsh' });
    answers['POST /api/jobs/j1/applicants/u1/status'] = json(409, { success: false, error: 'This application is closed: it was declined or withdrawn.' });
    await user.click(within(lena).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Could not update the application')).toBeInTheDocument();
    expect(screen.getByText('This application is closed: it was declined or withdrawn.')).toBeInTheDocument();
  });
});
