import type { Conversation } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import { CompanyInbox } from './company-inbox';
import { Inbox } from './inbox';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, params: _params, ...rest }: { to: string; params?: unknown; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));

const { calls, answers } = stubFetch();

function renderWith(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
  return { user: userEvent.setup({ delay: null }), queryClient };
}

const at = (day: number) => `2026-11-${day}T10:00:00.000Z`;
const conversation = (n: number, companyName: string, messages: Array<[from: 'company' | 'candidate', text: string, day: number, unread?: boolean]>, overrides: Partial<Conversation> = {}): Conversation => ({
  threadId: String(n).repeat(32).slice(0, 32),
  companyId: `company-${n}`,
  companyName,
  candidate: { profileId: 'profile-ada', title: 'Data Engineer', displayName: 'Anonymous Candidate', known: false },
  messages: messages.map(([from, message, day, unread = false], index) => ({ messageId: `m${n}-${index}`, from, message, sentAt: at(day), unread })),
  lastActivityAt: at(Math.max(...messages.map(([, , day]) => day))),
  unreadCount: messages.filter(([, , , unread]) => unread).length,
  ...overrides,
});
const answer = (conversations: Conversation[]) => jsonAnswer(200, { success: true, conversations, unreadCount: conversations.reduce((sum, one) => sum + one.unreadCount, 0) });

describe('the candidate’s inbox (ADR 069)', () => {
  it('says so when there are no messages yet, and asks only for the conversations', async () => {
    answers.push(answer([]));
    renderWith(<Inbox />);
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(calls.map((call) => call.url)).toEqual(['/api/conversations']);
  });

  it('shows each company’s whole conversation, oldest first, its text kept as written, with who wrote what', async () => {
    answers.push(answer([conversation(1, 'Northwind Analytics', [['company', 'Hi Ada,\nopen to a chat?', 21], ['candidate', 'Yes!', 22]]), conversation(2, 'Contoso', [['company', 'We loved your pipeline work.', 20]])]));
    renderWith(<Inbox />);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(list.children).toHaveLength(2);
    const northwind = within(screen.getByLabelText('Conversation with Northwind Analytics'));
    const messages = northwind.getAllByRole('listitem');
    expect(messages[0]).toHaveTextContent('Northwind Analytics');
    expect(messages[0]!.querySelector('p')!.textContent).toBe('Hi Ada,\nopen to a chat?');
    expect(messages[0]!.querySelector('time')).toHaveAttribute('dateTime', at(21));
    expect(messages[1]).toHaveTextContent('You');
    expect(messages[1]).toHaveTextContent('Yes!');
    expect(screen.getByLabelText('Conversation with Contoso')).toHaveTextContent('We loved your pipeline work.');
  });

  it('marks what is new, then reads it: one POST up to the newest company message; "New" stays while the page is open', async () => {
    answers.push(answer([conversation(1, 'Fjord Robotics', [['company', 'Hello', 26, true], ['candidate', 'Hi', 27]]), conversation(2, 'Contoso', [['company', 'Old news', 23]])]));
    answers.push(jsonAnswer(200, { success: true, readUpTo: at(26) }));
    renderWith(<Inbox />);
    await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url).toBe('/api/inbox/read');
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ upTo: at(26) });
    expect(within(screen.getByLabelText('Conversation with Fjord Robotics')).getByText('New')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Conversation with Contoso')).queryByText('New')).toBeNull();
  });

  it('a reply is sent trimmed to its thread, then the conversations are read again; an empty one is refused here with the contract’s words', async () => {
    const first = conversation(1, 'Northwind Analytics', [['company', 'Open to a chat?', 21]]);
    answers.push(answer([first]));
    const { user } = renderWith(<Inbox />);
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Please write a reply.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    answers.push(jsonAnswer(201, { success: true, messageId: 'm-new', sentAt: at(22) }));
    answers.push(answer([{ ...first, messages: [...first.messages, { messageId: 'm-new', from: 'candidate', message: 'Happy to!', sentAt: at(22), unread: false }] }]));
    await user.type(box, '  Happy to!  ');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]!.url).toBe(`/api/conversations/${first.threadId}/messages`);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ message: 'Happy to!' });
    expect(calls[2]!.url).toBe('/api/conversations');
    expect(await screen.findByText('Happy to!')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('a failed load says why and can be tried again', async () => {
    answers.push(jsonAnswer(403, { success: false, error: 'Your account belongs to no company.' }));
    const { user } = renderWith(<Inbox />);
    expect(await screen.findByText('Your account belongs to no company.')).toBeInTheDocument();
    answers.push(answer([]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });
});

describe('the company’s inbox (ADR 069)', () => {
  const withReply = conversation(1, 'Acme', [['company', 'Open to a chat?', 21], ['candidate', 'Tuesday works.', 22, true]]);
  const quiet = conversation(2, 'Acme', [['company', 'Hello there', 20]], { candidate: { profileId: 'profile-lena', title: 'ML Engineer', displayName: 'Lena Marsh', known: true } });

  it('lists the conversations with the candidate as the company may know them and what is new; opening one marks it read and shows it with a reply box', async () => {
    answers.push(answer([withReply, quiet]));
    const { user } = renderWith(<CompanyInbox />);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons[0]).toHaveTextContent('Anonymous Candidate');
    expect(buttons[0]).toHaveTextContent('1 new');
    expect(buttons[0]).toHaveTextContent('Tuesday works.');
    expect(buttons[1]).toHaveTextContent('Lena Marsh');
    expect(calls).toHaveLength(1);

    answers.push(jsonAnswer(200, { success: true, readUpTo: at(22) }));
    answers.push(answer([{ ...withReply, unreadCount: 0, messages: withReply.messages.map((one) => ({ ...one, unread: false })) }, quiet]));
    await user.click(buttons[0]!);
    const open = within(screen.getByLabelText('Conversation with Anonymous Candidate'));
    expect(open.getByText('Tuesday works.')).toBeInTheDocument();
    expect(open.getByText('Your company')).toBeInTheDocument();
    expect(open.getByRole('textbox', { name: 'Your reply' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]!.url).toBe(`/api/conversations/${withReply.threadId}/read`);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ upTo: at(22) });
    await waitFor(() => expect(within(list).getAllByRole('button')[0]).not.toHaveTextContent('1 new'));
    // A thread with nothing new is opened without a mark.
    await user.click(within(list).getAllByRole('button')[1]!);
    expect(screen.getByLabelText('Conversation with Lena Marsh')).toHaveTextContent('Hello there');
    expect(calls).toHaveLength(3);
  });

  it('a refused reply (the plan ended) says the server’s words under the box and keeps the text', async () => {
    answers.push(answer([withReply]));
    const { user } = renderWith(<CompanyInbox />);
    answers.push(jsonAnswer(200, { success: true, readUpTo: at(22) }));
    answers.push(answer([withReply]));
    await user.click(await screen.findByRole('button', { name: /Anonymous Candidate/ }));
    await waitFor(() => expect(calls).toHaveLength(3));
    answers.push(jsonAnswer(403, { success: false, error: 'Your company’s subscription has ended. Choose a paid plan again to contact candidates.', requiresUpgrade: true }));
    const box = screen.getByRole('textbox', { name: 'Your reply' });
    await user.type(box, 'Still interested?');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Your company’s subscription has ended. Choose a paid plan again to contact candidates.')).toBeInTheDocument();
    expect(box).toHaveValue('Still interested?');
  });
});
