import { describe, expect, it } from 'vitest';
import { DeadlineExceededError, NotLeaderError, UnavailableError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import { describeUnavailable, isDatabaseUnavailable } from './availability';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable (ADR 050)', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a server shut down by an operator (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a crash shutdown (57P02)', withCode('terminating connection because of crash of another server process', '57P02')],
    ['a server still starting (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['a connection lost mid-statement', new Error('Connection terminated unexpectedly')],
    ['a pool checkout that timed out', new Error('timeout exceeded when trying to connect')],
    ['a client broken before', new Error('Client has encountered a connection error and is not queryable')],
    ['one wrapped as the cause of another', new Error('batch failed', { cause: withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED') })],
    ['every address of a host refused', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')])],
    ['KurrentDB away (ADR 075)', new UnavailableError(undefined)],
    ['KurrentDB not answering in time', new DeadlineExceededError(undefined)],
    ['a KurrentDB node that lost its leadership', new NotLeaderError({ message: 'not leader', code: 9, metadata: { getMap: () => ({ 'leader-endpoint-host': 'node2', 'leader-endpoint-port': '2113' }) } } as never)],
    ['a raw gRPC UNAVAILABLE from the KurrentDB client', Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14, metadata: {} })],
  ])('says yes for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a missing table', withCode('relation "jobs_v4" does not exist', '42P01')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection terminated unexpectedly'],
    ['nothing', undefined],
    ['a KurrentDB conflict (ADR 075)', new WrongExpectedVersionError(undefined, { streamName: 's', expected: 'no_stream', current: 0n })],
    ['a gRPC status that is not an outage', Object.assign(new Error('3 INVALID_ARGUMENT'), { code: 3, metadata: {} })],
    ['an object that only says unavailable', Object.assign(new Error('x'), { type: 'unavailable' })],
  ])('says no for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('describes one without the credentials of an address it quotes', () => {
    expect(describeUnavailable(withCode('could not reach postgres://app:s3cret@db:5432/hireloop', 'ECONNREFUSED'))).toBe('ECONNREFUSED: could not reach postgres://[REDACTED]@db:5432/hireloop');
  });
});
