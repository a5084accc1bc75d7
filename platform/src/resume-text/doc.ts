import WordExtractor from 'word-extractor';
import { ResumeFileRejectedError } from './errors';

/*
 * Word 97–2003 documents (.doc, an OLE compound file): read with `word-extractor`, which parses
 * the compound file and the Word binary format in JavaScript. Unlike a .docx nothing in a .doc is
 * compressed, so what it costs is bounded by the upload limit (5 MB); the worker's heap limit and
 * time budget (ADR 045) bound the rest. Page headers go first and footers last, as for a .docx,
 * keeping only lines the body does not already have.
 */

/** An OLE compound file's signature (D0 CF 11 E0 A1 B1 1A E1). */
export const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

const comparable = (line: string) => line.replace(/\s+/g, ' ').trim().toLowerCase();

export async function docRawText(bytes: Uint8Array): Promise<string> {
  let document: WordExtractor.Document;
  try {
    document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw new ResumeFileRejectedError('unreadable', `The Word 97–2003 document could not be read: ${error instanceof Error ? error.message : String(error)}.`);
  }
  const body = document.getBody();
  const inBody = new Set(body.split('\n').map(comparable));
  const news = (text: string) =>
    text
      .split('\n')
      .filter((line) => !inBody.has(comparable(line)))
      .join('\n');
  const boxes = document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true });
  return [news(document.getHeaders({ includeFooters: false })), body, news(boxes), news(document.getFooters())]
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}
