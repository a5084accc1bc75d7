import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findUnsafeText } from './text-guard';

describe('finding text that is not text', () => {
  it('accepts ordinary text in any language, emoji (surrogate pairs) and control characters people type', () => {
    expect(findUnsafeText({ name: 'Zoë Ōkafor 张伟 🚀', about: 'tabs\tand\nnewlines', skills: ['C++', 'Go'], remote: true, n: 3, none: null })).toBeNull();
  });

  it.each([
    ['a NUL character', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', '\uDC00'],
    ['a high surrogate at the very end', 'abc\uDBFF'],
    ['two high surrogates in a row', '\uD800\uD800'],
  ])('finds %s and says which field holds it', (_label, text) => {
    expect(findUnsafeText({ title: 'fine', description: text })).toBe('description');
  });

  it('names nested fields and list items with a dotted path', () => {
    expect(findUnsafeText({ company: { name: 'Northwind', address: { city: 'Aus\u0000tin' } } })).toBe('company.address.city');
    expect(findUnsafeText({ skills: ['SQL', 'Python', '\uD83D'] })).toBe('skills.2');
  });

  it('checks object keys as well as values', () => {
    expect(findUnsafeText({ profile: { 'bad\u0000key': 'value' } })).toBe('profile.bad\u0000key');
  });

  it('reports a bad string given on its own with an empty path', () => {
    expect(findUnsafeText('\u0000')).toBe('');
  });

  it('walks the null-prototype objects that the router and query parser produce', () => {
    const Params = function () {} as unknown as { new (): Record<string, string>; prototype: object };
    Params.prototype = Object.create(null) as object;
    const params = new Params();
    params.jobId = '\u0000';
    expect(findUnsafeText(params)).toBe('jobId');
    expect(findUnsafeText(Object.assign(Object.create(null) as object, { search: '\uDFFF' }))).toBe('search');
  });

  it('does not walk streams or buffers (bodies a proxy passes through untouched)', () => {
    expect(findUnsafeText(Buffer.from([0, 0xed, 0xa0, 0x80]))).toBeNull();
    expect(findUnsafeText(new PassThrough())).toBeNull();
  });

  it('walks a body nested far deeper than the call stack allows', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});
