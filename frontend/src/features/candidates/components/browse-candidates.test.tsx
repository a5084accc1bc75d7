import type { CandidateCard } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../../lib/api-client';
import { AuthDialogContext } from '../../../lib/auth-dialog';
import { BROWSE_CANDIDATES_SEARCH_DEFAULTS, type BrowseCandidatesSearch } from '../lib/browse-search';
import { BrowseCandidates } from './browse-candidates';
import { renderInRouter } from '../../../testing/router';

const card = (n: number): CandidateCard => ({
  id: `p${n}`,
  title: `Engineer ${n}`,
  location: 'Berlin',
  experience: '5',
  availability: 'immediate',
  lookingStatus: n % 2 ? 'active' : 'passive',
  workPreference: n % 2 ? 'remote' : 'hybrid',
  skills: ['React', 'TypeScript', 'Node', 'SQL'],
});

let requests: string[];
/** The server: `total` candidates, 12 a page. */
let total: number;

beforeEach(() => {
  requests = [];
  total = 30;
  resetPositionForTests();
  vi.stubGlobal('EventSource', undefined);
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    const query = new URL(url, 'http://x').searchParams;
    const page = Number(query.get('page'));
    const shown = Math.max(0, Math.min(12, total - (page - 1) * 12));
    const body = Array.from({ length: shown }, (_, i) => card((page - 1) * 12 + i + 1));
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
    });
  });
});

afterEach(() => vi.unstubAllGlobals());

let currentSearch: BrowseCandidatesSearch;

function renderBrowse(
  viewer: { type: 'candidate' | 'company' } | null,
  initial: Partial<BrowseCandidatesSearch> = {},
) {
  const openAuthDialog = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Harness() {
    const [search, setSearch] = useState<BrowseCandidatesSearch>({ ...BROWSE_CANDIDATES_SEARCH_DEFAULTS, ...initial });
    currentSearch = search;
    return <BrowseCandidates search={search} onSearchChange={setSearch} viewer={viewer} viewerLoading={false} />;
  }
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <AuthDialogContext.Provider value={{ openAuthDialog, preloadAuthDialog: () => {} }}>
        <Harness />
      </AuthDialogContext.Provider>
    </QueryClientProvider>,
  );
  return { openAuthDialog, user: userEvent.setup() };
}

/** The result cards (the list's own items, not the skills' items inside them). */
const resultCards = () => [...screen.getByRole('list', { name: 'Candidates' }).children] as HTMLElement[];

describe('Browse Candidates', { timeout: 20_000 }, () => {
  it('a company sees the Company View, the count, 12 cards a page with badges, and pagination', async () => {
    renderBrowse({ type: 'company' });
    expect(await screen.findByText('30 candidates found')).toBeInTheDocument();
    expect(screen.getByText('Company View')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(requests).toEqual(['/api/candidates?count=12&page=1']);
    expect(resultCards()).toHaveLength(12);
    const first = resultCards()[0] as HTMLElement;
    expect(first).toHaveTextContent('Engineer 1');
    expect(first).toHaveTextContent('+1 more');
    expect(within(first).getByText('Actively Looking')).toBeInTheDocument();
    expect(within(first).getByText('Remote')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile/p1');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(3);
  });

  it('pages through the results with Next and numbers', async () => {
    const { user } = renderBrowse({ type: 'company' });
    await screen.findByText('30 candidates found');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Engineer 13');
    expect(requests.at(-1)).toBe('/api/candidates?count=12&page=2');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Engineer 25');
    expect(resultCards()).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('sends the filters as query parameters, and any change goes back to page 1', async () => {
    const { user } = renderBrowse({ type: 'company' }, { page: 3, lookingStatus: 'passive', location: 'Berlin' });
    await screen.findByText('30 candidates found');
    expect(requests[0]).toBe('/api/candidates?location=Berlin&lookingStatus=passive&count=12&page=3');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'react');
    await waitFor(() =>
      expect(requests.at(-1)).toBe('/api/candidates?search=react&location=Berlin&lookingStatus=passive&count=12&page=1'),
    );
    expect(currentSearch.page).toBe(1);
    await user.type(screen.getByRole('searchbox', { name: 'Skills' }), 'node');
    await waitFor(() => expect(requests.at(-1)).toContain('skills=node'));
    expect(requests.at(-1)).toContain('page=1');
  });

  it('shows no pagination when everything fits on one page', async () => {
    total = 5;
    renderBrowse({ type: 'company' });
    expect(await screen.findByText('5 candidates found')).toBeInTheDocument();
    expect(resultCards()).toHaveLength(5);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    total = 0;
    renderBrowse({ type: 'company' });
    expect(await screen.findByText('0 candidates found')).toBeInTheDocument();
    expect(screen.getByText('No candidates found')).toBeInTheDocument();
  });

  it('Upgrade to Contact opens the premium-upgrade dialog pointing to the plans', async () => {
    const { user } = renderBrowse({ type: 'company' });
    await screen.findByText('30 candidates found');
    await user.click(within(resultCards()[0] as HTMLElement).getByRole('button', { name: 'Upgrade to Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Contact Candidates' });
    expect(within(dialog).getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');
  });

  it('a visitor is asked to sign in, and nothing is fetched', async () => {
    const { user, openAuthDialog } = renderBrowse(null);
    await user.click(screen.getByRole('button', { name: 'Go to Sign In' }));
    expect(openAuthDialog).toHaveBeenCalledWith('signin');
    expect(requests).toEqual([]);
  });

  it('a candidate is told the page is for companies, and nothing is fetched', () => {
    renderBrowse({ type: 'candidate' });
    expect(screen.getByRole('heading', { name: 'Browse Candidates is for companies' })).toBeInTheDocument();
    expect(screen.queryByText(/candidates found/)).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
