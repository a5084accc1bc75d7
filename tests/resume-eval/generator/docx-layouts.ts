import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Tab,
  Table,
  TableCell,
  TableRow,
  TabStopPosition,
  TabStopType,
  TextRun,
  WidthType,
  type FileChild,
} from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { blocksFor, sectionOrder, topBlocks, type Block, type Section } from './flow';
import { contactLines, type ResumeModel, variantOf } from './model';

const NO_BORDERS = {
  top: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  bottom: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  left: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  right: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  insideHorizontal: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  insideVertical: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
};

/** A run of text; a tab character becomes a Word tab. */
const run = (text: string, options: { bold?: boolean; italics?: boolean; size?: number; color?: string } = {}) =>
  text.includes('\t')
    ? new TextRun({ children: text.split('\t').flatMap((part, i) => (i === 0 ? [part] : [new Tab(), part])), ...options })
    : new TextRun({ text, ...options });

/** A contact line whose email address is a mailto: link, as Word makes it when you type one. */
const contactChildren = (model: ResumeModel, text: string, size: number): (TextRun | ExternalHyperlink)[] => {
  const at = text.indexOf(model.email);
  if (at < 0 || variantOf(model, 'plain-email', 3) === 2) return [run(text, { size })];
  const children: (TextRun | ExternalHyperlink)[] = [];
  if (at > 0) children.push(run(text.slice(0, at), { size }));
  children.push(
    new ExternalHyperlink({
      link: `mailto:${model.email}`,
      children: [new TextRun({ text: model.email, style: 'Hyperlink', size })],
    }),
  );
  const rest = text.slice(at + model.email.length);
  if (rest) children.push(run(rest, { size }));
  return children;
};

/** Paragraphs for a block; `inline` dates go to a right tab stop or after a separator. */
const blockParagraphs = (model: ResumeModel, block: Block): Paragraph[] => {
  switch (block.kind) {
    case 'name':
      return [new Paragraph({ heading: HeadingLevel.TITLE, children: [run(block.text, { bold: true, size: 40 })] })];
    case 'headline':
      return [new Paragraph({ children: [run(block.text, { italics: true })] })];
    case 'contact':
      return [new Paragraph({ children: contactChildren(model, block.text, 18) })];
    case 'heading':
      return [
        new Paragraph({
          heading: HeadingLevel.HEADING_1,
          spacing: { before: 240, after: 80 },
          border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '2D73B4', space: 1 } },
          children: [run(block.text, { bold: true, color: '2D73B4' })],
        }),
      ];
    case 'paragraph':
      return [new Paragraph({ children: [run(block.text)] })];
    case 'bullet':
      return [new Paragraph({ bullet: { level: 0 }, children: [run(block.text)] })];
    case 'entry':
      return block.lines.map(
        (line, i) => new Paragraph({ children: [run(line, i === 0 ? { bold: true } : { italics: true })] }),
      );
    case 'job': {
      const [first = '', ...rest] = block.lines;
      const paragraphs: Paragraph[] = [];
      if (block.dates && !block.datesOnOwnLine) {
        const useTab = variantOf(model, 'dates-tab', 2) === 0;
        paragraphs.push(
          new Paragraph({
            spacing: { before: 120 },
            tabStops: [{ type: TabStopType.RIGHT, position: TabStopPosition.MAX }],
            children: useTab
              ? [run(first, { bold: true }), new TextRun({ children: [new Tab(), block.dates], italics: true })]
              : [run(first, { bold: true }), run(`  |  ${block.dates}`, { italics: true })],
          }),
        );
      } else {
        paragraphs.push(new Paragraph({ spacing: { before: 120 }, children: [run(first, { bold: true })] }));
      }
      for (const line of rest) paragraphs.push(new Paragraph({ children: [run(line, { italics: true })] }));
      if (block.dates && block.datesOnOwnLine) {
        paragraphs.push(new Paragraph({ children: [run(block.dates, { italics: true, color: '555555' })] }));
      }
      for (const bullet of block.bullets) {
        paragraphs.push(new Paragraph({ bullet: { level: 0 }, children: [run(bullet)] }));
      }
      return paragraphs;
    }
  }
};

