import { deflateSync } from 'node:zlib';
import { Document, Packer, Paragraph } from 'docx';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidate } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * Inputs nobody tuned for (ADR 105), against the app as `serve` builds it (one warm worker, 15 s
 * per file, 256 MB heap): files that are empty, lie about their type, are locked with a password,
 * nest XML without end or expand entities, or declare images of billions of pixels. Each gets a
 * 4xx with a message that says what is wrong, never a 500, and the process's memory stays bounded
 * (sampled every 10 ms while it answers). Every file is made here; none comes from shared data.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let addresses = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  app = await buildApp(runtime, { spaDir: false, resumeReading: { timeoutMs: 15_000, threads: 1, heapMb: 256, warm: true } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const signUpCandidate = async () => {
  const n = ++addresses;
  const response = await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { ...candidate, email: `inputs${n}@example.com` }, remoteAddress: `10.105.0.${n}` });
  expect(response.statusCode).toBe(201);
  return { authorization: `Bearer ${response.json().token as string}` };
};

const BOUNDARY = '----hireloop-inputs';
const formWith = (filename: string, type: string, bytes: Uint8Array) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

/** The answer, and how far the process's resident memory rose above where it was while answering. */
async function uploadMeasured(url: string, auth: Record<string, string>, filename: string, type: string, bytes: Uint8Array) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const response = await app.inject({ method: 'POST', url, payload: formWith(filename, type, bytes), headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    peak = Math.max(peak, process.memoryUsage().rss);
    return { response, growthMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

const validDocx = () => Packer.toBuffer(new Document({ sections: [{ children: ['Priya Raman', 'priya.raman@example.com', 'Registered Nurse'].map((text) => new Paragraph({ text })) }] }));

/** A real DOCX whose document.xml is replaced by `xml`. */
async function docxWithDocument(xml: string): Promise<Uint8Array> {
  const files = unzipSync(new Uint8Array(await validDocx()));
  files['word/document.xml'] = strToU8(xml);
  return zipSync(files);
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const documentXml = (body: string, doctype = '') => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${doctype}<w:document ${W}><w:body>${body}</w:body></w:document>`;

/** A minimal PDF of the given objects (1 is the catalog), with `trailer` added to its trailer dictionary. */
function pdfOf(objects: readonly string[], trailer = ''): Buffer {
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R${trailer}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

const PAGE = ['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>', '<</Length 0>>\nstream\n\nendstream'];
/** A PDF locked with a user password (standard security handler, RC4): nothing can be read without it. */
const passwordProtectedPdf = () =>
  pdfOf([...PAGE, `<</Filter/Standard/V 1/R 2/Length 40/P -44/O <${'a1'.repeat(32)}>/U <${'b2'.repeat(32)}>>>`], `/Encrypt 5 0 R/ID[<${'0f'.repeat(16)}><${'0f'.repeat(16)}>]`);

/**
 * What Word saves with "Encrypt with password": an OLE compound file (not a zip) whose directory
 * names an `EncryptedPackage` stream (the rest is ciphertext, here zeros).
 */
function encryptedWordFile(): Buffer {
  const file = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  Buffer.from('EncryptionInfo', 'utf16le').copy(file, 1024);
  Buffer.from('EncryptedPackage', 'utf16le').copy(file, 1152);
  return file;
}

/** A PNG whose header declares `side` × `side` pixels, its data a few bytes. */
function pngDeclaring(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(side))), chunk('IEND', Buffer.alloc(0))]);
}

describe('resume files nobody tuned for', () => {
  const cases: ReadonlyArray<{ name: string; filename: string; type: string; bytes: () => Promise<Uint8Array> | Uint8Array; says: RegExp; status?: number }> = [
    { name: 'an empty PDF', filename: 'cv.pdf', type: PDF, bytes: () => new Uint8Array(0), says: /^The file is empty \(0 bytes\)/, status: 400 },
    { name: 'an empty DOCX', filename: 'cv.docx', type: DOCX, bytes: () => new Uint8Array(0), says: /^The file is empty \(0 bytes\)/, status: 400 },
    { name: 'a Word file named .pdf', filename: 'cv.pdf', type: PDF, bytes: async () => new Uint8Array(await validDocx()), says: /pdf|type|extension|match/i },
    { name: 'a PDF named .docx', filename: 'cv.docx', type: DOCX, bytes: () => pdfOf(PAGE), says: /docx|word|type|extension|match/i },
    { name: 'a Windows program named .pdf', filename: 'cv.pdf', type: PDF, bytes: () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]), says: /pdf|type|match|not/i },
    { name: 'plain text named .docx', filename: 'cv.docx', type: DOCX, bytes: () => Buffer.from('Priya Raman\nRegistered Nurse\n'), says: /docx|word|type|match|not/i },
    { name: 'a password-protected PDF', filename: 'cv.pdf', type: PDF, bytes: () => passwordProtectedPdf(), says: /protected with a password/, status: 422 },
    { name: 'a DOCX nesting its XML 50,000 deep', filename: 'cv.docx', type: DOCX, bytes: () => docxWithDocument(documentXml(`${'<w:p>'.repeat(50_000)}x${'</w:p>'.repeat(50_000)}`)), says: /complex|nest|too|could not be read|unreadable/i },
    {
      name: 'a DOCX whose XML expands entities a billion times',
      filename: 'cv.docx',
      type: DOCX,
      bytes: () => {
        const laughs = ['<!ENTITY l0 "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`)].join('');
        return docxWithDocument(documentXml('<w:p><w:r><w:t>&l9;</w:t></w:r></w:p>', `<!DOCTYPE w:document [${laughs}]>`));
      },
      says: /complex|could not find any text/i,
    },
    { name: 'a Word file locked with a password', filename: 'cv.docx', type: DOCX, bytes: () => encryptedWordFile(), says: /protected with a password/, status: 422 },
    { name: 'a PNG declaring 60,000 × 60,000 pixels', filename: 'cv.png', type: 'image/png', bytes: () => pngDeclaring(60_000), says: /too many pixels|PDF or Word document/ },
  ];

  for (const { name, filename, type, bytes, says, status } of cases) {
    for (const url of ['/api/extract-resume', '/api/parse-resume']) {
      it(`${url}: ${name} gets a 4xx that says why, in bounded memory`, async () => {
        // An account of its own: uploads are limited per account.
        const { response, growthMb } = await uploadMeasured(url, await signUpCandidate(), filename, type, await bytes());
        const at = `${name} -> ${response.statusCode} ${response.body.slice(0, 300)} (+${growthMb.toFixed(0)} MB)`;
        if (process.env.UPLOAD_INPUTS_VERBOSE) console.info(`${url}: ${at}`);
        expect(response.statusCode, at).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, at).toBeLessThan(500);
        const answer = response.json();
        expect(answer.success, at).toBe(false);
        expect(answer.error, at).toMatch(says);
        if (status !== undefined) expect(response.statusCode, at).toBe(status);
        expect(growthMb, at).toBeLessThan(300);
      }, 60_000);
    }
  }
});
