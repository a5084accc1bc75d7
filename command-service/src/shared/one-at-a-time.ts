/**
 * Runs the work given for one key one after another in this process (ADR 089): commands that all
 * append to one shared stream (a company's posts, each counted on its subscription stream) are
 * decided in turn here instead of racing and being decided again (`retryOnConflict` still covers
 * writers in other processes). Work for different keys runs side by side; a failure ends only its
 * own work, never the queue.
 */
const tails = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const result = previous.then(work);
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return result;
}

/** How many keys have work waiting or running (for tests: the queue forgets a key once it is idle). */
export const keysInUse = () => tails.size;
