import type { InboxMessage } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import { Inbox } from './inbox';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));

const { calls, answers } = stubFetch();

function renderInbox() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Inbox />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }) };
}

const message = (n: number, companyName: string, text: string): InboxMessage => ({
  contactId: `c${n}`,
  companyId: `company-${n}`,
  companyName,
  contactType: 'inquiry',
  message: text,
  sentAt: `2026-11-2${n}T10:00:00.000Z`,
});

describe('the candidate’s inbox', () => {
  it('says so when there are no messages yet', async () => {
    answers.push(jsonAnswer(200, { success: true, messages: [] }));
    renderInbox();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(calls.map((call) => call.url)).toEqual(['/api/inbox']);
  });

  it('lists the messages in the server’s order (newest first), each with the company and its text kept as written', async () => {
    answers.push(jsonAnswer(200, { success: true, messages: [message(5, 'Northwind Analytics', 'Hi Ada,\nopen to a chat?'), message(3, 'Contoso', 'We loved your pipeline work.')] }));
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
    answers.push(jsonAnswer(200, { success: true, messages: [] }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });
});
