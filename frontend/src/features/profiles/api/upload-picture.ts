import { PROFILE_PICTURES_PATH, type ProfilePictureKind, ProfilePictureUploaded } from '@hireloop/contracts';
import { parseAnswer, sendForm } from '../../../lib/api-client';

/**
 * `POST /api/profile-pictures?kind=…` (multipart, file "picture"): the server re-encodes the
 * picture without its metadata and keeps it (ADR 046). The answer's `url` shows it from our own
 * origin (the CSP allows no data: images) and is what the profile form sends as the picture.
 */
export async function uploadProfilePicture(file: Blob, kind: ProfilePictureKind): Promise<ProfilePictureUploaded> {
  const form = new FormData();
  form.append('picture', file);
  const path = `${PROFILE_PICTURES_PATH}?kind=${kind}`;
  return parseAnswer(ProfilePictureUploaded, await sendForm(path, form), path);
}
