import type { CandidateCard } from '@hireloop/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { getMinPosition, UnexpectedAnswerError } from '../../../lib/api-client';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import {
  candidateListPath,
  candidateListQueryKey,
  getCandidateList,
  getRandomCandidates,
  RANDOM_CANDIDATES_PATH,
} from './get-candidates';
import { changedPosition, subscribeToCandidateEvents } from './use-candidate-events';

const { calls, answers } = stubFetch();

const card = (id: string): CandidateCard => ({
  id,
  title: 'Frontend Engineer',
  location: 'Berlin',
  experience: '5',
  availability: 'immediate',
  lookingStatus: 'active',
  workPreference: 'remote',
  skills: ['React'],
});

describe('candidate list', () => {
  it('asks the server with every filter as a query parameter, leaving out empty ones', () => {
    expect(candidateListPath({})).toBe('/api/candidates?count=12&page=1');
    expect(
      candidateListPath({ search: ' react ', location: 'Berlin', skills: 'node', lookingStatus: 'passive', page: 3 }),
    ).toBe('/api/candidates?search=react&location=Berlin&skills=node&lookingStatus=passive&count=12&page=3');
  });

  it('keys every parameter, so equal searches share an entry', () => {
    expect(candidateListQueryKey({ search: ' a ' })).toEqual(candidateListQueryKey({ search: 'a', page: 1 }));
    expect(candidateListQueryKey({ page: 2 })).not.toEqual(candidateListQueryKey({ page: 1 }));
    expect(candidateListQueryKey({})[0]).toBe('/api/candidates');
  });

  it('reads the total of matches from x-total-count', async () => {
    answers.push(jsonAnswer(200, [card('c13')], { 'x-total-count': '13' }));
    const page = await getCandidateList({ page: 2 });
    expect(calls[0]?.url).toBe('/api/candidates?count=12&page=2');
    expect(page).toMatchObject({ total: 13, page: 2, count: 12 });
    expect(page.candidates.map((c) => c.id)).toEqual(['c13']);
  });

  it('falls back to what the pages prove when the header is missing', async () => {
    answers.push(jsonAnswer(200, [card('a'), card('b')]));
    expect((await getCandidateList({ page: 3 })).total).toBe(26);
  });

  it('fails on an answer that is not a list of cards', async () => {
    answers.push(jsonAnswer(200, { candidates: [] }));
    await expect(getCandidateList({})).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });

  it('asks for 5 random cards for the side panel', async () => {
    answers.push(jsonAnswer(200, [card('a'), card('b')]));
    expect(await getRandomCandidates()).toHaveLength(2);
    expect(calls[0]?.url).toBe('/api/candidates?random=true&count=5');
    expect(RANDOM_CANDIDATES_PATH).toBe('/api/candidates?random=true&count=5');
  });
});

class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, Array<(event: unknown) => void>>();
  readyState = 1;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (event: unknown) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, event: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

describe('candidates-changed stream', () => {
  it('reads the position of a message', () => {
    expect(changedPosition('{"position":"000042"}')).toBe('000042');
    expect(changedPosition('not json')).toBeNull();
    expect(changedPosition('{"other":1}')).toBeNull();
  });

  it('remembers the position and marks every candidate list stale on each change; closes on unsubscribe', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const queryClient = new QueryClient();
    queryClient.setQueryData(candidateListQueryKey({}), { candidates: [], total: 0, page: 1, count: 12 });
    queryClient.setQueryData(['/api/jobs', {}], []);
    const close = subscribeToCandidateEvents(queryClient);
    const source = FakeEventSource.last;
    expect(source?.url).toBe('/api/candidates/events');

    source?.emit('candidates-changed', { data: '{"position":"000000000123"}' });
    expect(getMinPosition()).toBe('000000000123');
    expect(queryClient.getQueryState(candidateListQueryKey({}))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/jobs', {}])?.isInvalidated).toBe(false);

    close();
    expect(source?.closed).toBe(true);
  });

  it('gives up the stream once it is closed by an error (the ordinary refresh remains)', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    subscribeToCandidateEvents(new QueryClient());
    const source = FakeEventSource.last as FakeEventSource;
    source.readyState = FakeEventSource.CLOSED;
    source.emit('error', {});
    expect(source.closed).toBe(true);
  });
});
