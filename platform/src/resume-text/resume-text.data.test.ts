import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DOC_MEDIA_TYPE, DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE, ResumeFileRejectedError, resumeText, type ResumeFileRefusal } from './index';

/** Real resumes, kept outside the repository (../shared/data/resumes); the limits and hostile files are in resume-text.unit.test.ts. */
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

describe('resume text of real resumes', () => {
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

  it('reads the page header and footer of a Word resume, which mammoth leaves out: header first, footer last, repeats once', async () => {
    const parts = unzipSync(await resume('resume-parser-api_sample_resume.docx'));
    const part = (paragraphs: string) =>
      new TextEncoder().encode(
        `<?xml version="1.0"?><w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">${paragraphs}</w:hdr>`,
      );
    parts['word/header1.xml'] = part('<w:p><w:r><w:t>Dana R&#233;my</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">dana@example.org </w:t></w:r><w:r><w:tab/><w:t>+44 7700 900461</w:t></w:r></w:p>');
    parts['word/header2.xml'] = part('<w:p><w:r><w:t>Dana R&#233;my</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">dana@example.org </w:t></w:r><w:r><w:tab/><w:t>+44 7700 900461</w:t></w:r></w:p>');
    parts['word/footer1.xml'] = part('<w:p><w:r><w:t>References on request &amp; more</w:t></w:r></w:p>');
    // A running header that repeats the body's name, and a page number, add nothing.
    parts['word/header3.xml'] = part('<w:p><w:r><w:t>Jane Smith</w:t></w:r></w:p><w:p><w:r><w:t>Page 2 of 3</w:t></w:r></w:p>');

    const text = await resumeText(zipSync(parts), DOCX_MEDIA_TYPE);

    expect(text.split('\n').slice(0, 2)).toEqual(['Dana Rémy', 'dana@example.org +44 7700 900461']);
    expect(text.match(/Dana Rémy/g)).toHaveLength(1);
    expect(text.split('\n').at(-1)).toBe('References on request & more');
    expect(text.match(/Jane Smith/g)).toHaveLength(1);
    expect(text).not.toContain('Page 2 of 3');
  });

  it('refuses a Word document declared as a Word 97–2003 (.doc) one', async () => {
    expect(await refusalOf(resumeText(await resume('soupboss_01-Accountant.docx'), DOC_MEDIA_TYPE))).toBe('type-mismatch');
  });
});
