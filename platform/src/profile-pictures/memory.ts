import { randomBytes } from 'node:crypto';
import type { ProfilePictureStore, StoredPicture } from './types';

/** Pictures in memory, for tests and the command service's own tests. */
export function createMemoryProfilePictures(): ProfilePictureStore & { count(): number } {
  const pictures = new Map<string, StoredPicture & { digest: string; touchedAt: Date }>();
  const keys = new Map<string, Buffer>();
  return {
    async save(ownerId, picture, newId, at) {
      for (const stored of pictures.values()) {
        if (stored.ownerId === ownerId && stored.digest === picture.digest) {
          stored.touchedAt = at;
          return stored.id;
        }
      }
      const { bytes, contentType, width, height, digest } = picture;
      pictures.set(newId, { id: newId, ownerId, bytes: Buffer.from(bytes), contentType, width, height, digest, touchedAt: at });
      return newId;
    },
    async get(id) {
      const stored = pictures.get(id);
      if (!stored) return null;
      const { digest: _digest, touchedAt: _touchedAt, ...picture } = stored;
      return { ...picture, bytes: Buffer.from(picture.bytes) };
    },
    async forget(ownerId) {
      let deleted = 0;
      for (const [id, stored] of pictures) if (stored.ownerId === ownerId && pictures.delete(id)) deleted++;
      return deleted;
    },
    async prune(ownerId, keep, before) {
      let deleted = 0;
      for (const [id, stored] of pictures) {
        if (stored.ownerId === ownerId && !keep.includes(id) && stored.touchedAt < before && pictures.delete(id)) deleted++;
      }
      return deleted;
    },
    async signingKey(purpose) {
      let key = keys.get(purpose);
      if (!key) keys.set(purpose, (key = randomBytes(32)));
      return key;
    },
    count: () => pictures.size,
  };
}
