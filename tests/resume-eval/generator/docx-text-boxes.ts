import { strToU8, zipSync } from 'fflate';
import { blocksFor, sectionOrder, topBlocks, type Block, type Section } from './flow';
import { contactLines, type ResumeModel, variantOf } from './model';

/**
 * A Word document whose headings, contact box and (sometimes) sidebar are text boxes, written
 * by hand because the docx package does not write text boxes. It mirrors what Word saves: each
 * box is a run holding mc:AlternateContent, whose mc:Choice is a DrawingML shape (wps:wsp with
 * wps:txbx/w:txbxContent) and whose mc:Fallback is the same box as VML (v:shape/v:textbox) for
 * readers that do not know wps. Both copies hold the same paragraphs, as in Word's files.
 */

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const EMU_PER_POINT = 12700;

interface RunStyle {
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly size?: number; // half-points
  readonly color?: string;
}

const runXml = (text: string, style: RunStyle = {}): string => {
  const props = [
    style.bold ? '<w:b/><w:bCs/>' : '',
    style.italic ? '<w:i/><w:iCs/>' : '',
    style.color ? `<w:color w:val="${style.color}"/>` : '',
    style.size ? `<w:sz w:val="${style.size}"/><w:szCs w:val="${style.size}"/>` : '',
  ].join('');
  const content = text
    .split('\t')
    .map((part) => `<w:t xml:space="preserve">${escape(part)}</w:t>`)
    .join('<w:tab/>');
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}${content}</w:r>`;
};

const paragraphXml = (runs: string, options: { style?: string; rightTab?: boolean; spaceBefore?: number } = {}): string => {
  const props = [
    options.style ? `<w:pStyle w:val="${options.style}"/>` : '',
    options.rightTab ? '<w:tabs><w:tab w:val="right" w:pos="10080"/></w:tabs>' : '',
    options.spaceBefore ? `<w:spacing w:before="${options.spaceBefore}"/>` : '',
  ].join('');
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${runs}</w:p>`;
};

const blockXml = (block: Block): string => {
  switch (block.kind) {
    case 'name':
      return paragraphXml(runXml(block.text), { style: 'Title' });
    case 'headline':
      return paragraphXml(runXml(block.text, { italic: true }));
    case 'contact':
      return paragraphXml(runXml(block.text, { size: 18 }));
    case 'heading':
      return paragraphXml(runXml(block.text, { bold: true }), { style: 'Heading1' });
    case 'paragraph':
      return paragraphXml(runXml(block.text));
    case 'bullet':
      return paragraphXml(runXml(`• ${block.text}`));
    case 'entry':
      return block.lines.map((line, i) => paragraphXml(runXml(line, i === 0 ? { bold: true } : { italic: true }))).join('');
    case 'job': {
      const [first = '', ...rest] = block.lines;
      const inline = block.dates !== '' && !block.datesOnOwnLine;
      const head = inline
        ? paragraphXml(`${runXml(first, { bold: true })}<w:r><w:tab/></w:r>${runXml(block.dates, { italic: true })}`, { rightTab: true, spaceBefore: 120 })
        : paragraphXml(runXml(first, { bold: true }), { spaceBefore: 120 });
      return [
        head,
        ...rest.map((line) => paragraphXml(runXml(line, { italic: true }))),
        ...(block.dates !== '' && block.datesOnOwnLine ? [paragraphXml(runXml(block.dates, { italic: true, color: '555555' }))] : []),
        ...block.bullets.map((bullet) => paragraphXml(runXml(`• ${bullet}`))),
      ].join('');
    }
  }
};

interface Box {
  readonly content: string; // w:p elements
  readonly x: number; // points from the page's left edge
  readonly y: number; // points below the anchoring paragraph
  readonly width: number;
  readonly height: number;
  readonly fill?: string;
  readonly wrap: 'topAndBottom' | 'square';
}

class TextBoxWriter {
  private next = 1;

