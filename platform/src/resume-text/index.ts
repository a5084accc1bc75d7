import { docRawText, OLE_MAGIC } from './doc';
import { docxRawText } from './docx';
import { ResumeFileRejectedError } from './errors';
import { isResumeImageType } from './image';
import { PDFJS_RESOURCES, pdfLayoutText } from './pdf-layout';
import { checkPdfStreams, PDF_DOCUMENT_OPTIONS } from './pdf-limits';
import { docxImagesText, imageText, looksScanned, scannedPdfText } from './scanned';

export { ResumeFileRejectedError, type ResumeFileRefusal } from './errors';

export const PDF_MEDIA_TYPE = 'application/pdf';
export const DOCX_MEDIA_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Word 97–2003. */
export const DOC_MEDIA_TYPE = 'application/msword';

export type ResumeMediaType = typeof PDF_MEDIA_TYPE | typeof DOCX_MEDIA_TYPE | typeof DOC_MEDIA_TYPE;

export { DOCX_MAX_ENTRIES, DOCX_MAX_UNCOMPRESSED_BYTES } from './docx';

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // PK\x03\x04

const startsWith = (bytes: Uint8Array, magic: readonly number[]): boolean =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** A Word file saved with a password is not a zip but an OLE file holding an `EncryptedPackage` stream. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');
const isEncryptedOfficeFile = (bytes: Uint8Array) => startsWith(bytes, OLE_MAGIC) && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(ENCRYPTED_PACKAGE);

const passwordProtected = () =>
  new ResumeFileRejectedError('password-protected', 'The file is protected with a password, so its text cannot be read.');

/** Refuses a file that is empty, or whose first bytes are not those of the type it declares. */
export const checkDeclaredType = (bytes: Uint8Array, mediaType: string): ResumeMediaType => {
  if (bytes.byteLength === 0) throw new ResumeFileRejectedError('empty', 'The file is empty (0 bytes).');
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
    if (isEncryptedOfficeFile(bytes)) throw passwordProtected();
    if (!startsWith(bytes, ZIP_MAGIC)) {
      throw new ResumeFileRejectedError(
        'type-mismatch',
        'The file is declared as a Word document (.docx) but is not a zip archive.',
      );
    }
    return DOCX_MEDIA_TYPE;
  }
  if (mediaType === DOC_MEDIA_TYPE) {
    if (isEncryptedOfficeFile(bytes)) throw passwordProtected();
    if (!startsWith(bytes, OLE_MAGIC)) {
      throw new ResumeFileRejectedError('type-mismatch', 'The file is declared as a Word 97–2003 document (.doc) but is not one.');
    }
    return DOC_MEDIA_TYPE;
  }
  throw new ResumeFileRejectedError(
    'unsupported-type',
    `Resumes can be PDF, Word (.docx or .doc), PNG, JPEG or WebP files, not ${mediaType || 'an unknown type'}.`,
  );
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

// Inflated with a cap on the bytes that come out, never on what the zip declares (ADR 045).
const docxText = async (bytes: Uint8Array): Promise<string> => normalise(await docxRawText(bytes));

const pdfText = async (bytes: Uint8Array): Promise<string> => {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of the buffer it is given, so hand it a copy.
  const unreadable = (error: unknown) =>
    // pdf.js asks for the password of an encrypted PDF (whose empty user password does not open it).
    error instanceof Error && error.name === 'PasswordException'
      ? passwordProtected()
      : new ResumeFileRejectedError(
      'unreadable',
      `The PDF could not be read: ${error instanceof Error ? error.message : String(error)}.`,
    );
  checkPdfStreams(bytes);
  const document = await getDocument({ data: new Uint8Array(bytes), ...PDF_DOCUMENT_OPTIONS, ...PDFJS_RESOURCES }).promise.catch((error: unknown) => {
    throw unreadable(error);
  });
  try {
    return normalise(await pdfLayoutText(document));
  } catch (error) {
    throw error instanceof ResumeFileRejectedError ? error : unreadable(error);
  } finally {
    await document.destroy();
  }
};

/**
 * The plain text of a resume file, after checking it is what it says it is. Images, and PDF or
 * Word files with no text layer (scans), are read by OCR (scanned.ts, ADR 048).
 */
export const resumeText = async (bytes: Uint8Array, mediaType: string, options: { onOcr?: () => void } = {}): Promise<string> => {
  if (bytes.byteLength === 0) throw new ResumeFileRejectedError('empty', 'The file is empty (0 bytes).');
  if (isResumeImageType(mediaType)) {
    options.onOcr?.();
    return normalise(await imageText(bytes, mediaType));
  }
  const type = checkDeclaredType(bytes, mediaType);
  if (type === DOC_MEDIA_TYPE) return normalise(await docRawText(bytes));
  const text = type === PDF_MEDIA_TYPE ? await pdfText(bytes) : await docxText(bytes);
  if (!looksScanned(text)) return text;
  options.onOcr?.();
  const read = type === PDF_MEDIA_TYPE ? await scannedPdfText(bytes) : await docxImagesText(bytes);
  return normalise(read).length > text.length ? normalise(read) : text;
};
