import { createHmac, timingSafeEqual } from 'node:crypto';
import { profilePictureIdOf, profilePicturePath } from '@hireloop/contracts';
import type { ProfilePictureStore } from './types';

/**
 * The owner's picture addresses (ADR 046). An `<img>` request carries no bearer token (the SPA
 * keeps it in localStorage), so the server cannot tell the owner of a private profile from anyone
 * else by the request. The views that already know the caller is the owner hand out the address
 * with a grant: `?grant=<expiry>.<HMAC of the picture id and the expiry>`, valid for one to two
 * hours. The expiry is rounded to the hour so the address, and the browser's cached copy, stay the
 * same within that hour.
 */
const PURPOSE = 'owner-picture';
const HOUR_MS = 3_600_000;

const signature = (key: Buffer, id: string, expiresAt: number) => createHmac('sha256', key).update(`${PURPOSE}:${id}:${expiresAt}`).digest('base64url');

/** `/api/profile-pictures/<id>?grant=…` for a stored picture's path; null for anything else (a legacy data URL is never shown). */
export async function ownerPictureUrl(store: Pick<ProfilePictureStore, 'signingKey'>, stored: string | null, now: Date): Promise<string | null> {
  const id = profilePictureIdOf(stored);
  if (!id) return null;
  const expiresAt = (Math.floor(now.getTime() / HOUR_MS) + 2) * (HOUR_MS / 1000);
  return `${profilePicturePath(id)}?grant=${expiresAt}.${signature(await store.signingKey(PURPOSE), id, expiresAt)}`;
}

/** Whether `grant` was handed out for picture `id` and has not expired. */
export async function ownerGrantValid(store: Pick<ProfilePictureStore, 'signingKey'>, id: string, grant: string | undefined, now: Date): Promise<boolean> {
  const match = grant ? /^([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(grant) : null;
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(await store.signingKey(PURPOSE), id, expiresAt));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The path a profile keeps for a picture (no grant), or null when `value` is not a picture's address. */
export const storedPicturePath = (value: string | null): string | null => {
  const id = profilePictureIdOf(value);
  return id ? profilePicturePath(id) : null;
};
