import { describe, expect, it } from 'vitest';
import { ANY, NO_STREAM, START as KURRENT_START } from '@kurrent/kurrentdb-client';
import {
  allFilter,
  decodeMetadata,
  encodeMetadata,
  ForeignEventError,
  fromCurrentState,
  fromKurrentPosition,
  fromKurrentRecord,
  toEventData,
  toReadPosition,
  toStreamState,
  type KurrentRecord,
} from './kurrentdb-codec';
import { comparePositions, isPosition, START } from './position';
import type { EventMetadata, NewEvent } from './types';

const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  eventId: '0b6f3c2e-8a9d-4c1b-9e57-2f4d6a8b0c11',
  occurredAt: '2026-11-27T18:00:00.000Z',
  actor: { userId: 'u-1', role: 'recruiter' },
  correlationId: 'c-1',
  causationId: 'e-0',
  schemaVersion: 2,
  ...overrides,
});

/** What the client hands back for an event written with `toEventData` (the string map as stored). */
const recordOf = (event: NewEvent, overrides: Partial<KurrentRecord> = {}): KurrentRecord => {
  const data = toEventData(event);
  return {
    streamId: 'ns-jobs-1',
    id: data.id,
    revision: 4n,
    type: data.type,
    created: new Date('2026-11-27T18:00:01.000Z'),
    data: JSON.parse(JSON.stringify(data.data)) as unknown,
    metadata: JSON.parse(JSON.stringify(data.metadata)) as unknown,
    isJson: true,
    position: { commit: 1_234n, prepare: 1_200n },
    ...overrides,
  };
};

describe('KurrentDB positions', () => {
  it('maps (commit, prepare) onto the fixed-width position and back', () => {
    const position = fromKurrentPosition({ commit: 1_234n, prepare: 1_200n });
    expect(position).toBe('00000000000000001234.00000000000000001200');
    expect(isPosition(position)).toBe(true);
    expect(toReadPosition(position)).toEqual({ commit: 1_234n, prepare: 1_200n });
    expect(toReadPosition(START)).toBe(KURRENT_START);
  });

  it('keeps $all order as plain string order: commit first, then prepare, across digit counts', () => {
    const inLogOrder = [
      { commit: 9n, prepare: 9n },
      { commit: 10n, prepare: 2n },
      { commit: 10n, prepare: 10n },
      { commit: 99_999n, prepare: 1n },
      { commit: 2n ** 63n, prepare: 2n ** 62n },
    ].map(fromKurrentPosition);
    expect([...inLogOrder].reverse().sort()).toEqual(inLogOrder);
    for (let index = 1; index < inLogOrder.length; index++) expect(comparePositions(inLogOrder[index - 1]!, inLogOrder[index]!)).toBe(-1);
    expect(comparePositions(START, inLogOrder[0]!)).toBe(-1);
  });

  it('refuses to read from something that is not a position', () => {
    expect(() => toReadPosition('12.34')).toThrow(/Not a position/);
  });
});

