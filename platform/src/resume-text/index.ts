import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { ResumeFileRejectedError } from './errors';
import { PDFJS_RESOURCES, pdfLayoutText } from './pdf-layout';

export { ResumeFileRejectedError, type ResumeFileRefusal } from './errors';

export const PDF_MEDIA_TYPE = 'application/pdf';
export const DOCX_MEDIA_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type ResumeMediaType = typeof PDF_MEDIA_TYPE | typeof DOCX_MEDIA_TYPE;

/** A DOCX is a zip; these bound what inflating it may cost (a zip bomb declares its size). */
export const DOCX_MAX_UNCOMPRESSED_BYTES = 25 * 1024 * 1024;
export const DOCX_MAX_ENTRIES = 1_000;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // PK\x03\x04

const startsWith = (bytes: Uint8Array, magic: readonly number[]): boolean =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** Refuses a file whose first bytes are not those of the type it declares. */
export const checkDeclaredType = (bytes: Uint8Array, mediaType: string): ResumeMediaType => {
  if (mediaType === PDF_MEDIA_TYPE) {
    if (!startsWith(bytes, PDF_MAGIC)) {
      throw new ResumeFileRejectedError(
        'type-mismatch',
        'The file is declared as a PDF but does not start with %PDF-.',
      );
    }
    return PDF_MEDIA_TYPE;
  }
  if (mediaType === DOCX_MEDIA_TYPE) {
    if (!startsWith(bytes, ZIP_MAGIC)) {
      throw new ResumeFileRejectedError(
        'type-mismatch',
        'The file is declared as a Word document (.docx) but is not a zip archive.',
      );
    }
    return DOCX_MEDIA_TYPE;
  }
  throw new ResumeFileRejectedError(
    'unsupported-type',
    `Resumes can be PDF or Word (.docx) files, not ${mediaType || 'an unknown type'}.`,
  );
};

interface ZipEntryInfo {
  readonly name: string;
  readonly originalSize: number;
}

/**
 * Reads the zip's central directory only (fflate's filter sees each entry before inflating
 * it, and we inflate none), then refuses archives that declare too much.
 */
export const checkDocxLimits = (bytes: Uint8Array): readonly ZipEntryInfo[] => {
  const entries: ZipEntryInfo[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries.push({ name: file.name, originalSize: file.originalSize });
        return false;
      },
    });
  } catch (error) {
    throw new ResumeFileRejectedError(
      'unreadable',
      `The Word document could not be opened: ${(error as Error).message}.`,
    );
  }
  if (entries.length > DOCX_MAX_ENTRIES) {
    throw new ResumeFileRejectedError(
      'too-many-entries',
      `The Word document holds ${entries.length} parts; at most ${DOCX_MAX_ENTRIES} are accepted.`,
    );
  }
  const declared = entries.reduce((sum, entry) => sum + entry.originalSize, 0);
  if (declared > DOCX_MAX_UNCOMPRESSED_BYTES) {
    throw new ResumeFileRejectedError(
      'too-large-uncompressed',
      `The Word document unpacks to ${Math.ceil(declared / 1024 / 1024)} MiB; at most 25 MiB is accepted.`,
    );
  }
  return entries;
};

const normalise = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const docxText = async (bytes: Uint8Array): Promise<string> => {
  checkDocxLimits(bytes);
  // mammoth 1.13 reads text boxes (w:txbxContent) in document order; see ADR 023.
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return normalise(value);
};

const pdfText = async (bytes: Uint8Array): Promise<string> => {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of the buffer it is given, so hand it a copy.
  const unreadable = (error: unknown) =>
    new ResumeFileRejectedError(
      'unreadable',
      `The PDF could not be read: ${error instanceof Error ? error.message : String(error)}.`,
    );
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
    ...PDFJS_RESOURCES,
  }).promise.catch((error: unknown) => {
    throw unreadable(error);
  });
  try {
    return normalise(await pdfLayoutText(document));
  } catch (error) {
    throw unreadable(error);
  } finally {
    await document.destroy();
  }
};

/** The plain text of a resume file, after checking it is what it says it is. */
export const resumeText = async (bytes: Uint8Array, mediaType: string): Promise<string> => {
  const type = checkDeclaredType(bytes, mediaType);
  return type === PDF_MEDIA_TYPE ? pdfText(bytes) : docxText(bytes);
};
