import { afterEach, beforeEach, vi } from 'vitest';
import { resetPositionForTests } from '../lib/api-client';

export interface FetchCall {
  url: string;
  init: RequestInit;
}

/**
 * For the tests of API calls: replaces `fetch` (and the storages, so no session leaks in) before
 * each test. Every call is recorded in `calls` and answered by the next of `answers`; with none
 * left, the call fails as a network failure does. The two arrays are the same for the whole file.
 * `aside`: calls a test answers by themselves, whenever they come (a fire-and-forget call the
 * page makes besides the flow under test); they are recorded in `asideCalls`, not in `calls`.
 */
export function stubFetch({ aside }: { aside?: (url: string, init: RequestInit) => (() => Response) | null } = {}): {
  calls: FetchCall[];
  answers: Array<() => Response>;
  asideCalls: FetchCall[];
} {
  const calls: FetchCall[] = [];
  const asideCalls: FetchCall[] = [];
  const answers: Array<() => Response> = [];
  beforeEach(() => {
    calls.length = 0;
    asideCalls.length = 0;
    answers.length = 0;
    vi.stubGlobal('localStorage', undefined);
    vi.stubGlobal('sessionStorage', undefined);
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const answeredAside = aside?.(url, init);
      if (answeredAside) {
        asideCalls.push({ url, init });
        return answeredAside();
      }
      calls.push({ url, init });
      const next = answers.shift();
      if (!next) throw new TypeError('fetch failed');
      return next();
    });
    resetPositionForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return { calls, answers, asideCalls };
}

/** An answer with a JSON body. */
export const jsonAnswer =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
