import type { InboxMessage } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import { Inbox } from './inbox';
import { renderInRouter } from '../../../testing/router';

const { calls, answers } = stubFetch();

function renderInbox() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <Inbox />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), queryClient };
}

const message = (n: number, companyName: string, text: string, unread = false): InboxMessage => ({
  contactId: `c${n}`,
  companyId: `company-${n}`,
  companyName,
  contactType: 'inquiry',
  message: text,
  sentAt: `2026-11-2${n}T10:00:00.000Z`,
  unread,
});

describe('the candidate’s inbox', () => {
  it('says so when there are no messages yet', async () => {
    answers.push(jsonAnswer(200, { success: true, messages: [], unreadCount: 0 }));
    renderInbox();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(calls.map((call) => call.url)).toEqual(['/api/inbox']);
  });

  it('lists the messages in the server’s order (newest first), each with the company and its text kept as written', async () => {
    answers.push(jsonAnswer(200, { success: true, messages: [message(5, 'Northwind Analytics', 'Hi Ada,\nopen to a chat?'), message(3, 'Contoso', 'We loved your pipeline work.')], unreadCount: 0 }));
    renderInbox();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Northwind Analytics');
    expect(items[0]!.querySelector('p')!.textContent).toBe('Hi Ada,\nopen to a chat?');
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-25T10:00:00.000Z');
    expect(items[1]).toHaveTextContent('Contoso');
    expect(items[1]).toHaveTextContent('We loved your pipeline work.');
  });

  it('a failed load says why and can be tried again', async () => {
    answers.push(jsonAnswer(403, { success: false, error: 'Only candidate accounts have an inbox.' }));
    const { user } = renderInbox();
    expect(await screen.findByText('Only candidate accounts have an inbox.')).toBeInTheDocument();
    answers.push(jsonAnswer(200, { success: true, messages: [], unreadCount: 0 }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it('marks what is new with "New", then reads it: one POST up to the newest message, and "New" stays while the page is open', async () => {
    answers.push(jsonAnswer(200, { success: true, messages: [message(6, 'Fjord Robotics', 'Hello', true), message(5, 'Contoso', 'Hi again', true), message(3, 'Northwind', 'Old news')], unreadCount: 2 }));
    answers.push(jsonAnswer(200, { success: true, readUpTo: '2026-11-26T10:00:00.000Z' }));
    renderInbox();
    const list = await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url).toBe('/api/inbox/read');
    expect(calls[1]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ upTo: '2026-11-26T10:00:00.000Z' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('New')).toBeInTheDocument();
    expect(within(items[1]!).getByText('New')).toBeInTheDocument();
    expect(within(items[2]!).queryByText('New')).toBeNull();
  });

  it('asks nothing more when nothing is new', async () => {
    answers.push(jsonAnswer(200, { success: true, messages: [message(3, 'Northwind', 'Old news')], unreadCount: 0 }));
    const { queryClient } = renderInbox();
    await screen.findByRole('list', { name: 'Messages' });
    // The list's effects have run (findBy… waits inside act): a mark-read asked for there would be
    // in the mutation cache now, before its request leaves, so none there proves none will be sent.
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
    expect(calls.map((call) => call.url)).toEqual(['/api/inbox']);
    expect(screen.queryByText('New')).toBeNull();
  });
});
