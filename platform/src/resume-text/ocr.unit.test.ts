import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { pictureOnlyDocx, pixelBombPng, resumePicture, scannedPdf } from '../../../tests/support/scanned-resumes';
import { ResumeFileRejectedError } from './errors';
import { checkImageLimits, imageForOcr, OCR_MAX_LONG_SIDE, ocrScale, RESUME_IMAGE_MAX_PIXELS } from './image';
import { DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE, resumeText } from './index';
import { stopOcr, textOfBlocks, tidyOcrText, type OcrWord } from './ocr';
import { docxImages } from './scanned';

afterAll(async () => {
  await stopOcr();
});

const RESUME_LINES = [
  'Priya Raman',
  'Senior Data Analyst',
  'priya.raman@example.com  +44 7700 900461',
  'Manchester, United Kingdom',
  '',
  'EXPERIENCE',
  'Data Analyst, Northwind Traders    2019 - Present',
];

const refusal = async (promise: Promise<unknown>): Promise<ResumeFileRejectedError> => {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ResumeFileRejectedError);
  return error as ResumeFileRejectedError;
};

describe('image limits', () => {
  it('a 30,000 × 30,000 pixel PNG is refused from its header, without decoding it', async () => {
    const bomb = await pixelBombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;

    const error = await refusal(resumeText(bomb, 'image/png'));

    expect(error.reason).toBe('image-too-large');
    expect(error.message).toBe('The image is 30000 × 30000 pixels (900 megapixels); at most 40 are read.');
    // Decoding it would take 900 MB at one byte a pixel; reading its header takes nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('an image just under the limit passes the check, one just over it does not', async () => {
    const side = Math.floor(Math.sqrt(RESUME_IMAGE_MAX_PIXELS));
    await expect(checkImageLimits(await pixelBombPng(side, side), 'image/png')).resolves.toEqual({ width: side, height: side });
    expect((await refusal(checkImageLimits(await pixelBombPng(side + 1, side + 1), 'image/png'))).reason).toBe('image-too-large');
  });

  it('an image that is not the type it declares is refused', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();

    expect((await refusal(checkImageLimits(jpeg, 'image/png'))).reason).toBe('type-mismatch');
    expect((await refusal(checkImageLimits(Buffer.from('not an image at all'), 'image/webp'))).reason).toBe('unreadable');
  });

  it('OCR reads a small screenshot enlarged, a page scan as it is, and a huge photo shrunk to its maximum side', async () => {
    expect(ocrScale({ width: 595, height: 842 }) * 842).toBeCloseTo(3000);
    expect(ocrScale({ width: 2480, height: 3508 })).toBe(1);
    expect(ocrScale({ width: 20, height: 10 })).toBe(4);
    const tall = await sharp({ create: { width: 1500, height: 9000, channels: 3, background: '#ffffff' } }).png().toBuffer();

    const prepared = await sharp(await imageForOcr(tall)).metadata();

    expect(Math.max(prepared.width, prepared.height)).toBe(OCR_MAX_LONG_SIDE);
    expect(prepared.channels).toBe(1);
  });
});

describe('OCR text', () => {
  const word = (text: string, x0: number, height: number, confidence = 96): OcrWord => ({ text, confidence, bbox: { x0, x1: x0 + 10 * text.length, y0: 0, y1: height } });
  const line = (...words: Array<[string, number]>) => words.map(([text, confidence], index) => word(text, index * 100, 40, confidence));
  const blocks = (...lines: OcrWord[][]) => [{ paragraphs: [{ lines: lines.map((words) => ({ words })) }] }];

  it('joins a word set in letter-spaced small capitals, and leaves an icon as tall as its words apart', () => {
    const name = [word('G', 0, 46), word('AYLE', 20, 32), word('L', 80, 44), word('.', 90, 11), word('M', 100, 44), word('C', 110, 34), word('D', 130, 44), word('OWELL', 150, 34)];
    const job = [word('DEVELOPER', 0, 35), word('V', 100, 29), word('COMPANY', 120, 36)];

    expect(tidyOcrText(textOfBlocks(blocks(name, job)))).toBe('GAYLE L. MC DOWELL\nDEVELOPER V COMPANY');
  });

  it('drops the icons before headings and contact details, keeps bullets as bullets, and never drops a dash', () => {
    const text = textOfBlocks(
      blocks(
        line(['38%', 36], ['EXPERIENCE', 90]),
        line(['£2', 45], ['SKILLS', 94]),
        line(['=', 72], ['EDUCATION', 96]),
        line(['*', 47], ['Optimized', 95], ['queries', 96]),
        line(['¥', 20], ['jane@example.com', 80], ['-&', 0], ['(+86)', 93], ['131-221-8700', 85]),
        line(['Xidian', 91], ['University', 95], ['2009', 92], ['—', 41], ['2013', 96]),
        line(['9', 73], ['Month', 93], ['2020', 92]),
        line(['I', 95], ['build', 96], ['tools', 96]),
      ),
    );

    expect(text.split('\n')).toEqual([
      'EXPERIENCE',
      'SKILLS',
      'EDUCATION',
      '• Optimized queries',
      'jane@example.com (+86) 131-221-8700',
      'Xidian University 2009 — 2013',
      '9 Month 2020',
      'I build tools',
    ]);
  });

  it('closes the spaces OCR leaves in e-mail and web addresses', () => {
    expect(tidyOcrText('my_address @yuanbin.me · http://www .yuanbin.me')).toBe('my_address@yuanbin.me · http://www.yuanbin.me');
    expect(tidyOcrText('jane.doe@ example.co.uk')).toBe('jane.doe@example.co.uk');
    expect(tidyOcrText('Met at a talk @ the conference')).toBe('Met at a talk @ the conference');
  });
});

