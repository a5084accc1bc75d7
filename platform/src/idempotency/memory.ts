import { randomUUID } from 'node:crypto';
import type { ClaimResult, IdempotencyStore, StoredAnswer } from './types';

interface MemoryRecord {
  fingerprint: string;
  claim: string;
  /** Undefined while the request runs. */
  answer: StoredAnswer | null | undefined;
  expiresAt: number;
}

const copy = (answer: StoredAnswer): StoredAnswer => ({ ...answer, headers: { ...answer.headers } });

/** One process's records, for tests and single-process tools. */
export function createMemoryIdempotencyStore(): IdempotencyStore {
  const records = new Map<string, MemoryRecord>();
  let claims = 0;
  const sweep = (now: number) => {
    for (const [id, record] of records) if (record.expiresAt <= now) records.delete(id);
  };
  return {
    async claim(request, now, leaseMs): Promise<ClaimResult> {
      if (++claims % 1000 === 0) sweep(now.getTime());
      const record = records.get(request.id);
      if (!record || record.expiresAt <= now.getTime()) {
        const claim = randomUUID();
        records.set(request.id, { fingerprint: request.fingerprint, claim, answer: undefined, expiresAt: now.getTime() + leaseMs });
        return { outcome: 'run', claim };
      }
      if (record.fingerprint !== request.fingerprint) return { outcome: 'mismatch' };
      if (record.answer === undefined) return { outcome: 'running' };
      return { outcome: 'done', answer: record.answer && copy(record.answer) };
    },
    async complete(id, claim, answer, expiresAt) {
      const record = records.get(id);
      if (record?.claim !== claim) return;
      record.answer = answer && copy(answer);
      record.expiresAt = expiresAt.getTime();
    },
    async release(id, claim) {
      if (records.get(id)?.claim === claim) records.delete(id);
    },
    async close() {},
  };
}
