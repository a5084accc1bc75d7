import { INVITATION_MESSAGES, type CandidateCard, type CompanyInvitation, type Job } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../components/ui/toast';
import { resetPositionForTests } from '../../lib/api-client';
import { AuthDialogContext } from '../../lib/auth-dialog';
import { BROWSE_CANDIDATES_SEARCH_DEFAULTS } from '../../features/candidates/lib/browse-search';
import { CompanyBrowseCandidates } from './browse-candidates-page';
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
  offerStageAt: status === 'offer_stage' ? '2026-11-24T10:00:00.000Z' : null,
  declinedAt: null,
  availability: null,
  candidate: null,
});

/** Every call but the candidate list's: the company's jobs and requests, and what it sends. */
let others: Array<{ method: string; url: string; body: unknown }>;
/** The company's open jobs, its requests, and the answer to the next send. */
let myJobs: Job[];
let myRequests: CompanyInvitation[];
let sendAnswer: () => Response;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

beforeEach(() => {
  others = [];
  myJobs = [];
  myRequests = [];
  sendAnswer = () => json(500, { success: false, error: 'Internal Server Error' });
  resetPositionForTests();
  vi.stubGlobal('EventSource', undefined);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    // Three candidates, one page.
    if (url.startsWith('/api/candidates')) return json(200, [1, 2, 3].map(card), { 'x-total-count': '3' });
    others.push({ method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    if (url.startsWith('/api/jobs?')) return json(200, myJobs, { 'x-total-count': String(myJobs.length) });
    if (url === '/api/job-invitations') return json(200, { success: true, invitations: myRequests });
    if (url === '/api/job-invitations/send') return sendAnswer();
    return json(404, { success: false, error: 'Not found' });
  });
});

afterEach(() => {
  // The toast store lives outside React: clear it so no toast carries over to the next test.
  act(() => toast({ title: '' }).dismiss());
  vi.unstubAllGlobals();
});

function renderBrowse() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <AuthDialogContext.Provider value={{ openAuthDialog: vi.fn(), preloadAuthDialog: () => {} }}>
        <CompanyBrowseCandidates search={BROWSE_CANDIDATES_SEARCH_DEFAULTS} onSearchChange={() => {}} />
        <Toaster />
      </AuthDialogContext.Provider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }) };
}

/** The result cards (the list's own items, not the skills' items inside them). */
const resultCards = () => [...screen.getByRole('list', { name: 'Candidates' }).children] as HTMLElement[];

/**
 * What a screen reader announces for the toast with `title` (Radix's live region): the toast's
 * title and its description. (The notifications region itself is hidden while a dialog is open.)
 */
async function findToast(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const region = screen.getAllByRole('status', { hidden: true }).find((status) => status.textContent?.includes(title));
      if (!region) throw new Error(`Nothing announced "${title}"`);
      return region;
    },
    { timeout: 5000 },
  );
}

