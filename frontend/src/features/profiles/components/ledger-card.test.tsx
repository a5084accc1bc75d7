import type { User } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import { LedgerCard, ledgerEntryText } from './ledger-card';

const { calls, answers } = stubFetch();
const lena = { id: 'u-lena', type: 'candidate' } as User;

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <LedgerCard user={lena} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }) };
}

describe('who has seen your profile (the candidate’s ledger)', () => {
  it('lists each company, the latest first, with what it saw and when', async () => {
    answers.push(
      jsonAnswer(200, {
        success: true,
        companies: [
          {
            companyId: 'co-1',
            companyName: 'Northwind Analytics',
            lastAt: '2026-11-25T10:00:00.000Z',
            entries: [
              { kind: 'contacted', firstAt: '2026-11-25T10:00:00.000Z', lastAt: '2026-11-25T10:00:00.000Z', count: 1 },
              { kind: 'profile_opened', firstAt: '2026-10-02T10:00:00.000Z', lastAt: '2026-11-24T10:00:00.000Z', count: 2 },
            ],
          },
          { companyId: 'co-2', companyName: 'Globex', lastAt: '2026-11-20T00:00:00.000Z', entries: [{ kind: 'card_shown', firstAt: '2026-11-18T00:00:00.000Z', lastAt: '2026-11-20T00:00:00.000Z', count: 3 }] },
        ],
      }),
    );
    renderCard();
    const list = await screen.findByRole('list', { name: 'Companies that have seen your profile' });
    const companies = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(companies.map((item) => item.querySelector('p')!.textContent)).toEqual(['Northwind Analytics', 'Globex']);
    expect(companies[0]).toHaveTextContent('Sent you a message on November 25, 2026');
    expect(companies[0]).toHaveTextContent('Opened your full profile 2 times, first on October 2, 2026, last on November 24, 2026');
    expect(companies[1]).toHaveTextContent('Saw your anonymous card on 3 days, first on November 18, 2026, last on November 20, 2026');
    expect(calls.map((call) => call.url)).toEqual(['/api/profile/ledger']);
  });

  it('says so when nobody has seen the profile yet', async () => {
    answers.push(jsonAnswer(200, { success: true, companies: [] }));
    renderCard();
    expect(await screen.findByText(/No company has seen your profile yet/)).toBeInTheDocument();
  });

  it('offers to try again when it cannot load', async () => {
    answers.push(jsonAnswer(500, { success: false, error: 'Internal error' }), jsonAnswer(200, { success: true, companies: [] }));
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No company has seen your profile yet/)).toBeInTheDocument();
  });

  it('names a single time by its day', () => {
    expect(ledgerEntryText({ kind: 'profile_revealed', firstAt: '2026-11-03T09:00:00.000Z', lastAt: '2026-11-03T09:00:00.000Z', count: 1 })).toBe(
      'Received your name and email (you revealed them) on November 3, 2026',
    );
  });
});
