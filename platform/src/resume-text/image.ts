import sharp from 'sharp';
import { ResumeFileRejectedError } from './errors';

/*
 * Resume images (PNG, JPEG, WebP): their limits, read from the header before any pixel is
 * decoded, and the one picture OCR reads (ADR 048). sharp's `metadata()` parses only the header
 * (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X), so a 30,000 × 30,000 PNG is refused in
 * milliseconds with no pixel buffer; `limitInputPixels` refuses it again should a header lie.
 */

/** The image types a resume may be, with their signatures (the first bytes must match). */
export const RESUME_IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ResumeImageMediaType = (typeof RESUME_IMAGE_MEDIA_TYPES)[number];

export const isResumeImageType = (mediaType: string): mediaType is ResumeImageMediaType =>
  (RESUME_IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType);

/** At most this many pixels are decoded (a 300 dpi A4 page is 8.7 million; two side by side 17). */
export const RESUME_IMAGE_MAX_PIXELS = 40_000_000;
/** OCR reads text best at 25–35 px letter height: a page is brought to this long side ... */
export const OCR_TARGET_LONG_SIDE = 3000;
/** ... when its long side is below this (a screenshot, a 72–150 dpi export), at most 4× ... */
export const OCR_UPSCALE_BELOW = 2400;
const OCR_MAX_UPSCALE = 4;
/** ... and brought down to this when above it (a phone photo at 48 MP, a 600 dpi scan). */
export const OCR_MAX_LONG_SIDE = 4200;

const SHARP_FORMATS: Record<ResumeImageMediaType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

const megapixels = (pixels: number) => Math.round(pixels / 100_000) / 10;

/**
 * The image's size from its header, after checking that it is the type it declares and that
 * decoding it stays within RESUME_IMAGE_MAX_PIXELS. Decodes nothing.
 */
export async function checkImageLimits(bytes: Uint8Array, mediaType: ResumeImageMediaType): Promise<ImageSize> {
  let metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ResumeFileRejectedError('unreadable', 'The image could not be opened.');
  }
  if (metadata.format !== SHARP_FORMATS[mediaType]) {
    throw new ResumeFileRejectedError('type-mismatch', `The file is declared as ${mediaType} but is ${metadata.format ?? 'something else'}.`);
  }
  const { width, height } = metadata;
  // An animated WebP stacks its frames; its pages count too.
  const pixels = width * height * Math.max(1, metadata.pages ?? 1);
  if (!(width > 0 && height > 0)) throw new ResumeFileRejectedError('unreadable', 'The image has no pixels.');
  if (pixels > RESUME_IMAGE_MAX_PIXELS) {
    throw new ResumeFileRejectedError(
      'image-too-large',
      `The image is ${width} × ${height} pixels (${megapixels(pixels)} megapixels); at most ${megapixels(RESUME_IMAGE_MAX_PIXELS)} are read.`,
    );
  }
  return { width, height };
}

/** The factor that brings a page of this size to the size OCR reads best. */
export const ocrScale = ({ width, height }: ImageSize): number => {
  const long = Math.max(width, height);
  if (long < OCR_UPSCALE_BELOW) return Math.min(OCR_MAX_UPSCALE, OCR_TARGET_LONG_SIDE / long);
  if (long > OCR_MAX_LONG_SIDE) return OCR_MAX_LONG_SIDE / long;
  return 1;
};

/**
 * The picture OCR reads: turned upright (EXIF orientation), transparency on white, scaled by
 * `ocrScale`, then one channel that is each pixel's darkest colour channel. That keeps coloured
 * text (cyan contact lines, blue headings) as dark as black text, where plain luminance turns it
 * pale grey and tesseract's binarisation loses it. Returns a PNG (fast compression: it is read
 * once, in memory).
 */
export async function imageForOcr(bytes: Uint8Array, size?: ImageSize): Promise<Buffer> {
  const input = sharp(bytes, { limitInputPixels: RESUME_IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
  const { width, height } = size ?? (await input.metadata());
  // The long side does not change with the EXIF rotation, so it sets the size either way.
  const longSide = Math.max(1, Math.round(Math.max(width, height) * ocrScale({ width, height })));
  const { data, info } = await input
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .resize({ width: longSide, height: longSide, fit: 'inside', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const darkest = Buffer.allocUnsafe(info.width * info.height);
  const channels = info.channels;
  for (let pixel = 0, offset = 0; pixel < darkest.length; pixel += 1, offset += channels) {
    let value = data[offset]!;
    for (let channel = 1; channel < channels; channel += 1) value = Math.min(value, data[offset + channel]!);
    darkest[pixel] = value;
  }
  return sharp(darkest, { raw: { width: info.width, height: info.height, channels: 1 } }).toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
}
