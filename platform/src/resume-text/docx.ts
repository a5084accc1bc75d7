import { inflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import mammoth from 'mammoth';
import { ResumeFileRejectedError } from './errors';

/*
 * A DOCX is a zip, and a zip says how large its entries are: a hostile one lies (a 1 MB file whose
 * word/document.xml claims 1,000 bytes and inflates to 1 GiB). So the sizes an archive declares
 * are never believed: every entry is inflated here with a hard cap on the bytes that actually
 * come out (node:zlib stops and throws at `maxOutputLength`), and mammoth is handed a zip rebuilt
 * from those inflated bytes (stored, not compressed), so it never inflates anything itself.
 * ADR 045.
 */

/** At most this many bytes come out of one document, all entries together. */
export const DOCX_MAX_UNCOMPRESSED_BYTES = 25 * 1024 * 1024;
/** At most this many entries in its zip directory. */
export const DOCX_MAX_ENTRIES = 1_000;
/**
 * At most this many XML tags in all its parts. mammoth's cost grows with the elements it builds:
 * a 70 KB file of 40,000 empty paragraphs (240,000 tags) took it 6 to 14 s on a loaded machine,
 * and 150,000 paragraphs passed a 256 MB heap. The Word resumes in shared/data have 3,000 to
 * 24,500 tags.
 */
export const DOCX_MAX_XML_TAGS = 100_000;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

const unreadable = (why: string) => new ResumeFileRejectedError('unreadable', `The Word document could not be opened: ${why}.`);
const tooLarge = () =>
  new ResumeFileRejectedError('too-large-uncompressed', `The Word document unpacks to more than ${DOCX_MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MiB; at most 25 MiB is accepted.`);

interface DirectoryEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  declaredSize: number;
  localHeader: number;
}

/**
 * The entries of the zip's central directory: the list mammoth's zip reader (JSZip) would use,
 * counted record by record rather than taken from the count the archive declares.
 */
function readDirectory(bytes: Uint8Array): DirectoryEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  // The end record is the last 22 bytes, or earlier by the length of a comment (at most 65,535).
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable('it has no zip directory');
  const size = view.getUint32(end + 12, true);
  const start = view.getUint32(end + 16, true);
  // ZIP64 (or a directory past the end): no Word document of at most 5 MB needs it.
  if (start === 0xffffffff || start + size > end) throw unreadable('its zip directory is not where it says');
  const entries: DirectoryEntry[] = [];
  const names = new TextDecoder();
  for (let at = start; at < start + size; ) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw unreadable('its zip directory is damaged');
    const nameLength = view.getUint16(at + 28, true);
    entries.push({
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localHeader: view.getUint32(at + 42, true),
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** The compressed bytes of one entry, found through its local header. */
function entryData(bytes: Uint8Array, entry: DirectoryEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeader;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) throw unreadable(`the entry ${entry.name} is damaged`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (entry.compressedSize === 0xffffffff || start + entry.compressedSize > bytes.length) throw unreadable(`the entry ${entry.name} is cut short`);
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * Every entry of a DOCX, inflated within the limits: at most 1,000 entries and 25 MiB of actual
 * output in total, refused the moment either is passed. An archive that declares more is refused
 * before anything is inflated; one that declares less is refused by what comes out.
 */
export function inflateDocx(bytes: Uint8Array): Record<string, Uint8Array> {
  const entries = readDirectory(bytes);
  if (entries.length > DOCX_MAX_ENTRIES) {
    throw new ResumeFileRejectedError('too-many-entries', `The Word document holds ${entries.length} parts; at most ${DOCX_MAX_ENTRIES} are accepted.`);
  }
  // An honest bomb says so: refuse it without inflating a byte.
  if (entries.reduce((sum, entry) => sum + entry.declaredSize, 0) > DOCX_MAX_UNCOMPRESSED_BYTES) throw tooLarge();
  const files: Record<string, Uint8Array> = {};
  let inflated = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    if (entry.flags & 1) throw unreadable('it is password-protected');
    const data = entryData(bytes, entry);
    let content: Uint8Array;
    if (entry.method === STORED) content = data;
    else if (entry.method === DEFLATED) {
      try {
        // zlib counts its output as it goes and stops at the cap: a lie costs at most the cap.
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, DOCX_MAX_UNCOMPRESSED_BYTES - inflated) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw unreadable(`the entry ${entry.name} is damaged`);
      }
    } else throw unreadable(`the entry ${entry.name} is compressed in a way Word does not use`);
    inflated += content.length;
    if (inflated > DOCX_MAX_UNCOMPRESSED_BYTES) throw tooLarge();
    files[entry.name] = content;
  }
  return files;
}

/** Refuses a document whose XML parts hold more than {@link DOCX_MAX_XML_TAGS} tags together. */
function checkXmlTags(files: Record<string, Uint8Array>): void {
  let tags = 0;
  for (const [name, content] of Object.entries(files)) {
    if (!/\.(xml|rels)$/i.test(name)) continue;
    const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    for (let at = text.indexOf(0x3c); at >= 0; at = text.indexOf(0x3c, at + 1)) {
      tags += 1;
      if (tags > DOCX_MAX_XML_TAGS) {
        throw new ResumeFileRejectedError('too-complex', `The Word document holds more than ${DOCX_MAX_XML_TAGS.toLocaleString('en')} XML elements.`);
      }
    }
  }
}

/** The text of a DOCX: inflated within the limits, then read by mammoth from those bytes only. */
export async function docxRawText(bytes: Uint8Array): Promise<string> {
  const files = inflateDocx(bytes);
  checkXmlTags(files);
  // Stored entries: mammoth's zip reader copies them and inflates nothing.
  const rebuilt = zipSync(files, { level: 0 });
  // mammoth 1.13 reads text boxes (w:txbxContent) in document order; see ADR 023.
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(rebuilt.buffer, rebuilt.byteOffset, rebuilt.byteLength) });
  // mammoth leaves page headers and footers out, and many Word templates keep the name and the
  // contact line there: the headers' text goes before the body's, the footers' after it.
  // Only what the body does not already say: a running header repeating the name, or a page
  // number ("Page 2 of 3"), adds nothing.
  const inBody = new Set(value.split('\n').map(comparable));
  const news = (text: string) =>
    text
      .split('\n')
      .filter((line) => !inBody.has(comparable(line)) && !PAGE_NUMBER.test(line.trim()))
      .join('\n');
  const [headers, footers] = [news(partsText(files, 'header')), news(partsText(files, 'footer'))];
  return [headers, value, footers].filter((text) => text.trim() !== '').join('\n\n');
}

