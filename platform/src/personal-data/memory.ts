import { randomBytes } from 'node:crypto';
import { PersonErasedError, type PersonalDataKeys, type SubjectKey } from './types';

/** Keys in memory, for tests and the in-process profile. */
export function createMemoryPersonalDataKeys(): PersonalDataKeys & { size(): number } {
  const keys = new Map<string, SubjectKey>();
  return {
    async keysForWriting(subjects, _now) {
      const result = new Map<string, Buffer>();
      for (const subject of subjects) {
        let entry = keys.get(subject);
        if (!entry) keys.set(subject, (entry = { status: 'active', key: randomBytes(32) }));
        if (entry.status === 'erased') throw new PersonErasedError(subject);
        result.set(subject, entry.key);
      }
      return result;
    },
    async lookup(subjects) {
      const result = new Map<string, SubjectKey>();
      for (const subject of subjects) {
        const entry = keys.get(subject);
        if (entry) result.set(subject, entry);
      }
      return result;
    },
    async erase(subject, at) {
      if (keys.get(subject)?.status !== 'erased') keys.set(subject, { status: 'erased', erasedAt: at.toISOString() });
    },
    size: () => keys.size,
    async close() {},
  };
}
