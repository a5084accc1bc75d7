import { describe, expect, it } from 'vitest';
import { documentJson, normaliseDocument } from './query';

/** What `normaliseDocument` does with a document: its text, or the error it throws. */
const normalised = (doc: unknown) => {
  try {
    return { json: normaliseDocument(doc as never).json };
  } catch (error) {
    return { error: (error as Error).message };
  }
};
const asText = (doc: unknown) => {
  try {
    return { json: documentJson(doc as never) };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

describe("a document's JSON text without its parsed copy (ADR 091)", () => {
  it.each([
    ['plain text', { _id: 'a', title: 'Engineer', skills: ['Go'], nested: { n: 1, flag: true, none: null } }],
    ['a date and an undefined field', { _id: 'a', at: new Date(Date.UTC(2026, 0, 1)), gone: undefined }],
    ['a backslash before u0000, written as text', { _id: 'a', text: '\\u0000 and \\ud800 are six characters each' }],
    ['a surrogate pair', { _id: 'a', text: 'emoji 👩‍💻 and 😀' }],
    ['a NUL in a value', { _id: 'a', text: 'nul\u0000here' }],
    ['a NUL after an escaped backslash', { _id: 'a', text: '\\\u0000' }],
    ['a NUL in a key', { _id: 'a', nested: { 'k\u0000': 1 } }],
    ['an unpaired high surrogate', { _id: 'a', list: ['ok', 'x\ud800y'] }],
    ['an unpaired low surrogate', { _id: 'a', text: '\udc00' }],
    ['no _id', { title: 'x' }],
    ['an empty _id', { _id: '' }],
    ['not a plain object', ['a']],
  ])('gives the text or the error normaliseDocument gives, for %s', (_case, doc) => {
    expect(asText(doc)).toEqual(normalised(doc));
  });

  it('refuses what cannot be stored', () => {
    expect(() => documentJson({ _id: 'a', text: 'nul\u0000here' })).toThrow(/NUL character or an unpaired surrogate/);
    expect(() => documentJson({ _id: 'a', text: 'x\ud800' })).toThrow(/NUL character or an unpaired surrogate/);
  });
});