const comparable = (line: string) => line.replace(/\s+/g, ' ').trim().toLowerCase();
const PAGE_NUMBER = /^(?:page\s*)?\d+(?:\s*(?:of|\/)\s*\d+)?$|^-\s*\d+\s*-$/i;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) =>
    entity.startsWith('#x') || entity.startsWith('#X')
      ? String.fromCodePoint(parseInt(entity.slice(2), 16))
      : entity.startsWith('#')
        ? String.fromCodePoint(Number(entity.slice(1)))
        : (XML_ENTITIES[entity.toLowerCase()] ?? ''),
  );

/**
 * The text of a WordprocessingML part, a line per paragraph: its runs' text (`w:t`), tabs and
 * breaks. Word writes a text box twice (the drawing and an `mc:Fallback` copy), so fallbacks are
 * skipped, as mammoth does in the body.
 */
export function wordPartText(xml: string): string {
  const lines: string[] = [];
  for (const paragraph of xml.replace(/<mc:Fallback\b[\s\S]*?<\/mc:Fallback>/g, '').split(/<\/w:p>/)) {
    let line = '';
    for (const [, tag, text] of paragraph.matchAll(/<w:(t|tab|br|cr|ptab)\b[^>]*?(?:\/>|>([^<]*)<\/w:t>)/g)) {
      line += tag === 't' ? decodeXml(text ?? '') : tag === 'br' || tag === 'cr' ? '\n' : '\t';
    }
    if (line.trim() !== '') lines.push(line);
  }
  return lines.join('\n');
}

/** The distinct texts of every header (or footer) part, in part order (first page, default, even). */
function partsText(files: Record<string, Uint8Array>, kind: 'header' | 'footer'): string {
  const pattern = new RegExp(`^word/${kind}(\\d*)\\.xml$`);
  const texts = Object.keys(files)
    .map((name) => ({ name, match: pattern.exec(name) }))
    .filter((part): part is { name: string; match: RegExpExecArray } => part.match !== null)
    .sort((a, b) => Number(a.match[1] || 0) - Number(b.match[1] || 0))
    .map(({ name }) => wordPartText(Buffer.from(files[name]!).toString('utf8')).trim());
  return [...new Set(texts.filter((text) => text !== ''))].join('\n');
}
