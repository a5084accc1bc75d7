import { JobList, SuggestedJobs, User } from '@hireloop/contracts';
import { sampleJob } from '@hireloop/contracts/testing/jobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  displayError,
  errorStatus,
  getJson,
  getJsonWithHeaders,
  NETWORK_ERROR_MESSAGE,
  NetworkError,
  parseAnswer,
  resetPositionForTests,
  sendForm,
  sendJson,
  serverErrorText,
  UnexpectedAnswerError,
} from './api-client';

/** A minimal in-memory Web Storage for the node test environment. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
  /** The body as sent, whatever its kind (a FormData for uploads). */
  rawBody: unknown;
}

let calls: Call[];
let answers: Array<() => Response>;

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
      rawBody: init.body,
    });
    const next = answers.shift();
    if (!next) throw new TypeError('fetch failed');
    return next();
  });
  resetPositionForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('api client', () => {
  it('reads JSON from an ok answer', async () => {
    answers.push(json(200, [{ id: 'j1' }]));
    await expect(getJson('/api/jobs')).resolves.toEqual([{ id: 'j1' }]);
    expect(calls[0]).toMatchObject({ url: '/api/jobs', method: 'GET' });
  });

  it('reads JSON and the response headers together', async () => {
    answers.push(json(200, [{ id: 'j1' }], { 'x-total-count': '42' }));
    const { body, headers } = await getJsonWithHeaders('/api/jobs?page=2');
    expect(body).toEqual([{ id: 'j1' }]);
    expect(headers.get('X-Total-Count')).toBe('42');
    expect(calls[0]).toMatchObject({ url: '/api/jobs?page=2', method: 'GET' });
  });

  it('keeps the error rule when headers are asked for too', async () => {
    answers.push(json(400, { success: false, error: 'status must be one of: open, all, closed' }));
    const error = await getJsonWithHeaders('/api/jobs?status=x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toHaveProperty('message', '400: {"success":false,"error":"status must be one of: open, all, closed"}');
  });

  it('asks again once after a short Retry-After when a read answers 503 (a read model behind, ADR 050)', async () => {
    vi.useFakeTimers();
    try {
      answers.push(json(503, { success: false, error: 'Your latest change is still being processed. Please try again in a moment.' }, { 'retry-after': '1' }));
      answers.push(json(200, { id: 'j1' }));
      const read = getJson('/api/jobs/j1');
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(999);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(read).resolves.toEqual({ id: 'j1' });
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a second 503 with its message, and never repeats a write or waits for a long Retry-After', async () => {
    vi.useFakeTimers();
    try {
      const unavailable = { success: false, error: 'The database cannot be reached right now. Please try again in a few seconds.' };
      answers.push(json(503, unavailable, { 'retry-after': '5' }), json(503, unavailable, { 'retry-after': '5' }));
      const read = getJson('/api/jobs').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(5_000);
      const error = await read;
      expect(calls).toHaveLength(2);
      expect(displayError(error, 'fallback')).toBe(unavailable.error);

      answers.push(json(503, unavailable, { 'retry-after': '5' }));
      await expect(sendJson('POST', '/api/jobs', { title: 'Engineer' })).rejects.toBeInstanceOf(ApiError);
      expect(calls).toHaveLength(3);

      answers.push(json(503, unavailable, { 'retry-after': '3600' }));
      await expect(getJson('/api/jobs')).rejects.toBeInstanceOf(ApiError);
      expect(calls).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a JSON body', async () => {
    answers.push(json(201, { success: true }));
    await sendJson('POST', '/api/jobs', { title: 'Engineer' });
    expect(calls[0]?.body).toBe('{"title":"Engineer"}');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('sends a form as multipart data, leaving its Content-Type (and boundary) to the browser', async () => {
    localStorage.setItem('auth_token', 'secret-token');
    answers.push(json(200, { success: true, data: null, error: null }));
    const form = new FormData();
    form.append('resume', new File(['%PDF-1.7'], 'resume.pdf', { type: 'application/pdf' }));

    await expect(sendForm('/api/extract-resume', form)).resolves.toEqual({ success: true, data: null, error: null });
    expect(calls[0]).toMatchObject({ url: '/api/extract-resume', method: 'POST' });
    expect(calls[0]?.rawBody).toBe(form);
    expect(calls[0]?.headers.has('content-type')).toBe(false);
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer secret-token');
  });

  it('keeps the error rule for a refused upload', async () => {
    const refusal = { success: false, data: null, error: 'The resume is larger than 5 MB. Please upload a smaller file.' };
    answers.push(json(413, refusal));
    const error = await sendForm('/api/extract-resume', new FormData()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorStatus(error)).toBe(413);
    expect(serverErrorText(error)).toBe(refusal.error);
  });

  it('raises "<status>: <body>" for a non-ok answer', async () => {
    answers.push(
      json(409, { success: false, error: 'An account with this email already exists. Please sign in instead.' }),
    );
    const error = await sendJson('POST', '/api/auth/candidate/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toHaveProperty(
      'message',
      '409: {"success":false,"error":"An account with this email already exists. Please sign in instead."}',
    );
    expect(errorStatus(error)).toBe(409);
    expect(serverErrorText(error)).toBe('An account with this email already exists. Please sign in instead.');
  });

  it('uses the status text when the error body is empty', async () => {
    answers.push(() => new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    await expect(getJson('/api/jobs')).rejects.toThrow(/^502: Bad Gateway$/);
  });

  it('has no server text to show when the error body is not JSON', async () => {
    answers.push(() => new Response('<html>oops</html>', { status: 500 }));
    const error = await getJson('/api/jobs').catch((e: unknown) => e);
    expect(serverErrorText(error)).toBeNull();
    expect(displayError(error, 'Something went wrong')).toBe('Something went wrong');
  });

  it("turns a failed connection into the spec's network error", async () => {
    const error = await getJson('/api/jobs').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toHaveProperty('message', NETWORK_ERROR_MESSAGE);
    expect(displayError(error, 'fallback')).toBe('Network error. Please try again.');
  });

  it('sends the stored token as a bearer credential', async () => {
    localStorage.setItem('auth_token', 'secret-token');
    answers.push(json(200, {}));
    await getJson('/api/auth/user');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer secret-token');
  });

  it('sends no credential without a session', async () => {
    answers.push(json(200, {}));
    await getJson('/api/jobs');
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('sends the highest position seen back on every later GET, never on writes', async () => {
    const early = '00000000000000000005.00000000000000000001';
    const late = '00000000000000000012.00000000000000000003';
    answers.push(json(201, {}, { 'x-position': late }));
    answers.push(json(200, {}, { 'x-position': early }));
    answers.push(json(200, {}));
    answers.push(json(201, {}));

    await sendJson('POST', '/api/jobs', {});
    await getJson('/api/jobs');
    await getJson('/api/jobs');
    await sendJson('POST', '/api/jobs', {});

    expect(calls[0]?.headers.has('x-min-position')).toBe(false);
    expect(calls[1]?.headers.get('x-min-position')).toBe(late);
    // An older position seen later does not move it back.
    expect(calls[2]?.headers.get('x-min-position')).toBe(late);
    expect(calls[3]?.headers.has('x-min-position')).toBe(false);
    expect(sessionStorage.getItem('hireloop.minPosition')).toBe(late);
  });

  it('remembers a position across a reload through sessionStorage', async () => {
    const position = '00000000000000000007.00000000000000000000';
    sessionStorage.setItem('hireloop.minPosition', position);
    answers.push(json(200, {}));
    await apiRequest('GET', '/api/jobs');
    expect(calls[0]?.headers.get('x-min-position')).toBe(position);
  });

  it('ends an expired session: clears the token and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    localStorage.setItem('auth_token', 'dead-token');
    answers.push(json(401, { success: false, error: 'Session expired' }));

    await expect(getJson('/api/auth/user')).rejects.toThrow('401: {"success":false,"error":"Session expired"}');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps the session on other 401 answers', async () => {
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    localStorage.setItem('auth_token', 'token');
    answers.push(json(401, { success: false, error: 'Invalid email or password. Please try again.' }));

    await expect(sendJson('POST', '/api/auth/login', {})).rejects.toThrow(/^401: /);
    expect(localStorage.getItem('auth_token')).toBe('token');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('reading an answer with its contract schema', () => {
  const user = {
    id: 'u1',
    userId: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    type: 'candidate',
    role: 'candidate',
    isAdmin: false,
    companyId: null,
    companyName: null,
    createdAt: '2026-11-27T10:00:00.000Z',
  };

  it('gives back the answer its schema accepts', () => {
    expect(parseAnswer(User, user, '/api/auth/user')).toEqual(user);
  });

  it('reads a classic contract schema holding the zod/mini job schema (suggested jobs)', () => {
    const answer = { jobs: [sampleJob({ id: 'j1', matchScore: 87 })], matchScoreVersion: 3 };
    expect(parseAnswer(SuggestedJobs, answer, '/api/jobs/suggested')).toEqual(answer);
    expect(() => parseAnswer(SuggestedJobs, { ...answer, jobs: [sampleJob({ matchScore: 140 })] }, '/api/jobs/suggested')).toThrow(
      /^Unexpected answer from \/api\/jobs\/suggested: jobs\.0\.matchScore: /,
    );
  });

  it.each([
    ['null', null, /^Unexpected answer from \/api\/auth\/user: /],
    ['a list', [user], /^Unexpected answer from \/api\/auth\/user: /],
    ['text (a proxy page)', '<!doctype html><title>Bad gateway</title>', /^Unexpected answer from \/api\/auth\/user: /],
    ['an object without a field', { ...user, name: undefined }, /^Unexpected answer from \/api\/auth\/user: name: /],
    ['a field of the wrong kind', { ...user, isAdmin: 'no' }, /^Unexpected answer from \/api\/auth\/user: isAdmin: /],
    ['a value outside its enumeration', { ...user, role: 'owner' }, /^Unexpected answer from \/api\/auth\/user: role: /],
  ])('refuses %s, naming the path and the field', (_name, body, message) => {
    expect(() => parseAnswer(User, body, '/api/auth/user')).toThrow(UnexpectedAnswerError);
    expect(() => parseAnswer(User, body, '/api/auth/user')).toThrow(message);
  });

  it('names the place in a list where an answer goes wrong', () => {
    expect(() => parseAnswer(JobList, [{ id: 'j1' }], '/api/jobs?page=1')).toThrow(/^Unexpected answer from \/api\/jobs\?page=1: 0\.shareToken: .* \(and \d+ more\)$/);
    expect(() => parseAnswer(JobList, { jobs: [] }, '/api/jobs?page=1')).toThrow(/^Unexpected answer from \/api\/jobs\?page=1: /);
    expect(parseAnswer(JobList, [], '/api/jobs?page=1')).toEqual([]);
  });

  it('a wrong answer is an error a screen shows with its fallback words, not a crash', () => {
    let error: unknown;
    try {
      parseAnswer(User, { id: 'u1' }, '/api/auth/user');
    } catch (caught) {
      error = caught;
    }
    expect(displayError(error, 'Could not load your account.')).toBe('Could not load your account.');
  });
});
