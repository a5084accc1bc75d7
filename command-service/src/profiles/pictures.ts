import { DomainError, PROFILE_MESSAGES, profilePictureIdOf, profilePicturePath, type ProfilePictureKind } from '@hireloop/contracts';
import { dataUrlBytes, encodeProfilePicture } from '@hireloop/platform/profile-pictures/encode';
import type { ProfilePictureStore } from '@hireloop/platform/profile-pictures/types';
import type { Clock, IdGenerator } from '@hireloop/platform/runtime';

/**
 * A picture that is stored but not in the owner's profile (replaced, or uploaded and never
 * saved) is deleted once it has not been used for this long: enough for the wizard between its
 * upload and its save, and for two saves racing each other.
 */
export const UNUSED_PICTURE_GRACE_MS = 30 * 60_000;

export interface PictureDeps {
  pictures: ProfilePictureStore;
  clock: Clock;
  ids: IdGenerator;
}

/** Re-encodes and keeps one picture of `ownerId`; its path, which the profile's events carry. */
export async function storePicture(deps: PictureDeps, ownerId: string, bytes: Uint8Array, kind: ProfilePictureKind) {
  const encoded = await encodeProfilePicture(bytes, kind);
  const id = await deps.pictures.save(ownerId, encoded, deps.ids.newId(), deps.clock.now());
  return { id, path: profilePicturePath(id), encoded };
}

/**
 * What a profile form's picture field becomes in the profile (ADR 046): a data URL (the spec's
 * "image data string") is re-encoded and stored, and its path kept; the address of a picture is
 * kept as its bare path when the caller owns that picture (their upload, or the picture their
 * profile already has); anything else is refused.
 */
export async function resolvePicture(deps: PictureDeps, ownerId: string, value: string | null, kind: ProfilePictureKind): Promise<string | null> {
  if (value === null) return null;
  const bytes = dataUrlBytes(value);
  if (bytes) return (await storePicture(deps, ownerId, bytes, kind)).path;
  const id = profilePictureIdOf(value);
  const stored = id ? await deps.pictures.get(id) : null;
  if (!stored || stored.ownerId !== ownerId) throw new DomainError('validation', PROFILE_MESSAGES.pictureNotYours);
  return profilePicturePath(stored.id);
}

export async function resolvePictures<Form extends { profilePicture: string | null; coverPhoto: string | null }>(deps: PictureDeps, ownerId: string, form: Form): Promise<Form> {
  return {
    ...form,
    profilePicture: await resolvePicture(deps, ownerId, form.profilePicture, 'avatar'),
    coverPhoto: await resolvePicture(deps, ownerId, form.coverPhoto, 'cover'),
  };
}

/** After a save: the owner's pictures the profile no longer shows, unused for a while, are deleted. */
export async function pruneUnusedPictures(deps: PictureDeps, ownerId: string, shown: { profilePicture: string | null; coverPhoto: string | null }) {
  const keep = [profilePictureIdOf(shown.profilePicture), profilePictureIdOf(shown.coverPhoto)].filter((id): id is string => id !== null);
  return deps.pictures.prune(ownerId, keep, new Date(deps.clock.now().getTime() - UNUSED_PICTURE_GRACE_MS));
}