const paragraphsOf = (model: ResumeModel, blocks: readonly Block[]): Paragraph[] =>
  blocks.flatMap((block) => blockParagraphs(model, block));

const pack = async (sections: ConstructorParameters<typeof Document>[0]['sections']): Promise<Uint8Array> => {
  const document = new Document({
    creator: 'hireloop resume generator',
    title: 'Resume',
    styles: { default: { document: { run: { font: 'Calibri', size: 21 } } } },
    sections,
  });
  return reproducible(new Uint8Array(await Packer.toBuffer(document)));
};

/**
 * The docx package stamps the time of writing into docProps/core.xml and the zip entries, and
 * gives hyperlinks random relationship ids; a fixed time and numbered ids make the same seed
 * write the same bytes.
 */
const FIXED_TIME = '2026-03-01T00:00:00Z';
const reproducible = (bytes: Uint8Array): Uint8Array => {
  const entries = unzipSync(bytes);
  const names = Object.keys(entries).sort();
  const ids = new Map<string, string>();
  for (const name of names.filter((n) => n.endsWith('.rels'))) {
    for (const match of strFromU8(entries[name] as Uint8Array).matchAll(/Id="(rId[^"]{12,})"/g)) {
      const id = match[1] as string;
      if (!ids.has(id)) ids.set(id, `rIdLink${ids.size + 1}`);
    }
  }
  for (const name of names.filter((n) => n.endsWith('.xml') || n.endsWith('.rels'))) {
    let text = strFromU8(entries[name] as Uint8Array);
    for (const [random, fixed] of ids) text = text.split(`"${random}"`).join(`"${fixed}"`);
    if (name === 'docProps/core.xml') {
      text = text.replace(/(<dcterms:(created|modified)[^>]*>)[^<]*(<\/dcterms:\2>)/g, `$1${FIXED_TIME}$3`);
    }
    entries[name] = strToU8(text);
  }
  const mtime = new Date(FIXED_TIME);
  return zipSync(Object.fromEntries(Object.entries(entries).map(([name, data]) => [name, [data, { mtime }]])), { level: 6 });
};

const MARGINS = { page: { margin: { top: 720, bottom: 720, left: 900, right: 900 } } };

const plain = (model: ResumeModel): Promise<Uint8Array> =>
  pack([
    {
      properties: MARGINS,
      children: [...paragraphsOf(model, topBlocks(model, { contact: true })), ...paragraphsOf(model, blocksFor(model, sectionOrder(model)))],
    },
  ]);

const cell = (children: (Paragraph | Table)[], widthPercent: number, shade?: string): TableCell =>
  new TableCell({
    width: { size: widthPercent, type: WidthType.PERCENTAGE },
    margins: { top: 120, bottom: 120, left: 160, right: 160 },
    ...(shade ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: shade } } : {}),
    children: children.length > 0 ? children : [new Paragraph({})],
  });

/** A two-column table: a shaded sidebar (contact, skills, languages) beside the main flow. */
const sidebarTable = (model: ResumeModel): Promise<Uint8Array> => {
  const nameInSidebar = variantOf(model, 'name-in-sidebar', 2) === 0;
  const sideSections: Section[] = ['skills', 'certifications', 'languages', 'personal'];
  const mainSections = sectionOrder(model).filter((s) => !sideSections.includes(s));
  const top = topBlocks(model, { contact: false });
  const sidebar: Block[] = [
    ...(nameInSidebar ? top : []),
    { kind: 'heading', text: 'Contact' },
    ...contactLines(model).map((text): Block => ({ kind: 'contact', text })),
    ...blocksFor(model, sideSections),
  ];
  const main: Block[] = [...(nameInSidebar ? [] : top), ...blocksFor(model, mainSections)];
  const sidebarLeft = variantOf(model, 'sidebar-side', 3) !== 0;
  const side = cell(paragraphsOf(model, sidebar), 32, 'E8EEF4');
  const body = cell(paragraphsOf(model, main), 68);
  return pack([
    {
      properties: MARGINS,
      children: [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          borders: NO_BORDERS,
          rows: [new TableRow({ children: sidebarLeft ? [side, body] : [body, side] })],
        }),
      ],
    },
  ]);
};

