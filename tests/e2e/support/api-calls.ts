import type { AppProcess } from './app-process';

/** What a call to the app's API answered: its JSON and the log position its write reached. */
export interface CallAnswer {
  answer: Record<string, unknown>;
  position: string;
}

/**
 * The API calls an e2e file makes to set up the state a journey starts from (its sign-ups,
 * posts, plans), against the real app. Each call comes from an address of its own (the app
 * trusts X-Forwarded-For behind a proxy), so the per-address rate limits never refuse a set-up.
 */
export function apiCalls(app: () => AppProcess, firstAddress = 1) {
  let nextAddress = firstAddress;

  async function call(method: string, route: string, body: unknown, token?: string): Promise<CallAnswer> {
    const response = await fetch(`${app().url}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `198.51.100.${nextAddress++}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
    return { answer, position: response.headers.get('x-position') ?? '' };
  }

  /** Asks `route` for a read model that holds everything up to `position` (read-your-writes); throws when it does not. */
  async function caughtUp(route: string, position: string, token?: string): Promise<void> {
    const response = await fetch(`${app().url}${route}`, {
      headers: { 'x-min-position': position, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    await response.body?.cancel();
    if (!response.ok || response.headers.get('x-read-model-stale')) throw new Error(`GET ${route} did not catch up with ${position}: ${response.status}`);
  }

  /** Polls the company's subscription until it reads `trialing` (the simulated checkout's webhook applied); throws after 10 s. */
  async function trialStarted(token: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await fetch(`${app().url}/api/subscription/current`, { headers: { authorization: `Bearer ${token}` } });
      const current = (await response.json()) as { planId: string | null; status: string };
      if (current.status === 'trialing') return;
      if (Date.now() > deadline) throw new Error(`the trial did not start: ${JSON.stringify(current)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return { call, caughtUp, trialStarted };
}