  /** A run holding one text box as Word writes it: DrawingML choice, VML fallback. */
  run(box: Box): string {
    const id = this.next;
    this.next += 1;
    const cx = Math.round(box.width * EMU_PER_POINT);
    const cy = Math.round(box.height * EMU_PER_POINT);
    const fillXml = box.fill ? `<a:solidFill><a:srgbClr val="${box.fill}"/></a:solidFill>` : '<a:noFill/>';
    const wrapXml = box.wrap === 'square' ? '<wp:wrapSquare wrapText="bothSides"/>' : '<wp:wrapTopAndBottom/>';
    const choice =
      `<mc:Choice Requires="wps"><w:drawing><wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="${251659264 + id * 512}" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1" wp14:anchorId="${(0x1a2b3c00 + id).toString(16).toUpperCase()}" wp14:editId="${(0x4d5e6f00 + id).toString(16).toUpperCase()}">` +
      `<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="page"><wp:posOffset>${Math.round(box.x * EMU_PER_POINT)}</wp:posOffset></wp:positionH>` +
      `<wp:positionV relativeFrom="paragraph"><wp:posOffset>${Math.round(box.y * EMU_PER_POINT)}</wp:posOffset></wp:positionV>` +
      `<wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>${wrapXml}<wp:docPr id="${id}" name="Text Box ${id}"/><wp:cNvGraphicFramePr/>` +
      `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">` +
      `<wps:wsp><wps:cNvSpPr txBox="1"/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>${fillXml}<a:ln><a:noFill/></a:ln></wps:spPr>` +
      `<wps:txbx><w:txbxContent>${box.content}</w:txbxContent></wps:txbx>` +
      `<wps:bodyPr rot="0" vert="horz" wrap="square" lIns="91440" tIns="45720" rIns="91440" bIns="45720" anchor="t" anchorCtr="0"><a:noAutofit/></wps:bodyPr></wps:wsp>` +
      `</a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>`;
    const shapetype =
      id === 1
        ? '<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>'
        : '';
    const fallback =
      `<mc:Fallback><w:pict>${shapetype}<v:shape id="Text Box ${id}" o:spid="_x0000_s${1025 + id}" type="#_x0000_t202" ` +
      `style="position:absolute;margin-left:${box.x}pt;margin-top:${box.y}pt;width:${box.width}pt;height:${box.height}pt;z-index:${id};visibility:visible;mso-wrap-style:square;mso-position-horizontal:absolute;mso-position-horizontal-relative:page;mso-position-vertical:absolute;mso-position-vertical-relative:text;v-text-anchor:top" ` +
      `${box.fill ? `fillcolor="#${box.fill.toLowerCase()}"` : 'filled="f"'} stroked="f"><v:textbox inset="7.2pt,3.6pt,7.2pt,3.6pt"><w:txbxContent>${box.content}</w:txbxContent></v:textbox>` +
      `<w10:wrap type="${box.wrap === 'square' ? 'square' : 'topAndBottom'}" anchorx="page"/></v:shape></w:pict></mc:Fallback>`;
    return `<w:r><mc:AlternateContent>${choice}${fallback}</mc:AlternateContent></w:r>`;
  }
}

const NAMESPACES =
  'xmlns:wpc="http://schemas.microsoft.com/office/word/2010/wordprocessingCanvas" ' +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
  'xmlns:o="urn:schemas-microsoft-com:office:office" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" ' +
  'xmlns:v="urn:schemas-microsoft-com:vml" ' +
  'xmlns:wp14="http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:w10="urn:schemas-microsoft-com:office:word" ' +
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" ' +
  'xmlns:wpg="http://schemas.microsoft.com/office/word/2010/wordprocessingGroup" ' +
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" ' +
  'mc:Ignorable="w14 wp14"';

const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/><w:sz w:val="21"/></w:rPr></w:rPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:pPr><w:spacing w:after="60"/></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:rPr><w:b/><w:sz w:val="44"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:rPr><w:b/><w:color w:val="FFFFFF"/><w:sz w:val="24"/></w:rPr></w:style>' +
  '</w:styles>';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  '</Relationships>';

const DOCUMENT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>';

const CORE =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
  '<dc:title>Resume</dc:title><dc:creator>hireloop resume generator</dc:creator>' +
  '<dcterms:created xsi:type="dcterms:W3CDTF">2026-03-01T00:00:00Z</dcterms:created></cp:coreProperties>';

