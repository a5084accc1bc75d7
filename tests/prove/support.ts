/**
 * What the prove parts share: HTTP calls with a client timeout (a hang is a failure, never a wait
 * without end), companies on a paid plan from addresses of their own, polling an observable
 * state, and formatting.
 */
import { performance } from 'node:perf_hooks';
import type { ProveRow } from './part';

export interface Answer {
  status: number;
  /** 0 when no answer came (refused, cut); `timedOut` when the client gave up waiting. */
  timedOut: boolean;
  headers: Headers | null;
  body: string;
  ms: number;
}

/** The longest a prove client waits for any answer: past it, the request counts as a hang. */
export const CLIENT_TIMEOUT_MS = 15_000;

let addresses = 0;
/** A client address of its own (X-Forwarded-For, for services with TRUST_PROXY): rate limits are per address. */
export const nextAddress = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) || 1}`;
};

export async function call(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string>; from?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  const headers: Record<string, string> = { 'x-forwarded-for': init.from ?? nextAddress(), ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  try {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined && init.rawBody === undefined ? 'GET' : 'POST'),
      headers,
      body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      redirect: 'manual',
      signal: AbortSignal.timeout(init.timeoutMs ?? CLIENT_TIMEOUT_MS),
    });
    const body = await response.text();
    return { status: response.status, timedOut: false, headers: response.headers, body, ms: performance.now() - started };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { status: 0, timedOut, headers: null, body: String(error), ms: performance.now() - started };
  }
}

export interface Company {
  token: string;
  companyId: string;
  /** The address it always calls from. */
  from: string;
}

/** Signs a company up and takes the Enterprise plan through the simulated checkout (no job post limit, ADR 030). */
export async function companyOnPlan(base: string, name: string, options: { plan?: boolean } = {}): Promise<Company> {
  const from = nextAddress();
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@prove.example`;
  const signup = await call(base, '/api/auth/company/signup', { from, body: { companyName: name, contactName: `${name} Hiring`, email, password: 'prove-company-password' } });
  if (signup.status !== 201) throw new Error(`sign-up of ${name}: ${signup.status} ${signup.body.slice(0, 300)}`);
  const { token, user } = JSON.parse(signup.body) as { token: string; user: { companyId: string } };
  if (options.plan !== false) {
    const created = await call(base, '/api/subscription/create', { from, token, body: { planId: 'enterprise' } });
    if (created.status !== 200) throw new Error(`plan of ${name}: ${created.status} ${created.body.slice(0, 300)}`);
    const { checkoutUrl } = JSON.parse(created.body) as { checkoutUrl?: string };
    if (checkoutUrl) {
      const confirmed = await call(base, `${new URL(checkoutUrl, 'http://localhost').pathname}/confirm`, { from, rawBody: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      if (confirmed.status !== 303) throw new Error(`checkout of ${name}: ${confirmed.status} ${confirmed.body.slice(0, 300)}`);
    }
  }
  return { token, companyId: user.companyId, from };
}

export interface Candidate {
  token: string;
  from: string;
}

export async function candidate(base: string, name: string): Promise<Candidate> {
  const from = nextAddress();
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@prove-people.example`;
  const signup = await call(base, '/api/auth/candidate/signup', { from, body: { name, email, password: 'prove-candidate-password' } });
  if (signup.status !== 201) throw new Error(`sign-up of ${name}: ${signup.status} ${signup.body.slice(0, 300)}`);
  return { token: (JSON.parse(signup.body) as { token: string }).token, from };
}

/** Polls `check` (a state that can be observed) until it holds; throws naming `what` after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

export const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–');

/** A row builder for one part. */
export const rowsOf = (part: string) => {
  const rows: ProveRow[] = [];
  return {
    rows,
    add(check: string, measured: string, expected: string, pass: boolean) {
      rows.push({ part, check, measured, expected, pass });
    },
  };
};

/** Answers that are neither the expected success nor 503 with Retry-After: what a dependency outage must never cause. */
export const badOutageAnswers = (answers: readonly Answer[], ok: (status: number) => boolean) =>
  answers.filter((answer) => !ok(answer.status) && !(answer.status === 503 && /^\d+$/.test(answer.headers?.get('retry-after') ?? '')));

/** A seeded shuffle (a failing order can be replayed from its seed). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
