import type { EncodedPicture } from './encode';

/** A picture as stored: its bytes and whose it is (the owner's user id, which erasure finds it by). */
export interface StoredPicture {
  id: string;
  ownerId: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * Profile pictures and cover photos as files (ADR 046), beside the log. The log's events name a
 * picture by its path only; the bytes live here so an erasure can delete them.
 */
export interface ProfilePictureStore {
  /**
   * Keeps `picture` for `ownerId`; the same bytes saved again by the same owner get the same id
   * back (and count as used `at`). A new picture gets `newId`.
   */
  save(ownerId: string, picture: EncodedPicture, newId: string, at: Date): Promise<string>;
  get(id: string): Promise<StoredPicture | null>;
  /** Deletes every picture of `ownerId` (their erasure); how many. */
  forget(ownerId: string): Promise<number>;
  /** Deletes the pictures of `ownerId` not in `keep` and last used before `before` (replaced or never saved in a profile). */
  prune(ownerId: string, keep: readonly string[], before: Date): Promise<number>;
  /** The random key that signs picture addresses for `purpose`, made on first use and then the same in every process. */
  signingKey(purpose: string): Promise<Buffer>;
}