describe('reading pictures of resumes', () => {
  const expectTheResume = (text: string) => {
    expect(text).toContain('Priya Raman');
    expect(text).toContain('priya.raman@example.com');
    expect(text).toContain('+44 7700 900461');
    expect(text).toContain('Data Analyst, Northwind Traders');
  };

  it('reads a PNG, with coloured text as well as black', async () => {
    expectTheResume(await resumeText(resumePicture(RESUME_LINES), 'image/png'));
    expectTheResume(await resumeText(resumePicture(RESUME_LINES, { color: '#00b0e0' }), 'image/png'));
  });

  it('reads a JPEG and a WebP', async () => {
    const png = resumePicture(RESUME_LINES);
    expectTheResume(await resumeText(await sharp(png).jpeg({ quality: 85 }).toBuffer(), 'image/jpeg'));
    expectTheResume(await resumeText(await sharp(png).webp({ quality: 85 }).toBuffer(), 'image/webp'));
  });

  it('reads a phone photo stored sideways with an EXIF orientation, upright', async () => {
    // Stored turned 90° anticlockwise; EXIF orientation 6 tells viewers to turn it clockwise.
    const sideways = await sharp(await sharp(resumePicture(RESUME_LINES)).rotate(-90).toBuffer())
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);

    expectTheResume(await resumeText(sideways, 'image/jpeg'));
  });

  it('reads a scanned PDF (a page that is one picture, no text layer)', async () => {
    expectTheResume(await resumeText(await scannedPdf(resumePicture(RESUME_LINES)), PDF_MEDIA_TYPE));
  });

  it('reads a Word file whose only content is a picture of the resume', async () => {
    const docx = pictureOnlyDocx(resumePicture(RESUME_LINES));
    expect(docxImages(docx).map((image) => image.name)).toEqual(['word/media/image1.png']);

    expectTheResume(await resumeText(docx, DOCX_MEDIA_TYPE));
  });

  it('a picture in a Word file that inflates past 10 MB is skipped, whatever its zip entry declares', () => {
    const small = resumePicture(['Small'], { width: 200, height: 100 });
    const docx = zipSync({ 'word/document.xml': strToU8('<w:document/>'), 'word/media/image1.png': new Uint8Array(11 * 1024 * 1024), 'word/media/image2.png': small });
    // Make the bomb's headers claim 1,000 bytes.
    const view = new DataView(docx.buffer, docx.byteOffset, docx.byteLength);
    for (let offset = 0; offset + 4 <= docx.length; offset += 1) {
      const signature = view.getUint32(offset, true);
      if (signature === 0x04034b50 && new TextDecoder().decode(docx.subarray(offset + 30, offset + 30 + 21)) === 'word/media/image1.png') view.setUint32(offset + 22, 1_000, true);
    }

    const images = docxImages(docx);

    expect(images.map((image) => image.name)).toEqual(['word/media/image2.png']);
    expect(Buffer.from(images[0]!.bytes).equals(small)).toBe(true);
  });

  it('a blank page reads as no text (the route then answers that nothing could be read)', async () => {
    const blank = await sharp({ create: { width: 800, height: 1100, channels: 3, background: '#ffffff' } }).png().toBuffer();

    expect(await resumeText(blank, 'image/png')).toBe('');
  });
});
