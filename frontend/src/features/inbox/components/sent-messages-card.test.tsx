import type { SentMessage } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import { SentMessagesCard } from './sent-messages-card';
import { renderInRouter } from '../../../testing/router';

const { calls, answers } = stubFetch();

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <SentMessagesCard />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const sent = (n: number, title: string, message: string): SentMessage => ({
  contactId: `c${n}`,
  candidateId: `p${n}`,
  candidateTitle: title,
  contactType: 'inquiry',
  message,
  sentAt: `2026-11-2${n}T10:00:00.000Z`,
});

describe('Messages Sent (company dashboard)', () => {
  it('lists what the company wrote, in the server’s order, each linking to the candidate’s profile', async () => {
    answers.push(jsonAnswer(200, { success: true, messages: [sent(5, 'Data Engineer', 'Open to a chat?'), sent(3, 'Frontend Engineer', 'We loved your work.')] }));
    renderCard();
    const list = await screen.findByRole('list', { name: 'Messages sent' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Data Engineer' })).toHaveAttribute('href', '/profile/p5');
    expect(items[0]).toHaveTextContent('Open to a chat?');
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-25T10:00:00.000Z');
    expect(items[1]).toHaveTextContent('We loved your work.');
    expect(calls.map((call) => call.url)).toEqual(['/api/contacts/sent']);
  });

  it('says how to send one when there are none, and offers to try again on failure', async () => {
    answers.push(jsonAnswer(500, { success: false, error: 'Internal error' }), jsonAnswer(200, { success: true, messages: [] }));
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
  });
});
