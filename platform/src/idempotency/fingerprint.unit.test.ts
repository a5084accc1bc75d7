import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from './fingerprint';

describe('canonical JSON', () => {
  it('reads the same for the same data whatever the order of keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'é' } })).toBe('{"a":{"c":"é","d":[1,{"x":1,"y":2}]},"b":1}');
    expect(canonicalJson({ b: 1, a: 2 })).toBe(canonicalJson({ a: 2, b: 1 }));
  });

  it('tells different data apart, arrays keep their order', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('walks a body nested far deeper than the call stack allows', () => {
    const depth = 50_000;
    const deep = JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
    expect(canonicalJson(deep)).toHaveLength(2 * depth);
  });
});

describe('request fingerprint', () => {
  it('depends on the key, the method, the path and the body', () => {
    const base = requestFingerprint('k', 'POST', '/api/jobs', '{}');
    expect(requestFingerprint('k', 'POST', '/api/jobs', '{}')).toBe(base);
    expect(requestFingerprint('other', 'POST', '/api/jobs', '{}')).not.toBe(base);
    expect(requestFingerprint('k', 'PATCH', '/api/jobs', '{}')).not.toBe(base);
    expect(requestFingerprint('k', 'POST', '/api/jobs/1/close', '{}')).not.toBe(base);
    expect(requestFingerprint('k', 'POST', '/api/jobs', '{"a":1}')).not.toBe(base);
  });
});
