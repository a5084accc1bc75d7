/**
 * "Did you mean kubernetes?" (issue 26, ADR 090): when a board search finds nothing, the closest
 * words of the board's own vocabulary to the words that matched nothing, typo-tolerant the way
 * Algolia and Typesense are by default:
 *
 * - a word of fewer than 4 letters is never corrected (too many neighbours), one of 4 to 7
 *   letters by one typo, one of 8 or more by up to two;
 * - a typo is one letter inserted, deleted, replaced, or two neighbours swapped (optimal string
 *   alignment distance: "kuberentes" is one typo from "kubernetes");
 * - among equally close words, the one more jobs hold wins, then one that keeps the first letter.
 *
 * The vocabulary is the words of the jobs' titles, companies and skills (what people search the
 * board for), with how many jobs hold each; descriptions are left out: they are long (the load
 * would tokenize kilobytes per job) and full of words nobody searches. It follows the index:
 * `add` and `remove` each job's words as the job changes.
 */

/** The fewest letters a word needs before one typo is forgiven, and before two are. */
export const ONE_TYPO_FROM = 4;
export const TWO_TYPOS_FROM = 8;
/** Longer words are not kept nor corrected (a pasted URL, a hash). */
const LONGEST_WORD = 40;

/** The words of a text as the vocabulary keeps them: lower case, split on what is not a letter, digit, `+`, `#` or an inner `.`. */
export function vocabularyWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}+#.]+/u)) {
    const word = raw.replace(/^\.+|\.+$/g, '');
    if (word.length >= 2 && word.length <= LONGEST_WORD && /\p{L}/u.test(word)) words.push(word);
  }
  return words;
}

/** The typos forgiven in a word of this length. */
export const typosAllowed = (length: number) => (length >= TWO_TYPOS_FROM ? 2 : length >= ONE_TYPO_FROM ? 1 : 0);

/**
 * Optimal string alignment distance between `a` and `b`, or `max + 1` as soon as it must exceed
 * `max` (the rows are cut off early: most vocabulary words are rejected after a few letters).
 */
export function typoDistance(a: string, b: string, max: number): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > max) return max + 1;
  if (m === 0 || n === 0) return Math.max(m, n);
  let before = new Int32Array(n + 1);
  let previous = new Int32Array(n + 1);
  let current = new Int32Array(n + 1);
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[n]!;
}

/** Words and how many jobs hold each, grouped by length for the search of close ones. */
export class Vocabulary {
  private readonly counts = new Map<string, number>();
  private readonly byLength = new Map<number, Set<string>>();
  /** Bumped by every change (a count changes the ranking too): cached corrections are only good for one generation. */
  private generation = 0;
  private readonly cache = new Map<string, { generation: number; word: string | null }>();

  get size() {
    return this.counts.size;
  }

  has(word: string) {
    return this.counts.has(word);
  }

  count(word: string) {
    return this.counts.get(word) ?? 0;
  }

  /** A job's words arrive (each counted once per job). */
  add(words: Iterable<string>) {
    for (const word of new Set(words)) {
      const count = this.counts.get(word) ?? 0;
      this.counts.set(word, count + 1);
      this.generation++;
      if (count === 0) {
        let bucket = this.byLength.get(word.length);
        if (!bucket) this.byLength.set(word.length, (bucket = new Set()));
        bucket.add(word);
      }
    }
  }

  /** A job's words leave (its text changed, or it left). */
  remove(words: Iterable<string>) {
    for (const word of new Set(words)) {
      const count = this.counts.get(word);
      if (count === undefined) continue;
      this.generation++;
      if (count > 1) {
        this.counts.set(word, count - 1);
        continue;
      }
      this.counts.delete(word);
      this.byLength.get(word.length)?.delete(word);
    }
  }

  /**
   * The closest known word within the typos the word's length allows, or null (the word is
   * known, too short, or has no close neighbour).
   */
  closest(word: string): string | null {
    const allowed = typosAllowed(word.length);
    if (allowed === 0 || word.length > LONGEST_WORD || this.counts.has(word)) return null;
    const cached = this.cache.get(word);
    if (cached && cached.generation === this.generation) return cached.word;
    let best: string | null = null;
    let bestDistance = allowed + 1;
    let bestCount = 0;
    let bestSameStart = false;
    for (let length = word.length - allowed; length <= word.length + allowed; length++) {
      const bucket = this.byLength.get(length);
      if (!bucket) continue;
      for (const candidate of bucket) {
        // The typos the candidate's own length allows bound it too: "java" is not two typos from "jav".
        const max = Math.min(bestDistance, allowed, Math.max(1, typosAllowed(candidate.length)));
        const distance = typoDistance(word, candidate, max);
        if (distance > max || distance > bestDistance) continue;
        const count = this.counts.get(candidate)!;
        const sameStart = candidate.charCodeAt(0) === word.charCodeAt(0);
        const better =
          distance < bestDistance ||
          count > bestCount ||
          (count === bestCount && sameStart && !bestSameStart) ||
          (count === bestCount && sameStart === bestSameStart && best !== null && candidate < best);
        if (!better) continue;
        best = candidate;
        bestDistance = distance;
        bestCount = count;
        bestSameStart = sameStart;
      }
    }
    if (this.cache.size >= 1024) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(word, { generation: this.generation, word: best });
    return best;
  }
}

/**
 * The search's words with each one `known(word)` rejects replaced by its closest vocabulary word,
 * or null when no word changes. `known`: whether a word finds jobs on its own (a substring of a
 * word, like "kube", is not a typo).
 */
export function correctedWords(words: readonly string[], vocabulary: Vocabulary, known: (word: string) => boolean): string[] | null {
  let changed = false;
  const corrected = words.map((word) => {
    if (vocabulary.has(word) || typosAllowed(word.length) === 0 || known(word)) return word;
    const closest = vocabulary.closest(word);
    if (closest === null) return word;
    changed = true;
    return closest;
  });
  return changed ? corrected : null;
}
