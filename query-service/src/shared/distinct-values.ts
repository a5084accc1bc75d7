/**
 * Per-distinct-value lookups for the in-memory indexes (the board's, the cards'): a field with
 * few distinct values (locations, types, titles, skills) is tested once per value rather than
 * once per document.
 */

/** Distinct values of a field, numbered in order of arrival (numbers never change). */
export class Dictionary {
  readonly values: string[] = [];
  private readonly keys = new Map<string, number>();
  key(value: string): number {
    let key = this.keys.get(value);
    if (key === undefined) {
      key = this.values.length;
      this.values.push(value);
      this.keys.set(value, key);
    }
    return key;
  }
  find(value: string): number | undefined {
    return this.keys.get(value);
  }
}

/** Which distinct values contain `text`: computed once, extended as new values arrive. */
export class MatchTable {
  matches = new Uint8Array(16);
  computed = 0;
  constructor(readonly text: string) {}
  update(values: readonly string[]) {
    if (this.computed === values.length) return this.matches;
    if (this.matches.length < values.length) {
      const grown = new Uint8Array(Math.max(values.length, this.matches.length * 2));
      grown.set(this.matches);
      this.matches = grown;
    }
    for (let key = this.computed; key < values.length; key++) this.matches[key] = values[key]!.includes(this.text) ? 1 : 0;
    this.computed = values.length;
    return this.matches;
  }
}
