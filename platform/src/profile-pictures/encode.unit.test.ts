import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DomainError, PROFILE_MESSAGES } from '@hireloop/contracts';
import { dataUrlBytes, encodeProfilePicture, sniffPictureFormat } from './encode';
import { exifHasGps, phonePhotoWithGps, PHONE_MAKE, pngClaiming, SVG_PICTURE } from './drawn-pictures';

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).message;
};

describe('profile pictures re-encoded (ADR 046)', () => {
  it('strip EXIF with its GPS position, the ICC profile and XMP, and turn the photo upright first', async () => {
    const photo = await phonePhotoWithGps(1200, 800);
    const before = await sharp(photo).metadata();
    expect(exifHasGps(before.exif)).toBe(true);
    expect(before.exif!.toString('latin1')).toContain(PHONE_MAKE);
    expect(before.orientation).toBe(6);

    const cover = await encodeProfilePicture(photo, 'cover');
    const after = await sharp(cover.bytes).metadata();
    // Upright (the photo was 1200 x 800 turned by its orientation tag), then within 2048 x 1024.
    expect(after).toMatchObject({ format: 'webp', width: 683, height: 1024 });
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(cover.bytes.includes(Buffer.from(PHONE_MAKE))).toBe(false);
    expect(cover).toMatchObject({ contentType: 'image/webp', width: 683, height: 1024 });
  });

  it('make avatars 192 px square (twice the largest avatar shown) and keep covers within 2048 x 1024', async () => {
    const wide = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#884422' } }).png().toBuffer();
    expect(await encodeProfilePicture(wide, 'avatar')).toMatchObject({ width: 192, height: 192 });
    expect(await encodeProfilePicture(wide, 'cover')).toMatchObject({ width: 2048, height: 512 });
  });

  it('read PNG, JPEG, WebP and the first frame of a GIF', async () => {
    const base = () => sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } });
    for (const bytes of [await base().png().toBuffer(), await base().jpeg().toBuffer(), await base().webp().toBuffer(), await base().gif().toBuffer()]) {
      expect(await encodeProfilePicture(bytes, 'cover')).toMatchObject({ width: 30, height: 20 });
    }
  });

  it('refuse SVG, HTML and other types before any decoder sees them', async () => {
    expect(sniffPictureFormat(SVG_PICTURE)).toBeNull();
    expect(await refusal(encodeProfilePicture(SVG_PICTURE, 'avatar'))).toBe(PROFILE_MESSAGES.pictureType);
    expect(await refusal(encodeProfilePicture(Buffer.from('<html><body>hi</body></html>'), 'avatar'))).toBe(PROFILE_MESSAGES.pictureType);
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).tiff().toBuffer();
    expect(await refusal(encodeProfilePicture(tiff, 'avatar'))).toBe(PROFILE_MESSAGES.pictureType);
  });

  it('refuse a 30,000 x 30,000 pixel PNG from its header, without decoding it', async () => {
    const bomb = pngClaiming(30_000, 30_000);
    const started = performance.now();
    expect(await refusal(encodeProfilePicture(bomb, 'cover'))).toBe(PROFILE_MESSAGES.pictureTooManyPixels);
    // Decoding 900 million pixels would take seconds and gigabytes; the header check takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuse bytes that start like a picture but are not one, and anything over 2 MB', async () => {
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage that is no chunk')]);
    expect(await refusal(encodeProfilePicture(broken, 'avatar'))).toBe(PROFILE_MESSAGES.pictureUnreadable);
    expect(await refusal(encodeProfilePicture(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]), 'avatar'))).toBe(PROFILE_MESSAGES.pictureUnreadable);
    expect(await refusal(encodeProfilePicture(Buffer.alloc(2 * 1024 * 1024 + 1, 0xff), 'avatar'))).toBe(PROFILE_MESSAGES.imageTooLarge);
  });

  it('read the bytes of a base64 data URL and nothing else', () => {
    expect(dataUrlBytes('data:image/png;base64,aGVsbG8=')?.toString()).toBe('hello');
    expect(dataUrlBytes('/api/profile-pictures/x')).toBeNull();
    expect(dataUrlBytes('data:text/html;base64,aGVsbG8=')).toBeNull();
  });
});
