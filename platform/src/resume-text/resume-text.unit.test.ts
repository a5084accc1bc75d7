import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  DOC_MEDIA_TYPE,
  DOCX_MEDIA_TYPE,
  PDF_MEDIA_TYPE,
  ResumeFileRejectedError,
  resumeText,
  type ResumeFileRefusal,
} from './index';
import { lyingDocx, lyingDocxBomb, pdfDeflateBomb, pdfOperatorBomb, pdfWithPages } from './hostile-files';
import { PDF_MAX_PAGES, PDF_MAX_TEXT_ITEMS_PER_PAGE } from './pdf-limits';
import { DOCX_MAX_XML_TAGS, wordPartText } from './docx';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const refusalOf = async (promise: Promise<unknown>): Promise<ResumeFileRefusal> => {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ResumeFileRejectedError);
  return (error as ResumeFileRejectedError).reason;
};

/** How many bytes an entry of a zip really inflates to, counted as they stream out (none is kept). */
const inflatedSizeOf = async (zip: Uint8Array, name: string): Promise<number> => {
  const entry = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  // The first copy of the name is in the entry's local header, 30 bytes after its start.
  const local = entry.indexOf(Buffer.from(name));
  const start = local + name.length;
  const size = entry.readUInt32LE(local - 30 + 18);
  let count = 0;
  for await (const chunk of Readable.from([entry.subarray(start, start + size)]).pipe(createInflateRaw({ chunkSize: 4 * 1024 * 1024 }))) {
    count += (chunk as Buffer).length;
  }
  return count;
};

