import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { blocksFor, sectionOrder, topBlocks, type Block, type Section } from './flow';
import { contactLines, type ResumeModel, variantOf } from './model';

interface Fonts {
  readonly regular: string;
  readonly bold: string;
  readonly italic: string;
}

/**
 * Real resumes embed their fonts (with a ToUnicode map); so do these, with the Liberation Sans
 * files pdf.js ships (SIL OFL). PDFs on the unembedded standard fonts read the same, but make
 * pdf.js print a warning per file, which would drown the evaluation's output.
 */
const LIBERATION = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
const EMBEDDED: Fonts = { regular: 'Liberation', bold: 'Liberation-Bold', italic: 'Liberation-Italic' };

interface Column {
  readonly x: number;
  readonly width: number;
}

interface FlowOptions {
  readonly fonts: Fonts;
  readonly rightDates: boolean;
  /** Dates in a narrow left column beside each job, as moderncv's classic style sets them. */
  readonly leftDates: boolean;
  readonly nameSize: number;
}

const render = (model: ResumeModel, draw: (doc: PDFDocument) => void): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: variantOf(model, 'page-size', 2) === 0 ? 'A4' : 'LETTER',
      margin: 48,
      bufferPages: true,
      info: { Title: 'Resume', Creator: 'hireloop resume generator', CreationDate: new Date(Date.UTC(2026, 2, 1)) },
    });
    doc.registerFont(EMBEDDED.regular, join(LIBERATION, 'LiberationSans-Regular.ttf'));
    doc.registerFont(EMBEDDED.bold, join(LIBERATION, 'LiberationSans-Bold.ttf'));
    doc.registerFont(EMBEDDED.italic, join(LIBERATION, 'LiberationSans-Italic.ttf'));
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    draw(doc);
    pageFooters(doc, model);
    doc.end();
  });

