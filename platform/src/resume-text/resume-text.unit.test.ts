import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  DOCX_MEDIA_TYPE,
  PDF_MEDIA_TYPE,
  ResumeFileRejectedError,
  resumeText,
  type ResumeFileRefusal,
} from './index';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const resume = (name: string) => readFile(path.join(repoRoot, '../shared/data/resumes', name));

const refusalOf = async (promise: Promise<unknown>): Promise<ResumeFileRefusal> => {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ResumeFileRejectedError);
  return (error as ResumeFileRejectedError).reason;
};

const words = (text: string) => text.replace(/[•]/g, ' ').split(/\s+/).filter(Boolean);

/** A zip whose central directory (and local header) claim `declaredSize` for its one entry. */
const zipDeclaring = (declaredSize: number): Uint8Array => {
  const zip = zipSync({ 'word/document.xml': new TextEncoder().encode('<w:document/>') });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let offset = 0; offset + 4 <= zip.length; offset += 1) {
    const signature = view.getUint32(offset, true);
    if (signature === 0x04034b50) view.setUint32(offset + 22, declaredSize, true);
    if (signature === 0x02014b50) view.setUint32(offset + 24, declaredSize, true);
  }
  return zip;
};

describe('resume text', () => {
  it('reads the words of a real one-page PDF resume', async () => {
    const text = await resumeText(await resume('open-resume_openresume-resume.pdf'), PDF_MEDIA_TYPE);

    expect(text.split('\n')[0]).toBe('John Doe');
    // Fields set far apart on a row are kept apart (ADR 047).
    expect(text).toContain('hello@openresume.com | 123-456-7890 | NYC, NY');
    expect(text).toContain('Software Engineer | May 2023 - Present');
  });

  it('reads a real Word resume', async () => {
    const text = await resumeText(await resume('resume-parser-api_sample_resume.docx'), DOCX_MEDIA_TYPE);

    expect(text).toContain('Jane Smith');
    expect(text).toContain('Python, FastAPI, PostgreSQL, Docker, Kubernetes');
  });

  it('keeps the section headings that a Word resume puts in text boxes', async () => {
    const text = await resumeText(await resume('soupboss_Mickey01_textboxes.docx'), DOCX_MEDIA_TYPE);

    for (const heading of ['PROFESSIONAL SUMMARY', 'AREAS OF EXPERTISE', 'WORK EXPERIENCE', 'EDUCATION']) {
      expect(text.split('\n')).toContain(heading);
    }
    expect(text.indexOf('WORK EXPERIENCE')).toBeLessThan(text.indexOf('Staff Infrastructure Engineer'));
  });

  it('reads the same words from a resume and its PDF export', async () => {
    const fromWord = await resumeText(await resume('soupboss_01-Accountant.docx'), DOCX_MEDIA_TYPE);
    const fromPdf = await resumeText(await resume('soupboss_01-Accountant.pdf'), PDF_MEDIA_TYPE);

    expect(words(fromPdf)).toEqual(words(fromWord));
  });

  it('refuses a PDF declared as a Word document, and a Word document declared as a PDF', async () => {
    const pdf = await resume('soupboss_01-Accountant.pdf');
    const docx = await resume('soupboss_01-Accountant.docx');

    expect(await refusalOf(resumeText(pdf, DOCX_MEDIA_TYPE))).toBe('type-mismatch');
    expect(await refusalOf(resumeText(docx, PDF_MEDIA_TYPE))).toBe('type-mismatch');
  });

  it('refuses file types other than PDF and Word with a message naming the type', async () => {
    const error: unknown = await resumeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png').catch(
      (reason: unknown) => reason,
    );

    expect(error).toBeInstanceOf(ResumeFileRejectedError);
    expect((error as ResumeFileRejectedError).reason).toBe('unsupported-type');
    expect((error as Error).message).toBe('Resumes can be PDF or Word (.docx) files, not image/png.');
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

  it('refuses a Word document that unpacks to more than 25 MiB, inflating nothing', async () => {
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(26 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100 * 1024);

    const error: unknown = await resumeText(bomb, DOCX_MEDIA_TYPE).catch((reason: unknown) => reason);

    expect((error as ResumeFileRejectedError).reason).toBe('too-large-uncompressed');
    expect((error as Error).message).toBe(
      'The Word document unpacks to 26 MiB; at most 25 MiB is accepted.',
    );
  });

  it('judges the size from the zip directory alone, so a lying archive is refused unopened', async () => {
    // The one entry really holds 13 bytes; had it been inflated, the size mismatch would throw.
    expect(await refusalOf(resumeText(zipDeclaring(25 * 1024 * 1024 + 1), DOCX_MEDIA_TYPE))).toBe(
      'too-large-uncompressed',
    );
  });

  it('refuses a file that starts like a PDF but is not one', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7 this is not a PDF body');

    expect(await refusalOf(resumeText(broken, PDF_MEDIA_TYPE))).toBe('unreadable');
  });

  it('refuses a file that starts like a zip but is not one', async () => {
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);

    expect(await refusalOf(resumeText(broken, DOCX_MEDIA_TYPE))).toBe('unreadable');
  });
});