/** Each job (and each school) is its own one-row table: dates left, the rest right. */
const jobTables = (model: ResumeModel): Promise<Uint8Array> => {
  const children: FileChild[] = paragraphsOf(model, topBlocks(model, { contact: true }));
  const tableRow = (left: string, right: Paragraph[]): Table =>
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      borders: NO_BORDERS,
      rows: [
        new TableRow({
          children: [cell([new Paragraph({ children: [run(left, { size: 18, color: '555555' })] })], 24), cell(right, 76)],
        }),
      ],
    });
  for (const section of sectionOrder(model)) {
    const blocks = blocksFor(model, [section]);
    if (section === 'skills') {
      // Skills in a three-column grid, read row by row.
      const [head, ...items] = blocks;
      if (head) children.push(...blockParagraphs(model, head));
      const texts = model.skills;
      const rows: TableRow[] = [];
      for (let i = 0; i < texts.length; i += 3) {
        rows.push(
          new TableRow({
            children: [0, 1, 2].map((j) => cell([new Paragraph({ children: [run(texts[i + j] ?? '')] })], 33)),
          }),
        );
      }
      if (items.length > 0) {
        children.push(new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, borders: NO_BORDERS, rows }));
      }
      continue;
    }
    for (const block of blocks) {
      if (block.kind === 'job') {
        const right = [
          ...block.lines.map((line, i) => new Paragraph({ children: [run(line, i === 0 ? { bold: true } : { italics: true })] })),
          ...block.bullets.map((b) => new Paragraph({ bullet: { level: 0 }, children: [run(b)] })),
        ];
        children.push(tableRow(block.dates, right));
      } else if (block.kind === 'entry') {
        children.push(
          tableRow(
            block.years,
            block.withoutYears.map((line, i) => new Paragraph({ children: [run(line, i === 0 ? { bold: true } : {})] })),
          ),
        );
      } else {
        children.push(...blockParagraphs(model, block));
      }
    }
  }
  return pack([{ properties: MARGINS, children }]);
};

/** The contact line (and sometimes the name) lives in the page header, like many Word templates. */
const headerFooter = (model: ResumeModel): Promise<Uint8Array> => {
  const nameInHeader = variantOf(model, 'name-in-header', 4) === 0;
  const contact = contactLines(model).join(model.contactSeparator);
  const headerParagraphs = [
    ...(nameInHeader ? [new Paragraph({ alignment: AlignmentType.CENTER, children: [run(model.printedName, { bold: true, size: 32 })] })] : []),
    new Paragraph({ alignment: AlignmentType.CENTER, children: contactChildren(model, contact, 18) }),
  ];
  const top = topBlocks(model, { contact: false }).filter(
    (b) => !(nameInHeader && (b.kind === 'name' || (b.kind === 'contact' && b.text === model.printedName))),
  );
  const sections = sectionOrder(model).filter((s) => s !== 'references');
  const footerText = model.references ?? `${model.printedName.replace(/^Name:\s*/, '')} — Curriculum Vitae`;
  return pack([
    {
      properties: MARGINS,
      headers: { default: new Header({ children: headerParagraphs }) },
      footers: { default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [run(footerText, { size: 16 })] })] }) },
      children: [...paragraphsOf(model, top), ...paragraphsOf(model, blocksFor(model, sections))],
    },
  ]);
};

export const writeDocxWithPackage = (model: ResumeModel): Promise<Uint8Array> => {
  switch (model.layout) {
    case 'docx-plain':
      return plain(model);
    case 'docx-sidebar-table':
      return sidebarTable(model);
    case 'docx-job-tables':
      return jobTables(model);
    case 'docx-header-footer':
      return headerFooter(model);
    default:
      throw new Error(`${model.layout} is not written with the docx package`);
  }
};
