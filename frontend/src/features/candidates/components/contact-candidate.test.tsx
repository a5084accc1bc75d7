import { CONTACT_MESSAGES, DEFAULT_CONTACT_MESSAGE, type CandidateCard } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast';
import { AuthDialogContext } from '../../../lib/auth-dialog';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import { BROWSE_CANDIDATES_SEARCH_DEFAULTS } from '../lib/browse-search';
import { CONTACT_PROMPT } from '../hooks/use-contact-candidate';
import { BrowseCandidates } from './browse-candidates';
import { renderInRouter } from '../../../testing/router';

// The toasts are what this test reads: each call is one toast shown.
vi.mock('../../../components/ui/toast', () => ({ toast: vi.fn(() => ({ id: 1, dismiss: () => {} })) }));

const { calls, answers } = stubFetch();
const card: CandidateCard = {
  id: 'p1',
  title: 'Data Engineer',
  location: 'Lisbon',
  experience: '7',
  availability: 'immediate',
  lookingStatus: 'active',
  workPreference: 'remote',
  skills: ['Kafka', 'SQL'],
};
let prompt: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.stubGlobal('EventSource', undefined);
  // The browser's own prompt is never used (issue 24): a call would show here.
  prompt = vi.fn();
  vi.stubGlobal('prompt', prompt);
  // The card list, then whatever each test answers the contact with.
  answers.push(jsonAnswer(200, [card], { 'x-total-count': '1' }));
});

async function renderBrowse(onPaidPlan: boolean, planPending = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <AuthDialogContext.Provider value={{ openAuthDialog: vi.fn(), preloadAuthDialog: () => {} }}>
        <BrowseCandidates
          search={BROWSE_CANDIDATES_SEARCH_DEFAULTS}
          onSearchChange={() => {}}
          viewer={{ type: 'company' }}
          viewerLoading={false}
          onPaidPlan={onPaidPlan}
          planPending={planPending}
        />
      </AuthDialogContext.Provider>
    </QueryClientProvider>,
  );
  await screen.findByText('1 candidate found');
  return { user: userEvent.setup({ delay: null }) };
}

/**
 * Contact, then the message dialog: it opens with the default text; `typed` replaces it and is
 * sent (null: Cancel).
 */
async function contactWith(user: ReturnType<typeof userEvent.setup>, typed: string | null) {
  await user.click(await screen.findByRole('button', { name: 'Contact' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Contact Candidate' }));
  const field = dialog.getByRole('textbox', { name: CONTACT_PROMPT });
  expect(field).toHaveValue(DEFAULT_CONTACT_MESSAGE);
  if (typed === null) {
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    return;
  }
  await user.clear(field);
  if (typed !== '') await user.type(field, typed);
  await user.click(dialog.getByRole('button', { name: 'Send Message' }));
}

const contactCalls = () => calls.filter((call) => call.url === '/api/candidates/contact');
const toasts = () => vi.mocked(toast).mock.calls.map(([options]) => options);

describe('contacting a candidate from Browse Candidates', { timeout: 20_000 }, () => {
  it('a company without a paid plan keeps Upgrade to Contact: Premium Feature Required and the upgrade dialog, nothing sent', async () => {
    const { user } = await renderBrowse(false);
    expect(screen.queryByRole('button', { name: 'Contact' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Contact' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Contact Candidates' })).toBeInTheDocument();
    expect(toasts()).toEqual([{ title: 'Premium Feature Required', description: 'Upgrade to a premium plan to contact candidates directly.', variant: 'destructive' }]);
    expect(prompt).not.toHaveBeenCalled();
    expect(contactCalls()).toEqual([]);
  });

  it('while the plan is still being looked up, Contact waits (no upgrade offered to a company that may be paying)', async () => {
    await renderBrowse(false, true);
    expect(screen.getByRole('button', { name: 'Contact' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Upgrade to Contact' })).not.toBeInTheDocument();
  });

  it('on a paid plan, Contact opens the message dialog with the default text and sends the message trimmed: Contact Sent!', async () => {
    const { user } = await renderBrowse(true);
    answers.push(jsonAnswer(201, { success: true, message: 'Contact Sent!', contactId: 'c-1' }));
    await contactWith(user, '  We loved your pipeline work.  {enter}');
    expect(prompt).not.toHaveBeenCalled();
    await waitFor(() => expect(toasts()).toEqual([{ title: 'Contact Sent!', description: CONTACT_MESSAGES.sentText, variant: 'success' }]));
    expect(contactCalls()).toHaveLength(1);
    expect(contactCalls()[0]!.init.method).toBe('POST');
    expect(JSON.parse(contactCalls()[0]!.init.body as string)).toEqual({ candidateId: 'p1', message: 'We loved your pipeline work.', contactType: 'inquiry' });
  });

  it.each([
    ['Cancel', null],
    ['an empty message', ''],
    ['a whitespace-only message', ' \n\t '],
  ])('%s sends nothing', async (_what, typed) => {
    const { user } = await renderBrowse(true);
    await contactWith(user, typed);
    expect(prompt).not.toHaveBeenCalled();
    expect(contactCalls()).toEqual([]);
    expect(toasts()).toEqual([]);
  });

  it('a reply with requiresUpgrade: Premium Required with the server’s text, and the upgrade dialog', async () => {
    const { user } = await renderBrowse(true);
    answers.push(jsonAnswer(403, { success: false, error: CONTACT_MESSAGES.subscriptionEnded, requiresUpgrade: true }));
    await contactWith(user, 'Hello');
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Contact Candidates' })).toBeInTheDocument();
    expect(toasts()).toEqual([{ title: 'Premium Required', description: CONTACT_MESSAGES.subscriptionEnded, variant: 'destructive' }]);
  });

  it('requiresUpgrade without a text: Premium Required with the spec’s default', async () => {
    const { user } = await renderBrowse(true);
    answers.push(jsonAnswer(403, { success: false, error: '', requiresUpgrade: true }));
    await contactWith(user, 'Hello');
    await waitFor(() => expect(toasts()).toEqual([{ title: 'Premium Required', description: 'Please upgrade to contact candidates.', variant: 'destructive' }]));
  });

  it('another failure: Failed to Send, with the server’s text or the spec’s default; no upgrade dialog', async () => {
    const { user } = await renderBrowse(true);
    answers.push(jsonAnswer(404, { success: false, error: CONTACT_MESSAGES.candidateNotFound }));
    answers.push(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await contactWith(user, 'Hello');
    await waitFor(() => expect(toasts()).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Contact' })).toBeEnabled());
    await contactWith(user, 'Hello again');
    await waitFor(() => expect(toasts()).toHaveLength(2));
    expect(toasts()).toEqual([
      { title: 'Failed to Send', description: CONTACT_MESSAGES.candidateNotFound, variant: 'destructive' },
      { title: 'Failed to Send', description: 'Unable to send message. Please try again.', variant: 'destructive' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a network failure: Connection Error', async () => {
    const { user } = await renderBrowse(true);
    // No answer left: the stub fails the call as a network failure does.
    await contactWith(user, 'Hello');
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Connection Error', description: 'Unable to send message. Please check your connection and try again.', variant: 'destructive' }]),
    );
  });
});
