import type { CandidateInvitation } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import { MyInvitationsCard } from './my-invitations-card';
import { renderInRouter } from '../../../testing/router';

const { calls, answers } = stubFetch();

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <MyInvitationsCard />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const invitation = (id: string, overrides: Partial<CandidateInvitation>): CandidateInvitation => ({
  invitationId: id.repeat(32),
  jobId: `job-${id}`,
  jobTitle: 'Senior Data Engineer',
  company: 'Northwind Analytics',
  location: 'Austin, TX',
  jobIsOpen: true,
  status: 'new',
  sentAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  revealedAt: null,
  availabilitySubmittedAt: null,
  offerStageAt: null,
  declinedAt: null,
  ...overrides,
});

describe('Invitations to Apply (candidate dashboard and inbox)', () => {
  it('lists each invitation with its state and steps, and links the open ones to their page by id', async () => {
    answers.push(
      jsonAnswer(200, {
        success: true,
        invitations: [
          invitation('a', { status: 'offer_stage', revealedAt: '2026-11-21T10:00:00.000Z', availabilitySubmittedAt: '2026-11-21T11:00:00.000Z', offerStageAt: '2026-11-22T10:00:00.000Z' }),
          invitation('b', { jobTitle: 'Platform Engineer', company: 'Contoso', status: 'expired', expiresAt: '2026-11-19T10:00:00.000Z', sentAt: '2026-10-20T10:00:00.000Z' }),
        ],
      }),
    );
    renderCard();
    const items = within(await screen.findByRole('list', { name: 'Your invitations' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Offer stage');
    expect(items[0]).toHaveTextContent('Northwind Analytics · Austin, TX');
    expect(items[0]).toHaveTextContent('Invited Nov 20, 2026 · Profile revealed Nov 21, 2026 · Availability sent Nov 21, 2026 · Moved to the offer stage Nov 22, 2026');
    expect(within(items[0]!).getByRole('link', { name: 'Open invitation: Senior Data Engineer at Northwind Analytics' })).toHaveAttribute('href', `/my-invitations/${'a'.repeat(32)}`);
    // An expired invitation no longer opens: no link.
    expect(items[1]).toHaveTextContent('Expired');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/my-invitations']);
  });

  it('says when there are none, and offers to try again on failure', async () => {
    answers.push(jsonAnswer(500, { success: false, error: 'Internal error' }), jsonAnswer(200, { success: true, invitations: [] }));
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No invitations yet. Companies that want you to apply will appear here.')).toBeInTheDocument();
  });
});
