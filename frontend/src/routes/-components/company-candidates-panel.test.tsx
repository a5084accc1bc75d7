import { INVITATION_MESSAGES, type CandidateCard, type CompanyInvitation, type Job } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../components/ui/toast';
import { resetPositionForTests } from '../../lib/api-client';
import { AuthDialogContext } from '../../lib/auth-dialog';
import { CompanyCandidatesPanel } from './company-candidates-panel';
import { sampleJob } from '@hireloop/contracts/testing/jobs';
import { renderInRouter } from '../../testing/router';

const card = (n: number): CandidateCard => ({
  id: `p${n}`,
  title: `Engineer ${n}`,
  location: 'Berlin',
  experience: '5',
  availability: 'immediate',
  lookingStatus: 'active',
  workPreference: 'remote',
  skills: ['React'],
});

const job = (id: string, title: string): Job => sampleJob({ id, shareToken: `share-${id}`, title });

const request = (candidateId: string, jobId: string, jobTitle: string, status: CompanyInvitation['status']): CompanyInvitation => ({
  invitationId: `${candidateId}-${jobId}`,
  jobId,
  jobTitle,
  candidateId,
  candidateTitle: 'Engineer',
  status,
  sentAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  viewedAt: null,
  revealedAt: null,
  offerStageAt: null,
  declinedAt: null,
  availability: null,
  candidate: null,
});

let calls: Array<{ method: string; url: string; body: unknown }>;
let myJobs: Job[];
let myRequests: CompanyInvitation[];

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

beforeEach(() => {
  calls = [];
  myJobs = [];
  myRequests = [];
  resetPositionForTests();
  vi.stubGlobal('EventSource', undefined);
  vi.stubGlobal('requestAnimationFrame', () => 0);
  vi.stubGlobal('cancelAnimationFrame', () => {});
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener: () => {}, removeEventListener: () => {} }));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    if (url.startsWith('/api/candidates')) return json(200, [card(1), card(2)]);
    if (url.startsWith('/api/jobs?')) return json(200, myJobs, { 'x-total-count': String(myJobs.length) });
    if (url === '/api/job-invitations') return json(200, { success: true, invitations: myRequests });
    if (url === '/api/job-invitations/send') {
      myRequests = [request('p1', 'j1', 'Staff Data Engineer', 'email_sent')];
      return json(201, { success: true, message: INVITATION_MESSAGES.sent, invitationId: 'i1', status: 'email_sent', expiresAt: '2026-12-25T00:00:00.000Z' });
    }
    return json(404, { success: false, error: 'Not found' });
  });
});

afterEach(() => {
  act(() => toast({ title: '' }).dismiss());
  vi.unstubAllGlobals();
});

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <AuthDialogContext.Provider value={{ openAuthDialog: vi.fn(), preloadAuthDialog: () => {} }}>
        <CompanyCandidatesPanel />
        <Toaster />
      </AuthDialogContext.Provider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }) };
}

/** The panel's cards: the list's own items. */
const panelCards = async () => {
  const list = await screen.findByRole('list', { name: 'Candidates' });
  await waitFor(() => expect(list.children).toHaveLength(2));
  return [...list.children] as HTMLElement[];
};
/** The overview dialog's code loads on first use: on a busy machine that takes more than a second. */
const DIALOG_WAIT = { timeout: 8000 };

describe('Request to Apply on the job board’s side panel (a company)', { timeout: 20_000 }, () => {
  it('without a job: each card and the overview dialog say "Must Add Job First", which shows why', async () => {
    const { user } = renderPanel();
    const [first] = await panelCards();
    const mustAdd = await within(first!).findByRole('button', { name: 'Must Add Job First' });
    expect(calls.map((call) => call.url)).toContain('/api/jobs?status=open&page=1&pageSize=100&mine=true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // From the overview dialog: it closes and the panel shows the alert.
    await user.click(within(first!).getByRole('button', { name: /Engineer 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Engineer 1' }, DIALOG_WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Must Add Job First' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), DIALOG_WAIT);
    expect(screen.getByRole('alert')).toHaveTextContent(INVITATION_MESSAGES.mustAddJob);
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/dashboard');
    expect(mustAdd).toBeInTheDocument();
  });

  it('with a job: the card shows where its requests stand; Request to Apply from the overview dialog sends one', async () => {
    myJobs = [job('j1', 'Staff Data Engineer'), job('j2', 'Platform Engineer')];
    myRequests = [request('p2', 'j2', 'Platform Engineer', 'offer_stage')];
    const { user } = renderPanel();
    const [first, second] = await panelCards();
    const states = await within(second!).findByRole('list', { name: 'Requests to apply' });
    expect(states).toHaveTextContent('Offer Stage');
    expect(states).toHaveTextContent('Platform Engineer');

    await user.click(within(first!).getByRole('button', { name: /Engineer 1/ }));
    const overview = await screen.findByRole('dialog', { name: 'Engineer 1' }, DIALOG_WAIT);
    await user.click(await within(overview).findByRole('button', { name: 'Request to Apply' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Request to Apply' }));
    expect(screen.queryByRole('dialog', { name: 'Engineer 1' })).not.toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Job' })).toHaveTextContent('Staff Data Engineer');
    await user.click(dialog.getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/job-invitations/send', body: { jobId: 'j1', candidateId: 'p1', message: '' } },
    ]);
    expect(await within(first!).findByRole('list', { name: 'Requests to apply' })).toHaveTextContent('Email Sent');
  });
});
