import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/*
 * Hostile resume files for tests and the bench, made on the spot (none is stored in the repo):
 * they are small to send and huge to inflate. ADR 045.
 */

const GiB = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;

/**
 * Raw DEFLATE data that inflates to `size` zero bytes (a multiple of 1 MiB), made without ever
 * holding more than 1 MiB: one compressed MiB (a sync flush, so not final and byte-aligned) is
 * repeated, then an empty final block ends the stream. About 1 KB per MiB.
 */
export function deflatedZeros(size: number): Buffer {
  const oneMiB = deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const copies = Math.ceil(size / MiB);
  const out = Buffer.alloc(oneMiB.length * copies + 2);
  for (let i = 0; i < copies; i += 1) oneMiB.copy(out, i * oneMiB.length);
  // A final block with fixed codes and nothing but its end-of-block code.
  out[out.length - 2] = 0x03;
  out[out.length - 1] = 0x00;
  return out;
}

interface ZipPart {
  name: string;
  /** The bytes as stored in the archive. */
  data: Uint8Array;
  method: 0 | 8;
  /** What the headers claim the entry inflates to. */
  claimedSize: number;
}

/** A zip archive written field by field, so that its headers may say what a test wants. */
function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.claimedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.method, 10);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.claimedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(part.data.buffer, part.data.byteOffset, part.data.byteLength));
    directory.push(central, name);
    offset += 30 + name.length + part.data.length;
  }
  const directorySize = directory.reduce((sum, chunk) => sum + chunk.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
);

/**
 * The lying zip bomb of issue 21: a .docx of about 1 MB whose word/document.xml inflates to
 * `inflatesTo` bytes (1 GiB) while its local header and zip directory both claim `claims` (1,000).
 */
export function lyingDocxBomb({ inflatesTo = GiB, claims = 1_000 }: { inflatesTo?: number; claims?: number } = {}): Buffer {
  return lyingDocx([{ name: 'word/document.xml', inflatesTo, claims }]);
}

/** A .docx-shaped zip of deflated entries of zeros, each claiming a size of the test's choosing. */
export function lyingDocx(entries: ReadonlyArray<{ name: string; inflatesTo: number; claims: number }>): Buffer {
  return zipOf([
    { name: '[Content_Types].xml', data: CONTENT_TYPES, method: 0, claimedSize: CONTENT_TYPES.length },
    ...entries.map(({ name, inflatesTo, claims }) => ({ name, data: deflatedZeros(inflatesTo), method: 8 as const, claimedSize: claims })),
  ]);
}

/** A PDF of the given objects (bodies, with stream data where given), numbered from 1, catalog first. */
function pdfOf(objects: ReadonlyArray<string | { dictionary: string; stream: Buffer }>): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  const add = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    if (typeof object === 'string') add(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`));
    else {
      add(Buffer.from(`${index + 1} 0 obj\n${object.dictionary.replace(/>>$/, `/Length ${object.stream.length}>>`)}\nstream\n`));
      add(object.stream);
      add(Buffer.from('\nendstream\nendobj\n'));
    }
  });
  const xref = length;
  const size = objects.length + 1;
  add(Buffer.from(`xref\n0 ${size}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`));
  add(Buffer.from(`trailer\n<</Size ${size}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

/**
 * A one-page PDF whose page content stream is FlateDecode data inflating to `inflatesTo` bytes
 * of zeros (whitespace to a PDF parser) while its dictionary says nothing of the size. A reader
 * that decodes the stream into memory, as pdf.js does, holds all of it.
 */
export function pdfDeflateBomb({ inflatesTo = GiB, in: where = 'contents' }: { inflatesTo?: number; in?: 'contents' | 'image' } = {}): Buffer {
  // zlib framing around the raw data: header 78 DA; the checksum is never reached by a reader that stops in time.
  const stream = Buffer.concat([Buffer.from([0x78, 0xda]), deflatedZeros(inflatesTo), Buffer.alloc(4)]);
  const side = Math.floor(Math.sqrt(inflatesTo));
  return pdfOf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    where === 'contents'
      ? '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>'
      : '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</XObject<</Im1 4 0 R>>>>/Contents 5 0 R>>',
    where === 'contents'
      ? { dictionary: '<</Filter/FlateDecode>>', stream }
      : { dictionary: `<</Type/XObject/Subtype/Image/Width ${side}/Height ${side}/ColorSpace/DeviceGray/BitsPerComponent 8/Filter/FlateDecode>>`, stream },
    ...(where === 'image' ? [{ dictionary: '<<>>', stream: Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q') }] : []),
  ]);
}

/**
 * A small PDF whose one page holds `operators` text-showing instructions (compressed, they take
 * almost nothing): pdf.js parses each one, so the reading time and memory grow with the count.
 */
export function pdfOperatorBomb(operators: number, word = 'x'): Buffer {
  const contents = Buffer.from(`BT /F1 1 Tf 0 0 Td (${word}) Tj ET\n`.repeat(operators));
  return pdfOf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 5 0 R>>>>/Contents 4 0 R>>',
    { dictionary: '<</Filter/FlateDecode>>', stream: deflateSync(contents, { level: 9 }) },
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ]);
}

/** A PDF of `pages` pages, each saying "Page n" in Helvetica. */
export function pdfWithPages(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ');
  return pdfOf([
    '<</Type/Catalog/Pages 2 0 R>>',
    `<</Type/Pages/Kids[${kids}]/Count ${pages}>>`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
    ...Array.from({ length: pages }, (_, i) => [
      `<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Contents ${5 + 2 * i} 0 R>>`,
      { dictionary: '<<>>', stream: Buffer.from(`BT /F1 12 Tf 72 720 Td (Page ${i + 1}) Tj ET`) },
    ]).flat(),
  ]);
}
