import { Unzip, UnzipInflate } from 'fflate';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ResumeFileRejectedError } from './errors';
import { checkImageLimits, imageForOcr, type ResumeImageMediaType } from './image';
import { ocrText } from './ocr';
import { PDF_DOCUMENT_OPTIONS } from './pdf-limits';

/*
 * Resumes that carry their words as pictures (ADR 048): an image, a scanned PDF, a Word file
 * that is one pasted scan. All of it runs in the extraction worker thread (worker.ts), where the
 * time limit can end it.
 */

/** A picture resume's text: its header checked against the limits first, then OCR. */
export async function imageText(bytes: Uint8Array, mediaType: ResumeImageMediaType): Promise<string> {
  const size = await checkImageLimits(bytes, mediaType);
  return ocrText(await imageForOcr(bytes, size));
}

/** Pages looked at for a text layer (a resume's facts are at its start). */
const PDF_PAGES_LOOKED_AT = 20;
/** OCR reads at most this many pages of a scanned PDF ... */
export const OCR_MAX_PDF_PAGES = 3;
/** ... rendered at this resolution (dots per inch) ... */
export const OCR_PDF_DPI = 250;
/** ... and at most this many pixels a page (a poster-sized page is rendered smaller). */
const OCR_PDF_MAX_PAGE_PIXELS = 12_000_000;
/**
 * No further page or picture is started once OCR has run this long on one file: a page costs
 * 3–8 s of CPU, and a resume's name and contact details are on its first page, so a long scan
 * answers with its first pages rather than running into the read's time limit (15 s).
 */
export const OCR_START_NO_PAGE_AFTER_MS = 7_000;
/** A page with fewer letters than this in its text layer is taken for a scan (a "Scanned by" stamp, a page number). */
export const SCANNED_PAGE_MAX_LETTERS = 40;

const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;

/** Fewer letters than this in a whole document: no resume; its pages are pictures, or it is empty. */
export const SCANNED_DOCUMENT_MAX_LETTERS = 200;

/**
 * Whether a document's text (as its text layer gave it) is too thin to be a resume, so its
 * pictures should be read. `scannedPdfText` then decides page by page.
 */
export const looksScanned = (text: string): boolean => letters(text) < SCANNED_DOCUMENT_MAX_LETTERS;

/**
 * The text of a PDF whose pages are pictures: each page with a real text layer keeps it, each
 * page without one (up to OCR_MAX_PDF_PAGES of those) is rendered by pdf.js onto an
 * @napi-rs/canvas canvas and read by OCR. Pages are joined in order. Empty when every page
 * has a text layer.
 */
export async function scannedPdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // The text reader's pdf.js limits (no eval, no system fonts, images of at most 25 megapixels).
  const document = await getDocument({ data: new Uint8Array(bytes), ...PDF_DOCUMENT_OPTIONS }).promise.catch((error: unknown) => {
    throw new ResumeFileRejectedError('unreadable', `The PDF could not be read: ${error instanceof Error ? error.message : String(error)}.`);
  });
  const started = performance.now();
  try {
    const pages: string[] = [];
    let read = 0;
    for (let number = 1; number <= Math.min(document.numPages, PDF_PAGES_LOOKED_AT); number += 1) {
      const page = await document.getPage(number);
      const layer = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
      if (letters(layer) >= SCANNED_PAGE_MAX_LETTERS) {
        pages.push(layer);
      } else if (read < OCR_MAX_PDF_PAGES && (read === 0 || performance.now() - started < OCR_START_NO_PAGE_AFTER_MS)) {
        read += 1;
        pages.push(await ocrPdfPage(page, document.canvasFactory as PdfCanvasFactory));
      }
      page.cleanup();
    }
    // No page without a text layer: the text reader's own text (its lines) is the better one.
    return read === 0 ? '' : pages.join('\n\n').trim();
  } finally {
    await document.destroy();
  }
}

interface PdfCanvasFactory {
  create(width: number, height: number): { canvas: { toBuffer(type: 'image/png'): Buffer }; context: unknown };
  destroy(entry: unknown): void;
}
type PdfPage = PDFPageProxy;

