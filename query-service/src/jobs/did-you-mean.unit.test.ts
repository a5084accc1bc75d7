import { describe, expect, it } from 'vitest';
import { correctedWords, typoDistance, typosAllowed, Vocabulary, vocabularyWords } from './did-you-mean';

describe('typo distance (optimal string alignment)', () => {
  it.each([
    ['kubernetes', 'kubernetes', 0],
    ['kubernets', 'kubernetes', 1], // a letter left out
    ['kuberentes', 'kubernetes', 1], // two neighbours swapped
    ['kubernetees', 'kubernetes', 1], // a letter too many
    ['kubernates', 'kubernetes', 1], // a letter replaced
    ['kubrnets', 'kubernetes', 2],
    ['pyhton', 'python', 1],
    ['javascript', 'typescript', 4],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(typoDistance(a, b, 5)).toBe(distance);
    expect(typoDistance(b, a, 5)).toBe(distance);
  });

  it('stops at the bound: anything beyond it is max + 1', () => {
    expect(typoDistance('javascript', 'typescript', 2)).toBe(3);
    expect(typoDistance('go', 'kubernetes', 2)).toBe(3);
  });
});

describe('typos forgiven by length (as Algolia and Typesense do by default)', () => {
  it('none under 4 letters, one from 4, two from 8', () => {
    expect([3, 4, 7, 8, 12].map(typosAllowed)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('the vocabulary', () => {
  it('keeps words of letters, digits, +, # and inner dots, lower case', () => {
    expect(vocabularyWords('Senior C++ / C# Engineer (Node.js, K8s) — Zürich. 2026')).toEqual(['senior', 'c++', 'c#', 'engineer', 'node.js', 'k8s', 'zürich']);
  });

  it('suggests the closest word, the more common of equals, and follows removals', () => {
    const vocabulary = new Vocabulary();
    vocabulary.add(['kubernetes', 'engineer']);
    vocabulary.add(['kubernetes', 'python']);
    vocabulary.add(['pythons']);
    expect(vocabulary.closest('kubernets')).toBe('kubernetes');
    expect(vocabulary.closest('kuberentes')).toBe('kubernetes');
    // "pyhton" is one typo from "python" and two from "pythons".
    expect(vocabulary.closest('pyhton')).toBe('python');
    // Known words and short words are not corrected.
    expect(vocabulary.closest('python')).toBeNull();
    expect(vocabulary.closest('pyt')).toBeNull();
    // Too far for its length: one typo only under 8 letters.
    expect(vocabulary.closest('pythn')).toBe('python');
    expect(vocabulary.closest('pthn')).toBeNull();
    vocabulary.remove(['kubernetes', 'python']);
    expect(vocabulary.count('kubernetes')).toBe(1);
    // "pythons" is two typos away: a six-letter word is forgiven one.
    expect(vocabulary.closest('pyhton')).toBeNull();
    expect(vocabulary.closest('pythosn')).toBe('pythons');
    vocabulary.remove(['kubernetes', 'engineer']);
    expect(vocabulary.has('kubernetes')).toBe(false);
    expect(vocabulary.closest('kubernets')).toBeNull();
  });

  it('prefers the word more jobs hold among equally close ones', () => {
    const vocabulary = new Vocabulary();
    vocabulary.add(['react']);
    for (let i = 0; i < 3; i++) vocabulary.add(['reach']);
    expect(vocabulary.closest('reacj')).toBe('reach');
    for (let i = 0; i < 3; i++) vocabulary.add(['react']);
    expect(vocabulary.closest('reacj')).toBe('react');
  });

  it('corrects only the words that find nothing on their own', () => {
    const vocabulary = new Vocabulary();
    vocabulary.add(['kubernetes', 'engineer', 'cube']);
    const found = new Set(['kube']);
    expect(correctedWords(['kubernets', 'engineer'], vocabulary, (word) => found.has(word))).toEqual(['kubernetes', 'engineer']);
    // "kube" is part of "kubernetes": a search finds it, it is no typo of "cube".
    expect(correctedWords(['kube', 'enginer'], vocabulary, (word) => found.has(word))).toEqual(['kube', 'engineer']);
    expect(correctedWords(['kubernetes', 'xyzzyq'], vocabulary, () => false)).toBeNull();
  });

  it('finds a close word among 200,000 in a few milliseconds', () => {
    const vocabulary = new Vocabulary();
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 200_000; i++) {
      const length = 4 + Math.floor(random() * 10);
      vocabulary.add([Array.from({ length }, () => letters[Math.floor(random() * 26)]).join('')]);
    }
    vocabulary.add(['kubernetes']);
    const started = performance.now();
    expect(vocabulary.closest('kubernetse')).toBe('kubernetes');
    // Generous for a loaded CI machine: the bench measures the real figure.
    expect(performance.now() - started).toBeLessThan(500);
  });
});
