import { describe, expect, it } from 'vitest';
import { isUnreachable, QueryReplicas } from './query-replicas';

describe('QueryReplicas', () => {
  const at = { now: 0 };
  const pool = () => new QueryReplicas(['http://a:1', 'http://b:1', 'http://c:1'], { restMs: 5000, now: () => at.now });
  const urls = (replicas: QueryReplicas, count: number) => Array.from({ length: count }, () => replicas.pick()?.url);

  it('sends reads round-robin over the replicas', () => {
    at.now = 0;
    expect(urls(pool(), 4)).toEqual(['http://a:1', 'http://b:1', 'http://c:1', 'http://a:1']);
  });

  it('skips a replica that failed until its rest is over, then tries it again', () => {
    at.now = 0;
    const replicas = pool();
    replicas.failed(replicas.replicas[1]!);
    expect(urls(replicas, 4)).toEqual(['http://a:1', 'http://c:1', 'http://a:1', 'http://c:1']);
    at.now = 5000;
    expect(urls(replicas, 3)).toEqual(['http://a:1', 'http://b:1', 'http://c:1']);
  });

  it('sends a retried read to a replica it has not tried yet, and to none when all were tried', () => {
    at.now = 0;
    const replicas = pool();
    const tried = new Set([replicas.replicas[0]!, replicas.replicas[2]!]);
    expect(replicas.pick(tried)?.url).toBe('http://b:1');
    tried.add(replicas.replicas[1]!);
    expect(replicas.pick(tried)).toBeNull();
  });

  it('still tries a replica when every one rests: the one resting longest', () => {
    at.now = 0;
    const replicas = pool();
    replicas.failed(replicas.replicas[2]!);
    at.now = 10;
    replicas.failed(replicas.replicas[0]!);
    replicas.failed(replicas.replicas[1]!);
    expect(replicas.pick()?.url).toBe('http://c:1');
  });

  it('puts a replica that answered back in the rotation at once', () => {
    at.now = 0;
    const replicas = pool();
    const b = replicas.replicas[1]!;
    replicas.failed(b);
    replicas.answeredBy(b);
    expect(urls(replicas, 3)).toEqual(['http://a:1', 'http://b:1', 'http://c:1']);
    expect(b).toMatchObject({ answered: 1, failures: 1 });
  });
});

describe('isUnreachable', () => {
  it('is true for a refused or reset connection, as reply-from hands it over (the undici error as the cause)', () => {
    expect(isUnreachable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'FST_REPLY_FROM_INTERNAL_SERVER_ERROR', cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(true);
  });

  it('is false for a timeout or anything else: the replica may have done the work', () => {
    expect(isUnreachable(Object.assign(new Error('Gateway Timeout'), { code: 'FST_REPLY_FROM_GATEWAY_TIMEOUT', cause: { code: 'UND_ERR_HEADERS_TIMEOUT' } }))).toBe(false);
    expect(isUnreachable(new Error('boom'))).toBe(false);
  });
});