export const writeDocxWithTextBoxes = (model: ResumeModel): Uint8Array => {
  const boxes = new TextBoxWriter();
  const body: string[] = [];
  const top = topBlocks(model, { contact: false });
  const [nameBlock, ...headlines] = top;
  if (nameBlock) body.push(blockXml(nameBlock));

  // The contact details sit in a box on the right of the name, as many Word templates do.
  // Half of the boxes put the fields on one line spaced by Word's absolute-position tabs
  // (w:ptab), which text extractors such as mammoth drop: "…@example.netPhone: …".
  const fields = contactLines(model).flatMap((line) => line.split('\t'));
  const onOneLine = variantOf(model, 'ptab-contact', 2) === 0;
  const ptab = '<w:r><w:ptab w:relativeTo="margin" w:alignment="right" w:leader="none"/></w:r>';
  const contactBox = boxes.run({
    content: onOneLine
      ? paragraphXml(fields.map((field) => runXml(field, { size: 18 })).join(ptab))
      : contactLines(model)
          .map((text) => blockXml({ kind: 'contact', text }))
          .join(''),
    x: 360,
    y: -40,
    width: 200,
    height: 60,
    wrap: 'square',
  });
  // The box is anchored to the paragraph under the name, as when it is drawn there in Word.
  const [firstLine, ...otherLines] = headlines;
  if (firstLine?.kind === 'headline' || firstLine?.kind === 'contact') {
    body.push(paragraphXml(contactBox + runXml(firstLine.text, { italic: firstLine.kind === 'headline' })));
  } else {
    body.push(paragraphXml(contactBox));
    if (firstLine) body.push(blockXml(firstLine));
  }
  for (const line of otherLines) body.push(blockXml(line));

  // Half of these resumes keep skills and languages in a sidebar box beside the experience.
  const sidebar = variantOf(model, 'sidebar-box', 2) === 0;
  const sideSections: Section[] = sidebar ? ['skills', 'languages'] : [];
  let sidebarPending = sidebar;
  for (const section of sectionOrder(model).filter((s) => !sideSections.includes(s))) {
    const blocks = blocksFor(model, [section]);
    for (const block of blocks) {
      if (block.kind !== 'heading') {
        body.push(blockXml(block));
        continue;
      }
      // Each heading is a filled bar: a text box anchored to an empty paragraph.
      let runs = boxes.run({
        content: paragraphXml(runXml(block.text, { bold: true, color: 'FFFFFF', size: 24 })),
        x: 54,
        y: 6,
        width: 504,
        height: 19,
        fill: '2D73B4',
        wrap: 'topAndBottom',
      });
      if (sidebarPending && section === 'experience') {
        sidebarPending = false;
        runs += boxes.run({
          content: blocksFor(model, sideSections).map(blockXml).join(''),
          x: 430,
          y: 30,
          width: 140,
          height: 360,
          fill: 'E8EEF4',
          wrap: 'square',
        });
      }
      body.push(paragraphXml(runs));
    }
  }
  if (sidebarPending) {
    body.push(paragraphXml(boxes.run({ content: blocksFor(model, sideSections).map(blockXml).join(''), x: 430, y: 0, width: 140, height: 300, fill: 'E8EEF4', wrap: 'square' })));
  }

  const document =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${NAMESPACES}><w:body>${body.join('')}` +
    '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="720" w:right="1080" w:bottom="720" w:left="1080" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>' +
    '</w:body></w:document>';
  const fixed = new Date('2026-03-01T00:00:00Z');
  const file = (text: string): [Uint8Array, { mtime: Date }] => [strToU8(text), { mtime: fixed }];
  return zipSync(
    {
      '[Content_Types].xml': file(CONTENT_TYPES),
      '_rels/.rels': file(ROOT_RELS),
      'docProps/core.xml': file(CORE),
      'word/document.xml': file(document),
      'word/_rels/document.xml.rels': file(DOCUMENT_RELS),
      'word/styles.xml': file(STYLES),
    },
    { level: 6 },
  );
};