async function ocrPdfPage(page: PdfPage, factory: PdfCanvasFactory): Promise<string> {
  const base = page.getViewport({ scale: 1 });
  const dpiScale = OCR_PDF_DPI / 72;
  const scale = Math.min(dpiScale, Math.sqrt(OCR_PDF_MAX_PAGE_PIXELS / Math.max(1, base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const entry = factory.create(width, height);
  try {
    // A white page first: scans with transparency would otherwise read as black on black.
    const context = entry.context as { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void };
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    type RenderParameters = Parameters<PdfPage['render']>[0];
    await page.render({ canvas: entry.canvas as RenderParameters['canvas'], canvasContext: entry.context as RenderParameters['canvasContext'], viewport }).promise;
    const png = entry.canvas.toBuffer('image/png');
    return await ocrText(await imageForOcr(png));
  } finally {
    factory.destroy(entry);
  }
}

/** Pictures in a Word file that OCR may read, and how much of them is inflated at most. */
const DOCX_IMAGE_TYPES: Record<string, ResumeImageMediaType> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };
export const OCR_MAX_DOCX_IMAGES = 3;
export const DOCX_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** All pictures of one file together (inflating stops there; the ones complete by then are read). */
export const DOCX_IMAGES_MAX_TOTAL_BYTES = 24 * 1024 * 1024;
/** Pictures looked at, to find the first ones in numbered order. */
const DOCX_IMAGES_LOOKED_AT = 12;

/**
 * The pictures in a DOCX's word/media, in their numbered order, inflated as a stream that is
 * stopped at DOCX_IMAGE_MAX_BYTES per picture and DOCX_IMAGES_MAX_TOTAL_BYTES in all (the zip's
 * declared sizes are not trusted). A picture past a cap is skipped.
 */
export function docxImages(bytes: Uint8Array): { name: string; bytes: Uint8Array; mediaType: ResumeImageMediaType }[] {
  const found: { name: string; chunks: Uint8Array[]; size: number; mediaType: ResumeImageMediaType; done: boolean; tooLarge: boolean }[] = [];
  let total = 0;
  const unzip = new Unzip((file) => {
    const extension = /^word\/media\/[^/]+\.([a-z]+)$/i.exec(file.name)?.[1]?.toLowerCase();
    const mediaType = extension === undefined ? undefined : DOCX_IMAGE_TYPES[extension];
    if (mediaType === undefined || found.length >= DOCX_IMAGES_LOOKED_AT) return;
    const entry = { name: file.name, chunks: [] as Uint8Array[], size: 0, mediaType, done: false, tooLarge: false };
    found.push(entry);
    file.ondata = (error, chunk, final) => {
      if (error) {
        entry.tooLarge = true;
        return;
      }
      entry.size += chunk.length;
      total += chunk.length;
      if (entry.size > DOCX_IMAGE_MAX_BYTES || total > DOCX_IMAGES_MAX_TOTAL_BYTES) {
        entry.tooLarge = true;
        entry.chunks = [];
        file.terminate();
        return;
      }
      entry.chunks.push(chunk);
      if (final) entry.done = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    return [];
  }
  const number = (name: string) => Number(/(\d+)\.[a-z]+$/i.exec(name)?.[1] ?? Number.MAX_SAFE_INTEGER);
  return found
    .filter((entry) => entry.done && !entry.tooLarge)
    .sort((a, b) => number(a.name) - number(b.name) || a.name.localeCompare(b.name))
    .slice(0, OCR_MAX_DOCX_IMAGES)
    .map((entry) => ({ name: entry.name, bytes: Buffer.concat(entry.chunks), mediaType: entry.mediaType }));
}

/** The text of a Word file whose words are pictures: OCR of its first pictures, in order. */
export async function docxImagesText(bytes: Uint8Array): Promise<string> {
  const texts: string[] = [];
  const started = performance.now();
  for (const image of docxImages(bytes)) {
    if (texts.length > 0 && performance.now() - started >= OCR_START_NO_PAGE_AFTER_MS) break;
    try {
      texts.push(await imageText(image.bytes, image.mediaType));
    } catch (error) {
      // A picture too large or broken is skipped; the others may still hold the resume.
      if (!(error instanceof ResumeFileRejectedError)) throw error;
    }
  }
  return texts.join('\n\n').trim();
}
