import { createHash, createHmac } from 'node:crypto';

/**
 * JSON with every object's keys sorted, so that two bodies that mean the same (keys in another
 * order, other spacing) read the same. Walks with its own stack: a deeply nested body cannot
 * overflow the call stack.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const pending: Array<{ value: unknown } | string> = [{ value }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next === 'string') {
      out.push(next);
      continue;
    }
    const current = next.value;
    if (Array.isArray(current)) {
      pending.push(']');
      for (let i = current.length - 1; i >= 0; i--) {
        pending.push({ value: current[i] ?? null });
        if (i > 0) pending.push(',');
      }
      pending.push('[');
    } else if (typeof current === 'object' && current !== null) {
      const record = current as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort();
      pending.push('}');
      for (let i = keys.length - 1; i >= 0; i--) {
        pending.push({ value: record[keys[i]!] });
        pending.push(`${JSON.stringify(keys[i])}:`);
        if (i > 0) pending.push(',');
      }
      pending.push('{');
    } else {
      out.push(JSON.stringify(current) ?? 'null');
    }
  }
  return out.join('');
}

/** Where a caller's key is kept: neither the key nor the caller in clear. */
export const recordId = (caller: string, key: string) => createHash('sha256').update(JSON.stringify([caller, key])).digest('hex');

/**
 * What makes two requests "the same": method, path and canonical body. Keyed with the
 * Idempotency-Key itself, so a row read from the table is no fast hash of the body (a body can
 * hold a password): testing a guess needs the key, which the row does not hold.
 */
export const requestFingerprint = (key: string, method: string, url: string, canonicalBody: string) =>
  createHmac('sha256', key).update(JSON.stringify([method, url, canonicalBody])).digest('hex');
