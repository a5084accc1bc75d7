import type { AdminCandidate, AdminCompany, Job, User } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { resetPositionForTests } from '../../../lib/api-client';
import type { AdminTab } from '../admin-tabs';
import { AdminPanel } from '../components/admin-panel';
import { useState } from 'react';
import { sampleJob } from '@hireloop/contracts/testing/jobs';

/** One request the admin panel made. */
export interface Call {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

/**
 * A server by route for the admin panel's tests: `routes['GET /api/admin/candidates'] = …`.
 * Every request is recorded in `calls`; an unknown route answers 404.
 */
export function stubAdminServer() {
  const calls: Call[] = [];
  const routes: Record<string, Handler> = {};
  beforeEach(() => {
    calls.length = 0;
    for (const key of Object.keys(routes)) delete routes[key];
    resetPositionForTests();
    vi.stubGlobal('localStorage', undefined);
    vi.stubGlobal('sessionStorage', undefined);
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const call: Call = {
        method,
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const handler = routes[`${method} ${parsed.pathname}`];
      return handler ? handler(call) : json(404, { success: false, error: 'Not found' });
    });
  });
  afterEach(() => vi.unstubAllGlobals());
  return { calls, routes };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const user = (role: User['role'], overrides: Partial<User> = {}): User => ({
  id: `user-${role}`,
  userId: `user-${role}`,
  name: role === 'super_admin' ? 'Bea Boss' : role === 'admin' ? 'Olive Ops' : 'Casey Candidate',
  email: `${role}@example.com`,
  type: role === 'company' ? 'company' : 'candidate',
  role,
  isAdmin: role === 'admin' || role === 'super_admin',
  companyId: null,
  companyName: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

export const candidate = (n: number, overrides: Partial<AdminCandidate> = {}): AdminCandidate => ({
  id: `profile-${n}`,
  userId: `account-${n}`,
  firstName: `Ada${n}`,
  lastName: 'Lovelace',
  email: `ada${n}@example.com`,
  phone: '',
  title: `Engineer ${n}`,
  location: 'London',
  experience: '2-5',
  skills: ['React', 'TypeScript', 'Node', 'SQL', 'Go'],
  visaStatus: '',
  isPrivate: n % 2 === 0,
  verified: n % 2 === 1,
  summary: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const company = (n: number, overrides: Partial<AdminCompany> = {}): AdminCompany => ({
  id: `company-${n}`,
  name: `Northwind ${n}`,
  description: 'Analytics',
  website: 'https://northwind.example',
  location: 'Berlin',
  verified: n === 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const job = (n: number, overrides: Partial<Job> = {}): Job => sampleJob({
  id: `job-${n}`,
  shareToken: `share-${n}`,
  title: `Job ${n}`,
  company: 'Northwind',
  companyId: null,
  description: 'Build things',
  experience: 'Mid level',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** A never-ending activity stream (the tabs that do not test it). */
export const quietStream = () =>
  new Response(new ReadableStream({ start() {} }), { status: 200, headers: { 'content-type': 'text/event-stream' } });

export function renderPanel(props: { user: User | null; isLoading?: boolean }) {
  const onSignIn = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PanelWithTab user={props.user} isLoading={props.isLoading ?? false} onSignIn={onSignIn} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onSignIn, user: userEvent.setup() };
}

/** The panel with its tab held as the route holds it in the address (`?tab=`). */
function PanelWithTab(props: { user: User | null; isLoading: boolean; onSignIn: () => void }) {
  const [tab, setTab] = useState<AdminTab>('candidates');
  return <AdminPanel {...props} tab={tab} onTabChange={setTab} />;
}
