import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import type { Random } from './random';

/**
 * A resume as a phone photo or an office scan sees it: page 1 of a generated PDF rendered by
 * pdf.js, turned a little, on off-white paper with a few specks. `png` is the picture;
 * `pdf` is an image-only PDF (no text layer), as a scanner writes.
 */
export const scanOf = async (pdf: Uint8Array, random: Random): Promise<{ png: Uint8Array; jpeg: Uint8Array; width: number; height: number }> => {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  try {
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale: 2 }); // 144 dpi
    const rendered = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const renderedContext = rendered.getContext('2d');
    renderedContext.fillStyle = '#ffffff';
    renderedContext.fillRect(0, 0, rendered.width, rendered.height);
    await page.render({ canvas: rendered as never, canvasContext: renderedContext as never, viewport }).promise;

    const scan = createCanvas(rendered.width, rendered.height);
    const context = scan.getContext('2d');
    context.fillStyle = '#f4f2ec';
    context.fillRect(0, 0, scan.width, scan.height);
    context.translate(scan.width / 2, scan.height / 2);
    context.rotate(((random.next() - 0.5) * 1.6 * Math.PI) / 180); // within ±0.8°
    context.translate(-scan.width / 2, -scan.height / 2);
    context.globalCompositeOperation = 'multiply';
    context.drawImage(rendered, 0, 0);
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.globalCompositeOperation = 'source-over';
    context.fillStyle = 'rgba(60, 60, 60, 0.5)';
    for (let i = 0; i < 120; i += 1) {
      context.fillRect(random.next() * scan.width, random.next() * scan.height, 1 + random.next() * 2, 1 + random.next() * 2);
    }
    return {
      png: new Uint8Array(scan.toBuffer('image/png')),
      jpeg: new Uint8Array(scan.toBuffer('image/jpeg', 80)),
      width: scan.width,
      height: scan.height,
    };
  } finally {
    await document.destroy();
  }
};

/** An image-only PDF holding one scanned page. */
export const scannedPdf = (jpeg: Uint8Array, width: number, height: number): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const pageWidth = (width / 144) * 72;
    const pageHeight = (height / 144) * 72;
    const doc = new PDFDocument({
      size: [pageWidth, pageHeight],
      margin: 0,
      info: { Title: 'Scan', Creator: 'hireloop resume generator (scan)', CreationDate: new Date('2026-03-01T00:00:00Z') },
    });
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.image(Buffer.from(jpeg), 0, 0, { width: pageWidth, height: pageHeight });
    doc.end();
  });
