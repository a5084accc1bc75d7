import { createCanvas } from '@napi-rs/canvas';
import { strToU8, zipSync } from 'fflate';
import { createDeflate } from 'node:zlib';
import sharp from 'sharp';

/*
 * Resumes whose words are pictures, made in the test that needs them (nothing binary is
 * committed): a page of text drawn with @napi-rs/canvas (DejaVu Sans, which the machine's fonts
 * provide), that page wrapped in a PDF with no text layer, and a Word file holding only that
 * picture.
 */

export interface PictureOptions {
  /** Page size in pixels (default: A4 at 150 dpi). */
  width?: number;
  height?: number;
  fontSize?: number;
  /** Text colour (default black); the page is white. */
  color?: string;
}

/** A PNG of `lines` of text, top left, one line per entry, like a scanned page. */
export function resumePicture(lines: readonly string[], options: PictureOptions = {}): Buffer {
  const { width = 1240, height = 1754, fontSize = 28, color = '#000000' } = options;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = color;
  context.font = `${fontSize}px "DejaVu Sans"`;
  context.textBaseline = 'top';
  lines.forEach((line, index) => context.fillText(line, 100, 100 + index * fontSize * 1.6));
  return canvas.toBuffer('image/png');
}

/**
 * A one-page PDF whose page is `png` as a JPEG image and nothing else (what a scanner makes):
 * written by hand, objects and cross-reference table, so it needs no PDF library.
 */
export async function scannedPdf(png: Buffer): Promise<Buffer> {
  const { data: jpeg, info } = await sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer({ resolveWithObject: true });
  // The page is A4 in points, the picture stretched over it.
  const [pageWidth, pageHeight] = [595, 842];
  const content = `q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Scan Do Q`;
  const objects: (string | Buffer)[][] = [
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] /Resources << /XObject << /Scan 4 0 R >> >> /Contents 5 0 R >>`],
    [
      `<< /Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      jpeg,
      '\nendstream',
    ],
    [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`],
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  objects.forEach((parts, index) => {
    offsets.push(length);
    const body = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), ...parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)), Buffer.from('\nendobj\n')]);
    chunks.push(body);
    length += body.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

/** A .docx whose body is one picture (`png`, in word/media) and no text. */
export function pictureOnlyDocx(png: Buffer): Uint8Array {
  const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/_rels/document.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId5" Type="${relationships}/image" Target="media/image1.png"/></Relationships>`,
    ),
    // The picture is referenced from the body as Word does (a drawing's blip); mammoth's raw text ignores it.
    'word/document.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r></w:r></w:p></w:body></w:document>',
    ),
    'word/media/image1.png': png,
  });
}

/**
 * A real, valid PNG of `width` × `height` black pixels (1 bit each, grey): every row compresses
 * to almost nothing, so 30,000 × 30,000 (900 megapixels, 3.6 GB as RGBA) is about 110 KB. What a
 * pixel bomb sent as a resume looks like.
 */
export async function pixelBombPng(width: number, height: number): Promise<Buffer> {
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte, then the row's bits
  const rowsPerChunk = Math.max(1, Math.floor((4 * 1024 * 1024) / rowBytes));
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const block = Buffer.alloc(rowsPerChunk * rowBytes);
  for (let row = 0; row < height; row += rowsPerChunk) {
    const rows = Math.min(rowsPerChunk, height - row);
    if (!deflate.write(block.subarray(0, rows * rowBytes))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const pngChunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array): number => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};
