import type { CandidateCard } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogContext } from '../../../lib/auth-dialog';
import { resetPositionForTests } from '../../../lib/api-client';
import { CandidateSidePanel } from './candidate-side-panel';
import { renderInRouter } from '../../../testing/router';

const card = (n: number, overrides: Partial<CandidateCard> = {}): CandidateCard => ({
  id: `p${n}`,
  title: `Engineer ${n}`,
  location: 'Berlin',
  experience: '5',
  availability: n % 2 ? 'immediate' : 'open',
  lookingStatus: n % 2 ? 'active' : 'passive',
  workPreference: 'remote',
  skills: ['React', 'TypeScript', 'Node', 'SQL', 'AWS'],
  ...overrides,
});

let requests: string[];
let batches: CandidateCard[][];
let frames: FrameRequestCallback[];
let reducedMotion: boolean;
const scrollTops = new WeakMap<Element, number>();

beforeEach(() => {
  requests = [];
  batches = [];
  frames = [];
  reducedMotion = false;
  resetPositionForTests();
  vi.stubGlobal('EventSource', undefined);
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    const body = batches.shift() ?? [];
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {
    frames = [];
  });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce') ? reducedMotion : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 1000 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return scrollTops.get(this) ?? 0;
    },
    set(this: Element, value: number) {
      scrollTops.set(this, value);
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs `count` animation frames. */
function runFrames(count: number) {
  for (let i = 0; i < count; i++) {
    const pending = frames;
    frames = [];
    for (const frame of pending) frame(i * 16);
  }
}

function renderPanel(viewer: { type: 'candidate' | 'company' } | null = null) {
  const openAuthDialog = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <AuthDialogContext.Provider value={{ openAuthDialog, preloadAuthDialog: () => {} }}>
        <CandidateSidePanel viewer={viewer} />
      </AuthDialogContext.Provider>
    </QueryClientProvider>,
  );
  return { openAuthDialog, user: userEvent.setup() };
}

/** The dialog's code loads on first use: on a busy machine that takes more than a second. */
const DIALOG_WAIT = { timeout: 8000 };

const cards = () => within(screen.getByRole('list', { name: 'Candidates' })).getAllByRole('button');

describe('candidates side panel', () => {
  it('shows the 5 random cards with their facts, up to 3 skills and +N more', async () => {
    batches.push([1, 2, 3, 4, 5].map((n) => card(n)));
    renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(requests).toEqual(['/api/candidates?random=true&count=5']);
    const first = cards()[0] as HTMLElement;
    expect(first).toHaveTextContent('Engineer 1');
    expect(first).toHaveTextContent('Berlin');
    expect(first).toHaveTextContent('5 years');
    expect(first).toHaveTextContent('Available immediately');
    expect(first).toHaveTextContent('+2 more');
    expect(within(first).queryByText('SQL')).not.toBeInTheDocument();
    expect(first).toHaveTextContent('Remote · Actively Looking');
    expect(cards()[1]).toHaveTextContent('Open to opportunities');
    expect(cards()[1]).toHaveTextContent('Passively Looking');
    expect(screen.getByRole('list', { name: 'Candidates' }).closest('.h-\\[600px\\]')).not.toBeNull();
  });

  it('asks for new cards every 120 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    batches.push([card(1)], [card(9, { title: 'Data Scientist' })]);
    renderPanel();
    await screen.findByText('Engineer 1');
    act(() => vi.advanceTimersByTime(119_000));
    expect(requests).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1_000));
    await screen.findByText('Data Scientist');
    expect(requests).toEqual(['/api/candidates?random=true&count=5', '/api/candidates?random=true&count=5']);
  });

  it('scrolls by half a pixel a frame, and stops under the pointer', async () => {
    batches.push([1, 2, 3, 4, 5].map((n) => card(n)));
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(5));
    const list = screen.getByRole('list', { name: 'Candidates' });
    act(() => runFrames(4));
    expect(list.scrollTop).toBe(2);
    await user.hover(list);
    act(() => runFrames(4));
    expect(list.scrollTop).toBe(2);
    await user.unhover(list);
    act(() => runFrames(2));
    expect(list.scrollTop).toBe(3);
  });

  it('does not scroll at all for someone who prefers reduced motion', async () => {
    reducedMotion = true;
    batches.push([1, 2, 3, 4, 5].map((n) => card(n)));
    renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(frames).toHaveLength(0);
    act(() => runFrames(10));
    expect(screen.getByRole('list', { name: 'Candidates' }).scrollTop).toBe(0);
  });
});

describe('candidate overview dialog', { timeout: 20_000 }, () => {
  it('a visitor sees the facts, View Profile and Sign Up as Company, which opens the company sign-up', async () => {
    batches.push([card(1)]);
    const { user, openAuthDialog } = renderPanel(null);
    await user.click(await screen.findByRole('button', { name: /Engineer 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Engineer 1' }, DIALOG_WAIT);
    expect(dialog).toHaveTextContent('Available immediately');
    for (const skill of ['React', 'TypeScript', 'Node', 'SQL', 'AWS']) expect(within(dialog).getByText(skill)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile/p1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up as Company' }));
    expect(openAuthDialog).toHaveBeenCalledWith('company');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), DIALOG_WAIT);
  });

  it('a candidate is offered Sign Up as Company too', async () => {
    batches.push([card(1)]);
    const { user } = renderPanel({ type: 'candidate' });
    await user.click(await screen.findByRole('button', { name: /Engineer 1/ }));
    const dialog = await screen.findByRole('dialog', {}, DIALOG_WAIT);
    expect(within(dialog).getByRole('button', { name: 'Sign Up as Company' })).toBeInTheDocument();
  });

  it('a company gets View Profile only', async () => {
    batches.push([card(1)]);
    const { user } = renderPanel({ type: 'company' });
    await user.click(await screen.findByRole('button', { name: /Engineer 1/ }));
    const dialog = await screen.findByRole('dialog', {}, DIALOG_WAIT);
    expect(within(dialog).getByRole('link', { name: 'View Profile' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Sign Up as Company' })).not.toBeInTheDocument();
  });
});