describe('Request to Apply on the cards (part 1 §6)', { timeout: 20_000 }, () => {
  it('a company without a job sees "Must Add Job First"; pressing it shows "Must add a job to request a candidate to apply"', async () => {
    const { user } = renderBrowse();
    await screen.findByText('3 candidates found');
    const first = within(resultCards()[0] as HTMLElement);
    const mustAdd = await first.findByRole('button', { name: 'Must Add Job First' });
    expect(first.queryByRole('button', { name: 'Request to Apply' })).not.toBeInTheDocument();
    expect(others.map((call) => call.url)).toContain('/api/jobs?status=open&page=1&pageSize=100&mine=true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(mustAdd);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(INVITATION_MESSAGES.mustAddJob);
    expect(within(alert).getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with a job: Request to Apply picks a job, sends the request, says so, and the card shows it as Email Sent', async () => {
    myJobs = [job('j1', 'Staff Data Engineer'), job('j2', 'Platform Engineer')];
    sendAnswer = () => {
      myRequests = [request('p1', 'j1', 'Staff Data Engineer', 'email_sent')];
      return json(201, { success: true, message: INVITATION_MESSAGES.sent, invitationId: 'i1', status: 'email_sent', expiresAt: '2026-12-25T00:00:00.000Z' });
    };
    const { user } = renderBrowse();
    await screen.findByText('3 candidates found');
    const first = within(resultCards()[0] as HTMLElement);
    await user.click(await first.findByRole('button', { name: 'Request to Apply' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Request to Apply' }));
    expect(dialog.getByRole('combobox', { name: 'Job' })).toHaveTextContent('Staff Data Engineer');
    await user.type(dialog.getByRole('textbox', { name: 'Personal message (optional)' }), '  Your Spark work stood out.  ');
    await user.click(dialog.getByRole('button', { name: 'Send Request' }));

    await findToast(INVITATION_MESSAGES.sent);
    expect(others.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/job-invitations/send', body: { jobId: 'j1', candidateId: 'p1', message: 'Your Spark work stood out.' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const states = await first.findByRole('list', { name: 'Requests to apply' });
    expect(states).toHaveTextContent('Email Sent');
    expect(states).toHaveTextContent('Staff Data Engineer');

    // Asked again, the job already asked about is no longer offered.
    await user.click(first.getByRole('button', { name: 'Request to Apply' }));
    const again = within(await screen.findByRole('dialog', { name: 'Request to Apply' }));
    expect(again.getByRole('combobox', { name: 'Job' })).toHaveTextContent('Platform Engineer');
  });

  it('each card shows where the company’s requests to that candidate stand', async () => {
    myJobs = [job('j1', 'Staff Data Engineer'), job('j2', 'Platform Engineer')];
    myRequests = [
      request('p1', 'j1', 'Staff Data Engineer', 'interview_scheduled'),
      request('p1', 'j2', 'Platform Engineer', 'candidate_accepted'),
      request('p2', 'j1', 'Staff Data Engineer', 'expired'),
      request('p2', 'j2', 'Platform Engineer', 'offer_stage'),
    ];
    renderBrowse();
    await screen.findByText('3 candidates found');
    const [first, second, third] = resultCards() as [HTMLElement, HTMLElement, HTMLElement];
    const firstStates = await within(first).findByRole('list', { name: 'Requests to apply' });
    expect(within(firstStates).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Interview ScheduledStaff Data Engineer',
      'Candidate AcceptedPlatform Engineer',
    ]);
    expect(within(within(second).getByRole('list', { name: 'Requests to apply' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'ExpiredStaff Data Engineer',
      'Offer StagePlatform Engineer',
    ]);
    expect(within(third).queryByRole('list', { name: 'Requests to apply' })).not.toBeInTheDocument();
  });

  it('when its jobs cannot be read, the company is told so and can try again', async () => {
    let failJobs = true;
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
      url.startsWith('/api/jobs?') && failJobs ? json(500, { success: false, error: 'Internal Server Error' }) : answer(url, init),
    );
    myJobs = [job('j1', 'Staff Data Engineer')];
    const { user } = renderBrowse();
    await screen.findByText('3 candidates found');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your jobs');
    expect(within(resultCards()[0] as HTMLElement).getByRole('button', { name: 'Request to Apply' })).toBeDisabled();
    failJobs = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(resultCards()[0] as HTMLElement).getByRole('button', { name: 'Request to Apply' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refused request: "Failed to send job invitation" with the server’s reason', async () => {
    myJobs = [job('j1', 'Staff Data Engineer')];
    sendAnswer = () => json(409, { success: false, error: INVITATION_MESSAGES.alreadyInvited });
    const { user } = renderBrowse();
    await screen.findByText('3 candidates found');
    await user.click(await within(resultCards()[0] as HTMLElement).findByRole('button', { name: 'Request to Apply' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Request to Apply' }));
    await user.click(dialog.getByRole('button', { name: 'Send Request' }));
    const shown = await findToast(INVITATION_MESSAGES.sendFailed);
    expect(shown).toHaveTextContent(INVITATION_MESSAGES.alreadyInvited);
    expect(screen.getByRole('dialog', { name: 'Request to Apply' })).toBeInTheDocument();
  });
});