describe('KurrentDB events and metadata', () => {
  it('stores metadata as the string map the multi-stream append takes, with KurrentDB\'s correlation names', () => {
    const stored = encodeMetadata(metadata());
    expect(Object.values(stored).every((value) => typeof value === 'string')).toBe(true);
    expect(stored).toMatchObject({ $correlationId: 'c-1', $causationId: 'e-0', actor: '{"userId":"u-1","role":"recruiter"}', schemaVersion: '2' });
    expect(encodeMetadata(metadata({ causationId: null }))).not.toHaveProperty('$causationId');
  });

  it('round-trips metadata: user, API-key and system actors, causation ids, schema versions', () => {
    for (const sample of [
      metadata(),
      metadata({ actor: 'system', causationId: null, schemaVersion: 1 }),
      metadata({ actor: { userId: 'u-2', role: 'candidate', via: 'api-key:k-1' } }),
    ]) {
      expect(decodeMetadata(JSON.parse(JSON.stringify(encodeMetadata(sample))), 'here')).toEqual(sample);
    }
  });

  it('names an event whose metadata Hireloop did not write instead of guessing', () => {
    expect(() => decodeMetadata(undefined, 'Event x')).toThrow(ForeignEventError);
    expect(() => decodeMetadata({ ...encodeMetadata(metadata()), actor: 'not json' }, 'Event x')).toThrow(/Event x: metadata field actor is not JSON/);
    expect(() => decodeMetadata({ ...encodeMetadata(metadata()), actor: '{"userId":1}' }, 'Event x')).toThrow(/is not an actor/);
    const { eventId: _eventId, ...withoutId } = encodeMetadata(metadata());
    expect(() => decodeMetadata(withoutId, 'Event x')).toThrow(/metadata field eventId is missing/);
    expect(() => decodeMetadata({ ...encodeMetadata(metadata()), schemaVersion: 'two' }, 'Event x')).toThrow(/schemaVersion is not an integer/);
  });

  it('writes the event id as KurrentDB\'s record id, JSON content, null for no data', () => {
    const event: NewEvent = { type: 'JobPosted', data: { title: 'Chef', tags: ['a', 1, null] }, metadata: metadata() };
    expect(toEventData(event)).toMatchObject({ id: event.metadata.eventId, contentType: 'application/json', type: 'JobPosted', data: event.data });
    expect(toEventData({ ...event, data: undefined }).data).toBeNull();
  });

  it('reads a record back as the port\'s event: stream without namespace, version, position, store clock', () => {
    const event: NewEvent = { type: 'JobPosted', data: { nested: { deep: [1, 2.5, null, true, 'x'] } }, metadata: metadata() };
    expect(fromKurrentRecord(recordOf(event), (name) => name.slice('ns-'.length))).toEqual({
      type: 'JobPosted',
      data: event.data,
      metadata: event.metadata,
      streamId: 'jobs-1',
      streamVersion: 4,
      position: '00000000000000001234.00000000000000001200',
      recordedAt: '2026-11-27T18:00:01.000Z',
    });
    expect(fromKurrentRecord(recordOf({ ...event, data: null })).data).toBeNull();
  });

  it('refuses records it cannot place or read: no position (servers before 22.6), binary content', () => {
    const event: NewEvent = { type: 'JobPosted', data: {}, metadata: metadata() };
    expect(() => fromKurrentRecord(recordOf(event, { position: undefined }))).toThrow(/without its \$all position/);
    expect(() => fromKurrentRecord(recordOf(event, { isJson: false }))).toThrow(/is not JSON/);
  });
});

describe('KurrentDB expected versions', () => {
  it('maps the port\'s expected versions onto stream states', () => {
    expect(toStreamState('any')).toBe(ANY);
    expect(toStreamState('no_stream')).toBe(NO_STREAM);
    expect(toStreamState(-1)).toBe(NO_STREAM);
    expect(toStreamState(0)).toBe(0n);
    expect(toStreamState(41)).toBe(41n);
    // -2 would read as "any" on the server: no stream can be there, so the adapter answers itself.
    expect(toStreamState(-2)).toBeNull();
    expect(toStreamState(1.5)).toBeNull();
  });

  it('reads the server\'s current state as a version', () => {
    expect(fromCurrentState(7n)).toBe(7);
    expect(fromCurrentState('no_stream')).toBe(-1);
  });
});

describe('KurrentDB $all filters', () => {
  it('without a namespace: the wanted types on the server, or every non-system event', () => {
    const { server, types } = allFilter('', ['JobPosted', 'Job.Closed']);
    expect(server).toMatchObject({ filterOn: 'eventType', regex: '^(?:JobPosted|Job\\.Closed)$' });
    expect(types).toEqual(new Set(['JobPosted', 'Job.Closed']));
    const regex = new RegExp((server as { regex: string }).regex);
    expect(['JobPosted', 'Job.Closed'].every((type) => regex.test(type))).toBe(true);
    expect(['JobPostedX', 'JobxClosed', '$metadata'].some((type) => regex.test(type))).toBe(false);
    expect(allFilter('').server).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
    expect(new RegExp((allFilter('', []).server as { regex: string }).regex).test('')).toBe(false);
  });

  it('with a namespace: its stream prefix on the server, types in the adapter', () => {
    const { server, types } = allFilter('t1-', ['JobPosted']);
    expect(server).toMatchObject({ filterOn: 'streamName', prefixes: ['t1-'] });
    expect(types).toEqual(new Set(['JobPosted']));
    expect(allFilter('t1-').types).toBeNull();
  });
});