/** Some resumes carry a footer on each page ("Name · Page 1 of 2"), which is not content. */
const pageFooters = (doc: PDFDocument, model: ResumeModel): void => {
  if (variantOf(model, 'page-footer', 4) !== 0) return;
  const { start, count } = doc.bufferedPageRange();
  const name = model.printedName.replace(/^Name:\s*/, '');
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // Writing below the bottom margin would make pdfkit start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Liberation').fontSize(7.5).fillColor('#777777');
    doc.text(`${name} · Page ${i + 1} of ${count}`, 48, doc.page.height - 30, { width: doc.page.width - 96, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('#000000');
};

const drawHeading = (doc: PDFDocument, model: ResumeModel, text: string, column: Column, fonts: Fonts): void => {
  doc.moveDown(0.6);
  doc.fillColor('#1F4E79');
  const y = doc.y;
  if (model.headingStyle === 'small-caps') {
    // Small caps as TeX and Word draw them: a full-size capital, then smaller capitals.
    // Each piece is placed on one baseline, so pdf.js sees one line of several text items.
    const baseline = y + 11;
    let x = column.x;
    for (const word of text.split(' ')) {
      doc.font(fonts.bold).fontSize(13);
      doc.text(word.charAt(0), x, baseline, { baseline: 'alphabetic', lineBreak: false });
      x += doc.widthOfString(word.charAt(0));
      doc.font(fonts.bold).fontSize(10);
      const rest = word.slice(1).toUpperCase();
      if (rest) doc.text(rest, x, baseline, { baseline: 'alphabetic', lineBreak: false });
      x += doc.widthOfString(`${rest} `);
    }
    doc.x = column.x;
    doc.y = baseline + 4;
  } else if (model.headingStyle === 'letter-spaced') {
    doc.font(fonts.bold).fontSize(10.5).text(text.toUpperCase(), column.x, y, { width: column.width, characterSpacing: 2.6 });
  } else {
    doc.font(fonts.bold).fontSize(12).text(text, column.x, y, { width: column.width });
  }
  const lineY = doc.y + 1;
  doc.strokeColor('#1F4E79').lineWidth(0.6).moveTo(column.x, lineY).lineTo(column.x + column.width, lineY).stroke();
  doc.y = lineY + 4;
  doc.fillColor('#000000');
};

const drawBlocks = (doc: PDFDocument, model: ResumeModel, blocks: readonly Block[], column: Column, options: FlowOptions): void => {
  const { fonts } = options;
  const write = (text: string, font: string, size: number, extra: { color?: string; align?: 'left' | 'center' } = {}) => {
    doc.fillColor(extra.color ?? '#000000').font(font).fontSize(size);
    doc.text(text, column.x, doc.y, { width: column.width, align: extra.align ?? 'left' });
    doc.fillColor('#000000');
  };
  const centred = variantOf(model, 'centred-header', 4) === 0 && column.width > 400;
  for (const block of blocks) {
    switch (block.kind) {
      case 'name':
        write(block.text, fonts.bold, options.nameSize, { align: centred ? 'center' : 'left' });
        break;
      case 'headline':
        write(block.text, fonts.italic, 10.5, { color: '#444444', align: centred ? 'center' : 'left' });
        break;
      case 'contact': {
        // Shrink a contact line until it fits, so an email address never breaks in two.
        let size = 9;
        doc.font(fonts.regular);
        while (size > 6.5 && doc.fontSize(size).widthOfString(block.text) > column.width) size -= 0.5;
        write(block.text, fonts.regular, size, { align: centred ? 'center' : 'left' });
        break;
      }
      case 'heading':
        drawHeading(doc, model, block.text, column, fonts);
        break;
      case 'paragraph':
        write(block.text, fonts.regular, 9.5);
        break;
      case 'bullet':
        write(`• ${block.text}`, fonts.regular, 9.5);
        break;
      case 'entry':
        doc.moveDown(0.25);
        block.lines.forEach((line, i) => write(line, i === 0 ? fonts.bold : fonts.italic, 9.5));
        break;
      case 'job': {
        doc.moveDown(0.35);
        // Start a job's first line on a new page rather than split it from its dates.
        if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
        const [first = '', ...rest] = block.lines;
        const inline = block.dates !== '' && !block.datesOnOwnLine;
        if (inline && options.leftDates) {
          const y = doc.y;
          doc.fillColor('#555555').font(fonts.regular).fontSize(8.5).text(block.dates, column.x, y + 1, { width: 92 });
          const afterDates = doc.y;
          doc.fillColor('#000000');
          const inner = { x: column.x + 100, width: column.width - 100 };
          doc.font(fonts.bold).fontSize(10).text(first, inner.x, y, { width: inner.width });
          for (const line of rest) doc.font(fonts.italic).fontSize(9.5).text(line, inner.x, doc.y, { width: inner.width });
          for (const bullet of block.bullets) doc.font(fonts.regular).fontSize(9.5).text(`• ${bullet}`, inner.x, doc.y, { width: inner.width });
          doc.y = Math.max(afterDates, doc.y);
          break;
        } else if (inline && options.rightDates) {
          // The title on the left and the dates flush right on the same baseline.
          const y = doc.y;
          doc.font(fonts.regular).fontSize(9.5);
          const datesWidth = doc.widthOfString(block.dates) + 4;
          doc.font(fonts.bold).fontSize(10).text(first, column.x, y, { width: column.width - datesWidth - 8 });
          const after = doc.y;
          doc.font(fonts.regular).fontSize(9.5).text(block.dates, column.x, y, { width: column.width, align: 'right' });
          doc.y = Math.max(after, doc.y);
        } else if (inline) {
          const separator = [' | ', ', ', '   '][variantOf(model, 'dates-separator', 3)] ?? ' | ';
          write(`${first}${separator}${block.dates}`, fonts.bold, 10);
        } else {
          write(first, fonts.bold, 10);
        }
        for (const line of rest) write(line, fonts.italic, 9.5);
        if (block.dates !== '' && block.datesOnOwnLine) write(block.dates, fonts.italic, 9, { color: '#555555' });
        for (const bullet of block.bullets) write(`• ${bullet}`, fonts.regular, 9.5);
        break;
      }
    }
  }
};

const oneColumn = (model: ResumeModel, options: FlowOptions): Promise<Uint8Array> =>
  render(model, (doc) => {
    const column = { x: 48, width: doc.page.width - 96 };
    doc.x = column.x;
    doc.y = 48;
    drawBlocks(doc, model, [...topBlocks(model, { contact: true }), ...blocksFor(model, sectionOrder(model))], column, options);
  });

/** A shaded sidebar (contact, skills, languages) beside the main column, drawn in either order. */
const sidebar = (model: ResumeModel, options: FlowOptions): Promise<Uint8Array> =>
  render(model, (doc) => {
    const left = variantOf(model, 'sidebar-side', 3) !== 0;
    const sideWidth = 180;
    const side: Column = left ? { x: 20, width: sideWidth - 36 } : { x: doc.page.width - sideWidth + 16, width: sideWidth - 36 };
    const main: Column = left ? { x: sideWidth + 20, width: doc.page.width - sideWidth - 60 } : { x: 40, width: doc.page.width - sideWidth - 60 };
    const sideSections: Section[] = ['skills', 'certifications', 'languages', 'personal'];
    const nameInSidebar = variantOf(model, 'name-in-sidebar', 2) === 0;
    const top = topBlocks(model, { contact: false });
    const sideBlocks: Block[] = [
      ...(nameInSidebar ? top : []),
      { kind: 'heading', text: model.headingStyle === 'upper' ? 'CONTACT' : 'Contact' },
      ...contactLines(model).map((text): Block => ({ kind: 'contact', text })),
      ...blocksFor(model, sideSections),
    ];
    const mainBlocks: Block[] = [...(nameInSidebar ? [] : top), ...blocksFor(model, sectionOrder(model).filter((s) => !sideSections.includes(s)))];
    doc.rect(left ? 0 : doc.page.width - sideWidth, 0, sideWidth, doc.page.height).fill('#E8EEF4');
    doc.fillColor('#000000');
    const drawSide = () => {
      doc.y = 40;
      drawBlocks(doc, model, sideBlocks, side, { ...options, nameSize: 16 });
    };
    const drawMain = () => {
      doc.y = 40;
      drawBlocks(doc, model, mainBlocks, main, options);
    };
    if (variantOf(model, 'sidebar-first', 2) === 0) {
      drawSide();
      doc.switchToPage(0);
      drawMain();
    } else {
      drawMain();
      doc.switchToPage(0);
      drawSide();
    }
  });

export const writePdf = (model: ResumeModel): Promise<Uint8Array> => {
  const base: FlowOptions = { fonts: EMBEDDED, rightDates: false, leftDates: false, nameSize: [22, 18, 26][variantOf(model, 'name-size', 3)] ?? 22 };
  switch (model.layout) {
    case 'pdf-one-column':
      return oneColumn(model, { ...base, leftDates: variantOf(model, 'left-dates', 3) === 0 });
    case 'pdf-styled-headings':
      return oneColumn(model, base);
    case 'pdf-right-dates':
      return oneColumn(model, { ...base, rightDates: true });
    case 'pdf-sidebar':
      return sidebar(model, base);
    default:
      throw new Error(`${model.layout} is not a PDF layout`);
  }
};
