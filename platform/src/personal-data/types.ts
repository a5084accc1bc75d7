/**
 * The keys that seal personal data in the event log (ADR 019): one random AES-256 key per
 * person, kept outside the log so that deleting it forgets the person everywhere the log is
 * copied. An erased person keeps a tombstone, so nothing can seal new data for them.
 */
export type SubjectKey = { status: 'active'; key: Buffer } | { status: 'erased'; erasedAt: string };

export interface PersonalDataKeys {
  /**
   * The keys to seal new data of these people with, made for those who have none yet. Throws
   * `PersonErasedError` when one of them is erased.
   */
  keysForWriting(subjects: readonly string[], now: Date): Promise<Map<string, Buffer>>;
  /** The keys as they stand; a person without a key (never sealed anything) is absent. */
  lookup(subjects: readonly string[]): Promise<Map<string, SubjectKey>>;
  /** Deletes the person's key for good and keeps a tombstone. Erasing twice is harmless. */
  erase(subject: string, at: Date): Promise<void>;
  close(): Promise<void>;
}

/** New personal data for a person who was erased: refused, so nothing of theirs is written again. */
export class PersonErasedError extends Error {
  override readonly name = 'PersonErasedError';
  constructor(readonly subject: string) {
    super(`The personal data of ${subject} was erased; nothing new can be recorded for them.`);
  }
}