describe('resume text', () => {
  it('refuses file types other than PDF, Word and PNG/JPEG/WebP images with a message naming the type', async () => {
    const error: unknown = await resumeText(new Uint8Array([0x47, 0x49, 0x46, 0x38]), 'image/gif').catch(
      (reason: unknown) => reason,
    );

    expect(error).toBeInstanceOf(ResumeFileRejectedError);
    expect((error as ResumeFileRejectedError).reason).toBe('unsupported-type');
    expect((error as Error).message).toBe('Resumes can be PDF, Word (.docx or .doc), PNG, JPEG or WebP files, not image/gif.');
  });

  it('refuses a Word document of more than 1,000 parts', async () => {
    const parts = Object.fromEntries(
      Array.from({ length: 1_001 }, (_, index) => [`word/part${index}.xml`, new Uint8Array([0x3c])]),
    );

    const error: unknown = await resumeText(zipSync(parts), DOCX_MEDIA_TYPE).catch((reason: unknown) => reason);

    expect((error as ResumeFileRejectedError).reason).toBe('too-many-entries');
    expect((error as Error).message).toBe('The Word document holds 1001 parts; at most 1000 are accepted.');
  });

  it('accepts a Word document of exactly 1,000 parts as far as the limits go', async () => {
    const parts = Object.fromEntries(
      Array.from({ length: 1_000 }, (_, index) => [`word/part${index}.xml`, new Uint8Array([0x3c])]),
    );

    // Past the limits, mammoth finds no document body: the refusal is a different one.
    const error: unknown = await resumeText(zipSync(parts), DOCX_MEDIA_TYPE).catch((reason: unknown) => reason);

    expect(error).not.toBeInstanceOf(ResumeFileRejectedError);
  });

  it('refuses a Word document that declares more than 25 MiB unpacked, inflating nothing', async () => {
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(26 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100 * 1024);

    const error: unknown = await resumeText(bomb, DOCX_MEDIA_TYPE).catch((reason: unknown) => reason);

    expect((error as ResumeFileRejectedError).reason).toBe('too-large-uncompressed');
    expect((error as Error).message).toBe('The Word document unpacks to more than 25 MiB; at most 25 MiB is accepted.');
  });

  it('refuses the lying zip bomb by what actually comes out: 1 MB that claims 1,000 bytes and inflates to 1 GiB', async () => {
    const bomb = lyingDocxBomb();
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    // The archive is honest about being a bomb: counted as it streams out, its document is 1 GiB.
    expect(await inflatedSizeOf(bomb, 'word/document.xml')).toBe(1024 * 1024 * 1024);
    global.gc?.();
    const before = process.memoryUsage();
    const started = performance.now();

    expect(await refusalOf(resumeText(bomb, DOCX_MEDIA_TYPE))).toBe('too-large-uncompressed');

    const took = performance.now() - started;
    const after = process.memoryUsage();
    // Inflating stopped at the 25 MiB cap: far from the gigabyte a trusting reader would hold.
    expect(after.rss - before.rss).toBeLessThan(128 * 1024 * 1024);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(64 * 1024 * 1024);
    // Inflating 25 MiB natively takes tens of milliseconds; a loaded machine gets a wide margin.
    expect(took).toBeLessThan(3_000);
  });

  it('counts the bytes of every entry together: many small lies add up to a refusal', async () => {
    const entry = (i: number) => ({ name: `word/part${i}.xml`, inflatesTo: 1024 * 1024, claims: 1_000 });
    // 30 entries that each claim 1,000 bytes and inflate to 1 MiB: 30 MiB out of a declared 30 KB.
    const manyLies = lyingDocx(Array.from({ length: 30 }, (_, i) => entry(i)));
    // 20 of them stay under the cap: the limits pass (and then there is no Word body to read).
    const fewLies = lyingDocx(Array.from({ length: 20 }, (_, i) => entry(i)));

    expect(await refusalOf(resumeText(manyLies, DOCX_MEDIA_TYPE))).toBe('too-large-uncompressed');
    expect(await resumeText(fewLies, DOCX_MEDIA_TYPE).catch((reason: unknown) => reason)).not.toBeInstanceOf(ResumeFileRejectedError);
  });

  it(`refuses a small Word document of more than ${DOCX_MAX_XML_TAGS.toLocaleString('en')} XML elements before mammoth builds them`, async () => {
    const paragraphs = '<w:p><w:r><w:t>a</w:t></w:r></w:p>'.repeat(DOCX_MAX_XML_TAGS / 6 + 1);
    const heavy = zipSync({ 'word/document.xml': new TextEncoder().encode(`<w:document><w:body>${paragraphs}</w:body></w:document>`) }, { level: 9 });
    expect(heavy.length).toBeLessThan(20 * 1024);

    const error: unknown = await resumeText(heavy, DOCX_MEDIA_TYPE).catch((reason: unknown) => reason);

    expect((error as ResumeFileRejectedError).reason).toBe('too-complex');
    expect((error as Error).message).toBe('The Word document holds more than 100,000 XML elements.');
  });

  it('a Word document with no text reads as empty text (the route then says it has nothing to read)', async () => {
    const empty = zipSync({
      '[Content_Types].xml': new TextEncoder().encode('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
      '_rels/.rels': new TextEncoder().encode('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
      'word/document.xml': new TextEncoder().encode('<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/></w:body></w:document>'),
    });

    expect(await resumeText(empty, DOCX_MEDIA_TYPE)).toBe('');
  });

  it('refuses a PDF whose content stream is a deflate bomb before pdf.js decodes it, holding at most the cap', async () => {
    const bomb = pdfDeflateBomb();
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    global.gc?.();
    const before = process.memoryUsage();

    const error: unknown = await resumeText(bomb, PDF_MEDIA_TYPE).catch((reason: unknown) => reason);

    expect((error as ResumeFileRejectedError).reason).toBe('too-complex');
    expect((error as Error).message).toBe("The PDF's pages hold more than 4 MiB of drawing instructions.");
    expect(process.memoryUsage().rss - before.rss).toBeLessThan(128 * 1024 * 1024);
  });

  it('refuses a PDF whose image inflates past the cap of all streams', async () => {
    const error: unknown = await resumeText(pdfDeflateBomb({ inflatesTo: 128 * 1024 * 1024, in: 'image' }), PDF_MEDIA_TYPE).catch((reason: unknown) => reason);

    expect((error as ResumeFileRejectedError).reason).toBe('too-large-uncompressed');
    expect((error as Error).message).toBe("The PDF's streams unpack to more than 100 MiB.");
  });

  it('refuses a small PDF of millions of drawing instructions before pdf.js parses them', async () => {
    const bomb = pdfOperatorBomb(3_000_000);
    expect(bomb.length).toBeLessThan(300 * 1024);
    const started = performance.now();

    expect(await refusalOf(resumeText(bomb, PDF_MEDIA_TYPE))).toBe('too-complex');
    // Read by pdf.js, the same file kept a worker 38 s and then passed its heap limit.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it(`refuses a page of more than ${PDF_MAX_TEXT_ITEMS_PER_PAGE} pieces of text (within the instruction cap)`, async () => {
    const error: unknown = await resumeText(pdfOperatorBomb(PDF_MAX_TEXT_ITEMS_PER_PAGE + 1), PDF_MEDIA_TYPE).catch((reason: unknown) => reason);

    expect((error as ResumeFileRejectedError).reason).toBe('too-complex');
    expect((error as Error).message).toBe(`A page of the PDF holds ${PDF_MAX_TEXT_ITEMS_PER_PAGE + 1} pieces of text; at most ${PDF_MAX_TEXT_ITEMS_PER_PAGE} are read.`);
  });

  it(`reads the text of the first ${PDF_MAX_PAGES} pages of a longer PDF and stops there`, async () => {
    const text = await resumeText(pdfWithPages(PDF_MAX_PAGES + 5), PDF_MEDIA_TYPE);

    expect(text.split('\n\n')).toEqual(Array.from({ length: PDF_MAX_PAGES }, (_, i) => `Page ${i + 1}`));
  });

  it('refuses a file that starts like a PDF but is not one', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7 this is not a PDF body');

    expect(await refusalOf(resumeText(broken, PDF_MEDIA_TYPE))).toBe('unreadable');
  });

  it('refuses a file that starts like a zip but is not one', async () => {
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);

    expect(await refusalOf(resumeText(broken, DOCX_MEDIA_TYPE))).toBe('unreadable');
  });
  it("reads a Word part's text a line per paragraph, skipping the fallback copy Word writes of a text box", () => {
    const xml =
      '<w:p><w:r><w:t>Name</w:t></w:r><w:r><w:br/><w:t>Role</w:t></w:r></w:p>' +
      '<w:p><mc:AlternateContent><mc:Choice><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></w:txbxContent></mc:Choice>' +
      '<mc:Fallback><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></w:txbxContent></mc:Fallback></mc:AlternateContent></w:p>';

    expect(wordPartText(xml)).toBe('Name\nRole\nBoxed');
  });
  it('reads a Word 97–2003 (.doc) resume, and refuses a broken one', async () => {
    const doc = await readFile(path.join(repoRoot, 'platform/src/resume-text/fixtures/nurse-resume.doc'));

    const text = await resumeText(doc, DOC_MEDIA_TYPE);

    expect(text.split('\n')[0]).toBe('Harriet Okafor-Lindqvist');
    expect(text).toContain('harriet.okafor@example.org | +44 7700 900318 | Leeds, UK');
    expect(text).toContain('Senior Staff Nurse, St Aldhelm');
    expect(await refusalOf(resumeText(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3]), DOC_MEDIA_TYPE))).toBe('unreadable');
  });
});
