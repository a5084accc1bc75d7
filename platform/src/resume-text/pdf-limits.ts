import { constants, inflateSync } from 'node:zlib';
import { ResumeFileRejectedError } from './errors';

/*
 * What reading one PDF may cost. pdf.js decodes a stream into one growing Uint8Array and keeps
 * all of it while it parses, and typed arrays live outside the worker's heap limit: a content
 * stream that inflates to 1 GiB would hold a gigabyte. So every FlateDecode stream is inflated
 * once here first, by zlib with a cap on what comes out, and a file whose streams add up to more
 * than the cap is refused before pdf.js sees it. ADR 045.
 */

/** Pages whose text is read: a resume's facts are at its start; an absurd page count costs nothing past these. */
export const PDF_MAX_PAGES = 20;
/** Decoded bytes of all FlateDecode streams together (text, fonts, images). */
export const PDF_MAX_DECODED_BYTES = 100 * 1024 * 1024;
/**
 * Decoded bytes of the streams that hold drawing instructions (page contents and forms: every
 * stream that is not an image, a font, metadata or an object or xref stream). pdf.js parses every
 * operator of them, so this bounds the operators: a 211 KB PDF of 3 million `Tj` (87 MB of
 * instructions) kept a worker busy for 38 s and then past its heap. The resumes in
 * shared/data hold at most 0.6 MB; 4 MiB of the cheapest instructions (`(x) Tj`, 145,000 of
 * them) cost pdf.js about 4 s.
 */
export const PDF_MAX_CONTENT_BYTES = 4 * 1024 * 1024;
/**
 * Pieces of text on one page. A dense page set glyph by glyph has a few thousand; joining
 * 100,000 pieces of one line took the reader 17 s. More is refused.
 */
export const PDF_MAX_TEXT_ITEMS_PER_PAGE = 20_000;

/**
 * pdf.js' own limits, for every reader of resume PDFs (text, and page images for OCR): no
 * `eval`, no fonts or canvases of the system, images of at most 25 megapixels, quiet logs.
 */
export const PDF_DOCUMENT_OPTIONS = {
  isEvalSupported: false,
  useSystemFonts: false,
  disableFontFace: true,
  isOffscreenCanvasSupported: false,
  isImageDecoderSupported: false,
  maxImageSize: 25_000_000,
  enableXfa: false,
  verbosity: 0,
} as const;

const STREAM = Buffer.from('stream');
const OBJ = Buffer.from('obj');
/** A stream dictionary that says it is not drawing instructions. */
const NOT_CONTENT = /\/Subtype\s*\/(Image|Type1C|CIDFontType0C|OpenType|XML)\b|\/Length[123]\b|\/Type\s*\/(ObjStm|XRef|Metadata|EmbeddedFile)\b/;
const END_STREAM = Buffer.from('endstream');

/** Whether these bytes open with a zlib header (what FlateDecode data starts with). */
const isZlib = (data: Buffer) => data.length > 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;

/**
 * Refuses a PDF whose deflated streams inflate to more than {@link PDF_MAX_DECODED_BYTES}, or
 * whose drawing instructions to more than {@link PDF_MAX_CONTENT_BYTES}, each stream counted as
 * zlib produces it and stopped at what is left of the budget. Streams that are not
 * zlib data (images in their own codecs, encrypted files) are left to pdf.js and the worker's
 * time budget.
 */
export function checkPdfStreams(bytes: Uint8Array): void {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let decoded = 0;
  let content = 0;
  for (let at = file.indexOf(STREAM); at >= 0; at = file.indexOf(STREAM, at + 1)) {
    // The keyword, then CRLF or LF; "endstream" also contains "stream", so skip that.
    if (at >= 3 && file.subarray(at - 3, at).toString('latin1') === 'end') continue;
    let start = at + STREAM.length;
    if (file[start] === 0x0d) start += 1;
    if (file[start] !== 0x0a) continue;
    start += 1;
    const end = file.indexOf(END_STREAM, start);
    if (end < 0) break;
    const data = file.subarray(start, end);
    at = end + END_STREAM.length - 1;
    if (!isZlib(data)) continue;
    const dictionary = file.subarray(Math.max(0, file.lastIndexOf(OBJ, at)), at).toString('latin1');
    const isContent = !NOT_CONTENT.test(dictionary);
    const budget = Math.min(PDF_MAX_DECODED_BYTES - decoded, isContent ? PDF_MAX_CONTENT_BYTES - content : Infinity);
    let size = 0;
    try {
      // A cut or damaged stream is pdf.js' business; only its size is judged here.
      size = inflateSync(data, { maxOutputLength: Math.max(1, budget), finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') size = budget + 1;
    }
    decoded += size;
    if (isContent) content += size;
    if (decoded > PDF_MAX_DECODED_BYTES) {
      throw new ResumeFileRejectedError('too-large-uncompressed', `The PDF's streams unpack to more than ${PDF_MAX_DECODED_BYTES / 1024 / 1024} MiB.`);
    }
    if (content > PDF_MAX_CONTENT_BYTES) {
      throw new ResumeFileRejectedError('too-complex', `The PDF's pages hold more than ${PDF_MAX_CONTENT_BYTES / 1024 / 1024} MiB of drawing instructions.`);
    }
  }
}

/** Refuses a page of more pieces of text than {@link PDF_MAX_TEXT_ITEMS_PER_PAGE}. */
export function checkTextItems(count: number): void {
  if (count > PDF_MAX_TEXT_ITEMS_PER_PAGE) {
    throw new ResumeFileRejectedError('too-complex', `A page of the PDF holds ${count} pieces of text; at most ${PDF_MAX_TEXT_ITEMS_PER_PAGE} are read.`);
  }
}
