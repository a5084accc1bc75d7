import { createHash } from 'node:crypto';
import sharp, { type Metadata, type ResizeOptions, type SharpOptions } from 'sharp';
import { DomainError, PROFILE_IMAGE_MAX_BYTES, PROFILE_MESSAGES, PROFILE_PICTURE_MAX_PIXELS, type ProfilePictureKind } from '@hireloop/contracts';

// Pictures are small and rare; libvips' operation cache would only keep decoded pixels alive.
sharp.cache(false);

/** A picture as the app keeps and serves it: re-encoded, without any metadata. */
export interface EncodedPicture {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
  /** sha256 of the encoded bytes (hex): the same picture saved twice by one person is kept once. */
  digest: string;
}

/**
 * Twice the size the screens show (ADR 046): the avatar is at most 96 px (`size-24`), the cover
 * at most 1024 x 192 px (the page's width, `h-48`) and cropped by the browser (`object-cover`),
 * so a cover keeps its shape within 2048 x 1024.
 */
export const PICTURE_SIZES: Record<ProfilePictureKind, ResizeOptions> = {
  avatar: { width: 192, height: 192, fit: 'cover', position: 'centre' },
  cover: { width: 2048, height: 1024, fit: 'inside', withoutEnlargement: true },
};

type Format = 'png' | 'jpeg' | 'webp' | 'gif';

/** The format by its first bytes; anything else (SVG, HTML, TIFF, HEIC, …) is never handed to a decoder. */
export function sniffPictureFormat(bytes: Uint8Array): Format | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (bytes.length >= 12 && starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') return 'webp';
  return null;
}

const refuse = (message: string) => new DomainError('validation', message);
const tooManyPixels = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Decodes an uploaded picture and encodes it again as WebP at its display size: EXIF (GPS
 * included), XMP, ICC profiles and comments do not survive, the pixels are turned upright by
 * the EXIF orientation first. Only PNG, JPEG, WebP and GIF (first frame) are read, and only when
 * the header declares at most PROFILE_PICTURE_MAX_PIXELS (checked before decoding, and again by
 * libvips' own `limitInputPixels`). Refusals are 400s with a message a person can act on.
 */
export async function encodeProfilePicture(input: Uint8Array, kind: ProfilePictureKind): Promise<EncodedPicture> {
  if (input.byteLength > PROFILE_IMAGE_MAX_BYTES) throw refuse(PROFILE_MESSAGES.imageTooLarge);
  const format = sniffPictureFormat(input);
  if (!format) throw refuse(PROFILE_MESSAGES.pictureType);
  const options: SharpOptions = { limitInputPixels: PROFILE_PICTURE_MAX_PIXELS, failOn: 'error', pages: 1 };
  let header: Metadata;
  try {
    // Reads the header only; libvips refuses a header past the pixel limit here already.
    header = await sharp(input, options).metadata();
  } catch (error) {
    throw refuse(tooManyPixels(error) ? PROFILE_MESSAGES.pictureTooManyPixels : PROFILE_MESSAGES.pictureUnreadable);
  }
  if (header.format !== format) throw refuse(PROFILE_MESSAGES.pictureType);
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  if (width <= 0 || height <= 0) throw refuse(PROFILE_MESSAGES.pictureUnreadable);
  if (width * height > PROFILE_PICTURE_MAX_PIXELS) throw refuse(PROFILE_MESSAGES.pictureTooManyPixels);
  try {
    const { data, info } = await sharp(input, options)
      .autoOrient()
      .resize(PICTURE_SIZES[kind])
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height, digest: createHash('sha256').update(data).digest('hex') };
  } catch (error) {
    throw refuse(tooManyPixels(error) ? PROFILE_MESSAGES.pictureTooManyPixels : PROFILE_MESSAGES.pictureUnreadable);
  }
}

/** A data URL's bytes (`data:image/…;base64,…`), or null when it is not one. */
export function dataUrlBytes(value: string): Buffer | null {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=]+)$/i.exec(value);
  return match ? Buffer.from(match[1]!, 'base64') : null;
}
