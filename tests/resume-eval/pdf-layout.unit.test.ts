import { createRequire } from 'node:module';
import { PDF_MEDIA_TYPE, resumeText } from '@hireloop/platform/resume-text';
import { describe, expect, it } from 'vitest';

/*
 * The PDF reader works from positions (platform/src/resume-text/pdf-layout.ts, ADR 047). These
 * PDFs are drawn here with pdfkit in the order that breaks a content-stream reader: the sidebar
 * interleaved with the main column, text drawn glyph by glyph with letter-spacing.
 */

interface PdfKitDocument {
  fontSize(size: number): PdfKitDocument;
  text(text: string, x: number, y: number, options?: { characterSpacing?: number; lineBreak?: boolean }): PdfKitDocument;
  widthOfString(text: string): number;
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'end', listener: () => void): void;
  end(): void;
}
const PDFDocument = createRequire(import.meta.url)('pdfkit') as new (options?: object) => PdfKitDocument;

const pdf = (draw: (document: PdfKitDocument) => void): Promise<Uint8Array> =>
  new Promise((resolve) => {
    const document = new PDFDocument({ size: 'A4', margin: 0 });
    const chunks: Buffer[] = [];
    document.on('data', (chunk) => chunks.push(chunk));
    document.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    draw(document);
    document.end();
  });

describe('reading a PDF by the position of its text', () => {
  it('reads a sidebar as its own flow even when it is drawn interleaved with the main column', async () => {
    const main = ['EXPERIENCE', 'Nurse Manager | 2020 - Present', 'St Mary Hospital', 'Led a ward of 30 beds and 25 nurses', 'Staff Nurse | 2015 - 2020', 'City Clinic'];
    const side = ['CONTACT', 'ana@example.com', '+44 7700 900461', 'SKILLS', 'Epic', 'Cerner'];
    const bytes = await pdf((document) => {
      document.fontSize(22).text('Ana Lima', 40, 40, { lineBreak: false });
      for (let line = 0; line < 6; line += 1) {
        document.fontSize(11).text(side[line] ?? '', 40, 120 + line * 18, { lineBreak: false });
        document.fontSize(11).text(main[line] ?? '', 220, 120 + line * 18, { lineBreak: false });
      }
    });

    const lines = (await resumeText(bytes, PDF_MEDIA_TYPE)).split('\n').filter((line) => line !== '');

    expect(lines.slice(0, 7)).toEqual(['Ana Lima', ...main]);
    expect(lines.slice(7)).toEqual(side);
  });

  it('reads letter-spaced and glyph-by-glyph text as words', async () => {
    const bytes = await pdf((document) => {
      document.fontSize(14).text('EXPERIENCE', 40, 40, { characterSpacing: 4, lineBreak: false });
      let x = 40;
      for (const letter of 'JOHN') {
        // Each glyph placed on its own, 1 pt of letter-spacing after its advance.
        document.fontSize(14).text(letter, x, 80, { lineBreak: false });
        x += document.widthOfString(letter) + 1;
      }
    });

    const text = await resumeText(bytes, PDF_MEDIA_TYPE);

    expect(text.split('\n')).toEqual(['EXPERIENCE', '', 'JOHN']);
  });

  it('keeps dates set in a margin on the row they date', async () => {
    const rows = [
      ['2019 - 2021', 'Teacher, Lincoln High School'],
      ['2016 - 2019', 'Teaching Assistant, Roosevelt School'],
      ['2014 - 2016', 'Tutor, City Library'],
      ['2012 - 2014', 'Camp Counsellor, YMCA'],
      ['2011 - 2012', 'Volunteer, Food Bank'],
    ];
    const bytes = await pdf((document) => {
      rows.forEach(([dates = '', job = ''], index) => {
        document.fontSize(10).text(dates, 40, 60 + index * 16, { lineBreak: false });
        document.fontSize(10).text(job, 160, 60 + index * 16, { lineBreak: false });
      });
    });

    const text = await resumeText(bytes, PDF_MEDIA_TYPE);

    expect(text.split('\n')).toEqual(rows.map(([dates, job]) => `${dates} | ${job}`));
  });

  it('reads headings set alone in a left margin, far apart, in place, not as a column after the text (ADR 115)', async () => {
    const bytes = await pdf((document) => {
      document.fontSize(16).text('Ana Lima', 160, 40, { lineBreak: false });
      document.fontSize(10).text('ana@example.com', 160, 60, { lineBreak: false });
      document.fontSize(10).text('Summary', 60, 100, { lineBreak: false });
      for (let line = 0; line < 4; line += 1) document.fontSize(10).text(`Nurse with ten years on surgical wards, line ${line + 1}.`, 160, 120 + line * 14, { lineBreak: false });
      document.fontSize(10).text('Experience', 60, 200, { lineBreak: false });
      document.fontSize(10).text('Nurse Manager', 160, 226, { lineBreak: false });
      for (let line = 0; line < 4; line += 1) document.fontSize(10).text(`Led a ward of thirty beds, task ${line + 1}.`, 160, 242 + line * 14, { lineBreak: false });
      document.fontSize(10).text('2019 - 2024', 60, 226, { lineBreak: false });
      document.fontSize(10).text('Education', 60, 320, { lineBreak: false });
      document.fontSize(10).text('City College of Nursing', 160, 340, { lineBreak: false });
      document.fontSize(10).text('Skills', 60, 380, { lineBreak: false });
      document.fontSize(10).text('Wound care, triage, Epic, rota planning', 160, 400, { lineBreak: false });
    });

    const lines = (await resumeText(bytes, PDF_MEDIA_TYPE)).split('\n').filter((line) => line !== '');

    expect(lines.indexOf('Experience')).toBe(lines.indexOf('2019 - 2024 | Nurse Manager') - 1);
    expect(lines.indexOf('Education')).toBe(lines.indexOf('City College of Nursing') - 1);
    expect(lines.at(-2)).toBe('Skills');
  });
});
