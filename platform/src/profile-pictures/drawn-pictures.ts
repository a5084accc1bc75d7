import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Pictures the app draws rather than keeps as files (ADR 046): the seed's avatars, and for tests
 * a photo as a phone takes it
 * (JPEG, EXIF with the phone's make and GPS position, turned by the orientation tag, an ICC
 * profile), and the header of a PNG that claims more pixels than anyone should decode.
 */
export const PHONE_MAKE = 'HireloopPhone';

export async function phonePhotoWithGps(width = 1200, height = 800): Promise<Buffer> {
  // Noise, so the JPEG weighs what a photo does rather than a flat colour's few bytes.
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 2_654_435_761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: PHONE_MAKE, Model: 'Model X' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 3/1' },
    })
    .toBuffer();
}

/** Whether EXIF bytes hold a GPS block (the GPS IFD pointer, tag 0x8825, in either byte order). */
export const exifHasGps = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A PNG whose header declares `width` x `height` pixels, with a few bytes of data: a decompression bomb's header. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

export const SVG_PICTURE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');

/** A 512 px PNG of `initials` on `colour`, as a data URL (the seed's candidates); the server re-encodes it like any upload. */
export async function initialsAvatarDataUrl(initials: string, colour: string): Promise<string> {
  const safe = initials.replace(/[^A-Z]/g, '').slice(0, 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="${colour}"/><circle cx="256" cy="256" r="200" fill="#ffffff" fill-opacity="0.9"/><text x="256" y="300" font-family="sans-serif" font-size="140" font-weight="700" text-anchor="middle" fill="${colour}">${safe}</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
