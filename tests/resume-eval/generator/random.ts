/**
 * A small seeded random source (mulberry32), so the same seed always writes the same resumes
 * and the same ground truth. Math.random is never used by the generator.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A new independent source derived from this one (one per resume). */
  fork(): Random;
}

export const createRandom = (seed: number): Random => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, count),
    fork: () => createRandom(Math.floor(next() * 4294967296)),
  };
};

/**
 * `count` picks from `items` that use every item once before any repeats (shuffled bags laid
 * end to end), so a small run still covers every layout, profession and country, and two
 * dimensions drawn this way do not move in step.
 */
export const bagSequence = <T>(random: Random, items: readonly T[], count: number): T[] => {
  const out: T[] = [];
  while (out.length < count) out.push(...random.shuffle(items));
  return out.slice(0, count);
};
