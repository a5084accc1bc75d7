import { describe, expect, it } from 'vitest';
import { keysInUse, oneAtATime } from './one-at-a-time';

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('oneAtATime', () => {
  it('runs the work of one key in turn, in the order it came, and of other keys side by side', async () => {
    const running = new Set<string>();
    const overlaps: string[] = [];
    const order: string[] = [];
    const job = (key: string, name: string, ms: number) =>
      oneAtATime(key, async () => {
        if ([...running].some((other) => other.startsWith(`${key}:`))) overlaps.push(name);
        running.add(`${key}:${name}`);
        await later(null, ms);
        running.delete(`${key}:${name}`);
        order.push(name);
        return name;
      });
    const answers = await Promise.all([job('a', 'a1', 20), job('a', 'a2', 1), job('b', 'b1', 5), job('a', 'a3', 1)]);
    expect(answers).toEqual(['a1', 'a2', 'b1', 'a3']);
    expect(overlaps).toEqual([]);
    expect(order.filter((name) => name.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    // b did not wait for a's 20 ms.
    expect(order.indexOf('b1')).toBeLessThan(order.indexOf('a1'));
  });

  it('a failure is its caller’s alone: the next work of the key still runs', async () => {
    const failed = oneAtATime('c', async () => {
      throw new Error('refused');
    });
    const next = oneAtATime('c', async () => 'ran');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
  });

  it('forgets a key once its work is done', async () => {
    await oneAtATime('d', async () => later(1, 1));
    await later(null, 0);
    expect(keysInUse()).toBe(0);
  });
});
